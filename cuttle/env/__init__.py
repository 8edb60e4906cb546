"""Cuttle for researchers: a PettingZoo environment, a Gymnasium one and an OpenSpiel game
(docs/env.md).

Needs the ``research`` extra (``pip install 'cuttle[research]'``); nothing of the game imports
this package. Modules: ``actions`` (the fixed action numbering), ``observation`` (a seat's
vector), ``scoring`` (returns), ``render`` (the table as text), ``pettingzoo`` (the AEC
environment and ``parallel_env``), ``openspiel`` (``python_cuttle``), ``players`` (our levels
as PettingZoo policies, and which levels play which rules), ``bots`` (our levels as OpenSpiel
bots, its bots as our players), ``single`` (one learner against our levels, for Gymnasium),
``infostate`` (the public and private parts of a view, and a seat's perfect-recall history).

Importing the package registers ``cuttle/Cuttle-v0`` with Gymnasium, so that
``gymnasium.make("cuttle/Cuttle-v0", rules=..., opponents=...)`` builds ``single.CuttleGymEnv``.
"""

from gymnasium.envs.registration import register, registry

if "cuttle/Cuttle-v0" not in registry:
    register(id="cuttle/Cuttle-v0", entry_point="cuttle.env.single:CuttleGymEnv")
