"""JSON text from outside, parsed with limits: nesting depth, number size, clean errors.

``json.loads`` on untrusted text can raise ``RecursionError`` (deep nesting) or a bare
``ValueError`` (an integer of thousands of digits). ``loads_limited`` checks the nesting before
parsing and turns every failure into ``ValueError`` with a short reason, so the engine and the
file layer share one careful reader.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32
# A JSON string literal (with escapes), removed before counting brackets.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of arrays and objects in ``text`` (counting stops past ``limit``)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        else:
            depth -= 1
    return deepest


def loads_limited(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text; ``ValueError`` with a short reason for anything that is not usable JSON
    (bad syntax, nesting deeper than ``max_depth``, a number too large to read)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("not UTF-8 text") from None
    if nesting_depth(text, max_depth) > max_depth:
        raise ValueError(f"nested more than {max_depth} levels deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc})") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of more than 4,300 digits
        raise ValueError(f"not usable JSON ({str(exc)[:80]})") from None
