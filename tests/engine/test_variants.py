"""A test per house rule of RULES.md §3 (issue 6) and its edge cases, on both presets."""

from __future__ import annotations

import pytest
from helpers import deck, hand, illegal, make, moves, perms, play, pts, scrap

from cuttle import Game, Rules

both = pytest.mark.parametrize("preset", ["classic", "cuttlecards"])


# ---------------------------------------------------------------- rules strings
@both
def test_every_variant_combines_with_either_preset(preset):
    for name in ("four-random", "eight-oneoff", "nine-freeze", "nine-to-deck",
                 "ten-counters-scuttle", "queens-protect-queens", "joker"):
        r = Rules.parse(f"{preset}+{name}")
        assert r.preset == preset and r.variants == frozenset({name})
        assert str(r) == f"{preset}+{name}"
        Game.new(seed=1, rules=r).legal_moves()


def test_variants_are_written_in_a_canonical_order():
    r = Rules.parse("classic+joker+four-random")
    assert str(r) == "classic+four-random+joker"
    assert str(Game.new(seed=2, rules="cuttlecards+joker+four-random").rules) == \
        "cuttlecards+four-random+joker"


def test_variant_alone_means_classic_plus_it():
    assert str(Rules.parse("joker")) == "classic+joker"


@pytest.mark.parametrize("text", ["classic+nine-freeze+nine-to-deck",
                                  "cuttlecards+nine-to-deck+nine-freeze"])
def test_nine_freeze_with_nine_to_deck_refused(text):
    with pytest.raises(ValueError, match="contradict"):
        Rules.parse(text)
    with pytest.raises(ValueError, match="contradict"):
        Game.new(seed=1, rules=text)


@pytest.mark.parametrize("text,words", [
    ("classic+jokers", "unknown variant 'jokers'"),
    ("classic+joker+joker", "given twice"),
    ("poker", "unknown rules preset 'poker'"),
])
def test_bad_rules_strings_refused(text, words):
    with pytest.raises(ValueError, match=words):
        Rules.parse(text)


def test_position_records_variants():
    g = make(hands=("AS", "4S"), rules="cuttlecards+joker+ten-counters-scuttle")
    assert g.to_position()["rules"] == "cuttlecards+ten-counters-scuttle+joker"
    g2 = Game.from_position(g.to_position())
    assert g2.rules == g.rules


# ---------------------------------------------------------------- four-random
@both
def test_four_random_discards_two_at_random(preset):
    g = make(hands=("4C", "9S 5S KH"), rules=f"{preset}+four-random")
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "main" and g.turn_player == 1 and g.to_move == 1  # no resolve_four
    assert len(hand(g, 1)) == 1
    gone = {"9S", "5S", "KH"} - set(hand(g, 1))
    assert len(gone) == 2 and set(scrap(g)[-3:-1]) == gone and scrap(g)[-1] == "4C"
    ev = [e for e in g.events if e.kind == "discarded"]
    assert len(ev) == 1 and ev[0].player == 1 and len(ev[0].cards) == 2
    # shown to both: the discards are in the public scrap
    assert gone <= set(g.view(0)["scrap"])


@both
def test_four_random_against_one_card(preset):
    g = make(hands=("4C", "9S"), rules=f"{preset}+four-random")
    play(g, "oneoff 4C", "resolve")
    assert hand(g, 1) == [] and "9S" in scrap(g) and g.turn_player == 1


def test_four_random_nothing_when_victim_emptied_hand_countering():
    g = make(hands=("4C 2C", "2D"), rules="classic+four-random")
    play(g, "oneoff 4C", "counter 2D", "counter 2C")
    assert hand(g, 1) == [] and g.turn_player == 1
    assert not [e for e in g.events if e.kind == "discarded"]


def test_four_random_is_deterministic():
    def run(seed):
        pos = make(hands=("4C", "AS 2S 3S 4S 5S 6S 7S"),
                   rules="classic+four-random").to_position()
        pos["seed"] = seed
        g = Game.from_position(pos)
        play(g, "oneoff 4C", "resolve")
        return tuple(hand(g, 1))

    assert run(7) == run(7)
    g = make(hands=("4C", "AS 2S 3S 4S 5S 6S 7S"), rules="classic+four-random")
    a, b = g.copy(), Game.from_position(g.to_position())
    play(a, "oneoff 4C", "resolve")
    play(b, "oneoff 4C", "resolve")
    assert a.to_position() == b.to_position()
    # the random choice depends on the seed: over a few seeds, not always the same two
    assert len({run(s) for s in range(12)}) > 1


def test_four_random_same_seed_same_game():
    def game(seed):
        g = Game.new(seed=seed, rules="classic+four-random")
        for _ in range(200):
            if g.outcome is not None:
                break
            ms = g.legal_moves()
            four = [m for m in ms if m.kind == "oneoff" and m.card is not None
                    and m.card // 4 == 3]
            g.play(four[0] if four else ms[len(g.history) % len(ms)])
        return g.to_position()

    assert game(3) == game(3)


# ---------------------------------------------------------------- eight-oneoff
@both
def test_eight_oneoff_scraps_opponent_glasses(preset):
    g = make(hands=("8C 3C", "9S KH"), permanents=("", "8D"), rules=f"{preset}+eight-oneoff")
    assert g.view(1)["hands"][0] == ["3C", "8C"]
    assert "oneoff 8C 8D" in moves(g) and "perm 8C" in moves(g)
    play(g, "oneoff 8C 8D", "resolve")
    assert perms(g, 1) == [] and scrap(g)[-2:] == ["8D", "8C"]
    assert g.view(1)["hands"][0] == ["??"]  # p1 no longer sees p0's hand


@both
def test_eight_oneoff_needs_glasses_on_table(preset):
    g = make(hands=("8C", "9S"), permanents=("KC", "KD"), rules=f"{preset}+eight-oneoff")
    assert not any(m.startswith("oneoff 8C") for m in moves(g))
    illegal(g, "oneoff 8C 8D", "only scraps an 8 on the table as glasses")


def test_eight_oneoff_own_glasses_classic_only():
    g = make(hands=("8C", "9S"), permanents=("8H", ""), rules="classic+eight-oneoff")
    assert "oneoff 8C 8H" in moves(g)
    g = make(hands=("8C", "9S"), permanents=("8H", ""), rules="cuttlecards+eight-oneoff")
    assert "oneoff 8C 8H" not in moves(g)
    illegal(g, "oneoff 8C 8H", "only target the opponent's cards")


@both
def test_eight_oneoff_blocked_by_queen(preset):
    g = make(hands=("8C", "9S"), permanents=("", "8D QS"), rules=f"{preset}+eight-oneoff")
    assert "oneoff 8C 8D" not in moves(g)
    illegal(g, "oneoff 8C 8D", "queen protects 8♦")


@both
def test_eight_oneoff_can_be_countered(preset):
    g = make(hands=("8C", "2D 9S"), permanents=("", "8D"), rules=f"{preset}+eight-oneoff")
    play(g, "oneoff 8C 8D", "counter 2D")
    assert perms(g, 1) == ["8D"] and {"8C", "2D"} <= set(scrap(g))


def test_eight_oneoff_not_without_the_variant():
    g = make(hands=("8C", "9S"), permanents=("", "8D"))
    assert "oneoff 8C 8D" not in moves(g)
    with pytest.raises(ValueError):
        g.play("oneoff 8C 8D")


# ---------------------------------------------------------------- nine-freeze
def test_nine_freeze_returned_card_cannot_be_replayed_next_turn():
    g = make(hands=("9C 3C", "4S"), permanents=("", "KD"), rules="classic+nine-freeze")
    play(g, "oneoff 9C KD", "resolve")
    assert "KD" in hand(g, 1) and g.to_position()["frozen"] == ["KD"]
    assert "perm KD" not in moves(g)
    illegal(g, "perm KD", "frozen")
    play(g, "draw", "draw")  # p1's turn ends, then p0's
    assert g.to_position()["frozen"] == []
    assert "perm KD" in moves(g)


def test_nine_freeze_own_permanent_frozen_on_own_next_turn():
    g = make(hands=("9C 3C", "4S"), permanents=("KC", ""), rules="classic+nine-freeze")
    play(g, "oneoff 9C KC", "resolve")
    assert "KC" in hand(g, 0)
    g.play("draw")  # p1
    assert g.to_position()["frozen"] == ["KC"]
    assert "perm KC" not in moves(g)
    illegal(g, "perm KC", "frozen")
    play(g, "draw", "draw")
    assert "perm KC" in moves(g)


def test_nine_freeze_jack_returned_is_frozen():
    g = make(hands=("9C", "4S"), points=([], ["8C+JD"]), rules="classic+nine-freeze")
    play(g, "oneoff 9C JD", "resolve")
    assert "JD" in hand(g, 1) and g.to_position()["frozen"] == ["JD"]
    assert pts(g, 0) == ["8C"]


def test_nine_no_freeze_in_classic_without_variant():
    g = make(hands=("9C", "4S"), permanents=("", "KD"))
    play(g, "oneoff 9C KD", "resolve")
    assert "perm KD" in moves(g)


# ---------------------------------------------------------------- nine-to-deck
@both
def test_nine_to_deck_puts_permanent_on_top_visible(preset):
    g = make(hands=("9C", "4S"), permanents=("", "QD"), deck="5H ...",
             rules=f"{preset}+nine-to-deck")
    play(g, "oneoff 9C QD", "resolve")
    assert perms(g, 1) == [] and "QD" not in hand(g, 1)
    assert deck(g)[:2] == ["QD", "5H"]
    assert g.view(0)["deck"][:2] == ["QD", "??"] and g.view(1)["deck"][0] == "QD"
    assert g.to_position()["frozen"] == []
    g.play("draw")
    assert "QD" in hand(g, 1) and "QD" in g.view(0)["hands"][1]


def test_nine_to_deck_jack_flips_control():
    g = make(hands=("9C", "4S"), points=([], ["8C+JD"]), rules="classic+nine-to-deck")
    play(g, "oneoff 9C JD", "resolve")
    assert pts(g, 0) == ["8C"] and deck(g)[0] == "JD" and g.view(1)["deck"][0] == "JD"


def test_nine_to_deck_point_card_cuttlecards():
    g = make(hands=("9C", "4S"), points=([], ["8H+JD"]), rules="cuttlecards+nine-to-deck")
    play(g, "oneoff 9C 8H", "resolve")
    assert deck(g)[0] == "8H" and "JD" in scrap(g) and pts(g, 1) == []


# ---------------------------------------------------------------- ten-counters-scuttle
TCS = "classic+ten-counters-scuttle"


@both
def test_scuttle_opens_a_window_for_a_ten(preset):
    g = make(hands=("9C", "TS 2D"), points=([], ["8H"]), rules=f"{preset}+ten-counters-scuttle")
    g.play("scuttle 9C 8H")
    assert g.phase == "counter" and g.to_move == 1
    assert g.to_position()["stack"] == [{"player": 0, "move": "scuttle 9C 8H"}]
    assert moves(g) == {"counter TS", "resolve"}
    illegal(g, "counter 2D", "only a 10 can counter a scuttle")


@both
def test_ten_cancels_the_scuttle(preset):
    g = make(hands=("9C", "TS 4S"), points=([], ["8H"]), rules=f"{preset}+ten-counters-scuttle")
    play(g, "scuttle 9C 8H", "counter TS")
    assert pts(g, 1) == ["8H"] and {"9C", "TS"} <= set(scrap(g))
    assert g.turn_player == 1 and g.phase == "main"


@both
def test_ten_answered_by_a_two(preset):
    g = make(hands=("9C 2C", "TS 4S"), points=([], ["8H+JC+JD"]),
             rules=f"{preset}+ten-counters-scuttle")
    play(g, "scuttle 9C 8H", "counter TS")
    assert g.phase == "counter" and g.to_move == 0 and moves(g) == {"counter 2C", "resolve"}
    play(g, "counter 2C", "resolve")  # p1 has no 2 left
    assert g.phase == "main" and g.turn_player == 1
    assert pts(g, 1) == [] and {"8H", "JC", "JD", "9C", "TS", "2C"} <= set(scrap(g))


def test_ten_two_two_chain_ten_stands():
    g = make(hands=("9C 2C", "TS 2D"), points=([], ["8H"]), rules=TCS)
    play(g, "scuttle 9C 8H", "counter TS", "counter 2C", "counter 2D")
    assert pts(g, 1) == ["8H"] and g.turn_player == 1


def test_scuttle_resolves_when_declined():
    g = make(hands=("9C", "TS"), points=([], ["8H"]), rules=TCS)
    play(g, "scuttle 9C 8H", "resolve")
    assert pts(g, 1) == [] and hand(g, 1) == ["TS"]


def test_no_ten_window_when_scuttled_player_has_no_cards():
    g = make(hands=("9C", ""), points=([], ["8H"]), rules=TCS)
    g.play("scuttle 9C 8H")
    assert g.phase == "main" and pts(g, 1) == []


def test_classic_queen_does_not_stop_a_ten_answering_a_scuttle():
    # a classic queen protects its owner's one-offs and counters, and queens never stop scuttles
    g = make(hands=("9C", "TS"), points=([], ["8H"]), permanents=("QC", ""), rules=TCS)
    g.play("scuttle 9C 8H")
    assert g.phase == "counter" and moves(g) == {"counter TS", "resolve"}
    g.play("counter TS")
    assert pts(g, 1) == ["8H"] and g.phase == "main"


def test_cuttlecards_queen_stops_every_counter_even_a_ten():
    g = make(hands=("9C", "TS"), points=([], ["8H"]), permanents=("QC", ""),
             rules="cuttlecards+ten-counters-scuttle")
    g.play("scuttle 9C 8H")
    assert g.phase == "main" and pts(g, 1) == []


def test_queen_of_the_tens_player_stops_a_two_against_the_ten():
    g = make(hands=("9C 2C", "TS"), points=([], ["8H"]), permanents=("", "QC"), rules=TCS)
    play(g, "scuttle 9C 8H", "counter TS")
    assert g.phase == "main" and pts(g, 1) == ["8H"]


def test_ten_cannot_counter_a_oneoff():
    g = make(hands=("AS", "TS"), rules=TCS)
    g.play("oneoff AS")
    assert moves(g) == {"resolve"}
    illegal(g, "counter TS", "only a 2 can counter a one-off")


def test_no_scuttle_window_without_the_variant():
    g = make(hands=("9C", "TS"), points=([], ["8H"]))
    g.play("scuttle 9C 8H")
    assert g.phase == "main" and pts(g, 1) == []


def test_win_by_scuttle_waits_for_the_window():
    # p0 scuttles and would win nothing, but p1's 10 keeps the card; the check runs after
    g = make(hands=("9C", "TS"), points=(["TC", "TD"], ["8H"]), rules=TCS)
    play(g, "scuttle 9C 8H", "counter TS")
    assert g.outcome is None and pts(g, 1) == ["8H"]


# ---------------------------------------------------------------- queens-protect-queens
QPQ = "classic+queens-protect-queens"


def test_two_queens_protect_each_other():
    g = make(hands=("2C 9C", "4S"), permanents=("", "QH QS"), rules=QPQ)
    assert not any(m.startswith("oneoff") for m in moves(g))
    illegal(g, "oneoff 2C QH", "queen protects Q♥")
    illegal(g, "oneoff 9C QS", "queen protects Q♠")


def test_single_queen_still_does_not_protect_itself():
    g = make(hands=("2C", "4S"), permanents=("", "QH KD"), rules=QPQ)
    assert {m for m in moves(g) if m.startswith("oneoff")} == {"oneoff 2C QH"}


def test_two_queens_and_a_two_no_counter_either():
    g = make(hands=("AS", "2D 4S"), points=([], ["TD"]), permanents=("QH QS", ""), rules=QPQ)
    g.play("oneoff AS")
    assert g.phase == "main" and pts(g, 1) == []


def test_two_queens_removed_only_by_six():
    g = make(hands=("6C", "4S"), permanents=("", "QH QS KD"), rules=QPQ)
    play(g, "oneoff 6C", "resolve")
    assert perms(g, 1) == []


def test_own_queens_targetable_in_classic_with_queens_protect_queens():
    g = make(hands=("2C", "4S"), permanents=("QH QS", ""), rules=QPQ)
    assert {"oneoff 2C QH", "oneoff 2C QS"} <= moves(g)


# ---------------------------------------------------------------- joker
@both
def test_joker_deck_has_54_cards(preset):
    pos = Game.new(seed=4, rules=f"{preset}+joker").to_position()
    every = pos["hands"][0] + pos["hands"][1] + pos["deck"]
    assert len(every) == 54 == len(set(every)) and {"X1", "X2"} <= set(every)


@both
def test_joker_swaps_hands(preset):
    g = make(hands=("X1 7D", "9S KH 4C"), rules=f"{preset}+joker")
    assert "oneoff X1" in moves(g)
    play(g, "oneoff X1", "resolve")
    assert hand(g, 0) == ["4C", "9S", "KH"] and hand(g, 1) == ["7D"]
    assert scrap(g)[-1] == "X1" and g.turn_player == 1
    # the swapped cards are known to both
    assert g.view(0)["hands"][1] == ["7D"] and g.view(1)["hands"][0] == ["4C", "9S", "KH"]


def test_joker_can_be_countered():
    g = make(hands=("X1 7D", "2D 9S"), rules="classic+joker")
    play(g, "oneoff X1", "counter 2D")
    assert hand(g, 0) == ["7D"] and hand(g, 1) == ["9S"]


def test_joker_is_only_a_oneoff():
    g = make(hands=("X1", "9S"), points=([], ["AC"]), rules="classic+joker")
    assert moves(g) == {"draw", "oneoff X1"}
    for bad in ("points X1", "perm X1", "scuttle X1 AC"):
        with pytest.raises(ValueError):
            g.play(bad)


def test_joker_playable_against_empty_hand():
    g = make(hands=("X1 7D", ""), rules="classic+joker")
    play(g, "oneoff X1")
    assert hand(g, 0) == [] and hand(g, 1) == ["7D"]


def test_joker_swap_under_glasses_and_visibility_after():
    # p0 has glasses; p0's joker swaps; p0 keeps seeing p1's (new) hand, and p1 knows p0's
    g = make(hands=("X1 7D", "9S KH"), permanents=("8C", ""), deck="5H 6H ...",
             rules="classic+joker")
    assert g.view(0)["hands"][1] == ["9S", "KH"]
    play(g, "oneoff X1", "resolve")
    assert g.view(0)["hands"] == [["9S", "KH"], ["7D"]]
    assert g.view(1)["hands"] == [["9S", "KH"], ["7D"]]
    g.play("draw")  # p1 draws 5H: p0's glasses show it
    assert g.view(0)["hands"][1] == ["5H", "7D"]
    g.play("draw")  # p0 draws 6H: p1 has no glasses, sees only the swapped cards
    assert sorted(g.view(1)["hands"][0]) == sorted(["9S", "KH", "??"])


def test_joker_swap_visibility_without_glasses():
    g = make(hands=("X1 7D", "9S KH"), deck="5H 6H ...", rules="classic+joker")
    play(g, "oneoff X1", "resolve", "draw")
    assert sorted(g.view(0)["hands"][1]) == sorted(["7D", "??"])


def test_joker_swap_thaws_frozen_cards():
    g = make(hands=("X1 7D", "KD 9S"), frozen="KD", rules="cuttlecards+joker")
    play(g, "oneoff X1", "resolve")
    assert g.to_position()["frozen"] == []
    g.play("draw")
    assert "perm KD" in moves(g)


def test_three_may_take_a_joker():
    g = make(hands=("3C", "9S"), scrap="X2", rules="cuttlecards+joker")
    play(g, "oneoff 3C", "resolve")
    assert moves(g) == {"take X2"}


def test_jokers_need_the_variant_in_positions():
    with pytest.raises(ValueError, match="no jokers"):
        make(hands=("X1", "9S"), rules="classic")
    with pytest.raises(ValueError, match="X2 missing"):
        Game.from_position({"rules": "classic+joker", "turn_player": 0,
                            "hands": [["X1"], []], "points": [[], []],
                            "permanents": [[], []],
                            "deck": [c for c in make().to_position()["deck"]], "scrap": []})
