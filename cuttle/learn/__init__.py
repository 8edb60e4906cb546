"""Lessons: short puzzles on the real engine that teach Cuttle card by card (``cuttle learn``).

Each lesson is package data (``cuttle/learn/lessons/*.json``): a ``cuttle-position/1`` table, a
few lines of text, a task that the engine checks (``lessons.task_check``, by an exact search over
the rest of the turn in ``solve``), the solution and the tempting wrong moves with why they fail.
``run`` plays one lesson as text in, text out, which the plain menu (``menu``) and the full-screen
lessons (``cuttle.ui.learn_app``) both drive; ``verify`` checks every lesson; ``progress`` keeps
which are done. Imports ``text`` and ``files``, never a screen.
"""
