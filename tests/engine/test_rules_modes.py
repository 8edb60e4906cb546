"""A test per rule and Decision of RULES.md section 4, "Common to both modes" (issue 29), for both
presets and both modes, through the public API and the notation of INTERFACE.md section 5.

The rules of one mode only are in test_rules_cutthroat.py and test_rules_teams.py; the position
format (stacks, ``out``, refused tables) in test_position_format_modes.py.
"""

from __future__ import annotations

import pytest
from seats import (
    ALL_CARDS,
    CUTTHROAT,
    MODES,
    TEAMS,
    answer_all,
    hand,
    illegal,
    make,
    moves,
    perms,
    play,
    pts,
    scrap,
    seats_of,
    turn,
)

from cuttle import Game, Rules
from cuttle.rules import VARIANTS

modes = pytest.mark.parametrize("rules", MODES)
presets = pytest.mark.parametrize("preset", ["classic", "cuttlecards"])


def opponents(rules: str, seat: int) -> list[int]:
    """The opponents of ``seat`` in turn order after it (RULES.md section 4, Opponents)."""
    n = seats_of(rules)
    after = [(seat + k) % n for k in range(1, n)]
    return after if n == 3 else [s for s in after if s % 2 != seat % 2]


def filler(n: int, *given: str) -> list[str]:
    """Hands for ``n`` seats: the ``given`` ones first, then a harmless card each (no 2, no 9),
    so every seat holds a card and counter or answer windows open for all."""
    spare = ["3C", "3D", "3H", "3S"]
    return list(given) + spare[len(given) : n]


# ---------------------------------------------------------------- rules strings
@modes
def test_mode_rules_string_sets_the_number_of_seats(rules):
    g = Game.new(seed=7, rules=rules)
    assert g.players == seats_of(rules)
    assert Rules.parse(str(g.rules)) == g.rules and str(Rules.parse(rules)) == str(g.rules)
    assert rules.split("+")[1] in str(g.rules).split("+")


@modes
def test_every_variant_but_joker_combines_with_a_mode(rules):
    for name in sorted(set(VARIANTS) - {"joker"}):
        g = Game.new(seed=1, rules=f"{rules}+{name}")
        assert g.players == seats_of(rules) and name in str(g.rules)
        assert g.legal_moves()


@modes
def test_joker_variant_with_a_mode_refused_with_a_reason(rules):
    for text in (f"{rules}+joker", f"{rules.split('+')[0]}+joker+{rules.split('+')[1]}"):
        with pytest.raises(ValueError, match="joker"):
            Rules.parse(text)
        with pytest.raises(ValueError, match="joker"):
            Game.new(seed=1, rules=text)


@presets
def test_both_modes_in_one_rules_string_refused(preset):
    for text in (f"{preset}+cutthroat+teams", f"{preset}+teams+cutthroat"):
        with pytest.raises(ValueError) as info:
            Rules.parse(text)
        assert "cutthroat" in str(info.value) and "teams" in str(info.value)


@presets
def test_a_two_player_game_is_unchanged_by_the_modes(preset):
    g = Game.new(seed=7, rules=preset)
    assert g.players == 2 and g.out == []
    pos = g.to_position()
    assert "out" not in pos and [len(h) for h in pos["hands"]] == [5, 6]
    g.concede(0)
    assert g.outcome == "p1"


# ---------------------------------------------------------------- seats and the deal
@modes
def test_seats_each_dealt_five_from_fifty_four_cards(rules):
    g = Game.new(seed=11, rules=rules)
    n = seats_of(rules)
    pos = g.to_position()
    assert [len(h) for h in pos["hands"]] == [5] * n
    assert len(pos["deck"]) == 54 - 5 * n == {3: 39, 4: 34}[n]
    every = [c for h in pos["hands"] for c in h] + pos["deck"]
    assert sorted(every) == sorted(ALL_CARDS)  # X1 and X2 among them, each card once
    assert len(pos["points"]) == len(pos["permanents"]) == n and pos["out"] == []
    assert g.to_move == 0 and pos["turn_player"] == 0 and g.phase == "main" and g.out == []


@modes
def test_same_seed_deals_the_same_game(rules):
    a, b, c = (Game.new(seed=s, rules=rules).to_position() for s in (5, 5, 6))
    assert a == b and a != c


@modes
def test_seats_play_clockwise_seat_zero_first(rules):
    g = Game.new(seed=3, rules=rules)
    n = seats_of(rules)
    order = []
    for _ in range(2 * n):
        order.append(g.to_move)
        g.play("draw")
    assert order == list(range(n)) * 2


# ---------------------------------------------------------------- hand limit 7
@modes
def test_hand_limit_seven_under_both_presets(rules):
    n = seats_of(rules)
    g = make(rules, hands=filler(n, "4C 4D 4H 4S 5C 5D 5H"), deck="6C ...")
    g.play("draw")
    assert g.phase == "hand_limit" and g.to_move == 0 and len(hand(g, 0)) == 8
    assert g.legal_moves() and all(str(m).startswith("discard") for m in g.legal_moves())
    while g.phase == "hand_limit":
        g.play(g.legal_moves()[0])
    assert len(hand(g, 0)) == 7 and g.phase == "main" and g.to_move == 1 and turn(g) == 1


@modes
def test_hand_limit_seven_reached_exactly_asks_nothing(rules):
    n = seats_of(rules)
    g = make(rules, hands=filler(n, "4C 4D 4H 4S 5C 5D"), deck="6C ...")
    g.play("draw")
    assert len(hand(g, 0)) == 7 and g.phase == "main" and g.to_move == 1


@modes
def test_hand_limit_not_forced_by_another_players_move(rules):
    # seat 1's nine returns seat 0's king to a hand of 7: nothing is forced until seat 0's move
    n = seats_of(rules)
    hands = filler(n, "4C 4D 4H 4S 5C 5D 5H", "9S 6C")
    g = make(rules, hands=hands, permanents=["KC"], turn=1)
    play(g, "oneoff 9S KC")
    answer_all(g)
    assert len(hand(g, 0)) == 8 and g.phase == "main" and g.to_move == 2


# ---------------------------------------------------------------- the four names its victim
@modes
def test_four_names_one_opponent_who_holds_a_card(rules):
    n = seats_of(rules)
    g = make(rules, hands=filler(n, "4S 6C", "9D 8D 7D", "TH TC", "JH JC")[:n])
    ms = moves(g)
    for seat in range(1, n):
        assert (f"oneoff 4S @{seat}" in ms) is (seat in opponents(rules, 0))
    assert "oneoff 4S" not in ms
    victim = opponents(rules, 0)[-1]
    before = {s: hand(g, s) for s in range(n) if s != victim}
    play(g, f"oneoff 4S @{victim}")
    answer_all(g)
    assert g.phase == "resolve_four" and g.to_move == victim
    discard = g.legal_moves()[0]
    g.play(discard)
    assert len(hand(g, victim)) == 0 and set(str(discard).split()[1:]) <= set(scrap(g))
    assert all(hand(g, s) == cards for s, cards in before.items() if s != 0)
    assert turn(g) == 1 and g.phase == "main"


@modes
def test_four_cannot_name_an_opponent_with_an_empty_hand(rules):
    n = seats_of(rules)
    hands = filler(n, "4S 6C")
    empty = opponents(rules, 0)[0]
    hands[empty] = ""
    g = make(rules, hands=hands)
    assert f"oneoff 4S @{empty}" not in moves(g)
    assert f"oneoff 4S @{opponents(rules, 0)[1]}" in moves(g)
    illegal(g, f"oneoff 4S @{empty}", "no card")


@modes
def test_four_without_a_named_victim_or_naming_no_seat_is_refused(rules):
    n = seats_of(rules)
    g = make(rules, hands=filler(n, "4S 6C"))
    illegal(g, "oneoff 4S", "names")
    illegal(g, "oneoff 4S @0", "not an opponent")  # oneself
    with pytest.raises(ValueError):
        g.play(f"oneoff 4S @{n}")  # no such seat
    assert g.phase == "main" and "4S" in hand(g, 0)


@modes
def test_four_random_discards_from_the_named_victim(rules):
    n = seats_of(rules)
    victim = opponents(rules, 0)[0]
    hands = filler(n, "4S 6C")
    hands[victim] = "9D 8D 7D"
    g = make(f"{rules}+four-random", hands=hands)
    play(g, f"oneoff 4S @{victim}")
    answer_all(g)
    assert len(hand(g, victim)) == 1 and g.phase == "main" and turn(g) == 1
    assert all(len(hand(g, s)) == 1 for s in range(1, n))


# ---------------------------------------------------------------- ace and six
@modes
def test_ace_scraps_every_players_point_cards(rules):
    n = seats_of(rules)
    stolen = "4S@1+JD@0" if n == 3 else "4S@1+JD@0>2"
    points = [["5C"], ["9H"], ["8D"], ["7S"]][:n]
    points[{3: 0, 4: 2}[n]].append(stolen)
    g = make(rules, hands=filler(n, "AC 6C"), points=points)
    play(g, "oneoff AC")
    answer_all(g)
    assert all(pts(g, s) == [] for s in range(n))
    assert {"5C", "9H", "8D", "4S", "JD", "AC"} <= set(scrap(g))
    assert g.phase == "main" and turn(g) == 1


@modes
def test_six_scraps_every_permanent_jack_and_joker_points_back_to_who_played_them(rules):
    n = seats_of(rules)
    if n == 3:
        points = [[], [], ["TS@1+JD@0+JC@2"]]  # seat 1's ten, taken by seat 0, then by seat 2
        permanents = ["KD@1+X1@0", "QH", "8C"]  # seat 0's joker took seat 1's king
    else:
        # seat 0's jack gave seat 1's ten to seat 2; seat 1's jack gave seat 2's nine to seat 3
        points = [[], [], ["TS@1+JD@0>2"], ["9C@2+JC@1>3"]]
        permanents = ["KD@1+X1@0", "QH", "8C", "KS"]
    g = make(rules, hands=filler(n, "6C 5C"), points=points, permanents=permanents)
    play(g, "oneoff 6C")
    answer_all(g)
    assert all(perms(g, s) == [] for s in range(n))
    assert pts(g, 1) == ["TS"]
    if n == 4:
        assert pts(g, 2) == ["9C"] and pts(g, 3) == []
    assert {"JD", "JC", "X1", "KD", "QH", "8C", "6C"} <= set(scrap(g))


# ---------------------------------------------------------------- glasses and views
@modes
def test_views_hide_every_other_hand_a_partners_too(rules):
    n = seats_of(rules)
    g = Game.new(seed=5, rules=rules)
    pos = g.to_position()
    for viewer in range(n):
        view = g.view(viewer)
        assert view["hands"][viewer] == pos["hands"][viewer]
        for other in range(n):
            if other != viewer:
                assert view["hands"][other] == ["??"] * len(pos["hands"][other])
        assert view["deck"] == ["??"] * len(pos["deck"]) and "seed" not in view


@modes
def test_glasses_show_every_opponents_hand_not_a_partners(rules):
    n = seats_of(rules)
    hands = ["5C", "9D 8D", "TH", "JH 2S"][:n]
    g = make(rules, hands=hands, permanents=["8C"])
    for viewer in range(n):
        view = g.view(viewer)
        for other in range(n):
            shown = view["hands"][other] == g.to_position()["hands"][other]
            sees = other == viewer or (viewer == 0 and other in opponents(rules, 0))
            assert shown is sees, (viewer, other)


@modes
def test_no_hand_is_revealed_when_the_deck_runs_out(rules):
    n = seats_of(rules)
    g = make(rules, hands=["5C", "9D", "TH", "JH"][:n], deck=[])
    for viewer in range(n):
        view = g.view(viewer)
        assert all(view["hands"][o] == ["??"] for o in range(n) if o != viewer)


# ---------------------------------------------------------------- kings, queens
@modes
def test_kings_lower_only_their_controllers_goal(rules):
    # seat 0's king lowers seat 0's goal, not that of another seat (a partner's neither)
    n = seats_of(rules)
    other, card = (1, "4D") if n == 3 else (2, "AD")
    points = [[] for _ in range(n)]
    points[other] = ["9C"] if n == 3 else ["TC", "9C"]  # at the goal seat 0's king would give
    hands = filler(n, "AH 4S")
    hands[other] = f"{card} 5D"
    g = make(rules, hands=hands, points=points, permanents=["KC"], turn=other)
    g.play(f"points {card}")
    assert g.outcome is None  # 13 of 14, or 20 of 21
    g = make(rules, hands=filler(n, "AH"), points=[["8H"] if n == 3 else ["TC", "3C"]],
             permanents=["KC"])
    g.play("points AH")  # 9 with one king in cutthroat, 14 with one king in teams
    assert g.outcome == ("p0" if n == 3 else "team0")


@modes
def test_queen_protects_her_controllers_other_cards_from_every_other_player(rules):
    # seat 1's queen: no other seat's 2 may take seat 1's king (a partner's 2 neither); the
    # queen herself stays a target for whoever may target seat 1's permanents at all
    n = seats_of(rules)
    classic = rules.startswith("classic")
    for seat in range(n):
        hands = filler(n)
        hands[seat] = f"2{'CDHS'[seat]} 5{'CDHS'[seat]}"
        g = make(rules, hands=hands, permanents=["", "QH KD"], turn=seat)
        two = f"oneoff 2{'CDHS'[seat]}"
        may_target = seat in opponents(rules, 1) or classic
        assert (f"{two} KD" in moves(g)) is (seat == 1 and classic), seat
        assert (f"{two} QH" in moves(g)) is may_target, seat
        if seat != 1:
            illegal(g, f"{two} KD", "queen" if may_target else "opponent")


# ---------------------------------------------------------------- counters
@modes
def test_counters_asked_one_opponent_at_a_time_in_turn_order(rules):
    n = seats_of(rules)
    g = make(rules, hands=["AC 2C", "2D 9D", "2H 9H", "2S 9S"][:n], points=["", "TD"])
    g.play("oneoff AC")
    asked = []
    while g.phase == "counter":
        asked.append(g.to_move)
        assert moves(g) == {f"counter 2{'CDHS'[g.to_move]}", "resolve"}
        g.play("resolve")
    assert asked == opponents(rules, 0)
    assert pts(g, 1) == [] and g.phase == "main" and turn(g) == 1


@modes
def test_a_counter_starts_the_asking_again_after_its_player(rules):
    n = seats_of(rules)
    g = make(rules, hands=["AC 2C 5C", "2D 9D", "2H 9H", "2S 9S"][:n], points=["", "TD"])
    g.play("oneoff AC")
    first = g.to_move
    g.play(f"counter 2{'CDHS'[first]}")
    asked = []
    while g.phase == "counter":
        asked.append(g.to_move)
        g.play("resolve")
    assert asked == opponents(rules, first)
    assert pts(g, 1) == ["TD"]  # one counter: the ace is cancelled
    assert {"AC", f"2{'CDHS'[first]}"} <= set(scrap(g)) and turn(g) == 1


@modes
def test_even_counters_let_the_one_off_resolve(rules):
    n = seats_of(rules)
    g = make(rules, hands=["AC 2C 5C", "2D 9D", "2H 9H", "2S 9S"][:n], points=["", "TD"])
    g.play("oneoff AC")
    g.play("counter 2D")  # seat 1
    while g.to_move != 0:
        g.play("resolve")
    g.play("counter 2C")  # seat 0 counters the counter
    answer_all(g)
    assert pts(g, 1) == [] and {"AC", "2C", "2D", "TD"} <= set(scrap(g))


@modes
def test_a_queen_stops_every_counter_to_her_players_cards(rules):
    n = seats_of(rules)
    g = make(rules, hands=["AC 5C", "2D 9D", "2H 9H", "2S 9S"][:n], points=["", "TD"],
             permanents=["QS"])
    g.play("oneoff AC")
    assert g.phase == "main" and pts(g, 1) == [] and turn(g) == 1


@modes
def test_another_players_queen_does_not_stop_a_counter(rules):
    # "No one may counter a card whose player has a queen": only the card's player's queen
    n = seats_of(rules)
    queen_seat = opponents(rules, 0)[1]
    permanents = [[] for _ in range(n)]
    permanents[queen_seat] = ["QS"]
    g = make(rules, hands=["AC 5C", "2D 9D", "2H 9H", "2S 9S"][:n], points=["", "TD"],
             permanents=permanents)
    g.play("oneoff AC")
    assert g.phase == "counter" and g.to_move == 1 and "counter 2D" in moves(g)


@modes
def test_a_counter_by_a_queens_player_cannot_be_countered(rules):
    n = seats_of(rules)
    counterer = opponents(rules, 0)[0]
    permanents = [[] for _ in range(n)]
    permanents[counterer] = ["QS"]
    g = make(rules, hands=["AC 2C", "2D 9D", "2H 9H", "2S 9S"][:n], points=["", "TD"],
             permanents=permanents)
    g.play("oneoff AC")
    g.play(f"counter 2{'CDHS'[counterer]}")
    assert g.phase == "main" and pts(g, 1) == ["TD"] and turn(g) == 1


@pytest.mark.parametrize("rules", [f"{m}+nine-freeze" if m.startswith("classic") else m
                                   for m in MODES])
def test_frozen_cards_cannot_counter(rules):
    # seat 1's 2 is frozen (returned by a nine); seat 1 still holds a card it may play, so it is
    # asked, and may only let the stack resolve
    n = seats_of(rules)
    hands = ["AC 5C", "2D 9D", "2H 9H", "2S 9S"][:n]
    g = make(rules, hands=hands, points=["", "TD"], frozen=["2D"], turn=0)
    g.play("oneoff AC")
    assert g.phase == "counter" and g.to_move == 1
    assert moves(g) == {"resolve"}
    illegal(g, "counter 2D", "frozen")


# ---------------------------------------------------------------- winning
def six_to_goal(rules: str, mover: int) -> Game:
    """Seats 0 and 1 each have a 4 taken by the last seat's jacks; a six by ``mover`` gives both
    back, and seats 0 and 1 reach their goal together (14 in cutthroat, 21 in teams)."""
    n = seats_of(rules)
    last = n - 1
    points: list[list[str]] = [["TC"], ["TD"], [], []][:n] if n == 3 else \
        [["TC", "7C"], ["TD", "7D"], [], []]
    points[last] = [f"4H@0+JC@{last}", f"4S@1+JD@{last}"]
    hands = filler(n)
    hands[mover] = "6C 5C"
    g = make(rules, hands=hands, points=points, turn=mover)
    assert g.outcome is None
    g.play("oneoff 6C")
    return answer_all(g)


@pytest.mark.parametrize(("rules", "mover", "winner"), [
    ("classic+cutthroat", 0, "p0"), ("cuttlecards+cutthroat", 0, "p0"),
    ("classic+cutthroat", 1, "p1"), ("cuttlecards+cutthroat", 1, "p1"),
    ("classic+teams", 0, "team0"), ("cuttlecards+teams", 0, "team0"),
    ("classic+teams", 1, "team1"), ("cuttlecards+teams", 1, "team1"),
    ("classic+teams", 2, "team0"), ("cuttlecards+teams", 3, "team1"),
])  # fmt: skip
def test_several_at_their_goal_the_movers_side_wins_if_among_them(rules, mover, winner):
    assert six_to_goal(rules, mover).outcome == winner


@pytest.mark.parametrize("rules", CUTTHROAT)
def test_several_at_their_goal_first_in_turn_order_after_the_mover(rules):
    # seat 2 plays the six: seats 0 and 1 reach 14; seat 0 comes first after seat 2
    assert six_to_goal(rules, 2).outcome == "p0"


@pytest.mark.parametrize("rules", TEAMS)
def test_several_at_their_goal_of_the_other_team_only(rules):
    # seat 0's six gives seats 1 and 3 their cards back: team 1 wins on seat 0's move
    points = [["4H@1+JC@0", "4S@3+JD@0"], ["TD", "7D"], [], ["TS", "7S"]]
    g = make(rules, hands=filler(4, "6C 5C"), points=points)
    g.play("oneoff 6C")
    assert answer_all(g).outcome == "team1"


# ---------------------------------------------------------------- empty deck
@modes
def test_n_plus_one_passes_in_a_row_draw_the_game(rules):
    n = seats_of(rules)
    g = make(rules, hands=filler(n, "5C"), deck=[])
    assert "pass" in moves(g) and "draw" not in moves(g)
    for k in range(n):
        g.play("pass")
        assert g.outcome is None and g.to_position()["passes"] == k + 1
    g.play("pass")
    assert g.outcome == "draw" and g.phase == "over" and g.to_move is None


@modes
def test_any_other_move_resets_the_count_of_passes(rules):
    n = seats_of(rules)
    g = make(rules, hands=filler(n, "5C 6C", "5D 6D"), deck=[])
    play(g, "pass", "points 5D")
    assert g.to_position()["passes"] == 0
    for _ in range(n):
        g.play("pass")
    assert g.outcome is None
    g.play("pass")
    assert g.outcome == "draw"


# ---------------------------------------------------------------- moves in the notation
@pytest.mark.parametrize("text", ["jack JD 7H >2", "oneoff 4S @2", "joker X1 KD", "joker X2 KD >3",
                                  "jack JD 7H", "oneoff 9S QH", "joker X1 7H"])
def test_mode_moves_parse_to_their_canonical_text(text):
    from cuttle import Move

    assert str(Move.parse(text)) == text
    assert Move.parse(text.lower()) is Move.parse(text)
    assert Move.parse(text.replace(" ", "  ")) is Move.parse(text)


@pytest.mark.parametrize("rules", MODES)
def test_every_legal_move_is_accepted_as_its_text(rules):
    g = Game.new(seed=21, rules=rules)
    for _ in range(40):
        if g.outcome is not None:
            break
        legal = g.legal_moves()
        assert len({str(m) for m in legal}) == len(legal)
        for m in legal:
            Game.from_position(g.to_position()).play(str(m))
        g.play(legal[len(legal) // 2])


@modes
def test_an_opponent_with_an_empty_hand_is_not_asked_to_counter(rules):
    # as with two players, a window opens only for a player who could counter by what all see
    n = seats_of(rules)
    hands = ["AC 5C", "", "2H 9H", "2S 9S"][:n]
    g = make(rules, hands=hands, points=["", "", "TH"])
    g.play("oneoff AC")
    assert g.phase == "counter" and g.to_move == opponents(rules, 0)[1]


@modes
def test_a_card_taken_by_a_three_is_known_to_every_seat(rules):
    n = seats_of(rules)
    g = make(rules, hands=filler(n, "3C 5C"), scrap=["7S", "..."], deck=["KS"])
    g.play("oneoff 3C")
    answer_all(g)
    assert g.phase == "resolve_three" and g.to_move == 0
    g.play("take 7S")
    for viewer in range(1, n):
        assert "7S" in g.view(viewer)["hands"][0]
        assert g.view(viewer)["hands"][0].count("??") == 1  # the 5C stays hidden


@modes
def test_a_draw_by_agreement_only_under_cuttlecards(rules):
    # asking every other player in turn order is the program's; the engine records the agreement
    g = Game.new(seed=1, rules=rules)
    if rules.startswith("cuttlecards"):
        g.agree_draw()
        assert g.outcome == "draw" and g.outcome_reason == "agreement"
    else:
        with pytest.raises(ValueError):
            g.agree_draw()
        assert g.outcome is None
