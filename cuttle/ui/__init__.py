"""The screens: the full-screen prompt_toolkit app and the plain-text one.

``app`` (the game's full-screen ``GameIO``: the thread bridge, its state, its drawing), ``appkeys``
(its key bindings), ``overlay`` (windows over the board, colours), ``statusbar``, ``screen`` (the
board cut into regions), ``richpt`` (rich drawn inside prompt_toolkit), ``terminal`` (the plain
``GameIO`` and Tab completion), the replay (``replay``, ``replay_app``), the review over the game
(``review_screen``), the lessons (``learn_app``) and the rules pager (``pager``).
"""
