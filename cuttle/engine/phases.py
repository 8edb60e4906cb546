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
OVER = "over"
PHASES = (MAIN, COUNTER_PHASE, RESOLVE_THREE, RESOLVE_FOUR, RESOLVE_FIVE, RESOLVE_SEVEN,
          HAND_LIMIT, OVER)
