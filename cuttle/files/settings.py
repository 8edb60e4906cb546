"""The player's settings: one small JSON file in the config directory, shown and changed by
``cuttle settings``.

``Settings`` holds the defaults a player chooses once (AI level, pace, card style, colours) and
whether the first-run question was answered. Command-line flags always win over a setting. Other
features add a field here, with a default and a line of help in its metadata. The file is
untrusted: unknown keys are ignored, a bad value is reported and falls back to its default, and a
file that is not a settings object is left untouched (settings are then the defaults).
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from cuttle.ai import LEVELS
from cuttle.files import storage
from cuttle.files.safefile import (
    CorruptFileError,
    locked,
    read_json_file,
    shown_path,
    write_json_atomic,
)

SETTINGS_FORMAT = "cuttle-settings/1"
MAX_SETTINGS_BYTES = 100_000
TRUE_WORDS = ("on", "yes", "true", "1")
FALSE_WORDS = ("off", "no", "false", "0")


class SettingsError(ValueError):
    """A setting name or value that cannot be used; the message says which and why."""


#: The paces of the opponent's turn on the full screen (the one definition).
PACES = ("step", "normal", "fast")


def _field(default: Any, help: str, choices: tuple[str, ...] = ()) -> Any:
    return field(default=default, metadata={"help": help, "choices": choices})


@dataclass(frozen=True)
class Settings:
    """Every setting with its default; ``field.metadata`` has its help and choices."""

    ai: str = _field("medium", "the AI's level in cuttle play", LEVELS)
    pace: str = _field(
        "normal",
        "the opponent's turn: step (a key after each action), normal (a short pause), fast",
        PACES,
    )
    cards: str = _field("symbols", "how cards are drawn: 7♦ or 7D", ("symbols", "ascii"))
    color: bool = _field(True, "colours on a terminal; NO_COLOR and --no-color win")
    coach: bool = _field(False, "after each of your moves, a line if it was a mistake")
    players: str = _field(
        "2",
        "seats in cuttle play (3: cutthroat, 4: teams)",
        ("2", "3", "4"),
    )
    welcomed: bool = _field(False, "the first-run question was answered")


def names() -> list[str]:
    """The settings' names, in order."""
    return [f.name for f in fields(Settings)]


def describe(name: str) -> tuple[str, tuple[str, ...]]:
    """A setting's help and allowed values (``()`` for on/off)."""
    for f in fields(Settings):
        if f.name == name:
            return str(f.metadata["help"]), tuple(f.metadata["choices"])
    raise SettingsError(f"no setting {name!r}: the settings are {', '.join(names())}")


def parse_value(name: str, text: str) -> Any:
    """The value of setting ``name`` written as ``text``; SettingsError if it is not allowed."""
    _, choices = describe(name)
    default = getattr(Settings(), name)
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        raise SettingsError(f"{name} is on or off, not {text[:40]!r}")
    if choices and word not in choices:
        raise SettingsError(f"{name} must be one of {', '.join(choices)}, not {text[:40]!r}")
    return word


def value_text(value: Any) -> str:
    """A setting's value as ``cuttle settings`` shows it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def settings_path() -> Path:
    """``config_dir()/settings.json``."""
    return storage.config_dir() / "settings.json"


def read_json(path: Path, what: str) -> Any:
    """A small JSON file, checked before use (``safefile``); ValueError naming the file."""
    try:
        return read_json_file(path, what, MAX_SETTINGS_BYTES)
    except CorruptFileError as exc:
        raise ValueError(str(exc)) from None


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write atomically; OSError on failure."""
    write_json_atomic(path, data)


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings (defaults where missing) and warnings about what was ignored."""
    path = settings_path()
    if not os.path.lexists(path):
        return Settings(), []
    try:
        data = read_json(path, "settings file")
    except ValueError as exc:
        return Settings(), [f"{exc}; using the default settings (the file was left as it is)"]
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        return Settings(), [
            f"settings file {shown_path(path)}: not a {SETTINGS_FORMAT} object; using the "
            "default settings"
        ]
    values: dict[str, Any] = {}
    warnings = []
    for name in names():
        if name not in data:
            continue
        raw = data[name]
        try:
            default = getattr(Settings(), name)
            if isinstance(default, bool) and isinstance(raw, bool):
                values[name] = raw
            elif isinstance(raw, str):
                values[name] = parse_value(name, raw)
            else:
                raise SettingsError(f"{name} has a value of the wrong type")
        except SettingsError as exc:
            warnings.append(
                f"settings file {shown_path(path)}: {exc}; using {value_text(default)}"
            )
    return replace(Settings(), **values), warnings


def save_settings(settings: Settings, base: Settings | None = None) -> Path:
    """Write the settings file; returns its path. OSError if it cannot be written.

    The file is locked from the read to the write. With ``base`` (the settings the caller
    started from), only what differs from it is written, over what the file holds now: two
    programs changing two settings at once keep both changes. Without, ``settings`` are
    written as they are."""
    path = settings_path()
    with locked(path):
        if base is not None:
            current, warnings = load_settings()
            if not warnings:
                changed = {name: getattr(settings, name) for name in names()
                           if getattr(settings, name) != getattr(base, name)}
                settings = replace(current, **changed)
        write_json(path, {"format": SETTINGS_FORMAT, **asdict(settings)})
    return path


def change(settings: Settings, name: str, text: str) -> Settings:
    """``settings`` with one value changed (validated)."""
    key = setting_key(name)
    describe(key)
    return replace(settings, **{key: parse_value(key, text)})


def setting_lines(settings: Settings, only: str | None = None, width: int = 80) -> list[str]:
    """Each setting (or ``only`` that one) with its value, help and allowed values, wrapped
    between words to ``width`` columns under the help's column (a word longer than a line
    stays whole)."""
    import textwrap

    values = asdict(settings)
    out = []
    for name in [only] if only is not None else list(values):
        help_text, choices = describe(name)
        allowed = ", ".join(choices) if choices else "on, off"
        head = f"  {name:<9} {value_text(values[name]):<8} "
        # under the help's column while it leaves room for a few words, else under the name
        indent = " " * (len(head) if width - len(head) >= 30 else 4)
        out += textwrap.wrap(f"{help_text} ({allowed})", max(20, width), initial_indent=head,
                             subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False)
    return out


def setting_key(name: str) -> str:
    """A setting's name as typed (``colour``, ``Card-Style``) in canonical form."""
    key = name.strip().lower().replace("-", "_")
    return "color" if key == "colour" else key
