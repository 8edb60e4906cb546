"""Lessons: short puzzles on the real engine that teach Cuttle card by card (``cuttle learn``).

Each lesson is package data (``cuttle/learn/lessons/*.json``): a ``cuttle-position/1`` table, a few
lines of text, a task that the engine checks (``tasks.py``), the solution and the tempting wrong
moves with why they fail. ``run.py`` plays one lesson as a loop of text in, text out, which the
plain-text driver (``command.py``) and the full-screen app can both drive.
"""
