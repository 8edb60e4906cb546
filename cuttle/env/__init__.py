"""Cuttle for researchers: a PettingZoo environment and an OpenSpiel game (docs/env.md).

Needs the ``research`` extra (``pip install 'cuttle[research]'``); nothing of the game imports
this package. Modules: ``actions`` (the fixed action numbering), ``observation`` (a seat's
vector), ``scoring`` (returns), ``render`` (the table as text), ``pettingzoo`` (the AEC
environment and ``parallel_env``), ``openspiel`` (``python_cuttle``), ``players`` (our levels
as PettingZoo policies, and which levels play which rules), ``bots`` (our levels as OpenSpiel
bots, its bots as our players).
"""
