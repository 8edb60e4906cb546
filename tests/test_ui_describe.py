"""Words for moves, effects, the status line and the log."""

from __future__ import annotations

from cuttle import Game
from cuttle.ui.cardtext import CardStyle
from cuttle.ui.describe import describe_play, move_meta, outcome_words, phase_sentence

NAMES = ("You", "AI")
STYLE = CardStyle()


def test_move_meta_for_every_kind_of_move() -> None:
    pos = {
        "rules": "classic",
        "deck": ["??"] * 10,
        "points": [["7H"], ["TS+JD"]],
        "permanents": [[], ["KS"]],
        "passes": 0,
    }
    assert move_meta("draw", pos, 0, NAMES, STYLE) == "draw a card (10 left)"
    assert move_meta("points 7D", pos, 0, NAMES, STYLE) == "7♦ for 7 points"
    assert move_meta("points AD", pos, 0, NAMES, STYLE) == "A♦ for 1 point"
    assert move_meta("scuttle 9C 7H", pos, 0, NAMES, STYLE) == "scuttle 9♣ → 7♥"
    assert move_meta("oneoff AS", pos, 0, NAMES, STYLE) == "A♠ one-off: scrap all point cards"
    assert move_meta("oneoff 2C KS", pos, 0, NAMES, STYLE) == "2♣ one-off: scrap AI's K♠"
    assert "J♦ on 10♠" in move_meta("oneoff 9S JD", pos, 0, NAMES, STYLE)
    assert move_meta("jack JC 7H", pos, 1, NAMES, STYLE) == "J♣ steals 7♥ (7 pts)"
    assert move_meta("perm KH", pos, 0, NAMES, STYLE).startswith("king K♥")
    assert move_meta("counter 2D", pos, 0, NAMES, STYLE) == "counter with 2♦"
    assert move_meta("discard 5C 9H", pos, 0, NAMES, STYLE) == "discard 5♣ 9♥"
    cc = dict(pos, rules="cuttlecards")
    assert "discard one card, then draw three" in move_meta("oneoff 5H", cc, 0, NAMES, STYLE)


def test_log_lines_keep_a_drawn_card_private() -> None:
    g = Game.new(seed=4)
    before = g.to_position()
    g.play("draw")
    entry = describe_play(before, g.to_position(), 0, "draw", NAMES, STYLE, 1)
    assert entry.public == "You drew a card"
    assert entry.text_for(1) == "You drew a card"
    assert entry.text_for(0).startswith("You drew ") and entry.text_for(0) != entry.public


def test_scuttle_and_counter_words() -> None:
    before = {
        "hands": [["9C"], ["2S"]],
        "points": [[], ["7H"]],
        "permanents": [[], []],
        "deck": [],
        "stack": [{"player": 1, "move": "oneoff AD"}],
    }
    after = dict(before, hands=[[], ["2S"]], points=[[], []])
    e = describe_play(before, after, 0, "scuttle 9C 7H", NAMES, STYLE, 3)
    assert e.public == "You scuttled AI's 7♥ with 9♣"
    e = describe_play(before, before, 0, "counter 2C", NAMES, STYLE, 4)
    assert e.public == "You countered AI's ace with 2♣"


def test_outcome_words() -> None:
    assert outcome_words({"outcome": "p0"}, ("Ann", "Bob"), "points") == "Ann wins on points"
    assert outcome_words({"outcome": "p1"}, NAMES, "concession") == "AI wins (You conceded)"
    assert outcome_words({"outcome": "p0"}, NAMES, "points") == "You win on points"
    assert "kings" in outcome_words({"outcome": "p1"}, NAMES, "kings")
    assert outcome_words({"outcome": "draw"}, NAMES, "stalemate").startswith("draw")


def test_phase_sentences_say_what_to_do() -> None:
    pos = {"phase": "resolve_four", "to_move": 0}
    assert "discard" in phase_sentence(pos, 0, NAMES, ["discard 2C 3D"], STYLE)
    assert phase_sentence(dict(pos, to_move=1), 0, NAMES, [], STYLE) == "Waiting for AI."
    three = phase_sentence({"phase": "resolve_three", "to_move": 0}, 0, NAMES, [], STYLE)
    assert "take" in three
