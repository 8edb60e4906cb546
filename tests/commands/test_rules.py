"""``cuttle rules``: the packaged rules, one card's section, one variant's section, bad input."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cuttle.cli import main, rules_text
from cuttle.commands import rules as rules_cmd
from cuttle.commands.rules import RANKS, card_key, card_section, variant_names, variant_section


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m cuttle ARGS`` in ``cwd``, as a user would run it (stdout is a pipe)."""
    return subprocess.run(
        [sys.executable, "-m", "cuttle", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


# ------------------------------------------------------------------ from any directory
def test_rules_prints_the_packaged_document_from_any_directory(tmp_path: Path) -> None:
    result = run_cli("rules", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == rules_text() or result.stdout == rules_text() + "\n"
    assert "## Variants" in result.stdout and "## Card by card" in result.stdout


def test_installed_cuttle_script_prints_rules(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "cuttle"
    if not script.exists():
        pytest.skip("no cuttle script next to this interpreter")
    result = subprocess.run(
        [str(script), "rules", "jack"], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("### J")


def test_rules_card_from_any_directory(tmp_path: Path) -> None:
    result = run_cli("rules", "7D", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("### 7 — seven")
    assert "7♦" in result.stdout and "### 8" not in result.stdout


def test_rules_is_in_the_help(tmp_path: Path) -> None:
    result = run_cli("--help", cwd=tmp_path)
    assert result.returncode == 0
    assert "rules" in result.stdout


# ------------------------------------------------------------------ card sections
@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("7", "7"), ("7D", "7"), ("7d", "7"), ("7♦", "7"), ("seven", "7"), ("sevens", "7"),
        ("10", "T"), ("T", "T"), ("t", "T"), ("10s", "T"), ("TS", "T"), ("ten", "T"),
        ("A", "A"), ("as", "A"), ("ace", "A"), ("1", "A"),
        ("jack", "J"), ("J", "J"), ("JD", "J"), ("jacks", "J"),
        ("queen", "Q"), ("Q", "Q"), ("qh", "Q"),
        ("king", "K"), ("KS", "K"),
        ("joker", "X"), ("X1", "X"), ("x2", "X"),
        ("eight", "8"), ("glasses", "8"), ("8C", "8"),
        ("seven of diamonds", "7"), (" 2C ", "2"),
    ],
)  # fmt: skip
def test_card_forms(text: str, rank: str) -> None:
    assert card_key(text)[0] == rank
    section = card_section(rules_text(), text)
    assert section.startswith(f"### {rank} ")


@pytest.mark.parametrize("rank", RANKS)
def test_every_rank_has_a_section_of_its_own(rank: str) -> None:
    section = card_section(rules_text(), rank)
    headings = [line for line in section.splitlines() if line.startswith("#")]
    assert headings == [headings[0]] and headings[0].startswith(f"### {rank} ")
    assert len(section.splitlines()) >= 3


def test_a_suited_card_gets_its_scuttle_line() -> None:
    section = card_section(rules_text(), "7D")
    assert "it beats every A–6 and 7♣" in section
    assert "beaten by 7♥, 7♠ and every 8–10" in section
    assert "beats every A–9, 10♣, 10♦ and 10♥" in card_section(rules_text(), "TS")
    assert "it is beaten by nothing" in card_section(rules_text(), "TS")
    assert "it beats nothing" in card_section(rules_text(), "AC")
    # ranks without a scuttle use no suit line
    assert "in a scuttle" not in card_section(rules_text(), "JD")


@pytest.mark.parametrize("bad", ["ZZ", "1X", "11", "7Z", "", "X3", "jokerz", "kings of spades"])
def test_unknown_card_is_exit_2_with_a_message(
    bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", bad]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "unknown card" in err and "7D" in err


def test_unknown_card_via_subprocess(tmp_path: Path) -> None:
    result = run_cli("rules", "banana", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "unknown card 'banana'" in result.stderr


# ------------------------------------------------------------------ variants
def test_variant_names_are_the_engines() -> None:
    from cuttle.rules import VARIANTS

    assert variant_names(rules_text()) == list(VARIANTS)


@pytest.mark.parametrize("name", ["joker", "Four_Random", "nine-freeze", "TEN-COUNTERS-SCUTTLE"])
def test_variant_section(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--variant", name]) == 0
    out = capsys.readouterr().out
    key = name.lower().replace("_", "-")
    assert out.startswith(f"### {key}\n")
    assert "```moves" in out
    assert "## Card by card" not in out


def test_several_variants_and_a_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "9", "--variant", "nine-freeze", "--variant", "nine-to-deck"]) == 0
    out = capsys.readouterr().out
    assert out.index("### 9 ") < out.index("### nine-freeze") < out.index("### nine-to-deck")


def test_unknown_variant_is_exit_2_listing_the_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--variant", "no-such-rule"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "unknown variant 'no-such-rule'" in err and "four-random" in err and "joker" in err


def test_variant_section_raises_value_error() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        variant_section(rules_text(), "nine")


# ------------------------------------------------------------------ rendering
def test_plain_output_is_the_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    rules_cmd.render("### 7 — seven\n\n- **Points**: 7.", terminal=False)
    assert capsys.readouterr().out == "### 7 — seven\n\n- **Points**: 7.\n"


def test_terminal_output_is_rendered_by_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    buffer = io.StringIO()
    monkeypatch.setattr(sys, "stdout", buffer)
    rules_cmd.render(card_section(rules_text(), "jack"), terminal=True)
    text = buffer.getvalue()
    assert "J — jack" in text
    assert "###" not in text and "**" not in text  # Markdown was rendered, not echoed


def test_full_document_renders_with_rich() -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console(file=io.StringIO(), width=80, record=True)
    console.print(Markdown(rules_text()))
    text = console.export_text()
    assert "Card by card" in text and "queens-protect-queens" in text


# ------------------------------------------------------------------ topics
@pytest.mark.parametrize(
    ("topic", "heading"),
    [
        ("counters", "## Counters (the stack)"),
        ("stack", "## Counters (the stack)"),
        ("Seven", "## Seven"),
        ("hand limit", "## Hand limit"),
        ("hand-limit", "## Hand limit"),
        ("winning", "## Winning"),
        ("one-offs", "## One-offs"),
        ("oneoff", "## One-offs"),
        ("decisions", "## Decisions"),
        ("presets", "## Classic and cuttlecards side by side"),
        ("queen", "### Q — queen"),
        ("7", "### 7 — seven"),
        ("joker", "### X — joker"),
        ("nine-freeze", "### nine-freeze"),
    ],
)
def test_a_topic_names_a_section(
    topic: str, heading: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", topic]) == 0
    out = capsys.readouterr().out
    assert out.startswith(heading + "\n") or out.startswith(heading + " ")
    assert out.count("\n## ") == 0  # one section, not the document


def test_an_unknown_topic_lists_the_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "banana"]) == 2
    err = capsys.readouterr().err
    assert "unknown card 'banana'" in err
    assert "counters" in err and "seven" in err and "winning" in err


# ------------------------------------------------------------------ references
def _github_slug(title: str) -> str:
    text = title.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def test_references_name_sections_that_exist_and_no_files() -> None:
    """A reader of `cuttle rules` can follow every reference: it names a section (``See
    Seven``: ``s seven`` in the pager, ``cuttle rules seven``), never another file."""
    from cuttle.rulesdoc import find_topic, sections

    text = rules_text()
    assert not re.findall(r"\]\((?!#)[^)]*\)", text), "a link to a file or a web page"
    slugs = {_github_slug(s.title) for s in sections(text)}
    links = re.findall(r"\[([^\]]+)\]\(#([^)]+)\)", text)
    assert len(links) >= 6
    for name, anchor in links:
        assert anchor in slugs, f"[{name}](#{anchor}) points nowhere"
        target = next(s for s in sections(text) if _github_slug(s.title) == anchor)
        assert find_topic(text, name) == target, f"'{name}' does not lead to {target.title}"
