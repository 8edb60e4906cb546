"""``cuttle rules cutthroat`` and ``cuttle rules teams``: the sections of the three- and four-player
modes (issue 29), printed piped, found by the words a reader uses, and opened in the pager."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cuttle.cli import main
from cuttle.rulesdoc import find_topic, rules_text, sections, topic_help

CUTTHROAT = "Cutthroat (three players)"
TEAMS = "Teams (four players)"


def section_text(title: str) -> str:
    return next(s.text for s in sections(rules_text()) if s.title == title)


@pytest.mark.parametrize(
    ("topic", "title"),
    [
        ("cutthroat", CUTTHROAT), ("Cutthroat", CUTTHROAT), ("cut-throat", CUTTHROAT),
        ("three players", CUTTHROAT), ("3 players", CUTTHROAT),
        ("teams", TEAMS), ("team", TEAMS), ("2v2", TEAMS), ("partners", TEAMS),
        ("four players", TEAMS), ("4 players", TEAMS), ("respond_royal", TEAMS),
    ],
)  # fmt: skip
def test_a_mode_topic_prints_its_whole_section_and_nothing_else(
    topic: str, title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", topic]) == 0
    out = capsys.readouterr().out
    assert out == section_text(title)
    assert out.startswith(f"## {title}\n") and out.count("\n## ") == 0


def test_words_that_are_cards_still_name_the_cards(capsys: pytest.CaptureFixture[str]) -> None:
    # "three" and "four" are ranks: the mode topics must not take them over
    assert find_topic(rules_text(), "three").title == "3 — three"
    assert find_topic(rules_text(), "four").title == "4 — four"


def test_the_unknown_topic_message_lists_the_modes() -> None:
    listed = topic_help(rules_text())
    assert "cutthroat" in listed and "teams" in listed


@pytest.mark.parametrize(
    ("title", "facts"),
    [
        (CUTTHROAT, ["5 cards", "`X1`", "Goal** 14", "9", "three kings win at once",
                     "Hand limit 7", "`oneoff 4S @2`", "`jack JD 7H`", "`joker X1 KD`",
                     "`jack JD 7H >1`", "four passes", "out", "in turn order"]),
        (TEAMS, ["seats 0 and 2 are team 0", "seats 1 and 3 team 1", "5 cards",
                 "Hand limit 7", "`oneoff 4S @3`", "`jack JD 7H >2`", "`joker X1 KD >3`",
                 "`respond_royal`", "`oneoff 9S QH`", "five passes", "partner's included"]),
    ],
)  # fmt: skip
def test_each_mode_section_states_its_rules(title: str, facts: list[str]) -> None:
    text = section_text(title)
    for fact in facts:
        assert fact in text, f"{title} does not say {fact!r}"


def test_cuttle_rules_cutthroat_piped_from_any_directory(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cuttle", "rules", "teams"],
        cwd=tmp_path, capture_output=True, text=True, encoding="utf-8", timeout=60,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout == section_text(TEAMS)


class _Output(DummyOutput):
    def get_size(self) -> Size:
        return Size(rows=24, columns=80)


@pytest.mark.parametrize(("topic", "title"), [("cutthroat", CUTTHROAT), ("2v2", TEAMS)])
def test_the_pager_opens_at_a_mode_section(topic: str, title: str) -> None:
    from cuttle.ui.pager import RulesPager

    with create_pipe_input() as pipe:
        pipe.send_text("q")
        pager = RulesPager(rules_text(), topic, pt_input=pipe, pt_output=_Output())
        pager.run()
    first = "".join(text for _, text, *_ in pager.visible_fragments()).splitlines()[0]
    assert first.strip() == title


def test_the_card_summary_of_a_mode_game_states_the_modes_uses() -> None:
    from cuttle.rulesdoc import card_summary

    two = {rank: what for rank, _, what in card_summary("classic")}
    for rules in ("classic+cutthroat", "cuttlecards+cutthroat+nine-freeze"):
        rows = {rank: what for rank, _, what in card_summary(rules)}
        assert "14 -> 9 -> 5 -> 0" in rows["K"] and "opponent you name" in rows["4"]
        assert "every opponent" in rows["8"] and "for yourself" in rows["Joker"]
    rows = {rank: what for rank, _, what in card_summary("cuttlecards+teams")}
    assert "any other player" in rows["J"] and "out of turn" in rows["9"]
    assert "21 -> 14 -> 10 -> 5 -> 0" in rows["K"] and "for any player" in rows["Joker"]
    assert "Joker" not in {rank for rank, _, _ in card_summary("classic")}
    assert two["4"] == "one-off: the opponent discards two cards"  # two players: as before
    assert two["J"] == "permanent: take control of a point card of the opponent's"


@pytest.mark.parametrize(("name", "title"), [("cutthroat", CUTTHROAT), ("Teams", TEAMS)])
def test_a_mode_given_as_a_variant_prints_its_section(
    name: str, title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # a mode joins a rules string like a variant ("classic+cutthroat"), so readers type it so
    assert main(["rules", "--variant", name]) == 0
    assert capsys.readouterr().out == section_text(title)
