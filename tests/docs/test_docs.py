"""The documentation tells the truth: its moves parse, its positions load (and their listed moves
are exactly the legal ones), its records replay, every variant and card has a section, the README's
test command is the one CI runs, and links between the docs resolve."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cuttle import Game, Move
from cuttle.cards import card_text, full_deck
from cuttle.cli import rules_text
from cuttle.commands.rules import RANKS, card_section, subsections, variant_section
from cuttle.engine.moves import KINDS
from cuttle.rules import VARIANTS, Rules

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
NOTATION = DOCS / "notation.md"
RULES_MD = ROOT / "cuttle" / "data" / "rules.md"
SHARED_RULES = ROOT.parent / "shared" / "rules" / "RULES.md"
MY_DOCS = [ROOT / "README.md", RULES_MD, NOTATION, DOCS / "architecture.md"]

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
_NO_CARD_VERBS = {"draw", "pass", "resolve"}


def blocks(path: Path) -> list[tuple[str, str, int]]:
    """(language, body, offset) of every fenced code block of ``path``."""
    text = path.read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), m.start()) for m in _FENCE.finditer(text)]


def move_lines(body: str) -> list[str]:
    """The moves of a ```moves block: one per line, ``# comments`` dropped."""
    return [line.split("#")[0].strip() for line in body.splitlines() if line.split("#")[0].strip()]


def inline_moves(path: Path) -> list[str]:
    """Inline code spans (outside fenced blocks) that are move examples: a move verb followed by
    cards, or a verb that takes no card."""
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    found = []
    for span in re.findall(r"`([^`\n]+)`", text):
        words = span.split()
        if words and words[0] in KINDS and (len(words) > 1 or words[0] in _NO_CARD_VERBS):
            found.append(span)
    return found


def position_blocks() -> list[tuple[dict, list[str] | None]]:
    """Each JSON position of notation.md with the legal moves listed after it (if any)."""
    text = NOTATION.read_text(encoding="utf-8")
    found = []
    for m in _FENCE.finditer(text):
        if m.group(1) != "json":
            continue
        data = json.loads(m.group(2))
        if data.get("format") != "cuttle-position/1":
            continue
        rest = text[m.end() :]
        listed = None
        nxt = _FENCE.search(rest)
        between = rest[: nxt.start()] if nxt else rest
        if nxt and nxt.group(1) == "moves" and "Legal moves here" in between:
            listed = move_lines(nxt.group(2))
        elif "No legal moves" in between.split("```")[0]:
            listed = []
        found.append((data, listed))
    return found


# ------------------------------------------------------------------ moves parse
@pytest.mark.parametrize("path", [NOTATION, RULES_MD, ROOT / "README.md"], ids=lambda p: p.name)
def test_every_move_example_parses(path: Path) -> None:
    examples = inline_moves(path)
    for lang, body, _ in blocks(path):
        if lang == "moves":
            examples.extend(move_lines(body))
    assert path.name == "README.md" or len(examples) > 10
    for text in examples:
        Move.parse(text)  # raises ValueError naming the text


def test_canonical_forms_in_the_move_table_are_canonical() -> None:
    text = NOTATION.read_text(encoding="utf-8")
    table = text[text.index("| move | canonical form |") : text.index("Aliases:")]
    rows = [row for row in table.splitlines()[2:] if row.startswith("|")]
    assert len(rows) == 13
    for row in rows:
        cell = row.split("|")[2]
        for span in re.findall(r"`([^`]+)`", cell):
            assert str(Move.parse(span)) == span


def test_alias_examples_match_their_canonical_comment() -> None:
    alias_block = next(b for lang, b, _ in blocks(NOTATION) if lang == "moves")
    for line in alias_block.splitlines():
        text, _, canonical = line.partition("#")
        assert str(Move.parse(text)) == canonical.strip()


# ------------------------------------------------------------------ positions, views, records
def test_notation_has_a_position_for_every_phase() -> None:
    phases = {pos["phase"] for pos, _ in position_blocks()}
    assert phases >= {"main", "counter", "resolve_three", "resolve_four", "resolve_five",
                      "resolve_seven", "hand_limit", "over"}  # fmt: skip


def _phase_id(value: object) -> str:
    return str(value["phase"]) if isinstance(value, dict) else ""


@pytest.mark.parametrize(("position", "listed"), position_blocks(), ids=_phase_id)
def test_position_examples_load_round_trip_and_list_the_legal_moves(
    position: dict, listed: list[str] | None
) -> None:
    if any("??" in json.dumps(position[k]) for k in ("hands", "deck")):
        view = position
        game = Game.from_view(view, random.Random(0))
        viewer = 0 if "??" not in json.dumps(view["hands"][0]) else 1
        assert game.view(viewer) == view
        return
    game = Game.from_position(position)
    written = game.to_position()
    written.pop("seed", None)
    assert written == position
    if listed is not None:
        assert [str(m) for m in game.legal_moves()] == listed


def test_the_view_example_is_a_view() -> None:
    views = [p for p, _ in position_blocks() if "??" in json.dumps(p["hands"])]
    assert views and all("seed" not in v for v in views)


def test_game_record_example_replays() -> None:
    records = [
        json.loads(body)
        for lang, body, _ in blocks(NOTATION)
        if lang == "json" and '"cuttle-game/1"' in body
    ]
    assert records
    for record in records:
        assert set(record) >= {"format", "rules", "seed", "players", "moves", "outcome"}
        game = Game.new(record["seed"], rules=record["rules"])
        assert len(record["players"]) == game.players
        for move in record["moves"]:
            if move.startswith("concede @"):  # a concession, where it happened (3-4 players)
                game.concede(int(move.removeprefix("concede @")))
            else:
                game.play(move)
        assert game.outcome == record["outcome"]
        if record.get("reason"):
            assert game.outcome_reason == record["reason"]


def test_record_reads_with_the_ui_storage() -> None:
    storage = pytest.importorskip("cuttle.files.storage")
    record = next(
        json.loads(body)
        for lang, body, _ in blocks(NOTATION)
        if lang == "json" and '"cuttle-game/1"' in body
    )
    parsed = storage.GameRecord.from_json(record)
    assert parsed.moves == record["moves"]


# ------------------------------------------------------------------ rules.md coverage
def shared_variant_names() -> list[str]:
    """Variant names of RULES.md §3 (the shared reference), when it is beside the clone."""
    text = SHARED_RULES.read_text(encoding="utf-8")
    section = text[text.index("## 3.") : text.index("## 4.")]
    return re.findall(r"^\| `([a-z-]+)` \|", section, re.M)


def test_every_variant_has_a_section_with_an_example() -> None:
    names = list(VARIANTS)
    if SHARED_RULES.exists():
        shared = shared_variant_names()
        assert shared, "could not read the variants of RULES.md §3"
        names = sorted(set(names) | set(shared))
    for name in names:
        section = variant_section(rules_text(), name)
        examples = [move_lines(b) for lang, b in re.findall(r"```(\w*)\n(.*?)```", section, re.S)]
        assert examples and all(examples), f"variant {name} has no example in move notation"


def test_every_card_has_a_section() -> None:
    keys = [s.key for s in subsections(rules_text(), "Card by card")]
    assert keys == list(RANKS)
    for rank in RANKS:
        card_section(rules_text(), rank)


def test_rules_md_has_every_decision_of_the_reference() -> None:
    decisions = [s for s in subsections(rules_text(), "Decisions")]
    text = rules_text()
    numbered = re.findall(r"^\d+\. \*\*", text[text.index("## Decisions") :], re.M)
    if SHARED_RULES.exists():
        shared = SHARED_RULES.read_text(encoding="utf-8").count("**Decision**")
        assert len(numbered) >= shared
    assert not decisions  # a flat numbered list, no subsections
    assert len(numbered) >= 10


def test_rules_md_covers_both_presets_side_by_side() -> None:
    text = rules_text()
    assert "## Classic and cuttlecards side by side" in text
    assert "| topic | classic | cuttlecards |" in text


def test_docs_rules_md_is_the_packaged_file() -> None:
    docs_rules = DOCS / "rules.md"
    assert docs_rules.exists()
    assert docs_rules.read_text(encoding="utf-8") == RULES_MD.read_text(encoding="utf-8")
    if docs_rules.is_symlink():
        assert docs_rules.resolve() == RULES_MD.resolve()


# ------------------------------------------------------------------ README and CI agree
def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set up") : readme.index("## Use")]
    commands = [b.strip() for lang, b in re.findall(r"```(\w*)\n(.*?)```", setup, re.S)]
    play, test = commands[0], commands[1]
    # One line each, and each makes its own virtual environment (PEP 668 systems refuse a bare
    # "pip install"); .ci/run reads both lines out of README.md and runs them as written.
    assert "\n" not in play and "\n" not in test
    assert play.startswith("python3 -m venv .venv && ")
    assert play.endswith(" && .venv/bin/cuttle play")
    assert test.startswith("python3 -m venv .venv && ")
    assert test.endswith("python -m pytest -n auto")
    assert all("pip install" not in part or part.startswith(".venv/bin/python -m pip")
               for part in (play + " && " + test).split(" && "))
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_lines = [line.strip() for line in ci.splitlines() if not line.lstrip().startswith("#")]
    assert 'bash -c "$test_line"' in ci_lines
    assert "readme_line 'cuttle play'" in ci and "readme_line 'python -m pytest -n auto'" in ci
    assert "ruff check ." in ci_lines and "mypy cuttle" in ci_lines


def _fetched_by_pip() -> set[str]:
    """What ``pip install .`` fetches here: cuttle's requirements and theirs, markers evaluated
    for this interpreter, extras left out (read from the installed metadata), and the build
    backend of pyproject.toml."""
    from importlib import metadata

    from packaging.requirements import Requirement

    def key(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    seen: set[str] = set()
    todo = ["cuttle"]
    while todo:
        for text in metadata.requires(todo.pop()) or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue
            if key(req.name) not in seen:
                seen.add(key(req.name))
                todo.append(req.name)
    build = re.search(r"^requires = \[(.*)\]", (ROOT / "pyproject.toml").read_text(), re.M)
    assert build is not None
    seen |= {key(Requirement(r.strip().strip('"')).name) for r in build.group(1).split(",")}
    return seen


def test_the_readme_names_every_package_pip_fetches() -> None:
    """Issue 28: the README named rich, prompt_toolkit, platformdirs and filelock, and pip
    fetched ten more (asyncssh and cryptography among them)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set up") : readme.index("```sh")]
    words = set(re.findall(r"`([\w.-]+)`", setup)) - {"python3-venv", ".venv", "pip"}
    named = {re.sub(r"[-_.]+", "-", n).lower() for n in words}
    assert named == _fetched_by_pip()


def test_ci_extracts_the_readme_lines_it_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    start = ci.index("readme_line() {")
    body = ci[start : ci.index("\n}\n", start) + 3]
    script = body + 'readme_line "cuttle play"; readme_line "python -m pytest -n auto"\n'
    out = subprocess.run(
        ["bash", "-c", script], cwd=ROOT, capture_output=True, text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable}, check=True,
    ).stdout.splitlines()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(out) == 2 and all(f"```sh\n{line}\n```" in readme for line in out)


@pytest.mark.parametrize("path", MY_DOCS, ids=lambda p: p.name)
def test_relative_links_resolve(path: Path) -> None:
    if not path.exists():
        pytest.fail(f"{path.relative_to(ROOT)} is missing")
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    base = DOCS if path == RULES_MD else path.parent  # rules.md is read as docs/rules.md
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" in target:
            continue
        assert (base / target).exists(), f"{path.name} links to missing {target}"


# ------------------------------------------------------------------ the variant examples play out
def make(
    hands: tuple[str, str],
    points: tuple[str | list[str], str | list[str]] = ("", ""),
    permanents: tuple[str | list[str], str | list[str]] = ("", ""),
    rules: str = "classic",
) -> Game:
    """A game from a compact table (``"7D 2C"`` per player); every other card in the deck."""

    def split(value: str | list[str]) -> list[str]:
        return value.split() if isinstance(value, str) else list(value)

    pos = {
        "rules": rules,
        "turn_player": 0,
        "hands": [split(hands[0]), split(hands[1])],
        "points": [split(points[0]), split(points[1])],
        "permanents": [split(permanents[0]), split(permanents[1])],
        "scrap": [],
    }
    listed = {c for key in ("hands", "points", "permanents") for row in pos[key] for c in row}
    everything = [card_text(c) for c in full_deck(Rules.parse(rules).jokers)]
    pos["deck"] = [c for c in everything if c not in listed]
    return Game.from_position(pos)


def play(game: Game, *moves: str) -> None:
    for move in moves:
        game.play(move)


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def hand(game: Game, player: int) -> list[str]:
    return list(game.to_position()["hands"][player])


def pts(game: Game, player: int) -> list[str]:
    return list(game.to_position()["points"][player])


def perms(game: Game, player: int) -> list[str]:
    return list(game.to_position()["permanents"][player])


def scrap(game: Game) -> list[str]:
    return list(game.to_position()["scrap"])


def example_moves(variant: str) -> list[str]:
    """The moves of the example in ``variant``'s section of rules.md."""
    section = variant_section(rules_text(), variant)
    body = re.search(r"```moves\n(.*?)```", section, re.S)
    assert body, f"no example for {variant}"
    return move_lines(body.group(1))


def test_example_four_random() -> None:
    g = make(hands=("4H 9S", "3D 9C KH"), rules="classic+four-random")
    play(g, *example_moves("four-random"))
    assert len(hand(g, 1)) == 1 and g.phase == "main" and g.to_move == 1
    assert len(set(scrap(g)) & {"3D", "9C", "KH"}) == 2


def test_example_eight_oneoff() -> None:
    g = make(hands=("8C 5S", "3H"), permanents=([], "8D"), rules="classic+eight-oneoff")
    assert g.view(1)["hands"][0] == ["5S", "8C"]  # the glasses show player 0's hand
    play(g, *example_moves("eight-oneoff"))
    assert perms(g, 1) == [] and {"8C", "8D"} <= set(scrap(g))
    assert g.view(1)["hands"][0] == ["??"]


def test_example_nine_freeze() -> None:
    g = make(hands=("9S 5C", "3D"), permanents=([], "KH"), rules="classic+nine-freeze")
    play(g, *example_moves("nine-freeze"))
    assert "KH" in hand(g, 1) and g.to_move == 1
    assert "perm KH" not in moves(g)
    play(g, "draw", "draw")
    assert "perm KH" in moves(g)  # thawed once player 1's next turn ended


def test_example_nine_to_deck() -> None:
    g = make(hands=("9S 5C", "3D"), permanents=([], "QD"), rules="classic+nine-to-deck")
    steps = example_moves("nine-to-deck")
    play(g, *steps[:-1])
    assert g.view(0)["deck"][0] == "QD" and g.view(1)["deck"][0] == "QD"
    play(g, steps[-1])
    assert "QD" in hand(g, 1)


def test_example_ten_counters_scuttle() -> None:
    g = make(hands=("9C 2C", "TS 4D"), points=([], "8H"), rules="classic+ten-counters-scuttle")
    play(g, *example_moves("ten-counters-scuttle"))
    assert pts(g, 1) == [] and {"9C", "8H", "TS", "2C"} <= set(scrap(g))
    # without the 2, the ten saves the 8
    g = make(hands=("9C", "TS 4D"), points=([], "8H"), rules="classic+ten-counters-scuttle")
    play(g, "scuttle 9C 8H", "counter TS")
    assert pts(g, 1) == ["8H"] and {"9C", "TS"} <= set(scrap(g))


def test_example_queens_protect_queens() -> None:
    first, later = example_moves("queens-protect-queens")
    g = make(hands=("QS", "2D 9D 6D"), permanents=("QH", []), rules="classic+queens-protect-queens")
    play(g, first)
    assert not {m for m in moves(g) if m.startswith(("oneoff 2D", "oneoff 9D"))}
    play(g, later)
    assert perms(g, 0) == []
    # in plain classic, either queen protects only the other cards: the queens are targets
    g = make(hands=("QS", "2D 9D 6D"), permanents=("QH", []))
    play(g, first)
    assert {"oneoff 2D QH", "oneoff 2D QS"} <= moves(g)


def test_example_joker() -> None:
    g = make(hands=("X1 7D", "3H 5C 9C"), rules="classic+joker")
    play(g, *example_moves("joker"))
    assert hand(g, 0) == ["3H", "5C", "9C"] and hand(g, 1) == ["7D"]
    assert g.view(1)["hands"][0] == ["3H", "5C", "9C"]  # the swapped cards are known


# ------------------------------------------------------------------ the README's examples work
def test_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = [body for lang, body, _ in blocks(ROOT / "README.md") if lang == "python"]
    assert code, "README has no Python example"
    for body in code:
        exec(compile(body, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("0 main\n")
    assert "## Use" in readme


def test_readme_command_lines_parse() -> None:
    from cuttle.cli import build_parser

    parser = build_parser()
    use = next(body for lang, body, _ in blocks(ROOT / "README.md") if lang == "text")
    lines = [line.split("  ")[0].strip() for line in use.splitlines() if line.startswith("cuttle")]
    assert len(lines) >= 8
    for line in lines:
        args = line.split()[1:]
        if args == ["--help"]:
            continue
        parsed = parser.parse_args(args)
        assert getattr(parsed, "func", None), line
