"""The joker has one name everywhere (issue 24 item 5): the notation's ``X1``/``X2`` on the table,
in the log, in ``--ascii``, in the engine's messages and in the rules text; and every spelling a
player may type for it (``X1``, ``Jk1``, ``Jo1``, ``joker1``, ``🃏1``, any case) is accepted by
moves, completion and ``rules``."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import make, run_cuttle
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cuttle import IllegalMoveError, Move
from cuttle.cards import JOKER1, JOKER2, card_text, parse_card, pretty
from cuttle.rulesdoc import card_key, card_summary, rules_text, topic_section
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import move_meta
from cuttle.text.helptext import card_rules
from cuttle.text.intent import normalize_input, normalize_word
from cuttle.ui.terminal import MoveCompleter

SPELLINGS_1 = ["X1", "x1", "Jk1", "jk1", "JK1", "Jo1", "joker1", "Joker1", "JOKER1", "🃏1"]
SPELLINGS_2 = ["X2", "jk2", "jo2", "joker2", "🃏2"]


@pytest.mark.parametrize("word", SPELLINGS_1)
def test_every_spelling_of_the_first_joker_parses_to_it(word: str) -> None:
    assert parse_card(word) == JOKER1
    assert normalize_word(word) == "X1"
    assert str(Move.parse(f"oneoff {word}")) == "oneoff X1"


@pytest.mark.parametrize("word", SPELLINGS_2)
def test_every_spelling_of_the_second_joker_parses_to_it(word: str) -> None:
    assert parse_card(word) == JOKER2
    assert normalize_word(word) == "X2"


@pytest.mark.parametrize("word", ["J1", "X3", "jk", "joker0", "Jk12", "XS"])
def test_words_that_only_look_like_a_joker_are_not_one(word: str) -> None:
    with pytest.raises(ValueError):
        parse_card(word)


def test_the_joker_is_written_x1_by_the_notation_the_engine_and_the_screen() -> None:
    assert card_text(JOKER1) == "X1" and card_text(JOKER2) == "X2"
    assert pretty(JOKER1) == "X1" and pretty(JOKER2, ascii=True) == "X2"
    for style in (CardStyle(), CardStyle(ascii=True)):
        assert style.plain("X1") == "X1" and style.plain("x2") == "X2"
        assert style.text("X1").plain == "X1"
        assert style.words("oneoff X2") == "oneoff X2"
        assert style.say("you played X1") == "you played X1"


def test_engine_messages_name_the_joker_x1() -> None:
    g = make(hands=("7D", "4S"), rules="classic+joker", deck="X1 X2 ...")
    with pytest.raises(IllegalMoveError) as info:
        g.play("oneoff jk1")
    assert str(info.value) == "X1 is not in your hand"


def test_move_list_describes_the_joker_as_x1() -> None:
    g = make(hands=("7D X2", "4S"), rules="classic+joker", deck="X1 ...")
    assert move_meta("oneoff X2", g.to_position(), 0, ("You", "AI"), CardStyle()).startswith(
        "X2 one-off")


@pytest.mark.parametrize("word", ["joker", "jokers", "x1", "X2", "jk1", "Jk2", "jo1", "joker2",
                                  "joker 1", "🃏1"])
def test_rules_finds_the_joker_by_any_of_its_names(word: str) -> None:
    assert card_key(word) == ("X", None)
    assert topic_section(rules_text(), word).startswith("### X — joker")
    assert "X1" in card_rules(word, False).plain  # type: ignore[union-attr]


def test_completion_offers_the_joker_move_for_any_spelling() -> None:
    moves = [("draw", ""), ("points 7D", ""), ("oneoff X2", "swap hands")]
    completer = MoveCompleter(lambda: moves)
    for typed in ("jk2", "oneoff Jk2", "joker2", "x2", "🃏2"):
        assert normalize_input(typed).endswith("X2")
        found = [c.text for c in completer.get_completions(Document(typed), CompleteEvent())]
        assert found == ["oneoff X2"], typed


def test_piped_game_shows_x2_and_takes_rules_and_moves_by_jk2(tmp_path: Path) -> None:
    # seed 2 of classic+joker deals player 0 the second joker
    r = run_cuttle(["play", "--variant", "joker", "--seed", "2", "--ai", "easy",
                    "--first", "human"], tmp_path, "rules jk2\nrules X1\noneoff jk2\n")
    assert r.returncode == 0, r.stderr
    assert "Jk" not in r.stdout and "unknown card" not in r.stdout
    assert r.stdout.count("X — joker") == 2
    assert "hand 2♣ 3♦ 4♠ 6♥ X2" in r.stdout
    assert "You played X2 as a one-off" in r.stdout


def test_cli_rules_takes_every_name_of_the_joker(tmp_path: Path) -> None:
    for word in ("jk1", "joker", "X2"):
        r = run_cuttle(["rules", word], tmp_path)
        assert r.returncode == 0, (word, r.stderr)
        assert "X — joker" in r.stdout


def test_the_card_summary_names_the_jokers_x1_and_x2() -> None:
    rows = {rank: what for rank, _, what in card_summary("classic+joker")}
    assert rows["Joker"].startswith("X1 and X2;")
