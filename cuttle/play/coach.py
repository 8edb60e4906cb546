"""Coach mode: after each of your decisions, one line when it was a mistake or a blunder.

The coach judges the move with the same analysis as ``cuttle review`` (:mod:`cuttle.ai.review`),
from your view only (the cards you could see when you moved), with a small budget so the game keeps
its pace. It says nothing about good moves, forced moves or the AI's moves.
"""

from __future__ import annotations

from cuttle import Game, Move
from cuttle.ai.review import BAD, Budget, Judge, Judgement
from cuttle.text.cardtext import CardStyle
from cuttle.text.reviewtext import shown_advice

#: The coach's search budget: about a tenth of a second per decision.
COACH_ITERATIONS = 400


class Coach:
    """Judges one seat's decisions as they are made."""

    def __init__(self, iterations: int = COACH_ITERATIONS) -> None:
        self.judge = Judge(Budget(iterations=iterations))

    def verdict(self, before: Game, move: Move | str,
                names: tuple[str, ...] | None = None) -> Judgement | None:
        """The judgement of ``move`` played in ``before`` (the game just before it, not changed),
        or None when there was nothing to choose. ``names``, at three or four seats, a name a
        seat (the mover's "you") for the reasons; else "you" and "the opponent"."""
        if before.outcome is not None or len(before.legal_moves()) < 2:
            return None
        if names is not None and before.players > 2:
            return self.judge.judge(before, move, names=names)
        return self.judge.judge(before, move)

    def remark(
        self, before: Game, move: Move | str, style: CardStyle | None = None,
        names: tuple[str, ...] | None = None,
    ) -> str | None:
        """One line when ``move`` was a mistake or a blunder, else None; its cards as ``style``
        (the game's, which the player may change mid-game) shows them; ``names`` as
        :meth:`verdict` takes them."""
        j = self.verdict(before, move, names)
        if j is None or j.label not in BAD:
            return None
        return remark_text(j, style or CardStyle())


def wanted(flag: bool | None) -> bool:
    """Whether to coach: ``--coach``/``--no-coach`` if given, else the ``coach`` setting."""
    if flag is not None:
        return flag
    from cuttle.files.settings import load_settings

    return bool(load_settings()[0].coach)


def remark_text(j: Judgement, style: CardStyle) -> str:
    """``Coach: points 2♠ was a blunder: better: oneoff 5♥ (5♥: …); 100% to win instead of
    41%.``: every card as the game shows it (``style``), as in the review."""
    return style.say(
        f"Coach: {style.words(j.move)} was a {j.label}: {shown_advice(j, style)}; "
        f"{100 * j.win_before:.0f}% to win instead of {100 * j.win_after:.0f}%."
    )
