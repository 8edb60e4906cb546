"""Junk of every shape gets a ValueError with a message, never another exception.

Positions, views and move text come from files and people; whatever they hold, the engine answers
with a ValueError that says what is wrong, and never a TypeError, KeyError or crash.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle import Game, Move
from cuttle.rules import Rules

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["7D", "??", "TS+JD", "X1", "main", "counter"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12,
)


def _base_position() -> dict[str, Any]:
    rng = random.Random(5)
    for seed in range(100):  # a mid-game table: cards in every zone, game still on
        g = Game.new(seed=seed, rules="classic")
        for _ in range(10):
            if g.outcome is None:
                g.play(rng.choice(g.legal_moves()))
        if g.outcome is None and g.points[0] and g.points[1] and g.scrap:
            return g.to_position()
    raise AssertionError("no mid-game table found")


BASE = _base_position()
KEYS = sorted(BASE)


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(KEYS), value=json_values)
def test_a_position_with_one_field_replaced_by_junk_is_refused_or_loaded(key: str,
                                                                          value: Any) -> None:
    pos = copy.deepcopy(BASE)
    pos[key] = value
    try:
        g = Game.from_position(pos)
    except ValueError as exc:
        assert str(exc)
        return
    assert g.to_position()["hands"]  # if accepted, it is a usable game


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(["hands", "points", "permanents", "deck", "scrap"]),
       player=st.integers(0, 1), junk=json_values)
def test_a_position_with_junk_inside_a_zone_is_refused(key: str, player: int, junk: Any) -> None:
    pos = copy.deepcopy(BASE)
    zone = pos[key][player] if key in ("hands", "points", "permanents") else pos[key]
    zone.append(junk)
    try:
        Game.from_position(pos)
    except ValueError as exc:
        assert str(exc)


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_any_json_document_as_a_position_gives_a_value_error(value: Any) -> None:
    for arg in (value, json.dumps(value)):
        try:
            Game.from_position(arg)
        except ValueError as exc:
            assert str(exc)


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(KEYS), value=json_values)
def test_a_view_with_junk_gives_a_value_error(key: str, value: Any) -> None:
    view = Game.from_position(BASE).view(0)
    view[key] = value
    try:
        Game.from_view(view, random.Random(0))
    except ValueError as exc:
        assert str(exc)


@settings(max_examples=400, deadline=None)
@given(text=st.text(max_size=30))
def test_any_text_as_a_move_parses_or_gives_a_value_error(text: str) -> None:
    try:
        m = Move.parse(text)
    except ValueError as exc:
        assert str(exc)
        return
    assert Move.parse(str(m)) is m
    g = Game.from_position(BASE)
    before = g.to_position()
    try:
        g.play(text)
    except ValueError:
        assert g.to_position() == before


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40))
def test_any_rules_string_parses_or_gives_a_value_error(text: str) -> None:
    try:
        Rules.parse(text)
    except ValueError as exc:
        assert str(exc)
