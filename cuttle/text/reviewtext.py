"""A game review in words: each move with its label and reason, the summary, the chart.

Rich ``Text`` lines for a screen to arrange (the review screen, the replay, ``cuttle review``);
no terminal and no files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cuttle.text.safetext import one_line
from cuttle.words import count

if TYPE_CHECKING:
    from cuttle.ai.review import Review
    from cuttle.files.storage import GameRecord

NAME_WIDTH = 12  # "AI (medium)" whole

LABEL_STYLE = {
    "best": "green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
    "forced": "dim",
}


def shown_advice(j: Any, style: Any) -> str:
    """What a worse move missed or the better move and why (:func:`cuttle.ai.review.advice`),
    with every card written as the game shows cards (``points 7♣``, not ``points 7C``)."""
    from cuttle.ai.review import advice

    return str(style.sentence(advice(j)))


def review_text(review: Review, record: GameRecord, where: str, ascii: bool = False,
                width: int = 80) -> list[Any]:
    """The review as rich Text lines: header, moves with labels and reasons, summary, chart."""
    from rich.text import Text

    humans = [s for s, ctl in enumerate(record.controllers) if ctl == "human"]
    # at a table of three or four the chart follows the one human, wherever the seats put them
    player = humans[0] if len(humans) == 1 and len(review.names) > 2 else 0
    parts = review_parts(review, record, where, ascii, width, player)
    return [*parts["head"], Text(""), *parts["moves"], Text(""), *parts["summary"], Text(""),
            *parts["chart"]]


def review_parts(review: Review, record: GameRecord, where: str, ascii: bool = False,
                 width: int = 80, player: int = 0) -> dict[str, list[Any]]:
    """The parts of a review as rich lines, for a screen to arrange: ``head`` (the game and
    how it is judged), ``moves`` (each move, its label, a reason for each worse move),
    ``summary`` (per player) and ``chart`` (``player``'s win chance, ``width`` wide)."""
    from rich.padding import Padding
    from rich.text import Text

    from cuttle.ai.review import HALVING, LABELS, NOISE, THRESHOLDS, decision_score
    from cuttle.text.cardtext import CardStyle

    style = CardStyle(ascii=ascii)  # moves as the game shows them: 10♣, not TC
    names = review.names
    result = {"p0": f"{names[0]} won", "p1": f"{names[1]} won", "draw": "a draw"}.get(
        str(record.outcome), "unfinished")
    players = f"{names[0]} vs {names[1]}"
    if len(names) > 2:
        from cuttle.text.describe import outcome_words

        # a table of three or four: every seat, and the result as the game said it
        players = (f"{names[0]} & {names[2]} vs {names[1]} & {names[3]}" if "teams" in record.rules
                   else " vs ".join(names))
        if record.outcome is not None:
            result = outcome_words({"outcome": record.outcome}, names, record.reason)
    budget = review.budget
    spent = (f"{budget.think:g} s" if budget.think is not None
             else count(budget.iterations, "simulation", digits=True))
    head: list[Any] = [
        Text(f"Review of {one_line(where, 50)}: {players}, "
             f"{one_line(record.rules)}, seed {record.seed}; {result}.", style="bold"),
        Text(f"Each decision is judged by the hard AI's search ({spent} per decision) from what "
             "the mover could see at that moment, not from the hidden cards. Win chances are the "
             "mover's, with the best move found and with the move played."),
    ]
    moves: list[Any] = []
    for j in review.judgements:
        line = Text(f"{j.ply + 1:>3}. {names[j.player][:NAME_WIDTH]:<{NAME_WIDTH}} "
                    f"{style.words(j.move):<18} ")
        line.append(f"{j.label:<10}", style=LABEL_STYLE.get(j.label, ""))
        line.append(f" {100 * j.win_before:3.0f}% → {100 * j.win_after:3.0f}%")
        moves.append(line)
        if j.label in ("inaccuracy", "mistake", "blunder"):
            moves.append(Padding(Text(shown_advice(j, style), style="dim"), (0, 0, 0, 7)))
    summary: list[Any] = [Text("Summary", style="bold")]
    # Whole words as column heads (a new player could not read "inacc mista blund").
    top = f"{'':<{NAME_WIDTH}} {'accuracy':>8} " + " ".join(f"{lab:>{len(lab)}}" for lab in LABELS)
    summary.append(Text(top))
    for p in review.summary()["players"]:
        acc = "-" if p["accuracy"] is None else f"{p['accuracy']:.1f}%"
        counts = " ".join(f"{p['counts'][lab]:>{len(lab)}}" for lab in LABELS)
        summary.append(Text(f"{names[p['player']][:NAME_WIDTH]:<{NAME_WIDTH}} {acc:>8} {counts}"))
    limits = ", ".join(f"{name} under {100 * v:g}" for name, v in THRESHOLDS)
    summary.append(Text(f"Win chance given away, in points: {limits}, blunder from "
                        f"{100 * THRESHOLDS[-1][1]:g} (or a win in one missed). Accuracy: each "
                        f"decision scores 100 when it gave away under {100 * NOISE:g} point, "
                        f"half as much for every {100 * HALVING:g} points more (a 20-point "
                        f"blunder {100 * decision_score(0.2):.0f}); the accuracy is the mean of "
                        "the plain and the harmonic mean of those scores, so that a few blunders "
                        "weigh more than many easy moves.", style="dim"))
    from cuttle.text.chart import line_chart

    chart: list[Any] = [Text(f"{names[player]}: chance to win after each move", style="bold")]
    chart += [Text(c) for c in line_chart(
        review.win_curve(player), 0.0, 1.0, height=8, width=width,
        fmt=lambda v: f"{100 * v:.0f}%", reference=0.5, ascii=ascii,
        x_label=f"move 1 … move {len(review.judgements)}",
    )]
    return {"head": head, "moves": moves, "summary": summary, "chart": chart}
