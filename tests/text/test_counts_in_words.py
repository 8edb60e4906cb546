"""Every number with its noun is written by ``cuttle.words.count`` (issue 24 item 8: "1 moves" in
``saves``, on resume, in ``replay``): the helper itself, and a scan of the source for the
hand-made plurals it replaced."""

from __future__ import annotations

import re
from pathlib import Path

from cuttle.words import count, plural

SOURCE = Path(__file__).resolve().parents[2] / "cuttle"


def test_count_spells_small_numbers_and_agrees_the_noun() -> None:
    assert count(1, "move") == "one move" and count(2, "card") == "two cards"
    assert count(0, "pass") == "no passes" and count(11, "game") == "11 games"
    assert count(1, "move", digits=True) == "1 move"
    assert count(27, "move", digits=True) == "27 moves"
    assert count(1, "unfinished game", digits=True) == "1 unfinished game"
    assert plural("pass", 3) == "passes" and plural("king", 1) == "king"


# "{n} moves", "{len(x)} cards" (a plural whatever n is) and "option(s)" (a plural left to the
# reader) in the program's text; counts of things that are never one (a goal of points, the
# even number of counters that cancel out) are listed with the reason
NOUNS = (
    r"(moves|games|cards|lessons|passes|plies|decisions|records|counters|slots|simulations"
    r"|turns|kings|options|points)"
)
HAND_MADE = re.compile(
    r"\{[^{}]*(len\(|\bn\b|count|total|used|hidden|\bof\b)[^{}]*\} ?" + NOUNS + r"\b"
    r"|\b(option|move|card|game|king|condition|point|pass|lesson)\((s|es)\)"
)
NEVER_ONE = {
    "of {game.goal(seat)} points",  # a goal is at least 1 point: the text reads "of N points"
    "{counters} counters cancel out",  # an even number of counters, at least two
    "{count} records on",  # the history's import note: written for the database, not shown
    "revealed card(s): a 7",  # an error for a position file, whatever the number
}


def test_no_hand_made_plurals_in_the_program() -> None:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if HAND_MADE.search(line) and not any(ok in line for ok in NEVER_ONE):
                found.append(f"{path.relative_to(SOURCE.parent)}:{number}: {line.strip()}")
    assert found == []
