"""Saved game reviews: the analysis of a finished game kept in the history database.

``cuttle review`` and the game-over screen save the review they compute; ``cuttle replay`` shows
the labels of a saved review beside the moves, and a review asked for again with the same
(reproducible) budget is read back instead of computed twice. A review is filed under a hash of
the game (rules, seed and moves) and its budget, so it belongs to the game whatever file or history
entry it was read from. Saved data is read like any file: checked against the game move by move
(:meth:`cuttle.ai.review.Review.from_json`); anything that does not fit counts as no review.
Saving and loading never raise: a database that cannot be used simply keeps no review.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from cuttle.safejson import loads_limited
from cuttle.text.safetext import safe_text

if TYPE_CHECKING:
    from cuttle.ai.review import Budget, Review
    from cuttle.files.history import History
    from cuttle.files.storage import GameRecord

NAME_LIMIT = 20


def game_key(record: GameRecord) -> str:
    """The game a record holds, as a hash of its rules, seed and moves."""
    text = json.dumps([record.rules, record.seed, list(record.moves)], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def review_names(record: GameRecord) -> tuple[str, ...]:
    """The players' names as a review shows them (made safe, at most 20 characters): one a
    seat."""
    return tuple(safe_text(name, NAME_LIMIT) for name in record.players)


def _history(history: History | None) -> History:
    if history is not None:
        return history
    from cuttle.files.history import History

    return History()


def load_review(
    record: GameRecord, budget: Budget | None = None, history: History | None = None
) -> Review | None:
    """The newest saved review of this game (made with ``budget`` when one is given), or None
    (none saved, the database unusable, or saved data that does not fit the game)."""
    from cuttle.ai.review import Review
    from cuttle.files.history import HistoryError
    from cuttle.files.safefile import FilesError

    try:
        saved = _history(history).reviews(game_key(record))
    except (HistoryError, OSError, FilesError):
        return None
    for key, data in saved:
        if budget is not None and key != budget.key():
            continue
        try:
            return Review.from_json(
                loads_limited(data), review_names(record),  # type: ignore[arg-type]  # a name a seat
                list(record.moves)
            )
        except (ValueError, TypeError, KeyError, OverflowError, RecursionError):
            continue  # saved data that does not fit (a 400-digit budget, say): no review
    return None


def save_review(record: GameRecord, review: Review, history: History | None = None) -> str | None:
    """Keep ``review`` of this game; None when kept, else why not (the caller may say so)."""
    from cuttle.files.history import HistoryError
    from cuttle.files.safefile import FilesError

    try:
        _history(history).save_review(
            game_key(record), review.budget.key(), json.dumps(review.to_json())
        )
    except (HistoryError, OSError, FilesError) as exc:
        return str(exc)
    return None


def review_record(
    record: GameRecord,
    budget: Budget,
    on_step: Callable[[int, int], None] | None = None,
    history: History | None = None,
) -> Review:
    """The review of a finished record with ``budget``: the saved one when the budget is a
    reproducible number of simulations and one was saved, else computed now and saved (in
    ``history``, default this user's)."""
    from cuttle.ai.review import review_game

    if budget.think is None:
        saved = load_review(record, budget, history)
        if saved is not None:
            if on_step is not None:
                on_step(len(record.moves), len(record.moves))
            return saved
    review = review_game(
        record.rules, record.seed, list(record.moves),
        review_names(record),  # type: ignore[arg-type]  # a name a seat (the AI issue's review)
        budget, on_step,
    )
    save_review(record, review, history)
    return review


def review_refusal(record: GameRecord) -> str | None:
    """Why ``record`` cannot be reviewed yet, or None: the review is the hard AI's search, which
    judges a table of three or four once it plays one (``cuttle.ai.levels_for``)."""
    from cuttle.ai import levels_for

    seats = len(record.players)
    if "hard" in levels_for(seats):
        return None
    return (f"a game of {seats} is reviewed by the hard AI, which does not play a table of "
            f"{seats} yet")


__all__ = ["game_key", "load_review", "review_names", "review_record", "review_refusal",
           "save_review"]
