"""Weights of the fitted table leaf (:mod:`cuttle.ai.tablefit`): one list per rule set (preset
and mode), one weight per feature in the order of ``tablefit.NAMES``. Written by
``python benchmarks/tune_table_eval.py`` (each rule set's command: docs/ai.md,
"fourth pass").
"""

WEIGHTS: dict[str, list[float]] = {
    "classic+cutthroat": [
        0.8009,  # need
        0.8252,  # reach10
        0.0912,  # reach6
        0.1958,  # reach3
        0.5718,  # queen
        0.0,  # queens2
        0.3332,  # kings
        -0.9303,  # glasses
        0.1417,  # hand_A
        0.1501,  # hand_2
        -0.1418,  # hand_3
        -0.1335,  # hand_4
        0.0172,  # hand_5
        0.2207,  # hand_6
        0.206,  # hand_7
        0.299,  # hand_8
        0.5188,  # hand_9
        0.413,  # hand_T
        0.5561,  # hand_J
        -0.1208,  # hand_Q
        0.0082,  # hand_K
        0.263,  # hand_X
        0.1021,  # jack_best
        4.7474,  # win_next
        1.6879,  # win_second
        1.0645,  # win_later
        0.4672,  # next
        0.2209,  # second
    ],
    "cuttlecards+cutthroat": [
        0.5628,  # need
        0.7397,  # reach10
        -0.0696,  # reach6
        0.3701,  # reach3
        0.5406,  # queen
        0.0,  # queens2
        0.6833,  # kings
        0.2891,  # glasses
        -0.0656,  # hand_A
        0.079,  # hand_2
        -0.2298,  # hand_3
        -0.1593,  # hand_4
        -0.0779,  # hand_5
        0.1615,  # hand_6
        0.2852,  # hand_7
        0.2447,  # hand_8
        0.3476,  # hand_9
        0.31,  # hand_T
        0.4343,  # hand_J
        -0.1491,  # hand_Q
        0.0467,  # hand_K
        0.1048,  # hand_X
        0.0559,  # jack_best
        4.7762,  # win_next
        1.6676,  # win_second
        1.0336,  # win_later
        0.4763,  # next
        0.2305,  # second
    ],
    "classic+teams": [
        -1.1845,  # need
        0.046,  # reach10
        0.0188,  # reach6
        -0.0551,  # reach3
        0.153,  # queen
        0.5901,  # queens2
        0.0193,  # kings
        0.1999,  # glasses
        0.2144,  # hand_A
        0.4952,  # hand_2
        0.2409,  # hand_3
        0.1798,  # hand_4
        0.2229,  # hand_5
        0.2222,  # hand_6
        0.1512,  # hand_7
        0.231,  # hand_8
        0.2994,  # hand_9
        0.3249,  # hand_T
        0.4769,  # hand_J
        0.0481,  # hand_Q
        0.1807,  # hand_K
        0.5775,  # hand_X
        0.2801,  # jack_best
        3.2653,  # win_next
        0.6149,  # win_second
        0.3999,  # win_later
        0.1361,  # next
        0.0,  # second
    ],
    "cuttlecards+teams": [
        0.0,  # need
        0.0,  # reach10
        0.0,  # reach6
        0.0,  # reach3
        0.0,  # queen
        0.0,  # queens2
        0.0,  # kings
        0.0,  # glasses
        0.0,  # hand_A
        0.0,  # hand_2
        0.0,  # hand_3
        0.0,  # hand_4
        0.0,  # hand_5
        0.0,  # hand_6
        0.0,  # hand_7
        0.0,  # hand_8
        0.0,  # hand_9
        0.0,  # hand_T
        0.0,  # hand_J
        0.0,  # hand_Q
        0.0,  # hand_K
        0.0,  # hand_X
        0.0,  # jack_best
        0.0,  # win_next
        0.0,  # win_second
        0.0,  # win_later
        0.0,  # next
        0.0,  # second
    ],
}
