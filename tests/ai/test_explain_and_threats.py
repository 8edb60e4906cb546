"""Hints that explain (``cuttle.ai.explain``), the threat line and the legend."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import cli_env

from cuttle import Game
from cuttle.ai import make_player
from cuttle.ai.explain import reason_for, threat_words, win_ways
from cuttle.learn.solve import winning_moves
from cuttle.text.threat import legend_lines, threat_line

CARD = re.compile(r"(10|[A2-9JQK])[♣♦♥♠]")
NUMBER = re.compile(r"\d")
PRETTY_TO_TEXT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def positions(n: int, seed: int, rules: str = "classic") -> list[Game]:
    """``n`` positions from random play (classic and cuttlecards), none finished."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        g = Game.new(seed=rng.randrange(10**6), rules=rules)
        for _ in range(rng.randrange(2, 60)):
            if g.outcome is not None:
                break
            g.play(rng.choice(g.legal_moves()))
        if g.outcome is None:
            out.append(g)
    return out


def as_text(card: str) -> str:
    rank = "T" if card.startswith("10") else card[0]
    return rank + PRETTY_TO_TEXT[card[-1]]


@pytest.mark.parametrize("rules", ["classic", "cuttlecards"])
def test_reasons_name_cards_or_numbers_and_only_visible_cards(rules: str) -> None:
    rng = random.Random(5)
    for g in positions(60, 11, rules):
        seat = g.to_move
        assert seat is not None
        view = g.view(seat)
        visible = {c for zone in ("hands", "points", "permanents") for side in view[zone]
                   for entry in side for c in entry.split("+")}
        visible |= set(view["scrap"]) | set(view.get("revealed", []))
        visible |= {c for e in view.get("stack", []) for c in e["move"].split()[1:]}
        moves = g.legal_moves()
        for move in rng.sample(moves, min(4, len(moves))):
            reason = reason_for(g, move, seat)
            assert CARD.search(reason) or NUMBER.search(reason), (str(move), reason)
            assert not reason.startswith("best by search"), reason
            named = {as_text(c.group(0)) for c in CARD.finditer(reason)}
            assert named <= visible | set(str(move).split()[1:]), (reason, view)


def test_players_explain_with_a_reason_before_the_search_statistics() -> None:
    for g in positions(12, 3):
        for level, opts in (("medium", {}), ("hard", {"iterations": 40})):
            move, why = make_player(level, seed=1, **opts).explain(g)
            assert CARD.search(why) or NUMBER.search(why), why
            # the reason, before the search's statistics or the medium player's own note
            head = re.split(r" \((?:search:|best by search|the only legal move)"
                            r"|; it takes away the opponent's win$", why)[0]
            assert head and not head.startswith("best by"), why
            assert head == reason_for(g, move, g.to_move or 0) or "wins" in why
            found = re.search(r"search: (\d+)% of \d+ simulations; next best: .*, (\d+)%\)", why)
            if found:
                assert int(found.group(2)) <= int(found.group(1)), why


def test_issue_examples() -> None:
    g = Game.from_position({
        "rules": "classic", "turn_player": 0,
        "hands": [["TS", "3C"], ["4H", "9C"]],
        "points": [["5C"], ["TD", "7D"]],
        "permanents": [[], []],
        "deck": [c for c in _rest(["TS", "3C", "4H", "9C", "5C", "TD", "7D"])],
        "scrap": [],
    })
    assert reason_for(g, "scuttle TS TD", 0) == (
        "scuttle 10♦ with 10♠: the AI drops from 17 to 7 (needs 14 more) and it is its best card"
        "; the AI needed 4 and a 4+, a king or a jack on your 5♣ would have won it"
    )
    assert threat_line(g.view(0), 0, ("You", "AI")) == (
        "You need 16 · AI needs 4 · a 4+, a king or a jack on your 5♣ wins it; so does a 7 "
        "played as a one-off when the deck's top card, which it plays, is a 4+, a king or a jack"
    )


def _rest(used: list[str]) -> list[str]:
    return [r + s for r in "A23456789TJQK" for s in "CDHS" if r + s not in used]


@pytest.mark.parametrize("rules", ["classic", "cuttlecards"])
def test_threat_line_covers_every_win_in_one_the_engine_finds(rules: str) -> None:
    """Positions where the player to move can win at once: the other seat's threat line (from
    its own view) names a way for every winning move the engine finds."""
    checked = 0
    for g in positions(500, 21, rules):
        if g.phase != "main":
            continue
        attacker = g.to_move
        assert attacker is not None
        wins = winning_moves(g)
        ways = win_ways(g.view(1 - attacker), attacker)
        ranks = "".join(w.ranks for w in ways)
        if not wins:
            continue
        checked += 1
        assert ways, (g.to_position(), [str(m) for m in wins])
        for move in wins:
            card = str(move).split()[1]
            assert card[0] in ranks, (str(move), [w.words for w in ways], g.to_position())
        assert " wins it" in threat_words(g.view(1 - attacker), attacker)
    assert checked >= 20  # enough positions with a win in one to mean something


def test_threat_line_on_lesson_tables_agrees_with_the_engine() -> None:
    from cuttle.learn.lessons import load_lessons

    for lesson in load_lessons():
        g = lesson.new_game()
        if g.phase != "main":
            continue
        # pass the turn to the AI as if the student drew: does the AI have a win in one?
        g.play("draw")
        if g.phase != "main" or g.outcome is not None:
            continue
        ways = win_ways(g.view(lesson.student), 1 - lesson.student)
        if winning_moves(g):
            assert ways, lesson.slug


def test_glasses_narrow_the_threat_to_held_cards() -> None:
    pos = {
        "rules": "classic", "turn_player": 1,
        "hands": [["3C"], ["4H", "9C"]],
        "points": [["TD"], ["TS", "7D"]],
        "permanents": [["8C"], []],
        "scrap": [],
    }
    pos["deck"] = _rest(["3C", "4H", "9C", "TD", "TS", "7D", "8C"])
    g = Game.from_position(pos)
    ways = [w.words for w in win_ways(g.view(0), 1)]
    assert ways == ["a 4+"]  # glasses show a 4 and a 9: no king, no jack, no 7


def test_legend_explains_every_mark() -> None:
    text = "\n".join(legend_lines("classic"))
    for mark in ("(1K)", "scrap 10♥ (3)", "frozen", "glasses", "10♠[J♦]", "passes", "◀"):
        assert mark in text
    assert "21, 14, 10, 7, 5" in text
    assert "21, 14, 10, 5, 0" in "\n".join(legend_lines("cuttlecards"))
    assert all(len(line) <= 78 for line in legend_lines())


def test_legend_and_threat_commands_in_a_plain_game(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cuttle", "play", "--seed", "3"], input="threat\nlegend\nquit\n",
        capture_output=True, text=True, env=cli_env(tmp_path, COLUMNS="80"), timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "You need 21 · AI (medium) needs 21 · no single card wins it next turn" in proc.stdout
    assert "(1K): one king on the table" in proc.stdout


def test_a_card_taken_back_with_a_3_is_public_and_named() -> None:
    """The issue's example: the AI took an ace back with a 3, so points are not worth playing."""
    pos = {
        "rules": "classic", "turn_player": 1,
        "hands": [["3C", "QD"], ["3S", "5H"]],
        "points": [["9H", "6C"], ["8S"]],
        "permanents": [[], []],
        "scrap": ["AS", "4S"],
    }
    pos["deck"] = _rest(["3C", "QD", "3S", "5H", "9H", "6C", "8S", "AS", "4S"])
    g = Game.from_position(pos)
    for move in ("oneoff 3S", "resolve", "take AS"):
        g.play(move)
    assert g.view(0)["hands"][1][0] == "AS"
    assert reason_for(g, "draw", 0).startswith(
        "draw: don't play points now: the AI holds A♠, which would scrap them"
    )
    assert reason_for(g, "points 3C", 0).endswith(
        "careful: the AI holds A♠, which would scrap every point card"
    )


def test_an_eight_is_an_eight() -> None:
    from helpers import make

    g = make(hands=("4C 5D", "6H 7S"), points=("TC", "9D 4H"), deck="2C 3C 4D")  # the AI has 13
    assert "an 8+" in threat_words(g.view(0), 1)


def test_a_hot_seat_hint_calls_the_other_player_by_name() -> None:
    from io import StringIO

    from rich.console import Console

    from cuttle.play.session import GameSession, Options, Seat
    from cuttle.ui.terminal import PlainIO

    named = [make_player("medium", seed=1).explain(g, ("you", "Bob"))[1] for g in positions(40, 5)]
    assert not any("the AI" in why or "AI" in why.split() for why in named)
    assert any("Bob" in why for why in named)
    # the hint command of a hot-seat game passes the other player's name
    out = StringIO()
    io = PlainIO(Console(file=out, width=200, color_system=None), StringIO("hint\nquit\ny\n"))
    GameSession(4, "classic", (Seat("Ann"), Seat("Bob")), io, Options(save=False)).run()
    hint = next(line for line in out.getvalue().splitlines() if line.startswith("Hint"))
    assert "the AI" not in hint, hint


def test_reasons_speak_of_a_named_mover_in_the_third_person() -> None:
    # A review tells the opponent's moves too: "the AI has", not "you have", for the AI's king.
    g = Game.from_position({
        "rules": "classic", "turn_player": 1,
        "hands": [["TS", "3C"], ["KH", "9C"]],
        "points": [["5C"], ["TD", "2D"]],
        "permanents": [[], []],
        "deck": [c for c in _rest(["TS", "3C", "KH", "9C", "5C", "TD", "2D"])],
        "scrap": [],
    })
    assert reason_for(g, "perm KH", 1, ("AI (medium)", "you")) == (
        "K♥: AI (medium)'s goal drops from 21 to 14; AI (medium) has 12 (2 to go)"
    )
    assert "Bob needs 9 more; you need 16 but" in reason_for(g, "draw", 1, ("Bob", "you"))
