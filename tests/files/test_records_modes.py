"""Records of three and four players (INTERFACE.md section 5): one name per seat in
``players``, a concession among the moves where it happened (``concede @1``), and the outcomes of
the modes; a two-player record reads and writes as before."""

from __future__ import annotations

import random

import pytest

from cuttle import Game
from cuttle.files.safefile import CorruptFileError
from cuttle.files.storage import GameRecord, rebuild


def _played(rules: str, seed: int, concede_at: int | None) -> Game:
    g = Game.new(seed=seed, rules=rules)
    rng = random.Random(seed)
    ply = 0
    while g.outcome is None:
        if ply == concede_at:
            g.concede(g.seats.nxt[g.turn_player])  # a seat concedes while another one acts
        else:
            g.play(rng.choice(g.legal_moves()))
        ply += 1
    return g


@pytest.mark.parametrize(("rules", "names"), [
    ("classic+cutthroat", ["ann", "bob", "cy"]),
    ("cuttlecards+teams", ["ann", "bob", "cy", "di"]),
])
def test_a_record_of_a_mode_names_every_seat_and_replays_its_concession(
        rules: str, names: list[str]) -> None:
    g = _played(rules, 4, concede_at=2)
    moves = [str(m) for _, m in g.history]
    assert any(m.startswith("concede @") for m in moves)
    record = GameRecord(rules=rules, seed=4, players=names, moves=moves, outcome=g.outcome,
                        reason=g.outcome_reason, controllers=["human"] * len(names))
    again = GameRecord.from_json(record.to_json())
    assert again.players == names and again.moves == moves
    replayed = rebuild(again)
    assert replayed.outcome == g.outcome and replayed.to_position() == g.to_position()


def test_a_record_of_three_with_two_names_is_refused() -> None:
    data = GameRecord(rules="classic+cutthroat", seed=1, players=["ann", "bob"]).to_json()
    with pytest.raises(CorruptFileError, match="players must be 3 names, one per seat"):
        GameRecord.from_json(data)


def test_a_two_player_record_is_written_as_before() -> None:
    g = _played("classic", 2, concede_at=None)
    record = GameRecord(rules="classic", seed=2, players=["ann", "bob"],
                        moves=[str(m) for _, m in g.history], outcome=g.outcome,
                        reason=g.outcome_reason)
    data = record.to_json()
    assert list(data) == ["format", "rules", "seed", "players", "controllers", "moves",
                          "outcome", "reason"]
    assert data["players"] == ["ann", "bob"] and data["controllers"] == ["human", "human"]
    assert not any(m.startswith("concede") for m in data["moves"])
    assert rebuild(GameRecord.from_json(data)).outcome == g.outcome
