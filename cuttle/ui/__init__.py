"""The terminal game: rich rendering and the prompt_toolkit REPL for ``cuttle play``/``replay``.

Modules, by responsibility:

- ``cardtext``  how a card looks (suit colours, ``--ascii``), card backs
- ``describe``  words for moves, one-off effects, the status line and the game log
- ``render``    view objects (``__rich__``) for the table, lists and the game-over screen
- ``storage``   the save file, game records (``cuttle-game/1``) and their validation
- ``players``   the AI opponents (``cuttle.ai.make_player``, with a seeded random fallback)
- ``terminal``  input: prompt_toolkit (completion, toolbar, history) or plain lines
- ``session``   one game: the loop, the commands, hot-seat handoffs, saving
- ``replay``    ``cuttle replay FILE``
- ``commands``  the ``play`` and ``replay`` subcommands

The UI talks to the engine only through its public surface (``cuttle.Game`` and position dicts).
"""
