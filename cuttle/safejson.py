"""JSON text from outside, parsed with limits: nesting depth, number size, clean errors.

``json.loads`` on untrusted text can raise ``RecursionError`` (deep nesting) or a bare
``ValueError`` (an integer of thousands of digits). ``loads_limited`` turns every failure into
``ValueError`` with a short reason, so the engine and the file layer share one careful reader.

The text is parsed first (the standard library's scanner: one linear pass, its own recursion
guard), then the nesting of the value is measured without recursion. No regular expression
looks at the text: a pattern that backtracks on a crafted string (a quote followed by thousands
of escaped quotes) would make a file under the size limit cost hours.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 32


def value_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of lists and dicts in ``value`` (a scalar is 0; counting stops past
    ``limit``). Iterative, so a deep value cannot exhaust the stack."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        stack.extend((child, depth) for child in children if isinstance(child, (dict, list)))
    return deepest


def loads_limited(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text; ``ValueError`` with a short reason for anything that is not usable JSON
    (bad syntax, nesting deeper than ``max_depth``, a number too large to read)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("not UTF-8 text") from None
    too_deep = ValueError(f"nested more than {max_depth} levels deep")
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc})") from None
    except RecursionError:
        raise too_deep from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise ValueError(f"not usable JSON ({str(exc)[:80]})") from None
    if value_depth(value, max_depth) > max_depth:
        raise too_deep
    return value
