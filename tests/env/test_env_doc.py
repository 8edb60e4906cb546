"""Every Python example in docs/env.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "env.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_env_doc_has_examples() -> None:
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_env_doc_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, str(DOC), "exec"), {})  # noqa: S102 - our own documentation


def test_the_numbering_table_matches_the_numbering() -> None:
    from cuttle.env.actions import ACTION_TEXTS

    rows = re.findall(r"^\| (\d+)–(\d+) \| `([^`]+)` … `([^`]+)` \|", DOC.read_text("utf-8"), re.M)
    assert len(rows) >= 14
    for first, last, first_text, last_text in rows:
        assert ACTION_TEXTS[int(first)] == first_text and ACTION_TEXTS[int(last)] == last_text
