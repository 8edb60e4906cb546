"""The table model of a live game: what one screen of the table shows, built in one place.

A game in play (``cuttle.play.session``) and a lesson (``cuttle.ui.learn_app``) both draw the
table as one seat sees it, or face up: the same position, scores, goals and status sentence.
``game_model`` builds that ``TableModel``; a caller that already holds the position or the legal
moves of this moment passes them in, so they are not computed twice. Two, three or four seats are
one model: ``names`` has one name a seat, and a seat's view hides every other hand (a partner's
too) unless glasses show it.
"""

from __future__ import annotations

from collections.abc import Sequence

from cuttle import Game
from cuttle.text.cardtext import CardStyle
from cuttle.text.describe import Position, phase_sentence
from cuttle.text.render import TableModel


def game_model(
    game: Game,
    viewer: int | None,
    names: Sequence[str],
    style: CardStyle,
    *,
    pos: Position | None = None,
    legal: Sequence[str] | None = None,
    status: str | None = None,
    events: Sequence[str] = (),
    seed: int | None = None,
    bottom_seat: int | None = None,
) -> TableModel:
    """The table of ``game`` as seat ``viewer`` sees it (``None``: face up).

    ``pos`` defaults to the viewer's view (the whole position for ``None``), with the rules
    filled in; ``status`` defaults to what the viewer must do now (``phase_sentence``, empty when
    face up), worked out from ``legal`` (default: the game's legal moves while it is in play).
    """
    if pos is None:
        pos = game.to_position() if viewer is None else game.view(viewer)
    pos.setdefault("rules", str(game.rules))
    if status is None:
        if viewer is None:
            status = ""
        else:
            if legal is None:
                legal = [str(m) for m in game.legal_moves()] if game.outcome is None else []
            status = phase_sentence(pos, viewer, names, list(legal), style)
    seats = range(game.players)
    return TableModel(
        pos=pos,
        viewer=viewer,
        names=tuple(names),
        scores=tuple(game.score(p) for p in seats),
        goals=tuple(game.goal(p) for p in seats),
        status=status,
        events=list(events),
        seed=seed,
        style=style,
        bottom_seat=bottom_seat,
    )
