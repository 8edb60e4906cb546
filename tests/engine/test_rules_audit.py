"""Independent rules audit: RULES.md / INTERFACE.md checked against the engine, rule by rule.

Each test is named after the rule it checks. The audit's findings (a counter window a queen
forbids, a 3 or 7 on the stack with nothing to act on, a cuttlecards 7 revealing one card too few,
the reason given against a scuttle, a joker swap that changes nothing) are fixed; their tests stay
here so they do not come back.
"""

from __future__ import annotations

import json

import pytest
from helpers import deck, hand, illegal, make, moves, perms, play, pts, scrap

from cuttle import Game, IllegalMoveError, Move

both = pytest.mark.parametrize("rules", ["classic", "cuttlecards"])


def cc(**kw):
    return make(rules="cuttlecards", **kw)


# ================================================================ counters and queens
@both
def test_counter_chain_alternates_and_odd_count_cancels(rules):
    g = make(hands=("AC 2C 5D", "2D 2H 9H"), points=("3C", "4D"), rules=rules)
    play(g, "oneoff AC", "counter 2D")
    assert g.phase == "counter" and g.to_move == 0
    assert moves(g) == {"counter 2C", "resolve"}
    play(g, "counter 2C")
    assert g.to_move == 1 and moves(g) == {"counter 2H", "resolve"}
    play(g, "counter 2H", "resolve")  # three 2s: the ace is cancelled
    assert pts(g, 0) == ["3C"] and pts(g, 1) == ["4D"]
    assert scrap(g)[-4:] == ["2D", "2C", "2H", "AC"] or set(scrap(g)[-4:]) == {
        "2D", "2C", "2H", "AC"}
    assert g.turn_player == 1 and g.phase == "main"


@both
def test_counter_chain_even_count_lets_one_off_resolve(rules):
    g = make(hands=("AC 2C 5D", "2D 9H"), points=("3C", "4D"), rules=rules)
    play(g, "oneoff AC", "counter 2D", "counter 2C")
    # p1 holds only 9H: the window still opens (a hand is hidden), p1 resolves
    if g.phase == "counter":
        play(g, "resolve")
    assert pts(g, 0) == [] and pts(g, 1) == []
    assert g.turn_player == 1


def test_queen_protects_counter_two_from_being_countered_classic():
    # p1 counters while holding a queen: p0 may not counter p1's 2 (it is p1's card on the stack)
    g = make(hands=("AC 2C 5D", "2D 9H"), permanents=("", "QH"), points=("3C", "4D"))
    play(g, "oneoff AC")
    assert moves(g) == {"counter 2D", "resolve"}
    play(g, "counter 2D")
    assert g.phase == "main" and g.turn_player == 1
    assert pts(g, 0) == ["3C"] and "AC" in scrap(g) and "2C" in hand(g, 0)


@both
def test_queen_blocks_counter_of_queen_owners_one_off(rules):
    g = make(hands=("AC 5D", "2D 9H"), permanents=("QH", ""), points=("3C", "4D"), rules=rules)
    play(g, "oneoff AC")
    assert g.phase == "main" and g.turn_player == 1 and pts(g, 1) == []
    assert hand(g, 1) == ["2D", "9H"]


@both
def test_twos_never_counter_points_scuttles_or_permanents(rules):
    g = make(hands=("9C KS 7S", "2D 2H"), points=("", "8H"), rules=rules)
    g.play("scuttle 9C 8H")
    assert g.phase == "main" and g.to_move == 1


@both
def test_counter_window_skipped_when_responder_has_no_card(rules):
    g = make(hands=("AC 5D", ""), points=("3C", "4D"), rules=rules)
    g.play("oneoff AC")
    assert g.phase == "main" and g.turn_player == 1


@both
def test_position_counter_phase_blocked_by_queen_is_rejected(rules):
    with pytest.raises(ValueError):
        make(hands=("5C", "2D 9H"), permanents=("QH", ""), rules=rules, phase="counter",
             stack=[{"player": 0, "move": "oneoff AS"}])


@both
def test_position_three_on_stack_needs_a_card_to_take(rules):
    try:
        g = make(hands=("AC", "9H"), deck="...", scrap=[], rules=rules, phase="counter",
                 stack=[{"player": 0, "move": "oneoff 3C"}])
    except ValueError:
        return
    g.play("resolve")
    assert g.legal_moves() or g.outcome is not None


@both
def test_position_seven_on_stack_needs_a_deck(rules):
    try:
        g = make(hands=("AC", "9H"), deck=[], scrap="...", rules=rules, phase="counter",
                 stack=[{"player": 0, "move": "oneoff 7C"}])
    except ValueError:
        return
    g.play("resolve")
    assert g.legal_moves() or g.outcome is not None


# ================================================================ the seven
def test_seven_classic_draws_one_shows_it_to_both():
    g = make(hands=("7C 6C", "9H TH"), deck="5H 4D ...")
    play(g, "oneoff 7C", "resolve")
    assert g.phase == "resolve_seven" and g.to_move == 0
    assert g.view(1)["revealed"] == ["5H"] and g.view(0)["revealed"] == ["5H"]
    assert moves(g) == {"points 5H", "oneoff 5H"}
    assert deck(g)[0] == "4D"


def test_seven_classic_revealed_three_may_take_the_seven():
    g = make(hands=("7C", "9H"), deck="3D ...", scrap=[])
    play(g, "oneoff 7C", "resolve")
    assert "oneoff 3D" in moves(g)
    play(g, "oneoff 3D", "resolve")
    assert moves(g) == {"take 7C"}


def test_seven_classic_forced_jack_goes_on_own_card_when_opponent_queen_protects():
    g = make(hands=("7C 6C", "9H TH"), points=("5D", "4H"), permanents=("", "QS"), deck="JD ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"jack JD 5D"}
    play(g, "jack JD 5D")
    assert pts(g, 1) == ["4H", "5D+JD"] and pts(g, 0) == []


def test_seven_classic_forced_jack_with_no_point_card_is_scrapped():
    g = make(hands=("7C 6C", "9H TH"), deck="JD ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JD"}
    play(g, "scrap JD")
    assert scrap(g)[-2:] == ["7C", "JD"] and g.turn_player == 1


def test_seven_classic_revealed_five_with_empty_deck_only_points():
    g = make(hands=("7C 6C", "9H TH"), deck="5H", scrap="...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"points 5H"}


def test_seven_cuttlecards_revealed_seven_playable_as_one_off_when_other_returns():
    g = cc(hands=("7C 6C", "9H TH"), deck="7D 4D ...")
    play(g, "oneoff 7C", "resolve")
    assert "oneoff 7D" in moves(g)
    play(g, "oneoff 7D", "resolve")
    assert g.phase == "resolve_seven" and g.to_position()["revealed"][0] == "4D"


def test_seven_cuttlecards_one_card_left_seven_not_playable_as_one_off():
    g = cc(hands=("7C 6C", "9H TH"), deck="7D", scrap="...")
    play(g, "oneoff 7C", "resolve")
    assert g.to_position()["revealed"] == ["7D"]
    assert moves(g) == {"points 7D", "scuttle 7D 6C"} - {"scuttle 7D 6C"}


def test_seven_cuttlecards_only_unplayable_jacks_scrap_one_other_on_top_known():
    g = cc(hands=("7C 6C", "9H TH"), points=("5D", "4H"), permanents=("", "QS"),
           deck="JD JH ...")
    play(g, "oneoff 7C", "resolve")
    assert moves(g) == {"scrap JD", "scrap JH"}
    play(g, "scrap JD")
    assert deck(g)[0] == "JH" and g.view(1)["deck"][0] == "JH" and g.view(0)["deck"][0] == "JH"
    assert scrap(g)[-2:] == ["7C", "JD"]


def test_seven_cuttlecards_other_card_back_on_top_before_chosen_is_played():
    g = cc(hands=("7C 6C", "9H TH"), deck="5H 4D ...")
    play(g, "oneoff 7C", "resolve", "oneoff 5H", "resolve")
    # 5: discard one, then draw three; the first drawn is the 4D that went back on top
    assert g.phase == "resolve_five"
    play(g, "discard 6C")
    assert "4D" in hand(g, 0) and len(hand(g, 0)) == 3


def test_seven_one_off_from_reveal_opens_new_counter_window():
    g = make(hands=("7C 6C", "2H TH"), points=("", "4H"), deck="AD ...")
    play(g, "oneoff 7C", "resolve", "oneoff AD")
    assert g.phase == "counter" and g.to_move == 1
    assert g.to_position()["stack"] == [{"player": 0, "move": "oneoff AD"}]
    play(g, "counter 2H", "resolve")
    assert pts(g, 1) == ["4H"] and g.turn_player == 1


# ================================================================ the nine
def test_nine_classic_returns_jack_to_player_who_played_it_and_flips_control():
    g = make(hands=("9C", "TH"), points=("5D+JH", "4H"))
    play(g, "oneoff 9C JH", "resolve")
    assert "JH" in hand(g, 0) and pts(g, 1) == ["4H", "5D"]
    assert g.view(1)["hands"][0] == ["JH"]


def test_nine_classic_may_target_own_permanent():
    g = make(hands=("9C", "TH"), permanents=("KS", ""))
    assert "oneoff 9C KS" in moves(g)
    play(g, "oneoff 9C KS", "resolve")
    assert hand(g, 0) == ["KS"]


def test_nine_classic_cannot_target_point_cards():
    g = make(hands=("9C", "TH"), points=("", "4H"))
    illegal(g, "oneoff 9C 4H", "only targets kings, queens, glasses and jacks")


def test_nine_freeze_classic_own_card_frozen_on_own_next_turn_only():
    g = make(hands=("9C 5C", "TH 4S"), permanents=("KS", ""), rules="classic+nine-freeze")
    play(g, "oneoff 9C KS", "resolve")
    assert g.turn_player == 1
    g.play("points TH")
    assert "perm KS" not in moves(g)
    g.play("points 5C")
    g.play("points 4S")
    assert "perm KS" in moves(g)


def test_nine_freeze_opponent_may_not_replay_on_next_turn():
    g = make(hands=("9C 5C", "TH 4S"), permanents=("", "KH"), rules="classic+nine-freeze")
    play(g, "oneoff 9C KH", "resolve")
    assert "perm KH" not in moves(g)
    illegal(g, "perm KH", "frozen")
    play(g, "points TH", "points 5C")
    assert "perm KH" in moves(g)


def test_nine_to_deck_card_on_top_known_and_drawn_next():
    g = make(hands=("9C 5C", "TH 4S"), permanents=("", "QD"), rules="classic+nine-to-deck")
    play(g, "oneoff 9C QD", "resolve")
    assert deck(g)[0] == "QD" and g.view(0)["deck"][0] == "QD" == g.view(1)["deck"][0]
    g.play("draw")
    assert "QD" in hand(g, 1) and "QD" in g.view(0)["hands"][1]


def test_nine_to_deck_jack_flips_control():
    g = make(hands=("9C 5C", "TH 4S"), points=("", "5D+JH"), rules="classic+nine-to-deck")
    play(g, "oneoff 9C JH", "resolve")
    assert deck(g)[0] == "JH" and pts(g, 0) == ["5D"]


# ================================================================ 2, 3, 4, 5
def test_two_classic_may_target_own_permanent_and_either_queen_when_two_queens():
    g = make(hands=("2C", "3C"), permanents=("KS", "QH QD KD"))
    assert {m for m in moves(g) if m.startswith("oneoff")} == {
        "oneoff 2C KS", "oneoff 2C QH", "oneoff 2C QD"}


def test_two_on_covered_jack_is_refused():
    g = make(hands=("2C 5C", "3C"), points=("", "5D+JH+JS+JC"))
    assert {m for m in moves(g) if m.startswith("oneoff 2C")} == {"oneoff 2C JC"}
    illegal(g, "oneoff 2C JS", "top jack")


def test_three_classic_cannot_take_itself_scrap_empty_not_offered():
    g = make(hands=("3C 5C", "9H"), deck="...", scrap=[])
    assert "oneoff 3C" not in moves(g)
    illegal(g, "oneoff 3C", "scrap")


def test_three_takes_counter_twos_played_this_turn():
    g = make(hands=("3C 2C", "2D 9H"), deck="...", scrap=["AH"])
    play(g, "oneoff 3C", "counter 2D", "counter 2C", "resolve")
    assert moves(g) == {"take AH", "take 2D", "take 2C"}
    play(g, "take 2D")
    assert hand(g, 0) == ["2D"] and g.view(1)["hands"][0] == ["2D"]
    assert "3C" in scrap(g)


def test_four_victim_chooses_two_discards():
    g = make(hands=("4C", "9H TH 2S"))
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "resolve_four" and g.to_move == 1
    assert moves(g) == {"discard 9H TH", "discard 2S 9H", "discard 2S TH"}
    play(g, "discard TH 9H")  # alias order: sorted
    assert hand(g, 1) == ["2S"] and scrap(g)[-3:] == ["9H", "TH", "4C"]
    assert g.turn_player == 1 and g.to_move == 1


def test_four_victim_who_spent_last_cards_countering_discards_nothing():
    g = make(hands=("4C 2C 5D", "2D"))
    play(g, "oneoff 4C", "counter 2D", "counter 2C")
    assert g.phase == "main" and g.turn_player == 1 and hand(g, 1) == []


def test_four_not_offered_against_empty_hand():
    g = make(hands=("4C 5C", ""))
    assert "oneoff 4C" not in moves(g)


def test_five_classic_draws_two_or_one_left():
    g = make(hands=("5C", "9H"), deck="AD", scrap="...")
    play(g, "oneoff 5C", "resolve")
    assert hand(g, 0) == ["AD"] and deck(g) == []


# ================================================================ hand limit, passes
def test_hand_limit_cuttlecards_draw_to_nine_then_discard_one():
    g = cc(hands=("AC AD AH AS 2C 2D 2H 2S", "9H TH"), deck="3C ...")
    g.play("draw")
    assert g.phase == "hand_limit" and g.to_move == 0 and len(moves(g)) == 9
    illegal(g, "discard AC AD", "exactly 1 card")
    g.play("discard 3C")
    assert g.turn_player == 1 and len(hand(g, 0)) == 8


def test_hand_limit_cuttlecards_not_forced_by_opponents_nine():
    g = cc(hands=("9C 5C", "AC AD AH AS 2C 2D 2H 2S"), permanents=("", "KS"))
    play(g, "oneoff 9C KS")
    if g.phase == "counter":
        play(g, "resolve")
    assert len(hand(g, 1)) == 9 and g.phase == "main" and g.to_move == 1


@both
def test_three_passes_in_a_row_draw(rules):
    g = make(hands=("AC", "9H"), deck=[], scrap="...", rules=rules)
    assert moves(g) == {"pass", "points AC", "oneoff AC"}
    play(g, "pass", "pass")
    assert g.passes == 2 and g.outcome is None
    g.play("pass")
    assert g.outcome == "draw" and g.phase == "over" and g.to_move is None


@both
def test_any_other_move_resets_passes(rules):
    g = make(hands=("AC", "9H"), deck=[], scrap="...", rules=rules)
    play(g, "pass", "points 9H", "pass", "pass")
    assert g.outcome is None and g.passes == 2


@both
def test_draw_illegal_with_empty_deck_pass_illegal_with_deck(rules):
    g = make(hands=("AC", "9H"), deck=[], scrap="...", rules=rules)
    illegal(g, "draw", "deck is empty")
    g2 = make(hands=("AC", "9H"), rules=rules)
    illegal(g2, "pass", "only when the deck is empty")


# ================================================================ winning
@both
def test_win_on_opponents_turn_when_their_two_scraps_a_jack(rules):
    # p1's 2 scraps p1's own... no: p0's jack on p1's card; p0 (turn) scraps p1's jack on p0's TS
    g = make(hands=("2C 5C", "3C"), points=("9S TD", "TS+JH"), rules=rules, turn=0)
    play(g, "oneoff 2C JH", "resolve")
    assert g.outcome == "p0"


def test_win_by_opponents_move_classic_seven_jack_on_own_card_gives_points():
    # classic: p1's queen protects p1's cards, so the jack p0's seven reveals must go on p0's
    # own 9S, giving it to p1, who reaches 21 on p0's turn
    g = make(hands=("7C 5C", "3C"), points=("9S", "TS 2S"), permanents=("", "QH"),
             deck="JC ...")
    play(g, "oneoff 7C", "resolve", "jack JC 9S")
    assert g.outcome == "p1"


@both
def test_jack_from_hand_never_goes_on_own_point_card(rules):
    # RULES.md, Jack: only on the opponent's point cards; the classic exception is a seven's jack
    g = make(hands=("JC 5C", "3C"), points=("9S", "TS 2S"), rules=rules)
    assert {m for m in moves(g) if m.startswith("jack")} == {"jack JC 2S", "jack JC TS"}
    illegal(g, "jack JC 9S", "only go on the opponent's point cards")


@both
def test_goal_by_kings(rules):
    goals = {"classic": (21, 14, 10, 7, 5), "cuttlecards": (21, 14, 10, 5, 0)}[rules]
    ks = ["KC", "KD", "KH", "KS"]
    for n in range(4):
        g = make(permanents=(" ".join(ks[:n]), ""), rules=rules)
        assert g.goal(0) == goals[n]


# ================================================================ views
def test_view_hides_opponent_hand_and_deck_but_shows_sizes():
    g = make(hands=("5C 6C", "9H TH 2S"), deck="AD ...")
    v = g.view(0)
    assert v["hands"] == [["5C", "6C"], ["??", "??", "??"]]
    assert set(v["deck"]) == {"??"} and len(v["deck"]) == len(deck(g))
    assert "seed" not in v


def test_view_glasses_show_opponent_hand_only_to_glasses_owner():
    g = make(hands=("5C 6C", "9H TH"), permanents=("8C", ""))
    assert g.view(0)["hands"][1] == ["9H", "TH"]
    assert g.view(1)["hands"][0] == ["??", "??"]


def test_view_cuttlecards_open_hands_when_deck_empty_classic_not():
    g = cc(hands=("5C 6C", "9H TH"), deck=[], scrap="...")
    assert g.view(0)["hands"][1] == ["9H", "TH"] and g.view(1)["hands"][0] == ["5C", "6C"]
    g = make(hands=("5C 6C", "9H TH"), deck=[], scrap="...")
    assert g.view(0)["hands"][1] == ["??", "??"]


def test_view_four_discards_are_public_in_scrap():
    g = make(hands=("4C", "9H TH 2S"))
    play(g, "oneoff 4C", "resolve", "discard 9H TH")
    assert g.view(0)["scrap"][-3:] == ["9H", "TH", "4C"]


def test_view_card_taken_by_three_known_to_opponent():
    g = make(hands=("3C 5C", "9H"), deck="...", scrap=["AH", "KD"])
    play(g, "oneoff 3C", "resolve", "take KD")
    assert g.view(1)["hands"][0] == ["KD", "??"]


# ================================================================ position format
def test_position_has_every_interface_key_and_round_trips():
    g = Game.new(seed=5)
    pos = g.to_position()
    for key in ("format", "rules", "turn_player", "phase", "to_move", "hands", "points",
                "permanents", "deck", "scrap", "passes", "frozen", "stack", "revealed",
                "outcome"):
        assert key in pos
    assert pos["format"] == "cuttle-position/1"
    g2 = Game.from_position(json.dumps(pos))
    assert g2.to_position() == pos
    assert [str(m) for m in g2.legal_moves()] == [str(m) for m in g.legal_moves()]


def test_position_defaults_for_omitted_keys():
    g = make(hands=("5C", "9H"), turn=1)
    pos = g.to_position()
    assert pos["phase"] == "main" and pos["to_move"] == 1 and pos["passes"] == 0
    assert pos["frozen"] == [] and pos["stack"] == [] and pos["revealed"] == []
    assert pos["outcome"] is None and pos["rules"] == "classic"


def test_position_sorts_hands_points_permanents_not_deck_or_scrap():
    g = make(hands=("TC 5C 5D AS", "9H"), points=("TD 2C", ""), permanents=("KS 8C QD", ""),
             deck="9S 2D ...", scrap=["KH", "AD"])
    pos = g.to_position()
    assert pos["hands"][0] == ["AS", "5C", "5D", "TC"]
    assert pos["points"][0] == ["2C", "TD"]
    assert pos["permanents"][0] == ["8C", "QD", "KS"]
    assert pos["deck"][:2] == ["9S", "2D"] and pos["scrap"] == ["KH", "AD"]


@pytest.mark.parametrize("mutate, fragment", [
    (lambda p: p["hands"][0].append(p["hands"][1][0]), "more than once"),
    (lambda p: p["deck"].pop(), "missing"),
    (lambda p: p["hands"][0].append("ZZ"), "unknown card"),
    (lambda p: p["points"][0].append(p["deck"].pop(p["deck"].index("KS"))), "point card"),
    (lambda p: p["points"][0].append(p["deck"].pop(p["deck"].index("JS"))), "point card"),
    (lambda p: p["permanents"][0].append(p["deck"].pop(p["deck"].index("JS"))), "jacks"),
    (lambda p: p["permanents"][0].append(p["deck"].pop(p["deck"].index("5S"))), "permanents"),
    (lambda p: p.update(turn_player=2), "turn_player"),
    (lambda p: p.update(phase="nonsense"), "phase"),
    (lambda p: p.pop("deck"), "deck"),
])
def test_position_validation_messages(mutate, fragment):
    pos = make(hands=("5C", "9H")).to_position()
    mutate(pos)
    with pytest.raises(ValueError) as exc:
        Game.from_position(pos)
    assert fragment.lower() in str(exc.value).lower()


def test_position_jacks_written_bottom_to_top():
    g = make(hands=("JC", "9H"), points=("", "TS+JD"))
    g.play("jack JC TS")
    assert pts(g, 0) == ["TS+JD+JC"]


# ================================================================ notation
@pytest.mark.parametrize("text, canonical", [
    ("POINTS 7d", "points 7D"),
    ("points 10♦", "points TD"),
    ("scuttle  t♠   9♥", "scuttle TS 9H"),
    ("oneoff 2♣ k♥", "oneoff 2C KH"),
    ("discard 9h 5c", "discard 5C 9H"),
    ("oneoff x1", "oneoff X1"),
    ("Jack jd 10h", "jack JD TH"),
])
def test_notation_aliases_parse_to_canonical(text, canonical):
    assert str(Move.parse(text)) == canonical


def test_play_accepts_alias_of_listed_move():
    g = make(hands=("TD 2C", "9H"), points=("", "9S"))
    g.play("Scuttle 10♦ 9♠")
    assert pts(g, 1) == [] and set(scrap(g)[-2:]) == {"9S", "TD"}


@both
def test_legal_moves_unique_and_stable(rules):
    for seed in range(20):
        g = Game.new(seed=seed, rules=rules + "+joker+eight-oneoff")
        for _ in range(40):
            if g.outcome is not None:
                break
            ms = [str(m) for m in g.legal_moves()]
            assert len(ms) == len(set(ms))
            assert ms == [str(m) for m in g.legal_moves()]
            g2 = Game.from_position(g.to_position())
            assert [str(m) for m in g2.legal_moves()] == ms
            for m in ms:
                assert m == str(Move.parse(m))
            g.play(ms[(seed * 7 + len(ms)) % len(ms)])


def test_illegal_move_error_is_value_error_and_game_unchanged():
    g = make(hands=("7D 2C", "9H"), points=("", "7H"))
    assert issubclass(IllegalMoveError, ValueError)
    illegal(g, "scuttle 7D 7H", "hearts outrank diamonds")
    illegal(g, "counter 2C", "nothing to counter")
    illegal(g, "take 2C", "nothing to take")


# ================================================================ variants (RULES.md §3)
def test_four_random_discards_two_at_random_no_choice():
    g = make(hands=("4C", "9H TH 2S"), rules="classic+four-random")
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "main" and len(hand(g, 1)) == 1 and len(scrap(g)) == 3


def test_eight_oneoff_scraps_glasses_both_eights_to_scrap():
    g = make(hands=("8C 5C", "9H"), permanents=("", "8D"), rules="classic+eight-oneoff")
    play(g, "oneoff 8C 8D", "resolve")
    assert perms(g, 1) == [] and set(scrap(g)[-2:]) == {"8C", "8D"}


def test_ten_counters_scuttle_ten_stands_target_stays():
    g = make(hands=("9C 5C", "TS 3C"), points=("", "8H"), rules="classic+ten-counters-scuttle")
    play(g, "scuttle 9C 8H")
    assert g.phase == "counter" and moves(g) == {"counter TS", "resolve"}
    play(g, "counter TS")
    if g.phase == "counter":
        play(g, "resolve")
    assert pts(g, 1) == ["8H"] and {"9C", "TS"} <= set(scrap(g))


def test_ten_counters_scuttle_ten_countered_by_two():
    g = make(hands=("9C 2C", "TS 3C"), points=("", "8H"), rules="classic+ten-counters-scuttle")
    play(g, "scuttle 9C 8H", "counter TS", "counter 2C")
    if g.phase == "counter":
        play(g, "resolve")
    assert pts(g, 1) == [] and {"9C", "8H", "TS", "2C"} <= set(scrap(g))


def test_queens_protect_queens_two_queens_untargetable_six_removes():
    g = make(hands=("2C 9C 6C", "3C"), permanents=("", "QH QD"),
             rules="classic+queens-protect-queens")
    assert not any(m.startswith("oneoff 2C") or m.startswith("oneoff 9C") for m in moves(g))
    play(g, "oneoff 6C", "resolve")
    assert perms(g, 1) == []


def test_joker_swaps_hands_and_can_be_countered():
    g = make(hands=("X1 5C", "9H TH"), rules="classic+joker")
    play(g, "oneoff X1", "resolve")
    assert hand(g, 0) == ["9H", "TH"] and hand(g, 1) == ["5C"]
    g = make(hands=("X1 5C", "2H TH"), rules="classic+joker")
    play(g, "oneoff X1", "counter 2H", "resolve")
    assert hand(g, 0) == ["5C"] and "X1" in scrap(g)


# ================================================================ further rules
@both
def test_queens_do_not_stop_four_or_scuttle(rules):
    g = make(hands=("4C 9C", "5H 6H"), points=("", "8H"), permanents=("", "QS"), rules=rules)
    assert {"oneoff 4C", "scuttle 9C 8H"} <= moves(g)


def test_queen_classic_does_not_protect_itself_or_other_queens():
    g = make(hands=("2C 9C", "3C"), permanents=("", "QH QD KS"))
    targets = {m.split()[2] for m in moves(g) if m.startswith("oneoff 2C")}
    assert targets == {"QH", "QD"}
    illegal(g, "oneoff 2C KS", "queen protects")


def test_one_queen_cuttlecards_nine_may_hit_only_the_queen():
    g = cc(hands=("9C 2C", "3C"), points=("", "8H"), permanents=("", "QS KS"))
    assert {m for m in moves(g) if m.startswith("oneoff")} == {"oneoff 9C QS", "oneoff 2C QS"}
    illegal(g, "oneoff 9C 8H", "queen protects")


def test_cuttlecards_two_on_own_permanent_refused_with_reason():
    g = cc(hands=("2C", "3C"), permanents=("KS", "KH"))
    illegal(g, "oneoff 2C KS", "only target the opponent's cards")


def test_pending_one_off_stays_alone_on_stack_counters_in_scrap():
    g = make(hands=("3C 2C", "2D 9H"), deck="...", scrap=["AH"])
    play(g, "oneoff 3C", "counter 2D", "counter 2C", "resolve")
    pos = g.to_position()
    assert pos["phase"] == "resolve_three" and pos["to_move"] == 0
    assert pos["stack"] == [{"player": 0, "move": "oneoff 3C"}]
    assert pos["scrap"] == ["AH", "2D", "2C"]
    assert Game.from_position(pos).to_position() == pos


def test_resolve_four_position_to_move_is_victim():
    g = make(hands=("4C", "9H TH 2S"))
    play(g, "oneoff 4C", "resolve")
    pos = g.to_position()
    assert pos["phase"] == "resolve_four" and pos["turn_player"] == 0 and pos["to_move"] == 1
    assert Game.from_position(pos).to_position() == pos


def test_counter_phase_position_round_trips_with_to_move_responder():
    g = make(hands=("AC 2C 5D", "2D 9H"), points=("3C", "4D"))
    play(g, "oneoff AC", "counter 2D")
    pos = g.to_position()
    assert pos["to_move"] == 0 and [e["player"] for e in pos["stack"]] == [0, 1]
    assert Game.from_position(pos).to_position() == pos


def test_game_over_no_moves_and_any_move_is_illegal():
    g = make(hands=("AC", "9H"), deck=[], scrap="...")
    play(g, "pass", "pass", "pass")
    assert g.legal_moves() == [] and g.to_move is None
    illegal(g, "pass", "game is over")


def test_illegal_reason_against_scuttle_names_the_ten():
    g = make(hands=("9C 2C", "TS 3C"), points=("", "8H"), rules="classic+ten-counters-scuttle")
    play(g, "scuttle 9C 8H")
    reason = illegal(g, "points 3C")
    assert "10" in reason or "ten" in reason.lower()
    assert "with a 2" not in reason


def test_joker_not_offered_when_swap_changes_nothing():
    g = make(hands=("X1", ""), rules="classic+joker")
    assert "oneoff X1" not in moves(g)


def test_win_on_own_turn_for_opponent_classic_two_on_own_jack():
    # p0's jack holds p1's 9S; p0 scraps its own jack (classic allows it): 9S goes back, p1 has 21
    g = make(hands=("2C 5C", "3C"), points=("9S+JC", "TS 2S"))
    play(g, "oneoff 2C JC", "resolve")
    assert g.outcome == "p1"


_ALL = ("four-random+eight-oneoff+nine-to-deck+ten-counters-scuttle+queens-protect-queens"
        "+joker")


@pytest.mark.parametrize("rules", ["classic", "cuttlecards", "classic+nine-freeze",
                                   "classic+" + _ALL, "cuttlecards+" + _ALL])
def test_random_play_keeps_every_rule_invariant(rules):
    import random

    for seed in range(4):
        g = Game.new(seed=seed, rules=rules)
        rng = random.Random(seed)
        n_cards = 54 if "joker" in rules else 52
        for _ in range(200):
            if g.outcome is not None:
                assert g.legal_moves() == [] and g.phase == "over"
                break
            ms = g.legal_moves()
            assert ms, "a game in play always has a legal move"
            pos = g.to_position()
            every = (pos["hands"][0] + pos["hands"][1] + pos["deck"] + pos["scrap"]
                     + pos["permanents"][0] + pos["permanents"][1] + pos["revealed"]
                     + [c for row in pos["points"] for e in row for c in e.split("+")]
                     + [str(Move.parse(e["move"])).split()[1] for e in pos["stack"]])
            assert len(every) == len(set(every)) == n_cards
            for p in (0, 1):
                assert g.score(p) < g.goal(p)
                v = g.view(p)
                assert len(v["hands"][1 - p]) == len(pos["hands"][1 - p])
                assert v["hands"][p] == pos["hands"][p]
            tp = g.turn_player
            g.play(rng.choice(ms))
            if g.outcome is None and g.turn_player != tp:
                assert g.phase == "main" and not g.stack and not g.revealed
                if g.rules.hand_limit:
                    assert len(g.hands[tp]) <= g.rules.hand_limit


def test_position_cuttlecards_seven_reveals_two_while_deck_allows():
    with pytest.raises(ValueError):
        cc(hands=("5C", "9H"), phase="resolve_seven", deck="4D ...",
           stack=[{"player": 0, "move": "oneoff 7C"}], revealed=["6D"])
