"""Rules: every rule parameter of a game in one immutable object.

Presets (``classic``, ``cuttlecards``), the modes of three and four players (``cutthroat``,
``teams``) and house-rule variants are data: ``Rules.parse`` turns a rules string such as
``"classic+joker+four-random"`` or ``"cuttlecards+teams"`` into one ``Rules`` value that the engine
reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

PRESETS = ("classic", "cuttlecards")
VARIANTS = (
    "four-random",
    "eight-oneoff",
    "nine-freeze",
    "nine-to-deck",
    "ten-counters-scuttle",
    "queens-protect-queens",
    "joker",
)
CONFLICTS = (("nine-freeze", "nine-to-deck"),)
#: the modes of RULES.md section 4, and the seats each plays with
MODES = ("cutthroat", "teams")
MODE_PLAYERS = {"cutthroat": 3, "teams": 4}
MODE_SUMMARIES = {
    "cutthroat": "three players, each for themselves, 54 cards with two royal jokers",
    "teams": "four players in two teams of two (seats 0 and 2, 1 and 3), 54 cards",
}

VARIANT_SUMMARIES = {
    "four-random": "the 4's two discards are drawn at random from the victim's hand",
    "eight-oneoff": "an 8 may be played as a one-off to scrap one 8 on the table as glasses",
    "nine-freeze": "a permanent returned by a 9 may not be replayed on its owner's next turn",
    "nine-to-deck": "the 9 puts the permanent face down on top of the deck instead of in a hand",
    "ten-counters-scuttle": "a scuttled player may answer with a 10 to cancel the scuttle",
    "queens-protect-queens": "queens protect each other; only a 6 removes two queens",
    "joker": "two jokers join the deck; a joker one-off swaps the players' hands",
}


@dataclass(frozen=True)
class Rules:
    """All parameters of one ruleset. Build with :meth:`parse`; ``str()`` gives the rules string."""

    preset: str = "classic"
    variants: frozenset[str] = field(default_factory=frozenset)
    #: goal (points needed) indexed by the number of kings the player has (0–4)
    goals: tuple[int, int, int, int, int] = (21, 14, 10, 7, 5)
    #: maximum hand size at the end of one's own move, or None
    hand_limit: int | None = None
    #: who wins when one move makes both players reach their goal: "mover" or "p0"
    simultaneous_win: str = "mover"
    #: 2s and 9s may target the player's own permanents, and a jack a 7 reveals goes on the
    #: player's own point card when no opponent's card can take it (classic: yes; a jack from
    #: hand goes only on the opponent's point cards in every preset)
    target_own: bool = True
    #: 3 may take a 3 from the scrap
    three_takes_three: bool = True
    #: cuttlecards 5: discard one card then draw three (classic: draw two)
    five_discards: bool = False
    #: cards the 5 draws
    five_draws: int = 2
    #: cards a 7 reveals
    seven_reveals: int = 1
    #: a 3 revealed by a 7 may be played as a one-off counting the 7 as already in the scrap
    #: (classic, so the 3 may always take the 7 back); cuttlecards judges the scrap as it is
    #: before the 7 is scrapped, as cuttle.cards' seven one-off validation does
    seven_three_sees_seven: bool = True
    #: cuttlecards 9: may also target point cards, and freezes what it returns
    nine_hits_points: bool = False
    nine_freezes: bool = False
    nine_to_deck: bool = False
    queens_protect_queens: bool = False
    #: a queen stops every counter against its owner, even a 10 answering a scuttle (cuttlecards);
    #: classic queens protect only the one-offs and counters their owner puts on the stack
    queens_block_all_counters: bool = False
    #: both hands are visible to both players once the deck is empty
    open_hands_when_deck_empty: bool = False
    #: draw offers (by agreement) are allowed
    draw_offers: bool = False
    four_random: bool = False
    eight_oneoff: bool = False
    ten_counters_scuttle: bool = False
    #: the deck holds the two jokers X1 and X2 (the ``joker`` variant, or a mode)
    jokers: bool = False
    #: three or four players: "cutthroat" or "teams" (RULES.md section 4); "" for two
    mode: str = ""
    #: seats at the table: 2, or the mode's 3 or 4
    players: int = 2
    #: jokers are royals that steal a royal (the modes), not the variant's hand swap
    royal_jokers: bool = False
    #: the four-player mode of two teams (seats 0 and 2 against 1 and 3)
    teams: bool = False

    @classmethod
    def parse(cls, text: str | Rules | None = None) -> Rules:
        """Parse ``"preset[+mode][+variant...]"``; ValueError names anything unknown or
        contradictory."""
        if isinstance(text, Rules):
            return text
        if text is None or not str(text).strip():
            text = "classic"
        parts = [p.strip().lower() for p in str(text).split("+")]
        preset, names = parts[0], parts[1:]
        if preset in VARIANTS or preset in MODES:  # "joker" alone means classic+joker
            preset, names = "classic", parts
        if preset not in PRESETS:
            raise ValueError(f"unknown rules preset {preset!r}: choose one of {', '.join(PRESETS)}")
        modes = [name for name in names if name in MODES]
        if len(modes) > 1:
            raise ValueError(f"modes {modes[0]!r} and {modes[1]!r} cannot be combined: a game is "
                             "played by three (cutthroat) or by four (teams)")
        names = [name for name in names if name not in MODES]
        if modes and "joker" in names:
            raise ValueError(f"the 'joker' variant cannot join the {modes[0]} mode: the mode's "
                             "jokers are royals of their own (the variant's swap hands)")
        seen: list[str] = []
        for name in names:
            if name not in VARIANTS:
                raise ValueError(f"unknown variant {name!r}: choose from {', '.join(VARIANTS)}")
            if name in seen:
                raise ValueError(f"variant {name!r} is given twice")
            seen.append(name)
        for a, b in CONFLICTS:
            if a in seen and b in seen:
                raise ValueError(f"variants {a!r} and {b!r} contradict each other: choose one")
        rules = _PRESET_RULES[preset]
        if modes:
            rules = _mode_rules(rules, modes[0])
        v = frozenset(seen)
        return replace(
            rules,
            variants=v,
            four_random="four-random" in v,
            eight_oneoff="eight-oneoff" in v,
            nine_freezes=rules.nine_freezes or "nine-freeze" in v,
            nine_to_deck="nine-to-deck" in v,
            ten_counters_scuttle="ten-counters-scuttle" in v,
            queens_protect_queens=rules.queens_protect_queens or "queens-protect-queens" in v,
            jokers="joker" in v or rules.royal_jokers,
        )

    def __str__(self) -> str:
        mode = [self.mode] if self.mode else []
        return "+".join([self.preset] + mode + [v for v in VARIANTS if v in self.variants])

    def goal(self, kings: int) -> int:
        """Points needed by a player with ``kings`` kings on the table."""
        return self.goals[min(kings, 4)]


def _mode_rules(rules: Rules, mode: str) -> Rules:
    """A preset's rules played by three or four (RULES.md section 4): the mode's seats, the hand
    limit of 7, royal jokers, goals (cutthroat's own table; in teams each player's own kings on
    the preset's table), the turn player's side winning simultaneous goals, and no hands opened
    when the deck runs out."""
    goals = (14, 9, 5, 0, 0) if mode == "cutthroat" else rules.goals
    return replace(rules, mode=mode, players=MODE_PLAYERS[mode], hand_limit=7, goals=goals,
                   simultaneous_win="mover", open_hands_when_deck_empty=False, royal_jokers=True,
                   teams=mode == "teams")


_PRESET_RULES = {
    "classic": Rules(),
    "cuttlecards": Rules(
        preset="cuttlecards",
        goals=(21, 14, 10, 5, 0),
        hand_limit=8,
        simultaneous_win="p0",
        target_own=False,
        three_takes_three=False,
        five_discards=True,
        five_draws=3,
        seven_reveals=2,
        seven_three_sees_seven=False,
        nine_hits_points=True,
        nine_freezes=True,
        queens_protect_queens=True,
        queens_block_all_counters=True,
        open_hands_when_deck_empty=True,
        draw_offers=True,
    ),
}
