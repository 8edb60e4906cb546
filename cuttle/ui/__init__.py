"""The screens: the full-screen prompt_toolkit app and the plain-text one.

The game's full screen: ``app`` (``AppIO``, its ``GameIO``: the bridge from the session's
thread), ``actions`` (what the keys, the mouse and the review do to the screen), ``screenstate``
(what it shows now), ``layout`` (its regions drawn and arranged), ``appkeys`` (key bindings),
``appwiring`` (the prompt_toolkit application built from those parts), ``overlay`` (windows over
the board, colours), ``statusbar``, ``screen`` (the board cut into regions), ``richpt`` (rich drawn
inside prompt_toolkit). ``terminal`` is the plain ``GameIO`` and Tab completion; then the replay
(``replay``, ``replay_app``), the review over the game (``review_screen``), the lessons
(``learn_app``) and the rules pager (``pager``).
"""
