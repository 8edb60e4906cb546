"""Game review (cuttle/ai/review.py), its command, the chart and the coach."""

from __future__ import annotations

import json
import random
import re
from io import StringIO
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from cuttle import Game, Move
from cuttle.ai.review import (
    LABELS,
    THRESHOLDS,
    Budget,
    Judge,
    Judgement,
    Review,
    accuracy,
    label_for,
    review_game,
    summarise,
    wins_now,
)
from cuttle.cli import main
from cuttle.files.storage import GameRecord, write_json
from cuttle.play.coach import Coach
from cuttle.play.session import GameSession, Options, Seat
from cuttle.text.cardtext import CardStyle
from cuttle.text.chart import line_chart
from cuttle.text.reviewtext import review_text
from cuttle.ui.terminal import PlainIO

# Seed 2, classic: after these 12 moves player 1 (to move) wins with points 7C or 7H, and draws a
# card instead; player 0 then wins with points TC.
PREFIX = [
    "perm KS", "oneoff 6D", "counter 2C", "counter 2H", "resolve", "points 6H", "points 8D",
    "points 4S", "draw", "draw", "points 9H", "points 3D",
]
BLUNDER_GAME = [*PREFIX, "draw", "points TC"]
WINS = {"points 7C", "points 7H"}
FAST = Budget(iterations=60)


@pytest.fixture(autouse=True)
def _xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def before_blunder() -> Game:
    g = Game.new(seed=2)
    for m in PREFIX:
        g.play(m)
    return g


def blunder_record() -> GameRecord:
    g = Game.new(seed=2)
    for m in BLUNDER_GAME:
        g.play(m)
    assert g.outcome == "p0"
    return GameRecord("classic", 2, ["Ann", "Bob"], list(BLUNDER_GAME), g.outcome,
                      g.outcome_reason, ["human", "human"])


def test_the_planted_position_has_a_win_in_one() -> None:
    g = before_blunder()
    assert g.to_move == 1
    assert {str(m) for m in wins_now(g.view(1), 1, g.legal_moves())} == WINS


def test_missing_a_win_in_one_is_a_blunder_with_the_win_as_best() -> None:
    j = Judge(FAST).judge(before_blunder(), "draw")
    assert j.label == "blunder"
    assert j.best in WINS
    assert j.win_before == 1.0
    assert j.win_after < 1.0
    assert "win in one" in j.reason


def test_the_winning_move_is_best() -> None:
    j = Judge(FAST).judge(before_blunder(), "points 7C")
    assert (j.label, j.best, j.win_after) == ("best", "points 7C", 1.0)


def test_review_of_a_whole_record_labels_the_planted_blunder() -> None:
    review = review_game("classic", 2, BLUNDER_GAME, ("Ann", "Bob"), FAST)
    assert [j.ply for j in review.judgements] == list(range(len(BLUNDER_GAME)))
    planted = review.judgements[len(PREFIX)]
    assert (planted.player, planted.move, planted.label) == (1, "draw", "blunder")
    assert planted.best in WINS
    last = review.judgements[-1]
    assert (last.label, last.win_after) == ("best", 1.0)  # the winning move


def test_labels_are_reproducible_for_the_same_record_and_budget() -> None:
    a = review_game("classic", 2, BLUNDER_GAME, budget=FAST).to_json()
    b = review_game("classic", 2, BLUNDER_GAME, budget=FAST).to_json()
    assert a == b


def test_the_summary_adds_up() -> None:
    review = review_game("classic", 2, BLUNDER_GAME, ("Ann", "Bob"), FAST)
    players = review.summary()["players"]
    assert sum(p["moves"] for p in players) == len(BLUNDER_GAME)
    for p in players:
        mine = [j for j in review.judgements if j.player == p["player"]]
        assert sum(p["counts"].values()) == p["moves"] == len(mine)
        assert p["decisions"] == p["moves"] - p["counts"]["forced"]
        for label in LABELS:
            assert p["counts"][label] == sum(1 for j in mine if j.label == label)
        scores = [0.5 ** (max(0.0, j.loss - 0.01) / 0.1) for j in mine if j.label != "forced"]
        mean, harmonic = sum(scores) / len(scores), len(scores) / sum(1 / x for x in scores)
        assert p["accuracy"] == pytest.approx(50 * (mean + harmonic), abs=0.06)
    assert players[1]["counts"]["blunder"] >= 1


# Issue 28: easy against hard, classic seed 3, lost: easy's six decisions as the review judged
# them (win chance with the best move, with the move played). Four mistakes, an inaccuracy and
# a good move, not one best: "100 minus the mean loss" gave it 88.8%.
LOST_GAME = [(0.4974, 0.4419), (0.4328, 0.3224), (0.4088, 0.3636), (0.337, 0.1514),
             (0.1819, 0.0683), (0.204, 0.0425)]


def test_a_lost_game_of_mistakes_does_not_score_high() -> None:
    judged = [Judgement(2 * i, 0, "draw", "draw", b, a, label_for(b - a))
              for i, (b, a) in enumerate(LOST_GAME)]
    assert [j.label for j in judged].count("mistake") == 4
    accuracy = summarise(judged, ("You", "AI (hard)"))["players"][0]["accuracy"]
    assert accuracy < 60


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=1, max_size=40), st.data())
def test_accuracy_is_bounded_by_the_blunders(losses: list[float], data: st.DataObject) -> None:
    """Every decision best: 100; a quarter of the decisions or more blunders (20 points or
    more): at most 71 however good the rest; a worse decision never raises it."""
    blunders = sum(x >= 0.2 for x in losses)
    score = accuracy(losses)
    assert score is not None and 0 <= score <= 100
    if all(x < 0.01 for x in losses):
        assert score == 100
    if 4 * blunders >= len(losses):
        assert score <= 71
    i = data.draw(st.integers(0, len(losses) - 1))
    worse = [*losses[:i], min(1.0, losses[i] + 0.05), *losses[i + 1:]]
    assert accuracy(worse) <= score  # type: ignore[operator]


def test_the_review_says_how_accuracy_is_counted() -> None:
    review = review_game("classic", 2, BLUNDER_GAME, ("Ann", "Bob"), FAST)
    record = blunder_record()
    console = Console(file=StringIO(), width=80, color_system=None)
    for line in review_text(review, record, "game.json"):
        console.print(line)
    text = " ".join(console.file.getvalue().split())  # type: ignore[attr-defined]
    assert ("Accuracy: each decision scores 100 when it gave away under 1 point, half as much "
            "for every 10 points more") in text
    assert "100 minus the mean loss" not in text


def test_the_searchs_own_choice_is_judged_as_judge_would() -> None:
    """``Judge.best`` (the calibration benchmark's player): the move the search prefers, with
    the verdict and win chance ``judge`` gives that move; a win in one when there is one."""
    judge = Judge(FAST)
    g = Game.new(seed=2)
    for m in PREFIX[:6]:
        own = judge.best(g)
        again = judge.judge(g, own.move)
        assert own.move in {str(x) for x in g.legal_moves()} and own.player == g.to_move
        assert (again.label, again.win_after) == (own.label, own.win_after)
        assert own.label in ("best", "forced")
        g.play(m)
    planted = before_blunder()
    assert judge.best(planted).move in WINS and judge.best(planted).win_after == 1.0


def test_a_review_saved_with_raw_chances_is_made_again() -> None:
    """Reviews saved before the calibration hold the search's raw chances: filed under the bare
    budget (``iterations=60``), they are not read back as this budget's review."""
    from cuttle.files.history import History
    from cuttle.files.reviews import game_key, load_review

    record = blunder_record()
    review = review_game("classic", 2, BLUNDER_GAME, ("Ann", "Bob"), FAST)
    History().save_review(game_key(record), "iterations=60", json.dumps(review.to_json()))
    assert load_review(record, FAST) is None
    History().save_review(game_key(record), FAST.key(), json.dumps(review.to_json()))
    assert load_review(record, FAST) is not None


def test_forced_moves_are_labelled_forced() -> None:
    g = Game.new(seed=2)
    for m in PREFIX[:2]:
        g.play(m)  # a 6 one-off: the counter window
    for m in PREFIX[2:5]:
        if len(g.legal_moves()) == 1:
            j = Judge(FAST).judge(g, m)
            assert j.label == "forced"
        g.play(m)
    review = review_game("classic", 2, BLUNDER_GAME, budget=FAST)
    for j, ply in zip(review.judgements, range(len(BLUNDER_GAME)), strict=True):
        g = Game.new(seed=2)
        for m in BLUNDER_GAME[:ply]:
            g.play(m)
        assert (j.label == "forced") == (len(g.legal_moves()) == 1)


def test_label_thresholds() -> None:
    assert label_for(0.0) == "best"
    assert label_for(0.2, missed_win=False) == "blunder"
    assert label_for(0.0, missed_win=True) == "blunder"
    previous = 0.0
    for name, limit in THRESHOLDS:
        assert label_for(previous) == name
        assert label_for(limit - 1e-9) == name
        assert label_for(limit) != name
        previous = limit


def test_the_judgement_reads_only_the_movers_view() -> None:
    """Two games the mover cannot tell apart (hidden cards re-dealt) get the same judgement."""
    g = Game.new(seed=11)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    seat = g.to_move
    assert seat is not None
    view = g.view(seat)
    twins = [Game.from_view(view, random.Random(s)) for s in (1, 2)]
    assert twins[0].to_position() != twins[1].to_position()
    move = g.legal_moves()[-1]
    verdicts = [Judge(FAST).judge(t, move, ply=6) for t in (g, *twins)]
    assert verdicts[0] == verdicts[1] == verdicts[2]


def test_bad_budgets_are_refused() -> None:
    for bad in (dict(iterations=0), dict(think=0.0), dict(think=float("nan")),
                dict(think=-1.0), dict(iterations=10**9)):
        with pytest.raises(ValueError):
            Budget(**bad)  # type: ignore[arg-type]


# -- the chart ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 7, 73, 300, 5000])
@pytest.mark.parametrize("ascii", [False, True])
def test_the_chart_fits_80_columns(n: int, ascii: bool) -> None:
    values = [0.5 + 0.5 * ((i * 37) % 11 - 5) / 5 for i in range(n)]
    lines = line_chart(values, 0.0, 1.0, height=8, fmt=lambda v: f"{100 * v:.0f}%",
                       reference=0.5, ascii=ascii, x_label="move 1 … move " + "9" * 100)
    assert lines
    assert all(len(line) <= 80 for line in lines)
    if ascii:
        assert all(line.isascii() for line in lines[:-1])


def test_the_chart_draws_high_and_low_values() -> None:
    lines = line_chart([0.0, 1.0], 0.0, 1.0, height=4, width=20)
    assert len(lines) == 5  # four rows and the axis
    for line in lines[:4]:  # 13 columns of plot: each value gets 6
        assert line[7:] == " " * 6 + "█" * 6
    assert lines[0].startswith("     1┤") and lines[3].startswith("     0┤")


def test_the_review_text_fits_80_columns() -> None:
    review = review_game("classic", 2, BLUNDER_GAME, ("Ann", "Bob"), FAST)
    out = StringIO()
    console = Console(file=out, width=80, color_system=None)
    for line in review_text(review, blunder_record(), "test"):
        console.print(line)
    text = out.getvalue()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "blunder" in text and "it misses a win in one move: points 7" in text
    assert "better: " in text  # the other worse moves name the better one
    assert "points 10♣" in text and "TC" not in text  # moves as the game shows the cards
    assert "from what the mover could see" in text


def test_the_review_summary_heads_its_columns_with_whole_words() -> None:
    review = review_game("classic", 2, BLUNDER_GAME, ("Ann", "Bob"), FAST)
    lines = [line.plain for line in review_text(review, blunder_record(), "test")
             if hasattr(line, "plain")]
    head = next(line for line in lines if line.split()[:1] == ["accuracy"])
    assert head.split() == ["accuracy", "best", "good", "inaccuracy", "mistake", "blunder",
                            "forced"]
    row = next(line for line in lines if line.startswith("Bob"))
    assert len(row) == len(head)  # each count under its word


# -- the command -------------------------------------------------------------------------------
def test_review_json_of_a_record_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    write_json(path, blunder_record().to_json())
    assert main(["review", str(path), "--json", "--iterations", "60"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"game", "moves", "summary"}
    assert data["game"]["source"] == str(path) and data["game"]["id"] is None  # a file
    assert data["game"]["moves"] == len(BLUNDER_GAME)
    moves = data["moves"]
    assert [m["ply"] for m in moves] == list(range(len(BLUNDER_GAME)))
    assert [m["number"] for m in moves] == list(range(1, len(BLUNDER_GAME) + 1))
    for m in moves:
        assert {"ply", "player", "move", "best", "win_before", "win_after", "label"} <= set(m)
        assert m["player"] in (0, 1) and m["label"] in LABELS
        assert 0.0 <= m["win_after"] <= 1.0 and 0.0 <= m["win_before"] <= 1.0
        assert m["move"] == BLUNDER_GAME[m["ply"]]
    planted = moves[len(PREFIX)]
    assert planted["label"] == "blunder" and planted["best"] in WINS


def test_review_refuses_unfinished_and_bad_files(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    rec = blunder_record()
    rec.moves, rec.outcome, rec.reason = list(PREFIX), None, None
    path = tmp_path / "open.json"
    write_json(path, rec.to_json())
    assert main(["review", str(path)]) == 2
    assert "not finished" in capsys.readouterr().err
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert main(["review", str(junk)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert junk.read_text() == "{not json"
    assert main(["review", "--iterations", "0", str(path)]) == 2
    assert main(["review", "424242"]) == 2
    assert "no game 424242" in capsys.readouterr().err


def test_review_without_argument_takes_the_last_finished_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review"]) == 2
    assert "no finished game" in capsys.readouterr().err
    from cuttle.files.history import History

    History().add(blunder_record())
    assert main(["review", "--iterations", "30", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Review of game 1: Ann vs Bob" in out and "Summary" in out


def test_replay_takes_a_game_number_or_the_last_finished_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay"]) == 2
    assert "no finished game to replay yet" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "nowhere.json")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "left as it is" not in err  # nothing there to leave
    from cuttle.files.history import History

    History().add(blunder_record())
    for args in (["replay"], ["replay", "1"]):
        assert main(args) == 0  # piped: the whole game as text
        out = capsys.readouterr().out
        assert "Game record: Ann vs Bob" in out and "Ann played 10♣ for 10 points" in out
    assert main(["replay", "7"]) == 2
    assert "no game 7 in the history" in capsys.readouterr().err


# -- the coach ---------------------------------------------------------------------------------
def test_the_coach_names_a_blunder_and_the_better_move() -> None:
    remark = Coach(iterations=60).remark(before_blunder(), "draw")
    assert remark is not None
    assert "blunder" in remark and ("points 7♣" in remark or "points 7♥" in remark)
    # one notation: every card as the game shows it (issue 24 item 13: "points 2S ... 5♥")
    assert not re.search(r"\b([A2-9TJQK][CDHS])\b", remark), remark
    ascii_remark = Coach(iterations=60).remark(before_blunder(), "draw", CardStyle(ascii=True))
    assert ascii_remark is not None and "♣" not in ascii_remark and "♥" not in ascii_remark
    assert Coach(iterations=60).remark(before_blunder(), "points 7H") is None


def _play(coach: bool) -> str:
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    io = PlainIO(console, StringIO("draw\n" * 3 + "quit\n"))
    seats = (Seat("You"), Seat("AI (random)", "random"))
    session = GameSession(2, "classic", seats, io, Options(style=CardStyle(), coach=coach))
    assert (session.coach is not None) == coach
    session.run()
    return out.getvalue()


def test_coach_is_off_by_default_and_speaks_when_on(monkeypatch: pytest.MonkeyPatch) -> None:
    # Coach remarks come out at the pace of the game, after the player's move.
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(
        Coach, "remark", lambda self, g, m, style: seen.append((str(m), "x")) or "Coach: x"
    )
    assert "Coach:" not in _play(False) and not seen
    text = _play(True)
    assert "Coach: x" in text
    assert seen and all(m == "draw" for m, _ in seen)


def test_coach_judges_a_human_move_in_a_real_session() -> None:
    out = StringIO()
    console = Console(file=out, width=80, color_system=None, highlight=False)
    io = PlainIO(console, StringIO("draw\nquit\n"))
    # Player 1 (the human) is to move in the planted position: seat the AI first.
    seats = (Seat("AI (random)", "random"), Seat("You"))
    session = GameSession(2, "classic", seats, io, Options(coach=True), moves=list(PREFIX))
    assert isinstance(session.coach, Coach)
    session.coach = Coach(iterations=40)
    session.run()
    assert "Coach: draw was a blunder" in out.getvalue()
    assert Move.parse("draw") is session.game.history[len(PREFIX)][1]


def test_no_coach_in_hot_seat() -> None:
    io = PlainIO(Console(file=StringIO()), StringIO(""))
    session = GameSession(2, "classic", (Seat("A"), Seat("B")), io, Options(coach=True))
    assert session.coach is None


def test_the_coach_setting_and_the_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from cuttle.files.settings import Settings, save_settings
    from cuttle.play.coach import wanted

    assert wanted(None) is False  # off by default
    save_settings(replace(Settings(), coach=True))
    assert wanted(None) is True
    assert wanted(False) is False  # --no-coach wins over the setting
    assert wanted(True) is True


def test_progress_is_reported_once_per_move(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    steps: list[tuple[int, int]] = []
    review_game("classic", 2, BLUNDER_GAME, budget=Budget(iterations=8),
                on_step=lambda done, total: steps.append((done, total)))
    assert steps == [(i + 1, len(BLUNDER_GAME)) for i in range(len(BLUNDER_GAME))]
    # On a terminal the command draws a rich progress bar on standard error.
    from cuttle.commands import review as review_cmd

    monkeypatch.setattr(review_cmd.sys.stderr, "isatty", lambda: True)
    review = review_cmd._analyse(blunder_record(), Budget(iterations=8))
    assert len(review.judgements) == len(BLUNDER_GAME)
    assert "Analysing" in capsys.readouterr().err


# -- a table of three or four ------------------------------------------------------------------
def table_game(rules: str, plies: int, seed: int = 21) -> tuple[Game, list[str]]:
    """A game of random play ``plies`` long (not over: the first deal from ``seed`` on where
    random play lasts that long), and its moves."""
    while True:
        rng = random.Random(seed)
        g = Game.new(seed=seed, rules=rules)
        texts: list[str] = []
        for _ in range(plies):
            m = rng.choice(g.legal_moves())
            texts.append(str(m))
            g.play(m)
            if g.outcome is not None:
                break
        if g.outcome is None:
            return g, texts
        seed += 1


@pytest.mark.parametrize("rules", ["classic+cutthroat", "cuttlecards+teams"])
def test_a_decision_at_a_table_is_judged_from_the_movers_view(rules: str) -> None:
    # The same verdict on a twin of the game whose cards the mover cannot see (every other
    # hand, the partner's included, and the deck) are dealt otherwise.
    g, _ = table_game(rules, 6)
    seat = g.to_move
    assert seat is not None
    played = g.legal_moves()[-1]
    twin = g.redeal(seat, random.Random(4))
    twin.history = g.history[:]
    assert twin.view(seat) == g.view(seat)
    assert any(twin.hands[q] != g.hands[q] for q in range(g.players) if q != seat)
    a = Judge(FAST).judge(g, played)
    b = Judge(FAST).judge(twin, played)
    assert a == b
    assert a.player == seat and a.label in LABELS and 0.0 <= a.win_after <= a.win_before <= 1.0


def test_a_win_on_the_spot_in_teams_is_the_teams() -> None:
    # wins_now counts a move that wins for the mover's side: in teams, outcome "team0"/"team1".
    for seed in range(30):
        g, _ = table_game("classic+teams", 0, seed)
        rng = random.Random(seed)
        for _ in range(200):
            if g.outcome is not None:
                break
            seat = g.to_move
            assert seat is not None
            legal = g.legal_moves()
            won = []
            for m in legal:
                c = g.copy()
                c.play(m)
                if c.outcome == f"team{seat & 1}":
                    won.append(m)
            if won and len(legal) > 1:
                assert set(wins_now(g.view(seat), seat, legal)) == set(won)
                loser = next(m for m in legal if m not in won)
                j = Judge(FAST).judge(g, loser)
                assert j.label == "blunder" and j.best in {str(m) for m in won}
                return
            g.play(rng.choice(legal))
    pytest.fail("no win on the spot met (seed 0 met one at its 123rd move)")


def test_review_of_a_cutthroat_record_names_every_seat_and_sums_up() -> None:
    g, texts = table_game("classic+cutthroat", 9)
    review = review_game("classic+cutthroat", g.seed or 0, texts, ("Ann", "Bob"),
                         Budget(iterations=12))
    assert review.names == ("Ann", "Bob", "seat 2")  # numbered from 0, as the game log
    assert [j.player for j in review.judgements] == [p for p, _ in g.history]
    summary = review.summary()["players"]
    assert [p["name"] for p in summary] == ["Ann", "Bob", "seat 2"]
    assert sum(p["moves"] for p in summary) == 9
    again = Review.from_json(review.to_json(), review.names, texts)
    assert again.summary() == review.summary()
    # Ann's curve changes on her own moves only
    curve = review.win_curve(0)
    for i, j in enumerate(review.judgements):
        if j.player == 0:
            assert curve[i] == j.win_after
        else:
            assert curve[i] == (curve[i - 1] if i else 1 / 3)


def test_the_win_curve_in_teams_follows_the_partner_too() -> None:
    g, texts = table_game("classic+teams", 8)
    review = review_game("classic+teams", g.seed or 0, texts, budget=Budget(iterations=12))
    curve = review.win_curve(0)
    for i, j in enumerate(review.judgements):
        if j.player in (0, 2):  # seat 2 is the partner
            assert curve[i] == j.win_after
        else:
            assert curve[i] == (curve[i - 1] if i else 0.5)


CONCEDED = ["concede @0", "points TH", "points TD", "points 5S"]  # seed 1, three seats


def test_a_concession_at_a_table_is_reviewed_not_refused() -> None:
    # "concede @0" is no move of the turn: the review used to stop on it with a traceback.
    names = ("You", "AI 1 (medium)", "AI 2 (medium)")
    review = review_game("classic+cutthroat", 1, CONCEDED, names, Budget(iterations=12))
    first = review.judgements[0]
    assert (first.player, first.move, first.label) == (0, "concede @0", "forced")
    assert [j.player for j in review.judgements] == [0, 1, 2, 1]
    assert Review.from_json(review.to_json(), names, CONCEDED).summary() == review.summary()


def test_the_review_head_names_every_seat_and_the_result() -> None:
    names = ("You", "AI 1 (medium)", "AI 2 (medium)")
    review = review_game("classic+cutthroat", 1, CONCEDED, names, Budget(iterations=12))
    record = GameRecord("classic+cutthroat", 1, list(names), CONCEDED, "p1", "points",
                        ["human", "ai:medium", "ai:medium"])
    head = str(review_text(review, record, "game 1")[0])
    assert head.startswith("Review of game 1: You vs AI 1 (medium) vs AI 2 (medium), ")
    assert head.endswith("AI 1 (medium) wins on points.")
    four = ("You", "AI 1 (medium)", "Partner (medium)", "AI 2 (medium)")
    g = Game.new(seed=1, rules="classic+teams")
    g.concede(0)
    teams = review_game("classic+teams", 1, ["concede @0"], four, Budget(iterations=12))
    record = GameRecord("classic+teams", 1, list(four), ["concede @0"], g.outcome,
                        g.outcome_reason, ["human", "ai:medium", "ai:medium", "ai:medium"])
    head = str(review_text(teams, record, "game 2")[0])
    assert "You & Partner (medium) vs AI 1 (medium) & AI 2 (medium)" in head
    assert "unfinished" not in head and "AI 1 (medium) and AI 2 (medium) win" in head


def test_the_reasons_at_a_table_call_every_seat_by_its_name() -> None:
    # They used to get the mover's name only and call the others "seat 0", "seat 3".
    g, texts = table_game("classic+teams", 30)
    names = ("You", "Bob", "Cy", "Di")
    review = review_game("classic+teams", g.seed or 0, texts, names, Budget(iterations=12))
    reasons = " ".join(j.reason for j in review.judgements)
    assert not re.search(r"\bseat \d", reasons)
    assert all(name in reasons for name in ("Bob", "Cy", "Di"))


def test_the_review_chart_follows_the_human_at_a_table_after_a_rematch() -> None:
    # a rematch rotates the seats: the player sits at seat 2; the chart was seat 0's
    names = ("AI 1 (medium)", "AI 2 (medium)", "You")
    review = review_game("classic+cutthroat", 1, CONCEDED, names, Budget(iterations=12))
    record = GameRecord("classic+cutthroat", 1, list(names), CONCEDED, "p1", "points",
                        ["ai:medium", "ai:medium", "human"])
    lines = [str(line) for line in review_text(review, record, "game 3")]
    assert "You: chance to win after each move" in lines


def test_the_coach_at_a_table_calls_the_other_seats_by_name() -> None:
    # it gave the judge "you" and "the opponent" only: "seat 2 discards 2 of 2 cards"
    from seats import make

    # (with a 9 instead of the ace, 3C is no blunder since the third pass: 2 + 3 + 9 is a win
    # next turn that the other seats, not seeing the 9, do not always stop)
    g = make("classic+cutthroat", hands=["AS 3C 4D", "5C 6C", "7D 8D"],
             points=[["2H"], ["3S"], ["TH"]])
    j = Coach(iterations=60).verdict(g, "points 3C", ("you", "Bob", "Carol"))
    assert j is not None and j.label == "blunder"
    assert "Carol" in j.reason and not re.search(r"\bseat \d", j.reason)
