"""A person put out of a cutthroat game that goes on (a concession, a claim): they are told they
are out and that the others play on, see only what is public, and either go back to the lobby
(``lobby``: the seat let go, nothing said to the others, free to play elsewhere) or stay and
watch; the rematch at the end is for whoever is at the table (an AI in the seat of one who
left). Every test runs under ``hang_guard``."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from sshkit import LOBBY, Player, hang_guard, key_fp, running, until
from test_serve_game import prompt_of, reading
from test_serve_tables import NAMES, play_quick, table_of_three

from cuttle.serve.match import Match
from cuttle.serve.rematch import seat_ais
from cuttle.serve.seats import Chair
from cuttle.serve.server import Server
from cuttle.serve.tables.out import prompt

OUT = re.escape(prompt("")[1:])  # "(out · lobby leaves)> "


async def say(match: Match, seat: int, player: Player, text: str) -> None:
    """``text`` typed at ``seat`` once its screen waits for a line (typed sooner, a line can
    land between two prompts and be lost: the flake this guards against)."""
    def waits() -> bool:
        screen = match.seats.screen(seat)
        return screen is not None and screen.mode in ("read", "ask") and screen.ready.is_set()

    await until(waits, f"seat {seat} to wait for a line")
    await player.line(text)


async def one_concedes(match: Match, seats: dict[int, Player]) -> int:
    """A person who waits concedes (cutthroat: out, the game goes on); their seat."""
    game = match.session.game
    names = match.session.names
    mover = game.to_move or 0
    await seats[mover].wait(prompt_of(names[mover]))
    out = next(p for p in seats if p != mover)
    await seats[out].wait(r"\(waiting\)> ")
    await say(match, out, seats[out], "concede")
    await seats[out].wait(r"Concede this game\? You are out; the others play on. \[y/N\]")
    await say(match, out, seats[out], "y")
    await until(lambda: out in game.seats.out, "the seat to be out")
    assert game.outcome is None
    playing = " and ".join(names[p] for p in range(3) if p != out)
    said = (f"You are out of this game; {playing} play on. Type lobby to go back to the lobby, "
            "or stay and watch: you see what anyone watching sees.")
    await seats[out].wait(r"\s+".join(re.escape(w) for w in said.split()))  # folded lines
    await seats[out].wait(OUT)
    await seats[out].wait(r"You are out · \w+ to move")
    return out


def test_a_player_out_goes_back_to_the_lobby_and_the_others_rematch_with_an_ai(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            match, seats = await table_of_three(server)
            names = match.session.names
            out = await one_concedes(match, seats)
            gone = seats.pop(out)
            await say(match, out, gone, "draw")  # anything but help, rules, lobby: one line
            await gone.wait(r"You are out; \w+ is to move. lobby: back to the lobby")
            await say(match, out, gone, "concede")
            await gone.wait("You are out of this game already: lobby goes back")
            await say(match, out, gone, "lobby")
            await gone.wait(LOBBY)
            await gone.wait(re.escape(f"You left game {match.id} (you were out);"))
            assert server.hall.seat_of(_login(server, out, match)) is None  # free to play
            await gone.line(f"watch {match.id}")  # not refused: it is no longer their game
            await gone.wait("Watching")
            await asyncio.sleep(0.3)
            for player in seats.values():  # the others are not told of a seat held
                assert "left the table" not in player.text()
                assert "seat held" not in player.text()
            await play_quick(match, seats, seed=7)
            question = re.escape(f"Rematch, the deal one seat on, an AI (medium) in "
                                 f"{names[out]}'s seat? [y/N]")
            for player in seats.values():
                await player.wait(question)
            for player in seats.values():
                await player.line("y")
            await until(lambda: any(m is not match for m in server.hall.matches.values()),
                        "the rematch")
            again = next(m for m in server.hall.matches.values() if m is not match)
            assert again.names().count("AI 1 (medium)") == 1
            assert key_fp(NAMES.index(names[out])) not in again.keys()
            assert sorted(a for a in again.ai if a) == ["medium"]
            assert key_fp(NAMES.index(names[out])) not in server.hall.rematches
            await until(lambda: not again.away(), "both people at the rematch")
            # the finished game still rates the one who went out: their key is in its record
            assert match.keys()[out] is None  # the chair is the rematch's AI now ...
            assert match.finished_id is not None

    with hang_guard(60):
        asyncio.run(scenario())


def _login(server: Server, seat: int, match: Match) -> object:
    from cuttle.serve.keys import Login

    name = match.session.names[seat]
    return Login(name, key_fp(NAMES.index(name)))


def test_a_player_out_stays_and_watches_the_public_table_and_is_asked_the_rematch(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            match, seats = await table_of_three(server)
            out = await one_concedes(match, seats)
            assert match.seat_of(key_fp(NAMES.index(match.session.names[out]))) == out
            model = match._model_for(out)  # what the out seat is drawn: the public table
            assert model.viewer is None and model.bottom == out
            playing = {p: s for p, s in seats.items() if p != out}
            await play_quick(match, playing, seed=9)
            for player in seats.values():  # the one out is at the table: asked too
                await player.wait(r"Rematch, the deal one seat on\? \[y/N\]")
            screen = match.seats.screen(out)  # "the others play on" no longer holds
            assert screen is not None and not [m for m in screen.messages if "play on" in m]
            for player in seats.values():
                await player.line("y")
            await until(lambda: any(m is not match for m in server.hall.matches.values()),
                        "the rematch")
            again = next(m for m in server.hall.matches.values() if m is not match)
            assert not any(again.ai) and sorted(again.keys()) == sorted(match.keys())
            await until(lambda: not again.away(), "every person at the rematch")
            await until(lambda: reading(again, again.session.game.to_move or 0),
                        "the rematch's first move to be asked")

    with hang_guard(60):
        asyncio.run(scenario())


def test_before_a_rematch_every_ai_seat_keeps_no_key_and_is_named_as_an_ai() -> None:
    """The rematch is made from the chairs: a key left on an AI's chair (a 2v2 seat an AI took
    over, a cutthroat seat whose player went out to the lobby) was waited for in a game it has
    no seat in, and refused the rematch to the others when that key played elsewhere."""
    chairs = tuple(Chair(n, f"k{n}") for n in ("ann", "bob", "cy", "dee"))
    chairs[1].name, chairs[1].key = "AI 1 (medium)", None
    teams = SimpleNamespace(lock=threading.RLock(), ai=(None, "medium", "easy", None),
                            people=[0, 3], chairs=chairs)
    seat_ais(cast(Any, teams), [], "medium")  # cy's seat was taken over in the game
    assert [(c.name, c.key) for c in chairs] == [  # numbered across levels
        ("ann", "kann"), ("AI 1 (medium)", None), ("AI 2 (easy)", None), ("dee", "kdee")]
    three = tuple(Chair(n, f"k{n}") for n in ("ann", "bob", "AI 1 (medium)"))
    three[2].key = None
    cutthroat = SimpleNamespace(lock=threading.RLock(), ai=(None, None, "medium"),
                                people=[0, 1], chairs=three)
    seat_ais(cast(Any, cutthroat), [1], "medium")  # bob went out to the lobby
    assert cutthroat.ai == (None, "medium", "medium") and cutthroat.people == [0]
    assert [(c.name, c.key) for c in three] == [
        ("ann", "kann"), ("AI 2 (medium)", None), ("AI 1 (medium)", None)]


def test_the_rematch_question_with_an_ai_for_one_who_left_fits_the_input_line() -> None:
    """Issue 37's play-test: "Rematch, the deal one seat on, an AI (medium) in
    bobby_tables_0123456's seat? [y/N]" is 81 characters: the input line (one line of 80
    columns) showed it scrolled, its start cut off. A question too long says its why above."""
    from cuttle.serve.rematch import LINE, gone_question

    names = ("ann", "bobby_tables_0123456", "cy")
    assert gone_question(names, [2], "medium") == (
        "Rematch, the deal one seat on, an AI (medium) in cy's seat? [y/N]", "")
    question, said = gone_question(names, [1], "medium")
    assert said == "A rematch has an AI (medium) in bobby_tables_0123456's seat."
    assert question == "Rematch, the deal one seat on, with that AI? [y/N]"
    question, said = gone_question(("annabelle_longname_x", *names[1:]), [0, 1], "medium")
    assert "annabelle_longname_x's and bobby_tables_0123456's seats" in said
    assert len(question) <= LINE and question.endswith("with those AIs? [y/N]")


def test_the_player_to_move_is_asked_to_concede_without_their_name(tmp_path: Path) -> None:
    """Issue 37's play-test: at a table the question read "bobby_tables_0123456, concede this
    game? You are out; the others play on. [y/N]" (hot-seat's words), 80 characters: the input
    line showed it scrolled. On one's own screen it is "Concede this game? ..."."""

    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            match, seats = await table_of_three(server)
            game = match.session.game
            mover = game.to_move or 0
            await seats[mover].wait(prompt_of(match.session.names[mover]))
            await say(match, mover, seats[mover], "concede")
            await seats[mover].wait(r"(?m)^Concede this game\? You are out; the others play on\.")
            await say(match, mover, seats[mover], "y")
            await until(lambda: mover in game.seats.out, "the concession")

    with hang_guard(60):
        asyncio.run(scenario())
