"""Engine exceptions."""


class IllegalMoveError(ValueError):
    """A move that is well formed but not legal now; the message says why in a player's words."""
