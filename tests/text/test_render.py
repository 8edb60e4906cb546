"""Rendering the table, lists and screens into a captured rich Console (80 and 120 columns)."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from rich.console import Console

from cuttle import Game
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import phase_sentence
from cuttle.text.render import GameOverView, HandoffView, MoveListView, TableModel, TableView

COUNTER_POS = {
    "format": "cuttle-position/1",
    "rules": "classic",
    "turn_player": 1,
    "phase": "counter",
    "to_move": 0,
    "hands": [["2C", "5D", "7D", "9S", "JH", "QC"], ["??", "??", "??", "??", "??"]],
    "points": [["7H"], ["TS+JD", "3C"]],
    "permanents": [["KS"], ["QH", "8C"]],
    "deck": ["??"] * 30,
    "scrap": ["4C", "5H"],
    "passes": 0,
    "frozen": [],
    "stack": [{"player": 1, "move": "oneoff AS"}],
    "revealed": [],
    "outcome": None,
}


def render(obj: object, width: int, color: bool = False) -> str:
    console = Console(
        file=StringIO(),
        width=width,
        record=True,
        color_system="truecolor" if color else None,
        force_terminal=color,
    )
    console.print(obj)
    return console.export_text(styles=color)


def model(pos: dict, style: CardStyle | None = None, events: list[str] | None = None) -> TableModel:
    style = style or CardStyle()
    return TableModel(
        pos=pos,
        viewer=0,
        names=("You", "AI (medium)"),
        scores=(7, 13),
        goals=(14, 21),
        status=phase_sentence(pos, 0, ("You", "AI (medium)"), ["counter 2C", "resolve"], style),
        events=events or ["AI (medium) scuttled your 7♥ with 9♣", "You drew 7♦"],
        seed=42,
        style=style,
    )


def test_compact_layout_fits_80x24() -> None:
    text = render(TableView(model(COUNTER_POS)), 80)
    lines = text.rstrip("\n").splitlines()
    assert len(lines) <= 18, text
    assert all(len(line) <= 80 for line in lines)
    assert "score 7 / 14" in text and "score 13 / 21" in text
    assert "▒▒ ▒▒ ▒▒ ▒▒ ▒▒ (5)" in text  # the opponent's hand: backs and count
    assert "2♣ 5♦ 7♦ 9♠ J♥ Q♣" in text  # your hand, faces
    assert "10♠[J♦]" in text  # a jack on a point card
    assert "8♣ glasses" in text
    assert "deck 30" in text and "scrap 5♥ (2)" in text
    assert "A♠" in text and "scrap all point cards" in text  # the stack and what it does
    assert "Counter AI (medium)'s A♠ with a 2" in text
    assert "scuttled your 7♥ with 9♣" in text


def test_wide_layout_uses_panels_and_a_log_column() -> None:
    text = render(TableView(model(COUNTER_POS)), 120)
    assert "╭─ AI (medium)" in text
    assert "log" in text
    assert max(len(line) for line in text.splitlines()) > 100
    assert "│2♣ ││5♦ │" in text  # your hand as card tiles
    assert "│▒▒▒││▒▒▒│" in text  # theirs face down


def test_ascii_draws_letters_and_plain_boxes() -> None:
    style = CardStyle(ascii=True)
    for width in (80, 120):
        text = render(TableView(model(COUNTER_POS, style, events=["You drew 7D"])), width)
        if width == 80:
            assert "2C 5D 7D 9S JH QC" in text
        else:
            assert "|2C ||5D ||7D ||9S ||JH ||QC |" in text
        assert "TS[JD]" in text
        for ch in "♣♦♥♠▒╭─◀":
            assert ch not in text, (ch, text)


def test_colours_only_when_asked() -> None:
    plain = render(TableView(model(COUNTER_POS)), 80)
    assert "\x1b[" not in plain
    coloured = render(TableView(model(COUNTER_POS)), 80, color=True)
    assert "\x1b[" in coloured


def test_no_color_console_has_no_escapes() -> None:
    console = Console(file=StringIO(), width=80, force_terminal=True, no_color=True)
    console.print(TableView(model(COUNTER_POS)))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    # no foreground colour (SGR 30-38; bold and italic, 1 and 3, are allowed)
    assert not re.search(r"\x1b\[(?:[0-9;]*;)?3[0-8][;m]", out), out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_real_views_render_at_both_widths(seed: int) -> None:
    g = Game.new(seed=seed)
    for _ in range(12):
        if g.outcome is not None:
            break
        g.play(g.legal_moves()[-1])
    for viewer in (0, 1):
        pos = g.view(viewer)
        m = TableModel(
            pos=pos,
            viewer=viewer,
            names=("Ann", "Bob"),
            scores=(g.score(0), g.score(1)),
            goals=(g.goal(0), g.goal(1)),
            seed=seed,
        )
        for width in (80, 120):
            text = render(TableView(m), width)
            assert "Ann" in text and "Bob" in text
            other_hand = g.to_position()["hands"][1 - viewer]
            glasses = any(c.startswith("8") for c in pos["permanents"][viewer])
            if other_hand and not glasses:
                n = len(other_hand)
                assert f"({n})" in text or f"{n} in hand" in text


def test_move_list_game_over_and_handoff() -> None:
    text = render(MoveListView([("draw", "draw a card"), ("points 7♦", "7♦ for 7 points")]), 80)
    assert "1  draw" in text and "2  points 7♦" in text
    over = render(GameOverView("Ann wins on points", ("Ann", "Bob"), (21, 3), (21, 21), 9, 5), 80)
    assert "Ann wins on points" in over and "moves" in over and "9" in over
    hand = render(HandoffView("Bob", style=CardStyle()), 80)
    assert "Pass to Bob — press Enter" in hand


def test_a_long_stack_wraps_under_its_first_card_at_80_columns() -> None:
    g = Game.from_position({
        "rules": "classic", "turn_player": 0,
        "hands": [["7S", "2C", "4D"], ["2H", "5C"]],
        "points": [["TC"], ["9D"]], "permanents": [[], []],
        "deck": ["3C", "4H", "5D", "6D", "8C"],
        "scrap": [c for c in _all_cards() if c not in
                  {"7S", "2C", "4D", "2H", "5C", "TC", "9D", "3C", "4H", "5D", "6D", "8C"}],
    })
    g.play("oneoff 7S")
    g.play("counter 2H")
    lines = render(TableView(model(g.view(0))), 80).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  stack "))
    assert "⇒" in "".join(lines[at: at + 3])
    assert lines[at + 1].startswith(" " * 8) and lines[at + 1].strip()  # under the first card


def _all_cards() -> list[str]:
    return [r + s for r in "A23456789TJQK" for s in "CDHS"]


def test_a_stack_draws_its_jacks_in_brackets_and_the_table_marks_changed_cards_in_it() -> None:
    style = CardStyle(ascii=True)
    assert style.stack("TS+JD+JC").plain == "TS[JD JC]"
    assert style.stack("7H").plain == "7H"
    model = TableModel(pos={}, viewer=None, names=("A", "B"), scores=(0, 0), goals=(21, 21),
                       style=style, highlight=frozenset({"JC"}))
    drawn = style.stack("TS+JD+JC", model.card)
    assert drawn.plain == "TS[JD JC]"
    marked = [drawn.plain[s.start:s.end] for s in drawn.spans if "underline" in str(s.style)]
    assert marked == ["JC"]
    assert drawn.spans == model.stack_entry("TS+JD+JC").spans


def test_the_scrap_line_shows_the_newest_card_at_every_table_size() -> None:
    """Issue 36's play-test read the scrap line as showing its first card: it shows the newest
    (the scrap is oldest first, INTERFACE section 3), one code path for two, three and four
    seats. A one-off's 2s reach the scrap before it (the 2s when the stack resolves, the
    one-off when its effect is done), so after a countered chain the one-off is on top."""
    import random

    from rich.text import Text

    from cuttle.text.tablemodel import game_model

    style = CardStyle()
    for rules in ("classic", "classic+cutthroat", "classic+teams"):
        g = Game.new(seed=2, rules=rules)
        rng = random.Random(2)
        names = ("Ann", "Bob", "Carol", "Dan")[: g.players]
        shown = 0
        while g.outcome is None and len(g.history) < 120:
            g.play(rng.choice(g.legal_moves()))
            scrap = g.view(0)["scrap"]
            line = TableView(game_model(g, 0, names, style)).middle_rows()[0]
            assert isinstance(line, Text)
            if scrap:
                assert f"scrap {style.plain(scrap[-1])} ({len(scrap)})" in line.plain
                shown += 1
        assert shown > 10, rules
