"""Properties of random games of three and four players (issue 29), with hypothesis: each of the
54 cards in exactly one place; ``from_position(to_position())`` the same game with the same legal
moves; a seat's view unchanged when cards it cannot see are swapped; the same seed and moves give
the same game; random games end. Both presets, both modes, some variants; concessions included.

Kept small (modest ``max_examples``, games capped by a ply limit far above their length) so the
whole suite stays well under five minutes on two cores.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from seats import ALL_CARDS, seats_of, stack_cards

from cuttle import Game

RULESETS = [
    "classic+cutthroat",
    "cuttlecards+cutthroat",
    "classic+teams",
    "cuttlecards+teams",
    "classic+cutthroat+four-random+nine-freeze+queens-protect-queens",
    "cuttlecards+teams+ten-counters-scuttle+eight-oneoff",
    "classic+teams+nine-to-deck+four-random",
    "cuttlecards+cutthroat+ten-counters-scuttle+nine-to-deck",
]
MAX_PLIES = 3000  # random games of every mode end far below this
HIDDEN = "??"

rulesets = st.sampled_from(RULESETS)
seeds = st.integers(0, 2**32 - 1)
#: Choices of a random game: each an index into the legal moves (taken modulo their number), or,
#: one time in two hundred, a concession by one seat.
choices = st.lists(st.integers(0, 10**6), max_size=150)
CONCEDE_EVERY = 200


def stack_move_card(move: str) -> str:
    """The card a stacked move put on the stack (its first card)."""
    return move.split()[1]


def where(pos: dict[str, Any]) -> Counter[str]:
    """Every card of a position, counted once per place it is written."""
    seen: Counter[str] = Counter()
    for key in ("hands", "points", "permanents"):
        for row in pos[key]:
            for entry in row:
                seen.update(stack_cards(entry))
    for key in ("deck", "scrap", "revealed"):
        seen.update(pos[key])
    for entry in pos["stack"]:
        seen[stack_move_card(entry["move"])] += 1
    return seen


def play_out(seed: int, rules: str, picks: list[int], by_text: bool = False) -> Game:
    """A game of ``rules`` dealt from ``seed``, played by ``picks`` (see ``choices``); with
    ``by_text`` each move is played as its canonical text rather than the listed object."""
    g = Game.new(seed=seed, rules=rules)
    for pick in picks:
        if g.outcome is not None:
            break
        if pick % CONCEDE_EVERY == CONCEDE_EVERY - 1:
            seat = (pick // CONCEDE_EVERY) % g.players
            if seat not in g.out:
                g.concede(seat)
            continue
        legal = g.legal_moves()
        move = legal[pick % len(legal)]
        g.play(str(move) if by_text else move)
    return g


def check_cards(g: Game) -> None:
    pos = g.to_position()
    assert where(pos) == Counter(ALL_CARDS), "each of the 54 cards in exactly one place"
    for seat in g.out:
        assert pos["hands"][seat] == [] and pos["points"][seat] == []
        assert pos["permanents"][seat] == []


def check_round_trip(g: Game) -> None:
    pos = g.to_position()
    again = Game.from_position(json.dumps(pos))
    assert again.to_position() == pos
    assert [str(m) for m in again.legal_moves()] == [str(m) for m in g.legal_moves()]
    assert again.players == g.players and again.out == g.out and again.outcome == g.outcome


def visible_to(g: Game, viewer: int) -> set[str]:
    """The hand and deck cards ``viewer``'s view shows (everything else of theirs is public)."""
    view = g.view(viewer)
    shown = {c for row in view["hands"] for c in row if c != HIDDEN}
    return shown | {c for c in view["deck"] if c != HIDDEN}


def swap_unseen(pos: dict[str, Any], seen: set[str], rng: random.Random) -> dict[str, Any]:
    """``pos`` with the hand and deck cards not in ``seen`` dealt again among their places."""
    out = json.loads(json.dumps(pos))
    places = [("hands", s, i) for s, row in enumerate(out["hands"]) for i in range(len(row))]
    places += [("deck", None, i) for i in range(len(out["deck"]))]

    def get(place: tuple[str, int | None, int]) -> str:
        key, seat, i = place
        return str(out[key][seat][i] if seat is not None else out[key][i])

    hidden = [p for p in places if get(p) not in seen]
    cards = [get(p) for p in hidden]
    rng.shuffle(cards)
    for (key, seat, i), card in zip(hidden, cards, strict=True):
        if seat is None:
            out[key][i] = card
        else:
            out[key][seat][i] = card
    for row in out["hands"]:
        row.sort(key=ALL_CARDS.index)
    out.pop("seed", None)
    return out


def refusal(g: Game, text: str) -> str | None:
    """Why ``g`` refuses the move ``text`` (None if it is legal); ``g`` is left unchanged."""
    try:
        g.copy().play(text)
    except ValueError as exc:
        return str(exc)
    return None


def check_views(g: Game, rng: random.Random) -> None:
    pos = g.to_position()
    for viewer in range(g.players):
        view = g.view(viewer)
        assert "seed" not in view
        assert view["hands"][viewer] == pos["hands"][viewer]
        for key in ("points", "permanents", "scrap", "stack", "revealed", "phase", "to_move",
                    "out"):
            assert view[key] == pos[key], key
        for seat in range(g.players):
            assert len(view["hands"][seat]) == len(pos["hands"][seat])
        swapped = Game.from_position(swap_unseen(pos, visible_to(g, viewer), rng))
        assert swapped.view(viewer) == view, "a card the seat cannot see leaked into its view"
        if viewer == g.to_move:  # what the mover may do, and why not, depends on its view only
            assert [str(m) for m in swapped.legal_moves()] == [str(m) for m in g.legal_moves()]
            for text in candidate_moves(g, rng, 12):
                assert refusal(swapped, text) == refusal(g, text), text
        # what an AI searches: a game dealt from the view alone, or re-dealt from this one,
        # looks the same from that seat and is a whole table
        assert Game.from_view(view, rng).view(viewer) == view
        again = g.redeal(viewer, rng)
        assert again.view(viewer) == view
        assert where(again.to_position()) == Counter(ALL_CARDS)


@settings(max_examples=100, deadline=None)
@given(seed=seeds, rules=rulesets, picks=choices)
def test_every_card_in_exactly_one_place(seed: int, rules: str, picks: list[int]) -> None:
    g = play_out(seed, rules, picks)
    check_cards(g)
    assert g.players == seats_of(rules)


@settings(max_examples=80, deadline=None)
@given(seed=seeds, rules=rulesets, picks=choices)
def test_from_position_of_to_position_is_the_same_game(
    seed: int, rules: str, picks: list[int]
) -> None:
    g = play_out(seed, rules, picks)
    check_round_trip(g)
    if g.outcome is None:  # and it goes on the same way
        again = Game.from_position(g.to_position())
        for _ in range(10):
            if g.outcome is not None:
                break
            move = g.legal_moves()[0]
            g.play(move)
            again.play(str(move))
            assert again.to_position() == g.to_position()


@settings(max_examples=60, deadline=None)
@given(seed=seeds, rules=rulesets, picks=choices, shuffle=st.integers(0, 10**6))
def test_a_view_is_unchanged_when_unseen_cards_are_swapped(
    seed: int, rules: str, picks: list[int], shuffle: int
) -> None:
    g = play_out(seed, rules, picks)
    check_views(g, random.Random(shuffle))


@settings(max_examples=50, deadline=None)
@given(seed=seeds, rules=rulesets, picks=choices)
def test_same_seed_and_moves_give_the_same_game(seed: int, rules: str, picks: list[int]) -> None:
    a = play_out(seed, rules, picks)
    b = play_out(seed, rules, picks, by_text=True)
    assert a.to_position() == b.to_position()
    assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
    for viewer in range(a.players):
        assert a.view(viewer) == b.view(viewer)


@settings(max_examples=60, deadline=None)
@given(seed=seeds, rules=rulesets, move_seed=st.integers(0, 10**6))
def test_random_games_end(seed: int, rules: str, move_seed: int) -> None:
    g = Game.new(seed=seed, rules=rules)
    rng = random.Random(move_seed)
    plies = 0
    while g.outcome is None:
        legal = g.legal_moves()
        assert legal, "a game in play always has a legal move"
        assert len({str(m) for m in legal}) == len(legal), "each move is listed once"
        g.play(rng.choice(legal))
        plies += 1
        assert plies < MAX_PLIES, "every game ends"
    assert g.legal_moves() == [] and g.to_move is None and g.phase == "over"
    teams = {"team0", "team1", "draw"}
    assert g.outcome in (teams if g.players == 4 else {"p0", "p1", "p2", "draw"})
    check_cards(g)
    check_round_trip(g)


def test_random_games_keep_every_invariant_along_the_way() -> None:
    """A few whole games per rule set, checked every few plies (not just at the end)."""
    rng = random.Random(29)
    for rules in RULESETS:
        for seed in range(5):
            g = Game.new(seed=seed, rules=rules)
            ply = 0
            while g.outcome is None:
                if ply % 7 == 0:
                    check_cards(g)
                    check_round_trip(g)
                    check_views(g, rng)
                g.play(rng.choice(g.legal_moves()))
                ply += 1
                assert ply < MAX_PLIES
            check_cards(g)


def candidate_moves(g: Game, rng: random.Random, count: int) -> list[str]:
    """``count`` move texts built from this game's cards and seats, legal or not."""
    pos = g.to_position()
    held = [c for row in pos["hands"] for c in row] + list(pos["revealed"])
    table = [stack_cards(e)[0] for key in ("points", "permanents") for row in pos[key]
             for e in row]
    table += [stack_cards(e)[-1] for key in ("points", "permanents") for row in pos[key]
              for e in row]
    cards = held + table + ["7H", "X1", "JD", "4S", "9S"]
    seats = [f"{mark}{s}" for mark in "@>" for s in range(g.players)] + [""]
    verbs = ["points", "scuttle", "oneoff", "perm", "jack", "joker", "counter", "take",
             "discard", "scrap"]
    out = []
    for _ in range(count):
        verb = rng.choice(verbs)
        words = [verb, rng.choice(cards)]
        if verb in ("scuttle", "jack", "joker") or (verb == "oneoff" and rng.random() < 0.5):
            words.append(rng.choice(cards))
        words.append(rng.choice(seats))
        out.append(" ".join(w for w in words if w))
    return out + ["draw", "pass", "resolve"]


@settings(max_examples=60, deadline=None)
@given(seed=seeds, rules=rulesets, picks=choices, probe=st.integers(0, 10**6))
def test_moves_not_listed_are_refused_and_change_nothing(
    seed: int, rules: str, picks: list[int], probe: int
) -> None:
    g = play_out(seed, rules, picks)
    legal = {str(m) for m in g.legal_moves()}
    before = g.to_position()
    for text in candidate_moves(g, random.Random(probe), 30):
        try:
            g.play(text)
        except ValueError as exc:  # IllegalMoveError, or text that is no move at all
            assert str(exc) and "\n" not in str(exc)
            assert g.to_position() == before, f"refused {text!r} changed the game"
        else:
            assert " ".join(text.split()) in legal or str(g.history[-1][1]) in legal, text
            return  # a legal move was played: the game moved on, as it should
