"""The documentation of three and four players (issue 29) tells the truth: the examples of the
Cutthroat and Teams sections of rules.md play out as their comments say, notation.md's table of
moves with a seat is canonical, and every mode Decision of RULES.md is in rules.md's list."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from cuttle.rulesdoc import sections

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from seats import answer_all, hand, make, perms, play, scrap  # noqa: E402

from cuttle import Move  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTATION = ROOT / "docs" / "notation.md"


def rules_text() -> str:
    """This checkout's rules.md (read from the file, so it is this tree's text whichever
    ``cuttle`` package is imported)."""
    return (ROOT / "cuttle" / "data" / "rules.md").read_text(encoding="utf-8")


def section_moves(title: str) -> list[str]:
    """The moves of the ```moves example in the rules.md section ``title``."""
    text = next(s.text for s in sections(rules_text()) if s.title == title)
    body = re.search(r"```moves\n(.*?)```", text, re.S)
    assert body, f"{title} has no example"
    return [line.split("#")[0].strip() for line in body.group(1).splitlines()
            if line.split("#")[0].strip()]


def test_cutthroat_example_plays_out() -> None:
    steps = section_moves("Cutthroat (three players)")
    g = make("classic+cutthroat", hands=["4S 6C", "5D", "9H 8H 7H"])
    play(g, *steps)
    assert g.phase == "resolve_four" and g.to_move == 2
    g.play(g.legal_moves()[0])
    assert len(hand(g, 2)) == 1 and "4S" in scrap(g)


def test_teams_example_plays_out() -> None:
    steps = section_moves("Teams (four players)")
    g = make("classic+teams", hands=["KS 5C", "9H 3D", "4H", "3S"])
    play(g, *steps)
    assert "KS" in hand(g, 0) and perms(g, 0) == [] and "9H" in scrap(g)
    assert g.phase == "main" and g.to_move == 1
    answer_all(g)


def test_notation_table_of_moves_with_a_seat_is_canonical() -> None:
    text = NOTATION.read_text(encoding="utf-8")
    table = text[text.index("| mode | move | canonical form | when |") :]
    table = table[: table.index("\n\n")]
    rows = [row for row in table.splitlines()[2:] if row.startswith("|")]
    assert len(rows) == 7
    for row in rows:
        for span in re.findall(r"`([^`]+)`", row.split("|")[3]):
            assert str(Move.parse(span)) == span


#: Each Decision of RULES.md section 4, and the words of rules.md's list that take it.
MODE_DECISIONS = {
    "Hand limit 7": "**Hand limit 7**",
    '"the opponent" reads "an opponent"': '**"The opponent"**',
    "the 4 names its victim": "**The 4** names one opponent",
    "queens protect from a partner too": "a partner included",
    "counters in turn order": "one at a time in turn order",
    "jokers and glasses": "never glasses",
    "N+1 passes": "one more pass in a row than there are players still in",
    "several at their goal": "**Several players at their goal**",
    "conceding in cutthroat": "**Conceding in cutthroat**",
    "concession mid-turn": "Mid-turn, the rest of their",
    "classic cutthroat seven's jack": "naming the opponent who receives it",
    "an out-of-turn nine is a one-off": "one-offs with a counter window of their own",
    "a queen is safe from out-of-turn nines": "with a queen is safe from them",
}


def test_rules_md_lists_every_mode_decision_of_the_reference() -> None:
    ours = rules_text()
    listed = " ".join(ours[ours.index("For three and four players") : ours.index("## Differences")]
                      .split())
    for decision, words in MODE_DECISIONS.items():
        assert words in listed, f"rules.md's Decisions lack {decision!r}"
    shared = ROOT.parent / "shared" / "rules" / "RULES.md"
    if shared.exists():  # the reference beside the clone: as many Decisions as it marks
        text = shared.read_text(encoding="utf-8")
        section4 = text[text.index("## 4.") : text.index("## 5.")]
        marks = section4.count("**Decision**") - 1  # the first says what a Decision is
        assert marks == len(MODE_DECISIONS), "RULES.md section 4 changed: update rules.md"
    for title in ("Cutthroat (three players)", "Teams (four players)"):
        assert "**Decision**" in next(s.text for s in sections(ours) if s.title == title)
