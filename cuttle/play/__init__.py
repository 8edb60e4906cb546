"""One game, whatever the terminal: the session and everything it drives.

``state`` holds a game (the seats, the log, each move applied and described, saving);
``commands`` the commands typed in it; ``session`` the loop (reading lines, the AI's turn, hot-seat
handoffs, the end) as ``GameSession``; ``io`` is the ``GameIO`` protocol, the whole interface to
a screen; ``places`` where a session saves, keeps and records its game, its settings file, its
clock and where its AI thinks; ``players`` the seats' AI opponents, ``coach`` the coach,
``undo`` what an undo would reveal, ``asking`` yes/no questions and ``settings_game`` the
in-game ``settings`` command.
Imports ``text``, ``files`` and the AI; no screen library's application, terminal or stdout.
"""
