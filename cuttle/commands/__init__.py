"""The ``cuttle`` subcommands: parsing their options, choosing a screen, exit statuses.

``play`` (``play``, ``replay``, ``saves``), ``review`` (``review``, ``history``, ``stats``),
``settings``, ``learn``, ``rules``; ``firstrun`` (the first-run question) and ``signals``
(SIGTERM/SIGHUP handling for a whole process). The only layer that touches the process:
its standard streams, its signal handlers and its exit status. Each module registers its
subcommands without importing rich or prompt_toolkit, so ``cuttle --help`` stays fast.
"""
