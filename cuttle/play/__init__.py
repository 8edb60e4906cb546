"""One game, whatever the terminal: the session and everything it drives.

``session`` holds a game and its loop (reading lines, applying moves, the AI's turn, hot-seat
handoffs, saving); ``io`` is the ``GameIO`` protocol, the whole interface to a screen; ``players``
the seats' AI opponents, ``coach`` the coach, ``undo`` what an undo would reveal, ``asking``
yes/no questions and ``settings_game`` the in-game ``settings`` command. Imports ``text``,
``files`` and the AI; no screen library's application, terminal or stdout.
"""
