"""How every full screen reads keys in time: how long an Esc waits, and Esc never a chord's start.

Shared by the game screen (``appwiring``), the replay, the rules pager and the server's lobby;
light (prompt_toolkit only), since the pager's first frame counts its imports.
"""

from __future__ import annotations

import functools
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent
from prompt_toolkit.key_binding.bindings.page_navigation import load_page_navigation_bindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.keys import Keys

ESC_WAIT = 0.05  # seconds to tell Esc from the start of an escape sequence
KEY_WAIT = 0.5  # seconds to wait for the next key of a chord


def time_keys(app: Application[Any]) -> None:
    """Every full screen's key timing: ``ESC_WAIT`` to tell Esc from the start of an escape
    sequence, ``KEY_WAIT`` for the next key of a chord; and its default keys the process's one
    set (:func:`share_default_keys`)."""
    app.ttimeoutlen = ESC_WAIT
    app.timeoutlen = KEY_WAIT
    share_default_keys(app)


@functools.cache
def _default_keys() -> tuple[KeyBindingsBase, KeyBindingsBase]:
    """prompt_toolkit's default key bindings and its page navigation, made once."""
    return load_key_bindings(), load_page_navigation_bindings()


def share_default_keys(app: Application[Any]) -> None:
    """``app`` reads prompt_toolkit's default key bindings (editing, Emacs, Vi, mouse, page
    navigation) from one set for the process, not from the copy every application makes of
    its own (before its first key: they are looked up then).

    Why: with the merged set the first key builds from it, that copy is about 1,900 objects,
    more than half of what a game screen holds; a server with a hundred screens open spent
    most of each full pass of the cycle collector (up to 300 ms on two cores, every few
    seconds) walking them. The bindings keep no state (their filters ask the application
    running), so one set serves every screen."""
    if hasattr(app, "_default_bindings") and hasattr(app, "_page_navigation_bindings"):
        app._default_bindings, app._page_navigation_bindings = _default_keys()


def escape_at_once(keys: KeyBindingsBase) -> KeyBindings:
    """The same bindings with Esc on its own taken the moment it comes: every binding of Esc
    alone made eager, under them all one that does nothing (Esc where a screen has no use for
    it). No screen binds a chord that starts with Esc.

    Why: prompt_toolkit's default Emacs bindings begin with Esc (Esc l lowers a word, Esc 7
    repeats the next key seven times), so an Esc that might start one of them waited up to
    ``timeoutlen`` for a second key, and the letter typed next went into that chord: ``Esc log``
    gave ``og``, ``Esc 7D`` gave ``DDDDDDD``. An eager Esc is never the start of a chord."""
    chords = [b.keys for b in keys.bindings if len(b.keys) > 1 and b.keys[0] == Keys.Escape]
    if chords:
        raise ValueError(f"a chord that starts with Esc could never be typed: {chords[0]}")
    out = KeyBindings()

    @out.add(Keys.Escape, eager=True)
    def _nothing(event: KeyPressEvent) -> None:
        """Esc with nothing to close: ignored, and the next key is a key of its own."""

    for b in keys.bindings:
        alone = tuple(b.keys) == (Keys.Escape,)
        out.add(
            *b.keys,
            filter=b.filter,
            eager=True if alone else b.eager,
            is_global=b.is_global,
            save_before=b.save_before,
            record_in_macro=b.record_in_macro,
        )(b.handler)
    return out
