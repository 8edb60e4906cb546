"""``cuttle rules`` on a terminal: the pager, through prompt_toolkit's pipe input and in a pty."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cuttle.rulesdoc import rules_text
from cuttle.ui.pager import RulesPager, highlight, render_lines


class SizedOutput(DummyOutput):
    """A dummy output with a size the test sets."""

    def __init__(self, rows: int = 24, columns: int = 80) -> None:
        self.rows, self.columns = rows, columns

    def get_size(self) -> Size:
        return Size(rows=self.rows, columns=self.columns)


def read(keys: str, start: str | None = None, rows: int = 24, columns: int = 80) -> RulesPager:
    """Open the pager, type ``keys`` (which must end by quitting), return it as it was left."""
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pager = RulesPager(rules_text(), start, pt_input=pipe, pt_output=SizedOutput(rows, columns))
        pager.run()
    return pager


def screen(pager: RulesPager) -> str:
    return "".join(text for _, text, *_ in pager.visible_fragments())


def top_line(pager: RulesPager) -> str:
    return screen(pager).splitlines()[0].strip()


def test_it_opens_on_the_one_screen_summary_with_the_card_table() -> None:
    pager = read("q")
    text = screen(pager)
    assert len(text.splitlines()) == 23  # 24 rows, one for the status line
    assert text.splitlines()[0].strip() == "The rules in one screen"
    for row in ("one-off: scrap all point cards", "lowers your goal", "take control of a point"):
        assert row in text
    assert "q quit" in text  # the whole summary is on the first 80×24 screen
    assert pager.anchors[1].line >= 23  # and the rules begin below it
    pager.complete()  # the percentage shows once the whole text is rendered: one screen of many
    status = "".join(t for _, t, *_ in pager.status())
    assert re.search(r" [1-9]% ·", status), status  # not a figure that moves with every new rule


@pytest.mark.parametrize(
    ("topic", "heading"),
    [
        ("7", "7 — seven"),
        ("counters", "Counters (the stack)"),
        ("queen", "Q — queen"),
        ("seven", "Seven"),
        ("nine-freeze", "nine-freeze"),
    ],
)
def test_a_topic_opens_the_pager_at_its_section(topic: str, heading: str) -> None:
    assert top_line(read("q", start=topic)) == heading


def test_see_seven_is_reachable_by_its_name() -> None:
    pager = read("sseven\rq", start="7")
    assert top_line(pager) == "Seven"
    assert "reveal" in screen(pager).lower() or "draw" in screen(pager).lower()


def test_going_to_a_section_that_does_not_exist_says_so() -> None:
    pager = read("sbanana\rq")
    assert top_line(pager) == "The rules in one screen"
    assert "No section 'banana'" in pager.message


def test_search_forward_and_again() -> None:
    pager = read("/glasses\rq")
    first = pager.top
    assert "glasses" in top_line(pager).lower()
    again = read("/glasses\rnq")
    assert again.top > first and "glasses" in top_line(again).lower()
    back = read("/glasses\rnNq")
    assert back.top == first
    marked = [t for style, t, *_ in back.visible_fragments() if "class:match" in style]
    assert marked and all(t.lower() == "glasses" for t in marked)


def test_search_with_no_match_says_so_and_stays() -> None:
    pager = read("/zebra crossing\rq")
    assert pager.top == 0 and "no more matches" in pager.message


def test_scrolling_keys() -> None:
    assert read("jjjq").top == 3
    assert read("jjjkq").top == 2
    page = read(" q").top
    assert page == 22  # a page is the text's height less one line
    assert read("Gq").top == len(read("Gq").lines) - 23
    assert read("Ggq").top == 0


def test_next_and_previous_section() -> None:
    pager = read("]]q")
    assert top_line(pager) == "Setup"
    assert top_line(read("]][q")) == "Cuttle: the rules as this program plays them"


def test_escape_quits() -> None:
    read("\x1b")  # returns: the pager quit


def test_a_resize_keeps_the_section_in_view() -> None:
    output = SizedOutput(24, 80)
    with create_pipe_input() as pipe:
        pipe.send_text("q")
        pager = RulesPager(rules_text(), "counters", pt_input=pipe, pt_output=output)
        pager.run()
    assert top_line(pager) == "Counters (the stack)"
    output.columns = 50
    pager.layout_text()
    assert pager.width == 50 and top_line(pager) == "Counters (the stack)"
    assert all(len(line) <= 50 for line in screen(pager).splitlines())


def test_every_section_of_the_document_has_an_anchor() -> None:
    lines, anchors = render_lines(rules_text(), 80)
    titles = [a.title for a in anchors]
    assert "The rules in one screen" == titles[0]
    for needed in ("Setup", "Counters (the stack)", "Seven", "Card by card", "Q — queen"):
        assert needed in titles
    assert [a.line for a in anchors] == sorted(a.line for a in anchors)


def test_the_first_screen_renders_only_what_it_shows_and_the_rest_comes_the_same() -> None:
    with create_pipe_input() as pipe:
        pager = RulesPager(rules_text(), pt_input=pipe, pt_output=SizedOutput(24, 80))
        pager.layout_text()  # what the first frame does
        assert pager.rendered <= 2 < len(pager.pieces)  # the summary and the first piece
        assert len(pager.lines) >= 23 and top_line(pager) == "The rules in one screen"
        pager.complete()
    assert (pager.lines, pager.anchors) == render_lines(rules_text(), 80)
    with create_pipe_input() as pipe:  # a section far down: rendered up to it, not beyond
        pager = RulesPager(rules_text(), "ten-counters-scuttle", pt_input=pipe,
                           pt_output=SizedOutput(24, 80))
        pager.layout_text()
        assert top_line(pager) == "ten-counters-scuttle" and not pager.done


def test_keys_typed_before_the_rest_is_rendered_see_the_whole_text() -> None:
    pager = read("/joker\rGq")  # search and End act on everything, rendered when they need it
    assert pager.done and pager.top == len(pager.lines) - 23 and pager.query == "joker"


def test_highlight_marks_every_match() -> None:
    line = [("bold", "Seven and "), ("", "seven")]
    out = highlight(line, "SEVEN")
    assert [t for s, t, *_ in out if "class:match" in s] == ["Seven", "seven"]
    assert "".join(t for _, t, *_ in out) == "Seven and seven"


# ------------------------------------------------------------------ the real thing
def test_cuttle_rules_in_a_terminal_pages_and_quits(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    from helpers import cli_env

    child = pexpect.spawn(
        sys.executable,
        ["-m", "cuttle", "rules", "queen"],
        env=cli_env(tmp_path, TERM="xterm-256color", PROMPT_TOOLKIT_NO_CPR="1"),
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=30,
        cwd=str(tmp_path),
    )
    child.expect("\x1b\\[\\?1049h")  # the alternate screen: the shell's screen is kept
    child.expect("Q — queen")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "\x1b[?1049l" in str(child.before)  # and given back


@pytest.mark.parametrize(
    ("args", "term"), [(["rules", "--no-pager", "7"], "xterm-256color"), (["rules", "7"], "dumb")]
)
def test_no_pager_when_asked_or_on_a_dumb_terminal(
    args: list[str], term: str, tmp_path: Path
) -> None:
    pexpect = pytest.importorskip("pexpect")
    from helpers import cli_env

    child = pexpect.spawn(
        sys.executable,
        ["-m", "cuttle", *args],
        env=cli_env(tmp_path, TERM=term),
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=30,
        cwd=str(tmp_path),
    )
    child.expect(pexpect.EOF)  # printed and done: no key needed
    child.close()
    assert child.exitstatus == 0
    out = str(child.before)
    assert "7 — seven" in out and "\x1b[?1049h" not in out


@pytest.mark.parametrize("columns", [60, 80])
def test_the_keys_message_breaks_between_words(columns: int) -> None:
    from cuttle.ui.pager import KEYS

    pager = read("hq", columns=columns)
    lines = pager.message_lines()
    assert pager.message == KEYS and 1 < len(lines) <= 3 and pager.message_rows() == len(lines)
    assert all(len(line) <= columns for line in lines)
    assert " ".join(lines) == KEYS  # nothing cut, no word split: the lines join back


def test_a_message_too_long_for_three_lines_is_shortened_between_words() -> None:
    from cuttle.ui.pager import KEYS

    lines = read("hq", columns=40).message_lines()
    assert len(lines) == 3 and all(len(line) <= 40 for line in lines)
    assert lines[-1].endswith(" …") and KEYS.startswith(" ".join(lines)[:-2])
