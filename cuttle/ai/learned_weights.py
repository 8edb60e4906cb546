"""Weights of the learned evaluation (:mod:`cuttle.ai.learned`): one list per preset, one weight
per feature in the order of ``learned.NAMES``. Written by
``python benchmarks/tune_eval.py --games 10000 --jobs 2 --write``.
"""

WEIGHTS: dict[str, list[float]] = {
    "classic": [
        0.2911,  # me_next
        -1.0113,  # need_me
        1.0113,  # need_op
        0.1781,  # near_me
        -0.1778,  # near_op
        0.7778,  # queen_me
        -0.7777,  # queen_op
        0.1136,  # queens2_me
        -0.1137,  # queens2_op
        0.2757,  # kings_me
        -0.2756,  # kings_op
        0.2997,  # glasses_me
        -0.3005,  # glasses_op
        0.4046,  # hand_me_A
        0.7938,  # hand_me_2
        0.2421,  # hand_me_3
        0.1442,  # hand_me_4
        0.3723,  # hand_me_5
        0.5128,  # hand_me_6
        0.4307,  # hand_me_7
        0.4456,  # hand_me_8
        0.6047,  # hand_me_9
        0.7039,  # hand_me_T
        0.8997,  # hand_me_J
        0.0056,  # hand_me_Q
        0.5268,  # hand_me_K
        0.0,  # hand_me_X
        -0.4047,  # hand_op_A
        -0.794,  # hand_op_2
        -0.2421,  # hand_op_3
        -0.1442,  # hand_op_4
        -0.3723,  # hand_op_5
        -0.5128,  # hand_op_6
        -0.4307,  # hand_op_7
        -0.4456,  # hand_op_8
        -0.6047,  # hand_op_9
        -0.7039,  # hand_op_T
        -0.8997,  # hand_op_J
        -0.0056,  # hand_op_Q
        -0.5267,  # hand_op_K
        0.0,  # hand_op_X
        0.3878,  # ace_lead_me
        -0.3878,  # ace_lead_op
        0.2599,  # six_perms_me
        -0.2598,  # six_perms_op
        0.4915,  # jack_best_me
        -0.4914,  # jack_best_op
        3.776,  # win_me_next
        0.7043,  # win_me_later
        -0.7042,  # win_op_next
        -3.7903,  # win_op_later
        -0.0,  # deck
    ],
    "cuttlecards": [
        0.3253,  # me_next
        -1.0746,  # need_me
        1.0746,  # need_op
        0.1267,  # near_me
        -0.1264,  # near_op
        0.8617,  # queen_me
        -0.8616,  # queen_op
        -0.4172,  # queens2_me
        0.4172,  # queens2_op
        0.2453,  # kings_me
        -0.2453,  # kings_op
        0.4363,  # glasses_me
        -0.4362,  # glasses_op
        0.4022,  # hand_me_A
        0.9779,  # hand_me_2
        0.3167,  # hand_me_3
        0.2389,  # hand_me_4
        0.6575,  # hand_me_5
        0.5725,  # hand_me_6
        0.7228,  # hand_me_7
        0.5194,  # hand_me_8
        0.6691,  # hand_me_9
        0.6892,  # hand_me_T
        1.1593,  # hand_me_J
        0.0187,  # hand_me_Q
        0.5612,  # hand_me_K
        0.0,  # hand_me_X
        -0.4022,  # hand_op_A
        -0.978,  # hand_op_2
        -0.3167,  # hand_op_3
        -0.2389,  # hand_op_4
        -0.6575,  # hand_op_5
        -0.5725,  # hand_op_6
        -0.7228,  # hand_op_7
        -0.5193,  # hand_op_8
        -0.6691,  # hand_op_9
        -0.6892,  # hand_op_T
        -1.1593,  # hand_op_J
        -0.0187,  # hand_op_Q
        -0.5612,  # hand_op_K
        0.0,  # hand_op_X
        0.3953,  # ace_lead_me
        -0.3953,  # ace_lead_op
        0.2221,  # six_perms_me
        -0.2222,  # six_perms_op
        0.3955,  # jack_best_me
        -0.3956,  # jack_best_op
        4.0335,  # win_me_next
        0.6744,  # win_me_later
        -0.6746,  # win_op_next
        -4.043,  # win_op_later
        0.0,  # deck
    ],
}
