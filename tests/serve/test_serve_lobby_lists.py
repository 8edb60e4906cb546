"""The lobby's lists of open tables and games in play fit the screen (issue 37's play-test: at
80x24 a table of four with long names folded into four lines and cut marks in two): one line a
table or game, names cut with "…" before their mark, what says who sits where never cut, a game
of four that does not fit going on at its ``vs``; a wider screen shows every name whole. And the
fitting itself, on its own."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from sshkit import LOBBY, Player, connect, hang_guard, key, key_fp, port_of, running, until

from cuttle.serve.names import mark
from cuttle.serve.server import Server
from cuttle.serve.tables.listing import Column, Name, cut_end, fit, listing
from cuttle.serve.tables.plan import short_rules

ANN, BOB = "annabelle_longname_x", "bobby_tables_0123456"  # the name limit: 20
EVE, DOM, ERIN = "évelyne-marguerite", "dominique_lapierre_x", "erinmaria_valentina"


async def lobby(server: Server, name: str, n: int, width: int = 80, height: int = 24,
                *lines: str) -> Player:
    player = await connect(port_of(server), name, key(n), width=width, height=height)
    await player.wait(LOBBY)
    for line in lines:
        await player.line(line)
    return player


def marks(n: int) -> str:
    """The n-th test key's mark after its name, as a pattern."""
    return re.escape("#" + mark(key_fp(n)))


def section(text: str, title: str) -> list[str]:
    """The lines of one list of the lobby: under its title and header, up to the next list."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title)) + 2
    end = next((i for i in range(start, len(lines))
                if not lines[i].strip() or not lines[i][0].isspace() and
                not re.match(r"[0-9a-f]{3,} ", lines[i])), len(lines))
    return lines[start:end]


async def fill_the_lobby(server: Server, width: int, height: int) -> tuple[Player, list[str]]:
    """Two open tables (four seats: two long names as partners and an AI; three seats: an AI),
    a game of four in play (two long names and two AIs); a fifth person's lobby at the size."""
    ann = await lobby(server, ANN, 0, 80, 24, "new --players 4 --variant nine-freeze",
                      "seat 2 medium")
    four = (await ann.wait(r"You wait at table (\w+)")).group(1)
    await lobby(server, BOB, 1, 80, 24, f"join {four} 3")
    eve = await lobby(server, EVE, 2, 80, 24, "new --players 3", "seat 2 hard")
    three = (await eve.wait(r"You wait at table (\w+)")).group(1)
    dom = await lobby(server, DOM, 3, 80, 24, "new --players 4")
    game = (await dom.wait(r"You wait at table (\w+)")).group(1)
    await lobby(server, ERIN, 4, 80, 24, f"join {game} 3")
    await until(lambda: len(server.hall.tables[game].people()) == 2, "erin at dom's table")
    await dom.line("fill easy")
    await until(lambda: game in server.hall.matches, "the game of four")
    zed = await lobby(server, "zed", 5, width, height)
    await until(lambda: len(server.hall.tables[four].people()) == 2, "bob at ann's table")
    await zed.wait("(?s)" + re.escape(game) + ".*" + re.escape("#" + mark(key_fp(4))))
    await zed.wait(re.escape(four) + r"\s+3/4")
    await zed.wait(re.escape(three) + r"\s+2/3")
    await asyncio.sleep(0.3)  # the last redraw
    return zed, [four, three, game]


def test_at_80x24_every_table_and_game_is_one_line_or_two_at_its_vs(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            zed, (four, three, game) = await fill_the_lobby(server, 80, 24)
            text = zed.text()
            tables = section(text, "Open tables")
            ids = {line.split()[0] for line in tables if not line[0].isspace()}
            assert ids == {four, three}, text
            for line in tables:  # a row, or the second line of a row of four, at its vs
                assert re.match(r"[0-9a-f]{3,} |\s+vs ", line), text
            row = next(i for i, line in enumerate(tables) if line.startswith(four))
            both = " ".join(tables[row:row + 2])
            assert re.search(rf"3/4\s+1 annabel\w*…{marks(0)} & 3 bobby\w*…?{marks(1)}",
                             both), text
            assert re.search(r"vs 2 AI \(medium\) & 4 —", both), text
            assert re.search(r"classic\+…|classic\+nine", both), text  # the mode left out
            line = next(line for line in tables if line.startswith(three))
            assert re.search(rf"2/3\s+1 {EVE}{marks(2)} · 2 AI \(hard\) · 3 —\s+classic"
                             r"\s+now\s*$", line), text
            games = section(text, "Games in play")
            assert games[0].startswith(game), text
            two = " ".join(games[:2])
            assert "AI 1 (easy)" in two and "AI 2 (easy)" in two and " vs " in two, text
            for who in (3, 4):
                assert "#" + mark(key_fp(who)) in two, text
            for screen_line in text.splitlines():  # the status line fills the width itself
                assert cell_len(screen_line.rstrip()) <= 80

    with hang_guard(60):
        asyncio.run(scenario())


def test_a_wider_screen_shows_every_name_whole_on_one_line(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path, authorized=None) as server:
            zed, (four, three, game) = await fill_the_lobby(server, 140, 30)
            text = zed.text()
            tables = section(text, "Open tables")
            assert len(tables) == 2 and not any(line[0].isspace() for line in tables), text
            row = next(line for line in tables if line.startswith(four))
            assert (f"1 {ANN}#{mark(key_fp(0))} & 3 {BOB}#{mark(key_fp(1))} vs 2 AI (medium) "
                    "& 4 —") in row, text
            assert "classic+nine-freeze" in row
            games = section(text, "Games in play")
            assert len(games) == 1 and f"{DOM}#" in games[0] and f"{ERIN}#" in games[0], text

    with hang_guard(60):
        asyncio.run(scenario())


def test_fit_keeps_every_line_in_the_width_and_every_mark_whole() -> None:
    rng = random.Random(5)
    columns = [Column("id"), Column("who"), Column("rules", cut=True), Column("since")]
    letters = "abcdefghijklmnopqrstuvwxyzéü漢字"
    for _ in range(200):
        rows = []
        for r in range(rng.randint(1, 4)):
            names = [Name("".join(rng.choice(letters) for _ in range(rng.randint(1, 20))),
                          f"SHA256:{rng.randint(1000, 9999)}xx") for _ in range(4)]
            rows.append([f"{r:x}a0", (names[0], " & ", names[2], " vs ", names[1], " & ",
                                      "AI 1 (medium)"),
                         rng.choice(["classic", "cuttlecards+joker+four-random"]), "12 min"])
        for width in (80, 100, 140):
            lines = fit(columns, rows, width)
            assert all(cell_len(line) <= width for line in lines), lines
            shown = "\n".join(lines)
            for row in rows:
                for seg in row[1]:
                    if isinstance(seg, Name):
                        assert f"#{mark(seg.key or '')}" in shown  # the mark never cut
                assert "AI 1 (medium)" in shown
    # a name is cut before its mark, a long rules name at its end
    assert Name(ANN, "SHA256:u8kSxx").text(12) == "annabe…#u8kS"
    assert Name("漢字漢字漢字", None).text(7) == "漢字漢…"
    assert cut_end("classic+nine-freeze", 9) == "classic+…"
    assert short_rules("classic+cutthroat+joker", 3) == "classic+joker"
    assert short_rules("classic+teams", 4) == "classic" and short_rules("classic", 2) == "classic"


def test_a_listing_is_laid_out_once_for_every_lobby_at_one_width() -> None:
    from cuttle.serve.drawings import Drawings

    def made() -> object:
        return listing("Open tables", [Column("id"), Column("who")],
                       [["1a0", (Name(ANN, "SHA256:u8kSxx"),)]])

    drawings = Drawings()
    first = drawings.lines(made(), 80)
    assert drawings.lines(made(), 80) == first and drawings.hits == 1
    out = Console(width=40, color_system=None, record=True)
    out.print(made())
    assert "annabelle_longname_x#u8kS" in out.export_text()
