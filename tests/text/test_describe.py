"""Words for moves, effects, the status line and the log."""

from __future__ import annotations

import re

import pytest

from cuttle import Game
from cuttle.cards import card_text, full_deck
from cuttle.engine.phases import PHASES
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import (
    Person,
    capitalize,
    count,
    describe_play,
    move_meta,
    oneoff_effect,
    outcome_words,
    phase_sentence,
    phase_words,
    third_person,
)

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
    # Only a seven's jack goes on its player's own card, and that hands the card over.
    assert (move_meta("jack JC 7H", pos, 0, NAMES, STYLE)
            == "J♣ on your own 7♥: it goes to AI (7 pts)")
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
    assert e.public == "You countered AI's A♦ with 2♣"


def test_outcome_words() -> None:
    assert outcome_words({"outcome": "p0"}, ("Ann", "Bob"), "points") == "Ann wins on points"
    assert outcome_words({"outcome": "p1"}, NAMES, "concession") == "AI wins (you conceded)"
    assert outcome_words({"outcome": "p0"}, NAMES, "points") == "You win on points"
    assert "kings" in outcome_words({"outcome": "p1"}, NAMES, "kings")
    assert outcome_words({"outcome": "draw"}, NAMES, "stalemate").startswith("draw")


def test_phase_sentences_say_what_to_do() -> None:
    pos = {"phase": "resolve_four", "to_move": 0}
    assert "discard" in phase_sentence(pos, 0, NAMES, ["discard 2C 3D"], STYLE)
    assert phase_sentence(dict(pos, to_move=1), 0, NAMES, [], STYLE) == "Waiting for AI."
    three = phase_sentence({"phase": "resolve_three", "to_move": 0}, 0, NAMES, [], STYLE)
    assert "take" in three


# ------------------------------------------------------------------ grammatical person
# Seat pairs: you first or second, against the AI or a named player, hot-seat names (one ending
# in s), and names that look like verbs or pronouns.
SEATINGS = [
    ("You", "AI (medium)"),
    ("AI (medium)", "You"),
    ("Ann", "Bob"),
    ("Chris", "You"),
    ("You", "Jess"),
    ("Player 1", "Player 2"),
]
VERBS_3RD = ("discards", "scuttles", "wins", "has", "is", "draws", "plays", "takes", "returns")


def test_person_words() -> None:
    you, ann = Person.of("You"), Person.of("Ann")
    assert (you.does("discard", True), ann.does("discard")) == ("You discard", "Ann discards")
    assert (you.possessive(), you.possessive(True), ann.possessive()) == ("your", "Your", "Ann's")
    assert Person.of("Chris").possessive() == "Chris's"
    assert Person.of("Bob", addressed=True).does("be") == "you are"
    assert ann.does("have") == "Ann has" and you.does("pass") == "you pass"
    assert [third_person(v) for v in ("pass", "carry", "play", "go")] == [
        "passes",
        "carries",
        "plays",
        "goes",
    ]
    assert (count(1, "card"), count(2, "card"), count(3, "pass"), count(14, "card")) == (
        "one card",
        "two cards",
        "three passes",
        "14 cards",
    )


def _four_position(held: int) -> dict[str, object]:
    return {
        "rules": "classic",
        "hands": [["??"] * held, ["??"] * held],
        "points": [[], []],
        "permanents": [[], []],
        "deck": ["??"] * 10,
    }


def test_four_names_the_victim_with_the_right_verb_and_count() -> None:
    pos = _four_position(5)
    assert oneoff_effect("4S", None, pos, 0, ("You", "AI"), STYLE) == "AI discards two cards"
    assert oneoff_effect("4S", None, pos, 1, ("You", "AI"), STYLE) == "you discard two cards"
    one = _four_position(1)
    assert oneoff_effect("4S", None, one, 0, ("Ann", "Bob"), STYLE) == (
        "Bob discards the only card in their hand"
    )
    assert oneoff_effect("4S", None, one, 1, ("You", "AI"), STYLE) == (
        "you discard the only card in your hand"
    )
    rnd = dict(pos, rules="classic+four-random")
    assert oneoff_effect("4S", None, rnd, 1, ("You", "AI"), STYLE) == (
        "you discard two random cards"
    )


def test_the_log_line_of_a_four_played_at_a_player_with_one_card() -> None:
    before = {
        "rules": "classic",
        "hands": [["4S", "7C"], ["9C"]],
        "points": [[], []],
        "permanents": [[], []],
        "deck": ["3C"],
    }
    after = dict(before, hands=[["7C"], ["9C"]], phase="counter")
    e = describe_play(before, after, 0, "oneoff 4S", ("You", "AI (medium)"), STYLE, 1)
    assert e.public == (
        "You played 4♠ as a one-off (AI (medium) discards the only card in their hand)"
    )
    e = describe_play(before, after, 0, "oneoff 4S", ("AI (medium)", "You"), STYLE, 1)
    assert e.public == "AI (medium) played 4♠ as a one-off (you discard the only card in your hand)"


def test_nine_says_where_the_card_goes_and_the_freeze() -> None:
    pos = {"rules": "classic", "points": [[], []], "permanents": [[], ["KS"]], "hands": [[], []]}
    names = ("You", "AI (medium)")
    assert oneoff_effect("9D", "KS", pos, 0, names, STYLE) == (
        "return AI (medium)'s K♠ to their hand"
    )
    cc = dict(pos, rules="cuttlecards")
    assert oneoff_effect("9D", "KS", cc, 0, names, STYLE) == (
        "return AI (medium)'s K♠ to their hand, frozen for their next turn"
    )
    mine = dict(pos, rules="classic+nine-freeze", permanents=[["QH"], []])
    assert oneoff_effect("9D", "QH", mine, 1, names, STYLE) == (
        "return your Q♥ to your hand, frozen for your next turn"
    )
    deck = dict(pos, rules="classic+nine-to-deck")
    assert oneoff_effect("9D", "KS", deck, 0, names, STYLE) == (
        "put AI (medium)'s K♠ on top of the deck"
    )


def test_cards_drawn_by_an_effect_are_told_mid_sentence() -> None:
    before = {
        "hands": [["5H"], ["9C"]],
        "points": [[], []],
        "permanents": [[], []],
        "deck": ["3C", "4D", "7C"],
        "stack": [{"player": 0, "move": "oneoff 5H"}],
    }
    after = dict(before, hands=[["4D", "7C"], ["9C"]], deck=["3C"], stack=[])
    e = describe_play(before, after, 1, "resolve", ("You", "AI"), STYLE, 5)
    assert e.public == "AI let it resolve: your 5♥ takes effect; you drew two cards"
    assert e.text_for(0) == "AI let it resolve: your 5♥ takes effect; you drew 4♦ 7♣"
    e = describe_play(before, after, 1, "resolve", ("Ann", "Bob"), STYLE, 5)
    assert e.text_for(1) == "Bob let it resolve: Ann's 5♥ takes effect; Ann drew two cards"


def _words_of_random_games(
    names: tuple[str, str], rules: str, games: int
) -> tuple[list[str], list[str]]:
    """(sentences, descriptions): log lines, status lines and results; the moves' descriptions."""
    import random

    sentences: list[str] = []
    metas: list[str] = []
    for seed in range(games):
        g = Game.new(seed=seed, rules=rules)
        rng = random.Random(seed)
        for ply in range(80):
            if g.outcome is not None:
                break
            p = g.to_move
            assert p is not None
            legal = [str(m) for m in g.legal_moves()]
            view = g.view(p)
            view.setdefault("rules", rules)
            sentences.append(phase_sentence(view, p, names, legal, STYLE))
            metas += [move_meta(m, view, p, names, STYLE) for m in legal]
            move = rng.choice(legal)
            before = g.to_position()
            g.play(move)
            entry = describe_play(before, g.to_position(), p, move, names, STYLE, ply + 1)
            sentences += [entry.public, entry.text_for(0), entry.text_for(1)]
        if g.outcome is not None:
            sentences.append(capitalize(outcome_words(g.to_position(), names)))
    return sentences, metas


@pytest.mark.parametrize("names", SEATINGS, ids="-".join)
@pytest.mark.parametrize(
    "rules",
    [
        "classic",
        "cuttlecards",
        "classic+joker+four-random+nine-freeze",
        "cuttlecards+ten-counters-scuttle+nine-to-deck",
    ],
)
def test_every_sentence_of_random_games_agrees_with_its_subject(
    names: tuple[str, str], rules: str
) -> None:
    """Words for whole random games, for either seat and any name: verbs agree, "you" is
    lower-case inside a sentence, every sentence starts with a capital letter."""
    sentences, metas = _words_of_random_games(names, rules, 6)
    assert len(sentences) > 200 and len(metas) > 200
    for text in sentences + metas:
        assert not re.search(rf"\bYou ({'|'.join(VERBS_3RD)})\b", text), text
        assert not re.search(r"\byou ({})\b".format("|".join(VERBS_3RD)), text), text
        assert not re.search(r"[;(,:] You\b|\w You\b", text), text
        assert "You's" not in text and "you's" not in text, text
        for name in names:
            if name != "You":
                bare = "discard|scuttle|win|draw|take|return"
                assert not re.search(rf"{re.escape(name)} ({bare})\b(?!s)", text), text
    for text in sentences:
        assert text[:1].isupper(), text


def test_every_phase_has_its_few_words_and_an_unknown_one_reads_as_itself() -> None:
    words = [phase_words(p) for p in PHASES]
    assert all(w and "_" not in w for w in words)
    assert len(set(words)) == len(PHASES)
    assert phase_words("resolve_four") == "4: discard"
    assert phase_words("counter") == "counter?"
    assert phase_words("some_new_phase") == "some new phase"


def test_a_finished_games_words_name_every_card_drawn() -> None:
    """The replay and the final log show every hand: the line names the cards each player drew
    (issue 24 item 12: it said "you drew two cards" where the game had said "you drew 4♦ 7♣")."""
    before = {
        "hands": [["5H"], ["9C"]],
        "points": [[], []],
        "permanents": [[], []],
        "deck": ["3C", "4D", "7C"],
        "stack": [{"player": 0, "move": "oneoff 5H"}],
    }
    after = dict(before, hands=[["4D", "7C"], ["9C"]], deck=["3C"], stack=[])
    e = describe_play(before, after, 1, "resolve", ("You", "AI"), STYLE, 5)
    assert e.text_for(None) == "AI let it resolve: your 5♥ takes effect; you drew 4♦ 7♣"
    drew = describe_play(
        {"hands": [["5H"], ["9C"]], "deck": ["3C"]},
        {"hands": [["5H"], ["3C", "9C"]], "deck": []},
        1, "draw", ("You", "AI"), STYLE, 6,
    )
    assert drew.text_for(None) == "AI drew 3♣" and drew.text_for(0) == "AI drew a card"


def _queen_game(rules: str, mover_perms: list[str], other_hand: list[str]) -> Game:
    """Seat 0 to move with 5S, 9S and TD in hand (and a 7C on the board to scuttle)."""
    pos = Game.new(seed=1, rules=rules).to_position()
    placed = {"5S", "9S", "TD", "7C", *mover_perms, *other_hand}
    deck = [c for c in (card_text(x) for x in full_deck()) if c not in placed]
    pos.update(
        hands=[["5S", "9S", "TD"], other_hand], deck=deck, permanents=[mover_perms, []],
        points=[[], ["7C"]], known=[], scrap=[],
    )
    pos.pop("seed", None)
    return Game.from_position(pos)


@pytest.mark.parametrize(
    ("rules", "perms", "other_hand", "move", "told"),
    [
        ("classic", ["QH"], ["2H", "3D"], "oneoff 5S", True),  # the queen skips the window
        ("classic", [], ["2H", "3D"], "oneoff 5S", False),  # the window opens
        ("classic", ["QH"], [], "oneoff 5S", False),  # skipped for the empty hand, not the queen
        ("classic+ten-counters-scuttle", ["QH"], ["TH"], "scuttle TD 7C", False),  # a 10 may
        ("cuttlecards+ten-counters-scuttle", ["QH"], ["TH"], "scuttle TD 7C", True),
        ("classic", ["QH"], ["2H"], "scuttle TD 7C", False),  # a scuttle is never countered
    ],
)
def test_a_counter_window_a_queen_skipped_says_so_to_everyone(
    rules: str, perms: list[str], other_hand: list[str], move: str, told: bool
) -> None:
    g = _queen_game(rules, perms, other_hand)
    before = g.to_position()
    g.play(move)
    after = g.to_position()
    e = describe_play(before, after, 0, move, ("Ann", "Bob"), STYLE, 1)
    note = "no counter: Ann's queen protects it"
    assert (note in e.public) is told, e.public
    assert all((note in e.text_for(v)) is told for v in (0, 1, None))
    if told:
        assert after["phase"] != "counter"
    mine = describe_play(before, after, 0, move, ("You", "Bob"), STYLE, 1)
    assert ("no counter: your queen protects it" in mine.public) is told
