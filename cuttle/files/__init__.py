"""Everything on disk: one safe reader and atomic writer (``safefile``), records and the
directories (``storage``), save slots and their locks (``saves``), ``--record`` targets
(``recordfile``), the settings (``settings``), the SQLite history (``history``), saved reviews
(``reviews``) and the statistics over the history (``stats``).

Every file is untrusted: read with limits, checked, and shown only through ``cuttle.text.safetext``.
Imports ``cuttle.text`` and the engine, never a screen.
"""
