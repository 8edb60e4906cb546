"""The phases a game can be in: whose decision it is and of what kind.

Its own module so that the game and the position reader both use them without importing each
other.
"""

MAIN = "main"
COUNTER_PHASE = "counter"
RESOLVE_THREE = "resolve_three"
RESOLVE_FOUR = "resolve_four"
RESOLVE_FIVE = "resolve_five"
RESOLVE_SEVEN = "resolve_seven"
HAND_LIMIT = "hand_limit"
#: teams: a royal was played, and its player's opponents may answer it with a 9 (RULES.md 4)
RESPOND_ROYAL = "respond_royal"
OVER = "over"
PHASES = (MAIN, COUNTER_PHASE, RESOLVE_THREE, RESOLVE_FOUR, RESOLVE_FIVE, RESOLVE_SEVEN,
          HAND_LIMIT, RESPOND_ROYAL, OVER)
#: the moves that put a royal on the table (what an out-of-turn nine answers)
ROYAL_KINDS = ("perm", "jack", "joker")
