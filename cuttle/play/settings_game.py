"""The in-game ``settings`` command: show the settings, change one (the same validation and file
as ``cuttle settings``), and apply it to the game in play where it can.

``settings`` lists them, ``settings NAME`` shows one, ``settings NAME VALUE`` changes one. The
pace, the card style and the coach take effect at once; the AI's level and the colours with the
next game. Nothing here touches the game: the moves, the seed and the AI's choices stay as they
were, and piped output gains only the command's own lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cuttle.files.safefile import os_reason, shown_path
from cuttle.files.settings import (
    Settings,
    SettingsError,
    change,
    describe,
    names,
    setting_key,
    value_text,
)
from cuttle.text.cardtext import CardStyle

if TYPE_CHECKING:
    from cuttle.play.state import SessionState

USAGE = "settings NAME VALUE (settings pace fast)"


def settings_command(session: SessionState, words: list[str]) -> None:
    """``settings [NAME [VALUE]]`` typed in a game."""
    places = session.places
    settings, warnings = places.load_settings()
    if len(words) > 2:
        session.say(f"Too many words: settings shows them; change one with {USAGE}.")
        return
    if len(words) < 2:
        only = setting_key(words[0]) if words else None
        if only is not None:
            try:
                describe(only)
            except SettingsError as exc:
                session.say(str(exc)[:200])
                return
        session.panel(
            "Settings",
            settings_view(settings, session.style, places.settings_path(), only, warnings),
        )
        return
    name, value = words
    if warnings:
        session.say(
            f"Nothing changed: {warnings[0]} (fix or remove the file, or run: cuttle settings "
            "--reset)."
        )
        return
    try:
        new = change(settings, name, value)
    except SettingsError as exc:
        session.say(f"Nothing changed: {str(exc)[:200]}.")
        return
    key = setting_key(name)
    try:
        places.save_settings(new, base=settings)
    except OSError as exc:
        session.say(
            f"Nothing changed: could not write {shown_path(places.settings_path())} "
            f"({os_reason(exc)})."
        )
        return
    when = apply(session, key, getattr(new, key))
    session.say(f"{key}: {value_text(getattr(new, key))} (saved; {when}).")


def settings_view(
    settings: Settings,
    style: CardStyle,
    path: Path,
    only: str | None = None,
    warnings: list[str] | None = None,
) -> RenderableType:
    """The settings (or ``only`` one) with their values, what each does and its values, and the
    file (``path``) they are kept in."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for name in [only] if only is not None else names():
        help_text, choices = describe(name)
        allowed = ", ".join(choices) if choices else "on, off"
        value = value_text(getattr(settings, name))
        table.add_row(name, value, style.say(f"{help_text} ({allowed})"))
    head = Text("Settings", style="bold")
    notes = [Text(style.say(f"Note: {w}"), style="yellow") for w in warnings or []]
    tail = Text(f"Change one: {USAGE}. The file: {shown_path(path)}", style="dim")
    return Group(head, *notes, table, tail)


def apply(session: SessionState, key: str, value: Any) -> str:
    """Put a changed setting into the game in play where it can be; says when it takes effect."""
    io = session.io
    if key == "pace":
        if not io.interactive:
            return "plain output never pauses; it applies on the full screen"
        io.set_pace(value)
        return "from now on"
    if key == "cards":
        style = CardStyle(ascii=value == "ascii")
        session.style = session.options.style = style
        io.set_style(style)
        if io.interactive:
            session.dirty = True  # the board again in the new style
        return "from now on"
    if key == "coach":
        refused = session.coach_refusal() if value else None
        if refused is not None:
            return refused
        session.options.coach = bool(value)
        if not value:
            session.coach = None
        elif session.coach is None:
            from cuttle.play.coach import Coach  # loads the search: only when asked for

            session.coach = Coach()
        return "from your next move"
    if key == "ai":
        return "for the next game; this one keeps its opponent"
    if key == "color":
        return "from the next game"
    return "remembered"
