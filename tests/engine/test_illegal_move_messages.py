"""Clear errors (issue 2 §5): every illegal move says why, in a player's words, and changes
nothing; every malformed position raises ValueError naming the problem."""

from __future__ import annotations

import json
import re

import pytest
from helpers import illegal, make, moves, play, position

from cuttle import Game, IllegalMoveError, Move


# ---------------------------------------------------------------- illegal moves: main phase
@pytest.mark.parametrize("setup,move,words", [
    (dict(hands=("7D", "4S")), "points 9S", ["9♠ is not in your hand"]),
    (dict(hands=("7D", "4S")), "pass", ["only when the deck is empty", "draw instead"]),
    (dict(hands=("7D", "4S"), deck="", scrap="..."), "draw", ["deck is empty", "pass"]),
    (dict(hands=("7D", "4S")), "counter 2C", ["nothing to counter"]),
    (dict(hands=("7D", "4S")), "resolve", ["nothing to counter"]),
    (dict(hands=("7D", "4S")), "take 7D", ["nothing to take"]),
    (dict(hands=("7D", "4S")), "discard 7D", ["nothing to discard"]),
    (dict(hands=("7D", "4S")), "scrap 7D", ["nothing to scrap"]),
    (dict(hands=("7D", "4S"), points=([], ["7H"])), "scuttle 7D 7H",
     ["7♦ cannot scuttle 7♥", "hearts outrank diamonds"]),
    (dict(hands=("7D", "4S"), points=([], ["9C"])), "scuttle 7D 9C",
     ["7♦ cannot scuttle 9♣", "a seven is lower than a nine"]),
    (dict(hands=("AD", "4S"), points=([], ["8C"])), "scuttle AD 8C",
     ["an ace is lower than an eight"]),
    (dict(hands=("7D", "4S"), points=(["5C"], [])), "scuttle 7D 5C",
     ["5♣ is not one of the opponent's point cards"]),
    (dict(hands=("JC", "4S"), points=([], ["7H"]), permanents=("", "QS")), "jack JC 7H",
     ["the opponent's queen protects 7♥"]),
    (dict(hands=("JC", "4S"), points=([], ["7H"])), "jack JC 6H",
     ["6♥ is not a point card on the table"]),
    (dict(hands=("JC", "4S"), points=(["7H"], ["6H"]), rules="cuttlecards"), "jack JC 7H",
     ["a jack may only go on the opponent's point cards, not on your own 7♥"]),
    (dict(hands=("JC", "4S"), points=(["7H"], ["6H"])), "jack JC 7H",
     ["a jack may only go on the opponent's point cards, not on your own 7♥"]),
    (dict(hands=("2C", "4S"), permanents=("", "KS")), "oneoff 2C KH", ["K♥ is not on the table"]),
    (dict(hands=("2C", "4S"), permanents=("", "KS QH")), "oneoff 2C KS",
     ["the opponent's queen protects K♠"]),
    (dict(hands=("2C", "4S"), points=([], ["7C+JD+JH"])), "oneoff 2C JD",
     ["only the top jack", "J♦ is covered"]),
    (dict(hands=("2C", "4S"), points=([], ["8C"]), rules="cuttlecards"), "oneoff 2C 8C",
     ["a two only targets kings, queens, glasses and jacks"]),
    (dict(hands=("9C", "4S"), points=([], ["7C"])), "oneoff 9C 7C",
     ["a nine only targets kings, queens, glasses and jacks"]),
    (dict(hands=("2C", "4S"), permanents=("KC", "KD"), rules="cuttlecards"), "oneoff 2C KC",
     ["under cuttlecards rules a two may only target the opponent's cards"]),
    (dict(hands=("3C", "4S"), scrap=""), "oneoff 3C", ["the scrap holds no card a 3 may take"]),
    (dict(hands=("4C", "")), "oneoff 4C", ["the opponent has no card in hand for a 4"]),
    (dict(hands=("5C", "4S"), deck="", scrap="..."), "oneoff 5C",
     ["the deck is empty: a five has nothing to draw"]),
    (dict(hands=("7C", "4S"), deck="", scrap="..."), "oneoff 7C",
     ["the deck is empty: a seven has nothing to draw"]),
    (dict(hands=("KD", "4S"), frozen="KD", rules="cuttlecards"), "perm KD",
     ["K♦ is frozen", "9"]),
])
def test_illegal_main_phase_move_reads_well_and_changes_nothing(setup, move, words):
    g = make(**setup)
    reason = illegal(g, move, *words)
    # one short line, no internal card numbers or Python values leaking into it
    assert "\n" not in reason and len(reason) < 160
    assert "None" not in reason and not re.search(r"\b\d\d\b", reason)


@pytest.mark.parametrize("move", ["points KH", "perm 7D", "oneoff 8C", "scuttle KH 7D",
                                  "jack 7D 7H", "oneoff 9C", "counter 4S", "draw 7D"])
def test_impossible_move_shapes_raise_value_error_naming_the_move(move):
    g = make(hands=("KH 7D 8C 9C 4S", "5S"), points=([], ["7H"]))
    before = g.to_position()
    with pytest.raises(ValueError) as exc:
        g.play(move)
    assert move in str(exc.value)
    assert g.to_position() == before


@pytest.mark.parametrize("text,words", [
    ("", "empty move"),
    ("   ", "empty move"),
    ("fly 7D", "unknown move 'fly 7D'"),
    ("points 7Z", "unknown card '7Z'"),
    ("points 11D", "unknown card '11D'"),
    ("discard 5C 5C", "two different cards"),
])
def test_malformed_move_text(text, words):
    g = make(hands=("7D 5C", "4S"))
    before = g.to_position()
    with pytest.raises(ValueError, match=words) as exc:
        g.play(text)
    assert not isinstance(exc.value, IllegalMoveError)
    assert g.to_position() == before


def test_move_aliases_accepted():
    g = make(hands=("TS", "4S"), points=([], ["9H"]))
    g.play("Scuttle 10♠ 9h")
    assert str(g.history[-1][1]) == "scuttle TS 9H"
    assert str(Move.parse("oneoff x1")) == "oneoff X1"
    assert str(Move.parse("discard 9h 5c")) == "discard 5C 9H"


def test_non_text_move_refused():
    g = make(hands=("7D", "4S"))
    with pytest.raises(ValueError, match="text"):
        g.play(7)  # type: ignore[arg-type]


# ---------------------------------------------------------------- illegal moves: other phases
def test_illegal_in_counter_phase():
    g = make(hands=("AS", "2D 4S TS"), rules="classic+ten-counters-scuttle")
    g.play("oneoff AS")
    illegal(g, "points 4S", "you may only counter with a 2", "resolve")
    illegal(g, "counter 2H", "2♥ is not in your hand")
    illegal(g, "counter TS", "only a 2 can counter a one-off")


def test_illegal_in_resolve_three():
    g = make(hands=("3C", "4S"), scrap="5D 3D", rules="cuttlecards")
    play(g, "oneoff 3C", "resolve")
    illegal(g, "draw", "your 3 is resolving", "take")
    illegal(g, "take 9S", "9♠ is not in the scrap")
    illegal(g, "take 3D", "under cuttlecards rules a 3 cannot take a 3")


def test_illegal_in_resolve_four():
    g = make(hands=("4C", "9S 5S KH"))
    play(g, "oneoff 4C", "resolve")
    illegal(g, "points 9S", "a 4 hit you", "discard")
    illegal(g, "discard 9S", "discard exactly 2 cards")
    illegal(g, "discard 9S 2C", "2♣ is not in your hand")


def test_illegal_in_resolve_five():
    g = make(hands=("5C 9S KH", "4S"), rules="cuttlecards")
    play(g, "oneoff 5C", "resolve")
    illegal(g, "discard 9S KH", "discard exactly 1 card")
    illegal(g, "draw", "your 5 is resolving")


def test_illegal_in_resolve_seven():
    g = make(hands=("7C 9S", "4S"), points=([], ["TD"]), deck="KH 5D ...")
    play(g, "oneoff 7C", "resolve")
    illegal(g, "points 9S", "your 7 is resolving", "K♥")
    illegal(g, "draw", "your 7 is resolving")
    illegal(g, "scrap KH", "K♥ can be played, so it cannot be scrapped")


def test_illegal_in_hand_limit():
    g = make(hands=("AC 2C 3C 4C 5C 6C 7C 8C", "4S"), rules="cuttlecards")
    g.play("draw")
    illegal(g, "points AC", "you hold 9 cards", "discard down to 8")
    illegal(g, "discard AC 2C", "discard exactly 1 card")


def test_hand_limit_more_than_two_over_discards_twice():
    # a hand three over the limit: two then one (a discard move names at most two cards)
    g = make(hands=("AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "4S"), rules="cuttlecards")
    g.play("draw")
    assert g.phase == "hand_limit"
    illegal(g, "discard AC", "discard exactly 2 cards")
    g.play("discard AC 2C")
    assert g.phase == "hand_limit" and g.to_move == 0
    g.play("discard 3C")
    assert g.phase == "main" and g.turn_player == 1 and len(g.hands[0]) == 8


def test_illegal_after_the_game_is_over():
    g = make(hands=("TD", "4S"), points=(["TC", "AC"], []))
    g.play("points TD")
    for m in ("draw", "points 4S", "resolve"):
        illegal(g, m, "the game is over")


def test_view_of_a_non_player_refused():
    g = make(hands=("7D", "4S"))
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        g.view(2)


@pytest.mark.parametrize("seed", ["7", 1.5, True])
def test_bad_seed_refused(seed):
    with pytest.raises(ValueError, match="seed must be an integer"):
        Game.new(seed=seed)  # type: ignore[arg-type]


# ---------------------------------------------------------------- malformed positions
def base(**kw):
    return position(hands=("7D 2C", "9S"), points=(["5H"], ["TS+JD"]),
                    permanents=(["KC"], ["QH"]), scrap="4C", **kw)


def test_base_position_is_fine():
    g = Game.from_position(base())
    assert Game.from_position(json.dumps(g.to_position())).to_position() == g.to_position()


def _bad(pos, *words):
    with pytest.raises(ValueError) as exc:
        Game.from_position(pos)
    msg = str(exc.value)
    assert msg.startswith("bad position") or "card" in msg, msg
    for w in words:
        assert w.lower() in msg.lower(), f"{msg!r} lacks {w!r}"
    return msg


def _with(**changes):
    pos = base()
    for k, v in changes.items():
        if v is KeyError:
            del pos[k]
        else:
            pos[k] = v
    return pos


def _moved(pos, card, src, dst):
    """Move ``card`` from list ``pos[src...]`` to ``pos[dst...]`` (paths as tuples)."""
    def at(path):
        x = pos
        for k in path:
            x = x[k]
        return x
    at(src).remove(card)
    at(dst).append(card)
    return pos


@pytest.mark.parametrize("text,words", [
    ("{not json", ["not valid JSON"]),
    ("[1, 2]", ["expected a JSON object"]),
])
def test_position_not_a_json_object(text, words):
    _bad(text, *words)


def test_position_not_a_dict():
    _bad([1, 2], "expected a JSON object")  # type: ignore[arg-type]


def test_position_wrong_format():
    _bad(_with(format="cuttle-position/9"), "format", "cuttle-position/9")


def test_position_rules_mismatch():
    pos = base()
    with pytest.raises(ValueError, match="it is for rules 'classic', not 'cuttlecards'"):
        Game.from_position(pos, rules="cuttlecards")


def test_position_unknown_rules():
    _bad(_with(rules="chess"), "unknown rules preset 'chess'")
    _bad(_with(rules="classic+nine-freeze+nine-to-deck"), "contradict")


@pytest.mark.parametrize("key", ["turn_player", "hands", "points", "permanents", "deck", "scrap"])
def test_position_missing_key(key):
    _bad(_with(**{key: KeyError}), f"missing '{key}'")


@pytest.mark.parametrize("tp", [2, -1, True, "0", None])
def test_position_bad_turn_player(tp):
    _bad(_with(turn_player=tp), "turn_player must be 0 or 1")


@pytest.mark.parametrize("key", ["hands", "points", "permanents"])
def test_position_pair_fields_need_two_lists(key):
    _bad(_with(**{key: [[]]}), f"'{key}' must be a list of two lists")


def test_position_card_not_text():
    pos = base()
    pos["hands"][0].append(7)
    _bad(pos, "hands[0][2]", "not a card")


def test_position_hidden_card_is_a_view():
    pos = base()
    pos["hands"][1] = ["??"]
    _bad(pos, "hidden card", "from_view")


def test_position_unknown_card():
    pos = base()
    pos["scrap"].append("ZZ")
    _bad(pos, "scrap[1]", "unknown card 'ZZ'")


def test_position_joker_without_variant():
    pos = base()
    pos["deck"].append("X1")
    _bad(pos, "joker 'X1'", "no jokers")


def test_position_list_field_not_a_list():
    _bad(_with(deck="7D 5C"), "deck must be a list")


def test_position_point_entry_not_text():
    pos = base()
    pos["points"][0].append(["5C"])
    _bad(pos, "points[0][1]", "must be text")


@pytest.mark.parametrize("card", ["JC", "QC", "KD"])
def test_position_royal_as_point_card(card):
    pos = base()
    _moved(pos, card, ("deck",), ("points", 0))
    _bad(pos, f"{card} cannot be a point card")


def test_position_non_jack_on_a_point_card():
    pos = base()
    pos["deck"].remove("6C")
    pos["points"][0] = ["5H+6C"]
    _bad(pos, "only jacks sit on point cards, not 6C")


@pytest.mark.parametrize("card", ["JC", "7C"])
def test_position_bad_permanent(card):
    pos = base()
    _moved(pos, card, ("deck",), ("permanents", 0))
    _bad(pos, f"holds {card}", "only kings, queens and 8s")


def test_position_card_twice():
    pos = base()
    pos["deck"].append("7D")
    _bad(pos, "7D listed more than once")


def test_position_card_missing():
    pos = base()
    pos["deck"].remove("AS")
    _bad(pos, "AS missing", "every card must be somewhere")


def test_position_unknown_phase():
    _bad(_with(phase="lunch"), "unknown phase 'lunch'")


@pytest.mark.parametrize("passes", [-1, 4, True, "1", 3])
def test_position_bad_passes(passes):
    _bad(_with(passes=passes), "passes must be 0, 1 or 2")


def test_position_frozen_not_a_list():
    _bad(_with(frozen="7D"), "frozen must be a list")


def test_position_frozen_card_not_in_hand():
    _bad(_with(frozen=["5H"]), "frozen card '5H' is not in a hand")


def test_position_known_card_not_hidden_zone():
    _bad(_with(known=["5H"]), "known card '5H' is not in a hand or the deck")


def test_position_bad_seed():
    _bad(_with(seed="abc"), "seed must be an integer")


def test_position_bad_outcome():
    _bad(_with(outcome="p2"), "outcome must be null")


def test_position_over_needs_outcome_and_outcome_needs_over():
    _bad(_with(phase="over"), "phase 'over' goes with an outcome")
    _bad(_with(outcome="p0"), "phase 'over' goes with an outcome")


def test_position_already_at_goal_but_not_over():
    pos = base()
    for c in ("TC", "TD"):
        _moved(pos, c, ("deck",), ("points", 0))
    _bad(pos, "player 0 has 25 points", "goal of 14", "not over")


def test_position_wrong_to_move():
    _bad(_with(to_move=1), "to_move is 1", "player 0 must act")


def test_position_hand_limit_phase_without_limit():
    pos = base()
    pos["phase"] = "hand_limit"
    _bad(pos, "hand")


def test_position_hand_limit_phase_within_limit():
    pos = base(rules="cuttlecards")
    pos["phase"] = "hand_limit"
    _bad(pos, "hand_limit phase but the hand is within the limit")


def test_position_stack_not_a_list():
    _bad(_with(stack="oneoff AS"), "stack must be a list")


@pytest.mark.parametrize("entry", [{"player": 2, "move": "oneoff AS"}, {"move": "oneoff AS"},
                                   "oneoff AS", {"player": 0, "move": 5}])
def test_position_bad_stack_entry(entry):
    _bad(_with(stack=[entry], phase="counter"), "stack[0] must be")


def test_position_stack_move_unparsable():
    _bad(_with(stack=[{"player": 0, "move": "fly AS"}], phase="counter"), "stack[0]",
         "unknown move")


def test_position_stack_counter_first():
    pos = base()
    _moved(pos, "2D", ("deck",), ("scrap",))
    pos["scrap"].remove("2D")
    pos["stack"] = [{"player": 0, "move": "counter 2D"}]
    pos["phase"] = "counter"
    _bad(pos, "stack[0] counter 2D", "a one-off (or a scuttle) first")


def _stacked(moves_, phase="counter", **kw):
    pos = position(**kw, stack=[{"player": p, "move": m} for p, m in moves_], phase=phase)
    return pos


def test_position_counter_phase_needs_a_stack():
    _bad(_with(phase="counter"), "counter phase needs a one-off on the stack")


def test_position_stack_must_alternate():
    _bad(_stacked([(0, "oneoff AS"), (0, "counter 2D")], hands=("", "4S")),
         "stack must alternate players")
    _bad(_stacked([(1, "oneoff AS")], hands=("", "4S")), "stack must alternate players")


def test_position_scuttle_on_stack_needs_the_variant():
    _bad(_stacked([(0, "scuttle 9C 8H")], hands=("", "4S"), points=([], ["8H"])),
         "a scuttle waits on the stack only under ten-counters-scuttle")


@pytest.mark.parametrize("phase,card", [("resolve_three", "AS"), ("resolve_four", "3C"),
                                        ("resolve_seven", "5C")])
def test_position_resolve_phase_needs_its_card(phase, card):
    _bad(_stacked([(0, f"oneoff {card}")], phase=phase, hands=("9S", "4S"), scrap="5D ..."),
         f"phase '{phase}' needs the turn player's")


def test_position_resolve_seven_needs_revealed():
    _bad(_stacked([(0, "oneoff 7C")], phase="resolve_seven", hands=("9S", "4S")),
         "resolve_seven needs the revealed card")
    _bad(_stacked([(0, "oneoff 7C")], phase="resolve_seven", hands=("9S", "4S"),
                  revealed="5D 6D"), "resolve_seven needs the revealed card")


def test_position_stack_outside_counter_or_resolve():
    _bad(_stacked([(0, "oneoff AS")], phase="main", hands=("9S", "4S")),
         "stack must be empty in phase 'main'")


def test_position_revealed_outside_resolve_seven():
    _bad(position(hands=("9S", "4S"), revealed="5D"),
         "revealed cards only exist in phase 'resolve_seven'")


# the checks that keep a position from corrupting the game when its stack resolves
@pytest.mark.parametrize("stack,kw,words", [
    ([(0, "oneoff 2C KH")], {}, ["oneoff 2C KH", "KH is not a card it may target"]),
    ([(0, "oneoff 2C KH")], {"permanents": ("", "KH QS")}, ["KH is not a card it may target"]),
    ([(0, "oneoff 2C JH")], {"points": ([], ["7D+JH+JS"])}, ["JH is not a card it may target"]),
    ([(0, "oneoff 9C 7D")], {"points": ([], ["7D"])}, ["7D is not a card it may target"]),
    ([(0, "oneoff 8C 8D")], {"permanents": ("", "8D")}, ["8D is not a card it may target"]),
    ([(0, "oneoff TS")], {}, ["that card has no one-off effect"]),
    ([(0, "oneoff AS"), (1, "counter TS")], {}, ["stack[1] counter TS",
                                                 "only a 2 counters a one-off"]),
])
def test_position_stack_card_must_be_playable_there(stack, kw, words):
    _bad(_stacked(stack, hands=("", "4S"), **kw), *words)


def test_position_scuttle_on_stack_must_beat_its_target():
    kw = dict(hands=("", "4S"), rules="classic+ten-counters-scuttle")
    _bad(_stacked([(0, "scuttle 9C 8H")], **kw), "8H is not an opponent's point card that 9C")
    _bad(_stacked([(0, "scuttle 8C 8H")], points=([], ["8H"]), **kw), "that 8C beats")
    _bad(_stacked([(0, "scuttle 9C 8H"), (1, "counter 2D")], points=([], ["8H"]), **kw),
         "only a 10 answers a scuttle")
    Game.from_position(_stacked([(0, "scuttle 9C 8H"), (1, "counter TS")],
                                points=([], ["8H"]), hands=("2C", "4S"),
                                rules="classic+ten-counters-scuttle"))


@pytest.mark.parametrize("phase,card,kw,words", [
    ("resolve_three", "3C", {"scrap": ""}, ["no card the 3 may take"]),
    ("resolve_three", "3C", {"scrap": "3D", "rules": "cuttlecards"}, ["no card the 3 may take"]),
    ("resolve_four", "4C", {"hands": ("9S", "")}, ["victim has no card"]),
    ("resolve_four", "4C", {"rules": "classic+four-random"}, ["four-random",
                                                                 "no resolve_four"]),
    ("resolve_five", "5C", {}, ["the classic 5 draws at once"]),
    ("resolve_five", "5C", {"hands": ("", "4S"), "rules": "cuttlecards"}, ["no card to discard"]),
])
def test_position_pending_choice_must_have_an_answer(phase, card, kw, words):
    kw.setdefault("hands", ("9S", "4S"))
    kw.setdefault("scrap", "5D ...")
    _bad(_stacked([(0, f"oneoff {card}")], phase=phase, **kw), *words)


def test_position_pending_choices_that_are_fine():
    for phase, card, kw in [
        ("resolve_three", "3C", {"scrap": "5D ..."}),
        ("resolve_four", "4C", {}),
        ("resolve_five", "5C", {"rules": "cuttlecards"}),
        ("resolve_seven", "7C", {"revealed": "5D"}),
    ]:
        kw.setdefault("hands", ("9S", "4S"))
        g = Game.from_position(_stacked([(0, f"oneoff {card}")], phase=phase, **kw))
        assert g.phase == phase and moves(g)
