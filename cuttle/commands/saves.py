"""``cuttle saves`` and the offer of the newest unfinished game that ``cuttle play`` makes.

Registered by ``cuttle.commands.play`` (with ``play`` and ``replay``); imports nothing heavy at
module level, so ``cuttle --help`` stays fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from cuttle.commands.common import EXIT_ERROR, EXIT_OK, EXIT_USAGE, err

if TYPE_CHECKING:
    from cuttle.files.storage import GameRecord


def opponents(rec: GameRecord, limit: int = 80) -> str:
    """Who a saved game's first human plays: ``AI (medium)``, or every other seat's name
    (``AI 1 (random), AI 2 (random)``) at a table of three or four."""
    from cuttle.text.safetext import safe_text

    ctl = rec.controllers
    human = ctl.index("human") if "human" in ctl else 0
    return ", ".join(safe_text(name, limit) for seat, name in enumerate(rec.players)
                     if seat != human)


def _clear_saves() -> int:
    """``cuttle saves --clear``: every save no other session holds, deleted; one line."""
    from cuttle.files.saves import SlotError, delete_save, list_saves
    from cuttle.words import count

    deleted = kept = 0
    for info in list_saves():
        try:
            delete_save(info.name)
            deleted += 1
        except SlotError:  # open in another session (or gone meanwhile): left as it is
            kept += 1
    busy = f"; {count(kept, 'game', digits=True)} open in another session kept" if kept else ""
    print(f"Deleted {count(deleted, 'saved unfinished game', digits=True)}{busy}.")
    return EXIT_OK


def offer_resume(
    read: Callable[[str], str] = input, write: Callable[[str], None] = print
) -> str | None:
    """On a terminal, ``cuttle play`` with no game asked for: offer the newest unfinished game
    (one no other session holds). Returns its slot name when the answer is yes; None (start a new
    game) for no, Enter, end of input, or when there is nothing to offer."""
    import time

    from cuttle.files.saves import list_saves
    from cuttle.text.safetext import safe_text
    from cuttle.words import count

    newest = next((i for i in list_saves()
                   if not i.busy and i.record is not None and i.record.outcome is None), None)
    if newest is None or newest.record is None:
        return None
    rec = newest.record
    opponent = ("hot-seat" if set(rec.controllers) == {"human"}
                else "vs " + opponents(rec, 30))
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(newest.when))
    question = (f"Resume {newest.name} ({opponent}, {safe_text(rec.rules, 30)}, "
                f"{count(len(rec.moves), 'move', digits=True)}, {when})? [y/N] ")
    try:
        answer = read(question).strip().lower()
    except EOFError:
        write("")
        return None
    return newest.name if answer in ("y", "yes") else None


def saves_command(args: argparse.Namespace) -> int:
    """``cuttle saves [--delete NAME | --clear]``: returns the exit status."""
    import time

    from cuttle.files.safefile import shown_path
    from cuttle.files.saves import SlotBusy, SlotError, delete_save, list_saves
    from cuttle.files.storage import NoHomeError, rebuild
    from cuttle.text.safetext import safe_text
    from cuttle.words import count

    try:
        if getattr(args, "clear", False):
            return _clear_saves()
        if args.delete is not None:
            try:
                path = delete_save(args.delete)
            except SlotBusy as exc:
                err(str(exc))
                return EXIT_ERROR
            except SlotError as exc:
                err(str(exc))
                return EXIT_USAGE
            print(f"Deleted the saved game {safe_text(args.delete, 80)} ({shown_path(path)}).")
            return EXIT_OK
        infos = list_saves()
    except NoHomeError as exc:
        err(str(exc))
        return EXIT_ERROR
    if not infos:
        print("No unfinished games are saved. Start one with: cuttle play")
        return EXIT_OK
    print(f"{count(len(infos), 'unfinished game', digits=True)}, newest first:")
    for info in infos:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.when))
        busy = " (open in another session)" if info.busy else ""
        rec = info.record
        if rec is None:
            print(f"  {info.name}  {when}  unreadable: {safe_text(info.problem or '', 160)}")
            continue
        try:
            game = rebuild(rec)
            score = "-".join(str(game.score(p)) for p in range(game.players))
        except Exception:  # noqa: BLE001 - listing must go on past a bad save
            score = "moves not legal"
        opponent = "hot-seat" if set(rec.controllers) == {"human"} else opponents(rec)
        print(
            f"  {info.name}  {when}  {safe_text(rec.rules, 40)}  vs {opponent}  "
            f"{count(len(rec.moves), 'move', digits=True)}  score {score}{busy}"
        )
    print("Continue one with: cuttle play --resume NAME; delete: cuttle saves --delete NAME")
    return EXIT_OK
