"""``cuttle history`` fits its width and wraps between words, never inside one (issue 24 item
10: ``Player 2 w``, ``classic+jok…``)."""

from __future__ import annotations

from cuttle.commands.review import history_lines
from cuttle.files.history import GameRow
from cuttle.text.columns import Column, fit_table, rules_parts


def _row(
    rules: str, players: tuple[str, str], controllers: tuple[str, str], outcome: str
) -> GameRow:
    return GameRow(7, "2026-12-01T14:29:00", rules, rules.split("+")[0], "", 3, players,
                   controllers, outcome, "points", 27, 60.0, "{}")


ROWS = [
    _row("classic+joker+four-random", ("Player 1", "Player 2"), ("human", "human"), "p1"),
    _row("cuttlecards", ("You", "AI"), ("human", "ai:medium"), "p0"),
]


def test_history_keeps_every_word_whole_at_80_columns() -> None:
    text = "\n".join(history_lines(ROWS, None, 80))
    assert "Player 2 won" in text and "Player 2 w\n" not in text and "…" not in text
    assert "classic+joker" in text and "+four-random" in text
    assert all(len(line) <= 80 and line == line.rstrip() for line in text.splitlines())


def test_history_wraps_rules_and_players_between_words_when_narrow() -> None:
    lines = history_lines(ROWS, None, 60)
    assert all(len(line) <= 60 for line in lines)
    cells = " ".join(lines)
    for whole in ("classic", "+joker", "+four-random", "Player 1", "vs Player 2", "AI (medium)"):
        assert whole in cells
    assert "jok…" not in cells and "Player 2 w " not in cells


def test_fit_table_shrinks_the_widest_wrapping_column_down_to_its_longest_token() -> None:
    cols = [Column("a"), Column("rules", wraps=True, joiner="")]
    rows = [[["x"], rules_parts("classic+joker+nine-freeze")]]
    assert fit_table(cols, rows, 80) == ["a  rules", "x  classic+joker+nine-freeze"]
    assert fit_table(cols, rows, 16) == ["a  rules", "x  classic+joker", "   +nine-freeze"]
    # no room even for the longest token: the token stays whole, the line runs over
    assert fit_table(cols, rows, 5)[1:] == ["x  classic", "   +joker", "   +nine-freeze"]
