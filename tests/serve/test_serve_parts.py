"""The server's parts on their own: the option parser, the games list on disk, the hall's
refusals, the screen adapter's answers, and the spectator's position."""

from __future__ import annotations

import argparse
import asyncio
import random

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cuttle import Game
from cuttle.commands import serve as serve_command
from cuttle.files.storage import MAX_SEED
from cuttle.serve import adapter, keep
from cuttle.serve.hall import Hall, HallError
from cuttle.serve.keys import Login
from cuttle.serve.lobby import parse_rules
from cuttle.serve.spectators import cards_shown, public_position


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve_command.register(parser.add_subparsers())
    return parser.parse_args(["serve", *argv])


def test_serve_options_and_their_defaults() -> None:
    args = parse()
    assert (args.bind, args.port, args.hold, args.idle, args.max_sessions) == (
        "127.0.0.1", 2222, 5.0, 15.0, 64
    )
    assert parse("--port", "0", "--open", "--hold", "1.5").hold == 1.5


@pytest.mark.parametrize(
    "argv",
    [
        ["--port", "70000"],
        ["--port", "-1"],
        ["--hold", "0"],
        ["--idle", "lots"],
        ["--max-sessions", "0"],
        ["--open", "--authorized-keys", "k"],
    ],
)
def test_bad_serve_options_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        parse(*argv)


def test_the_games_list_remembers_slots_and_finished_games() -> None:
    assert keep.load() == {} and keep.finished("k1") == []
    keep.remember("game-1", "a1", ["k1", None])
    keep.add_finished(["k1", "k2"], 7)
    keep.add_finished(["k1"], 9)
    assert keep.load() == {"game-1": {"id": "a1", "keys": ["k1", None]}}
    assert keep.finished("k1") == [9, 7] and keep.finished("k2") == [7]
    keep.forget("game-1")
    assert keep.load() == {} and keep.finished("k1") == [9, 7]


def test_an_unreadable_games_list_counts_as_empty() -> None:
    path = keep.games_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"games": {"game-1": {"id": 3, "keys": "x"}}, "finished": {"k": ["x", 2]}}')
    assert keep.load() == {} and keep.finished("k") == [2]  # what validates is kept
    path.write_text("not json")
    assert keep.load() == {} and keep.finished("k") == [2]  # from finished/2.json
    path.write_text("not json")
    for entry in (path.parent / "finished").iterdir():
        entry.unlink()
    assert keep.load() == {} and keep.finished("k") == []


def test_the_hall_refuses_what_cannot_be_done() -> None:
    alice, bob = Login("alice", "ka"), Login("bob", "kb")

    async def scenario() -> None:
        hall = Hall(rng=random.Random(1))
        with pytest.raises(HallError, match="no table is waiting"):
            hall.join(bob, None)
        with pytest.raises(HallError):
            hall.open_table(alice, "nonsense")
        table = hall.open_table(alice, "classic")
        with pytest.raises(HallError, match="already wait"):
            hall.open_table(alice, "classic")
        with pytest.raises(HallError, match="your own table"):
            hall.join(alice, table.id)
        with pytest.raises(HallError, match="no AI level"):
            hall.play_ai(bob, "superb", "classic")
        with pytest.raises(HallError, match="no game"):
            hall.watch(None)
        assert list(hall.tables) == [table.id] and not hall.matches

    asyncio.run(scenario())


def test_lobby_rules_options() -> None:
    assert parse_rules(["--rules", "cuttlecards", "--variant", "joker", "x"]) == (
        "cuttlecards+joker", ["x"]
    )
    with pytest.raises(HallError, match="needs a value"):
        parse_rules(["--variant"])


def test_the_screen_adapter_hands_over_answers_and_departures() -> None:
    with create_pipe_input() as pipe:
        screen = adapter.make_screen(pipe, DummyOutput())
        assert adapter.answer(screen, 0) is None
        screen.answers.put("draw")
        assert adapter.answer(screen, 0) == "draw"
        screen.answers.put(adapter.Gone())
        with pytest.raises(adapter.Gone):
            adapter.answer(screen, 0)
        screen.answers.put("late")
        adapter.drain(screen)
        assert adapter.answer(screen, 0) is None


def test_the_public_position_shows_no_hand_no_deck_and_no_seed() -> None:
    rng = random.Random(3)
    for seed in range(6):
        game = Game.new(seed=seed, rules="classic+eight-oneoff")
        while game.outcome is None and len(game.history) < 60:
            game.play(rng.choice(game.legal_moves()))
            pos = public_position(game)
            assert "seed" not in pos
            assert all(c == "??" for hand in pos["hands"] for c in hand)
            assert all(c == "??" for c in pos["deck"])
            seen = cards_shown(pos)
            assert seen <= cards_shown(game.view(0)) & cards_shown(game.view(1))
            for p in (0, 1):
                assert len(pos["hands"][p]) == len(game.view(p)["hands"][p])


def test_the_ai_pool_makes_the_same_move_as_the_game_thread() -> None:
    from cuttle.play.players import choose_move
    from cuttle.serve.aipool import AIPool

    game = Game.new(seed=5)
    for move in ["draw", "draw", "draw"]:
        game.play(move)
    pool = AIPool(1)
    try:
        for level in ("random", "medium"):
            assert pool.choose(level, game, 5, None) == choose_move(level, game, 5, None)
        assert pool.pool is not None  # the worker answered (no fallback)
    finally:
        pool.close()
    assert pool.pool is None
    assert pool.choose("random", game, 5, None) == choose_move("random", game, 5, None)


def test_the_ai_workers_yield_the_cpu_to_the_server() -> None:
    """The AI's worker processes run at a lower CPU priority than the server (``NICENESS``
    more, at most 19), so the people's screens are drawn first."""
    import os

    from cuttle.serve.aipool import NICENESS, AIPool

    pool = AIPool(1)
    try:
        assert pool.pool is not None
        worker = pool.pool.submit(os.nice, 0).result(timeout=60)
    finally:
        pool.close()
    assert worker == min(19, os.nice(0) + NICENESS)


def test_the_deals_are_drawn_from_every_seed_a_record_may_hold() -> None:
    """A seed from a small range is found from one's own hand by trying each (10**6 of them in
    half a minute), and with it the opponent's hand and the deck's order."""
    alice, bob, carol = Login("alice", "ka"), Login("bob", "kb"), Login("carol", "kc")

    async def scenario() -> None:
        hall = Hall(rng=random.Random(1))
        table = hall.open_table(alice, "classic")
        people, _ = hall.join(bob, table.id)
        ai, _ = hall.play_ai(carol, "random", "classic")
        matches = [people, ai]
        for match in matches:
            match.stop()
        for match in matches:
            await asyncio.to_thread(match.thread.join, 10)
        seeds = [match.session.game.seed for match in matches]
        assert all(seed is not None and 10**12 < seed < MAX_SEED for seed in seeds)

    asyncio.run(scenario())
