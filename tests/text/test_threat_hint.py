"""The threat hint names the 7 apart, with what its one-off does: "a 7+ or a 7 that turns one of
these up wins it" read as two sevens, and "these" could name nothing once the list was cut down
to the cards a hand seen through glasses holds."""

from __future__ import annotations

from cuttle import Game
from cuttle.ai.explain import threat_forms, threat_words


def _rest(used: list[str]) -> list[str]:
    return [r + s for r in "A23456789TJQK" for s in "CDHS" if r + s not in used]


def needs_seven(glasses: bool = False, hand: tuple[str, ...] = ("4H", "9C"),
                points: tuple[str, ...] = ("TD", "4D")) -> Game:
    """The AI (seat 1) has 14 of 21 (``points``): a 7+ as points wins it, and so does a 7's
    one-off that plays one off the deck; seat 0 holds glasses (an 8) when ``glasses``."""
    used = ["TS", "3C", *hand, "5C", *points, "8S"]
    return Game.from_position({
        "rules": "classic", "turn_player": 0,
        "hands": [["TS", "3C"], list(hand)],
        "points": [["5C"], list(points)],
        "permanents": [["8S"] if glasses else [], []],
        "deck": _rest(used),
        "scrap": [] if glasses else ["8S"],
    })


def test_a_seven_is_named_apart_with_what_its_one_off_does() -> None:
    words = threat_words(needs_seven().view(0), 1, "AI")
    assert words == (
        "AI needs 7 · a 7+ or a king wins it; so does a 7 played as a one-off when the deck's "
        "top card, which it plays, is a 7+ or a king"
    )
    assert "one of these" not in words and "a 7+ or a 7" not in words
    # the bar's shorter forms still end on the short "a 7 off the deck"
    assert "AI needs 7 · a 7+, a king or a 7 off the deck wins it" in threat_forms(
        needs_seven().view(0), 1, "AI")


def test_a_seven_alone_in_a_hand_seen_says_what_it_must_turn_up() -> None:
    # 13 of 21: an 8+ wins it; the hand seen holds a 7 and no 8+ or king
    g = needs_seven(glasses=True, hand=("7H", "3S"), points=("TD", "3D"))
    words = threat_words(g.view(0), 1, "AI")
    assert words == (
        "AI needs 8 · a 7 played as a one-off wins it when the deck's top card, which it plays, "
        "is an 8+ (it holds 7♥)"
    )
