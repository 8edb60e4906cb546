"""Yes/no questions outside the move prompt (quit, concede, rematch) that never answer themselves.

On a terminal, input typed before the question appeared (a ``draw`` typed while the AI was
thinking, keys after a Ctrl-C) is thrown away first, and anything but a clear answer asks again.
Plain mode (pipes, scripts) flushes nothing: there the input is the script, read line by line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cuttle.play.io import GameIO

YES = ("y", "yes")
NO = ("n", "no")


def flush_typed_ahead(io: GameIO) -> None:
    """On a terminal, forget keys typed before now; a no-op in plain mode."""
    if io.interactive:
        io.flush_input()


def answer_of(text: str, default: bool | None, extra_yes: tuple[str, ...] = ()) -> bool | None:
    """``y``/``yes`` -> True, ``n``/``no`` -> False, empty -> ``default``, else None (unclear)."""
    word = text.strip().lower()
    if not word:
        return default
    if word in YES or word in extra_yes:
        return True
    if word in NO:
        return False
    return None


def ask_yes_no(
    io: GameIO,
    question: str,
    *,
    default: bool = False,
    if_interrupted: bool = False,
    extra_yes: tuple[str, ...] = (),
) -> bool:
    """Ask ``question`` (``[y/N]`` or ``[Y/n]`` is added) until the answer is clear.

    Enter alone takes the default; Ctrl-C or end of input answers ``if_interrupted``.
    """
    prompt = f"{question} {'[Y/n]' if default else '[y/N]'}"
    flush_typed_ahead(io)
    while True:
        try:
            text = io.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            return if_interrupted
        answer = answer_of(text, default, extra_yes)
        if answer is not None:
            return answer
        io.message("Please answer y (yes) or n (no).")
