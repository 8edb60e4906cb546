"""Checking the ``hard`` level's options: every value is a finite number in a sensible range, or
one of a few names, before any search starts.

An option comes from Python (``make_player("hard", think=0.5)``) or from the command line
(``cuttle arena hard:think=0.5``, where ``1e400`` reads as infinity): both go through
:func:`check_options`, which raises ValueError naming the option, the value and the range.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cuttle.words import plural


@dataclass(frozen=True)
class Spec:
    """What one option accepts: ``kind`` is ``"int"``, ``"float"`` or ``"choice"``; numbers lie
    in ``lo .. hi`` (``lo`` excluded when ``open_lo``, ``hi`` excluded when ``open_hi``); a
    choice is one of ``choices``; ``optional`` lets None through (meaning "not set")."""

    kind: str
    lo: float = 0.0
    hi: float = 0.0
    open_lo: bool = False
    open_hi: bool = False
    choices: tuple[str, ...] = ()
    optional: bool = False
    unit: str = ""

    def describe(self) -> str:
        if self.kind == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices)
        what = "a whole number" if self.kind == "int" else "a number"
        lo = f"{'more than' if self.open_lo else 'at least'} {_fmt(self.lo)}"
        hi = f"{'less than' if self.open_hi else 'at most'} {_fmt(self.hi)}"
        return f"{what} {lo} and {hi}{self.unit}"


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _number(value: Any) -> float | None:
    """``value`` as a float when it is a real number (or a text of one), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return float(value) if abs(value) < 2**63 else math.inf
    if isinstance(value, float):
        return value
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def check_value(name: str, spec: Spec, value: Any) -> Any:
    """``value`` checked against ``spec`` (and converted: an int option gives an int)."""
    if value is None and spec.optional:
        return None
    if spec.kind == "choice":
        text = str(value).strip().lower() if isinstance(value, str) else None
        if text not in spec.choices:
            raise ValueError(f"{name} must be {spec.describe()}, not {value!r}")
        return text
    x = _number(value)
    bad = (
        x is None
        or not math.isfinite(x)
        or (x <= spec.lo if spec.open_lo else x < spec.lo)
        or (x >= spec.hi if spec.open_hi else x > spec.hi)
        or (spec.kind == "int" and not x.is_integer())
    )
    if bad:
        raise ValueError(f"{name} must be {spec.describe()}, not {value!r}")
    assert x is not None
    return int(x) if spec.kind == "int" else x


def check_options(specs: dict[str, tuple[Spec, Any]], options: dict[str, Any],
                  level: str = "hard") -> dict[str, Any]:
    """``options`` merged over the defaults of ``specs`` (name -> (spec, default)), every value
    checked. Unknown names and out-of-range values raise ValueError naming them."""
    unknown = sorted(set(options) - set(specs))
    if unknown:
        raise ValueError(
            f"unknown {plural('option', len(unknown))} for AI level {level!r}: "
            f"{', '.join(unknown)}"
            f" (known: {', '.join(specs)})"
        )
    cfg: dict[str, Any] = {}
    for name, (spec, default) in specs.items():
        cfg[name] = check_value(name, spec, options[name]) if name in options else default
    return cfg


#: The budget options every search level shares.
ITERATIONS = Spec("int", 1, 1_000_000)
THINK = Spec("float", 0, 600, open_lo=True, optional=True, unit=" seconds")
