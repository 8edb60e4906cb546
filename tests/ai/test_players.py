"""AI players: fair play, reproducibility, legal moves in every phase, wins and blocks."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from helpers import make, play

from cuttle import Game, Move
from cuttle.ai import LEVELS, make_player
from cuttle.ai.base import Player
from cuttle.ai.ismcts import playout_prior

# A short deeper round keeps that code path in every test at a fraction of its default cost.
FAST_HARD = {"iterations": 40, "deep": 4, "finalists": 2}
PRESETS = ("classic", "cuttlecards")
ALL_RULES = (
    "classic",
    "cuttlecards",
    "classic+four-random+eight-oneoff+nine-freeze+ten-counters-scuttle+joker",
    "cuttlecards+nine-to-deck+queens-protect-queens+joker",
    "classic+nine-to-deck+queens-protect-queens",
)


def player(level: str, seed: int | None = 5) -> Player:
    return make_player(level, seed=seed, **(FAST_HARD if level == "hard" else {}))


def random_positions(rules: str, count: int, seed: int) -> list[Game]:
    """Positions reached by random play (every phase shows up)."""
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = seed * 1000
    while len(out) < count:
        g = Game.new(seed=game_seed, rules=rules)
        game_seed += 1
        while g.outcome is None and len(out) < count:
            if rng.random() < 0.35:
                out.append(g.copy())
            g.play(rng.choice(g.legal_moves()))
    return out


def redeal_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card ``seat`` cannot see (opponent's hidden hand cards and the
    deck's hidden cards) shuffled together and dealt back to the same places."""
    pos: dict[str, Any] = g.to_position()
    view = g.view(seat)
    opp = 1 - seat
    shown = [c for c in view["hands"][opp] if c != "??"]
    hidden_hand = [c for c in pos["hands"][opp] if c not in shown]
    slots = [i for i, c in enumerate(view["deck"]) if c == "??"]
    pool = hidden_hand + [pos["deck"][i] for i in slots]
    rng.shuffle(pool)
    pos["hands"][opp] = shown + pool[: len(hidden_hand)]
    for i, c in zip(slots, pool[len(hidden_hand):], strict=True):
        pos["deck"][i] = c
    other = Game.from_position(pos)
    assert other.view(seat) == view
    other.history = list(g.history)  # the moves played are public: both players saw them
    return other


# -- options ---------------------------------------------------------------------------------------
def test_unknown_level_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown AI level 'grandmaster'"):
        make_player("grandmaster")


def test_unknown_option_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown option"):
        make_player("medium", depth=3)
    with pytest.raises(ValueError, match="unknown option"):
        make_player("hard", bogus=3)
    with pytest.raises(ValueError, match="iterations"):
        make_player("hard", iterations=0)
    with pytest.raises(ValueError, match="think"):
        make_player("hard", think=-1)


def test_levels_are_case_insensitive_and_expose_their_name() -> None:
    for level in LEVELS:
        assert make_player(level.upper(), seed=1).level == level


# -- fair play -------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_fair_play_same_move_when_hidden_cards_are_redealt(level: str, rules: str) -> None:
    rng = random.Random(17)
    positions = random_positions(rules, 12 if level == "hard" else 40, seed=3)
    for g in positions:
        seat = g.to_move
        assert seat is not None
        first = player(level).choose(g)
        for _ in range(2):
            other = redeal_hidden(g, seat, rng)
            assert player(level).choose(other) is first, (level, g.to_position())


# The search's variants (docs/ai.md: the `hard` options, "This session"): each still decides from
# the view only, and reproducibly.
SEARCH_VARIANTS = [
    {"deep": 4, "finalists": 3},
    {"blind": 1},
    {"oblind": 1},
    {"opponent": "medium"},
    {"reply": "heuristic"},
    {"mix": 1.0},
]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("variant", SEARCH_VARIANTS, ids=lambda v: ",".join(map(str, v)))
def test_fair_play_covers_the_search_variants(rules: str, variant: dict[str, Any]) -> None:
    # The deeper round runs on the same determinizations, the blind choices on fresh deals of
    # the cards the chooser cannot see, the opponent models on the deal: still only the view.
    rng = random.Random(23)
    bot = {"iterations": 40, **variant}
    for g in random_positions(rules, 8 if "deep" in variant else 4, seed=5):
        seat = g.to_move
        assert seat is not None
        first = make_player("hard", seed=5, **bot).choose(g)
        other = redeal_hidden(g, seat, rng)
        assert make_player("hard", seed=5, **bot).choose(other) is first, g.to_position()
        again = make_player("hard", seed=5, **bot).choose(g.copy())
        assert again is first  # reproducible: same seed, same position, same move


# -- reproducibility -------------------------------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
def test_seeded_players_are_reproducible(level: str) -> None:
    def run() -> list[str]:
        g = Game.new(seed=9)
        seats = [player(level, seed=1), player(level, seed=2)]
        for _ in range(40 if level == "hard" else 200):
            if g.outcome is not None:
                break
            seat = g.to_move
            assert seat is not None
            g.play(seats[seat].choose(g))
        return [str(m) for _, m in g.history]

    assert run() == run()


# -- legal moves everywhere ------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ALL_RULES)
def test_every_level_plays_a_legal_move_in_every_phase(rules: str) -> None:
    players = {level: player(level) for level in LEVELS}
    phases: set[str] = set()
    positions = random_positions(rules, 300, seed=len(rules))
    for i, g in enumerate(positions):
        phases.add(g.phase)
        legal = g.legal_moves()
        for level, p in players.items():
            if level == "hard" and i % 10:
                continue
            m = p.choose(g)
            assert isinstance(m, Move) and m in legal, (level, str(m), g.to_position())
    wanted = {"main", "counter", "resolve_three", "resolve_seven"}
    if "four-random" not in rules:
        wanted.add("resolve_four")
    if rules.startswith("cuttlecards"):
        wanted.add("resolve_five")
    assert wanted <= phases


def test_medium_handles_thousands_of_positions_of_both_presets() -> None:
    medium = make_player("medium", seed=3)
    easy = make_player("easy", seed=3)
    for rules in PRESETS:
        for g in random_positions(rules, 600, seed=41):
            legal = g.legal_moves()
            assert medium.choose(g) in legal
            assert easy.choose(g) in legal


# -- wins and blocks -------------------------------------------------------------------------------
STRONG = ("medium", "hard")


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("rules", PRESETS)
def test_takes_an_immediate_win(level: str, rules: str) -> None:
    g = make(
        hands=("3C 5D 9H QS", "4C 6D"),
        points=("TS 8D", "7C"),
        rules=rules,
    )
    move, why = player(level).explain(g)
    g.play(move)
    assert g.outcome == "p0", str(move)
    assert why == "3♣ for points wins: 21 of 21"  # the reason names the card and the numbers


@pytest.mark.parametrize("level", STRONG)
def test_takes_a_win_by_king(level: str) -> None:
    g = make(hands=("KC 3D", "4C 6D"), points=("TS 5D", "7C"))
    move = player(level).choose(g)
    g.play(move)
    assert g.outcome == "p0", str(move)


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("rules", PRESETS)
def test_blocks_an_immediate_loss_by_scuttling(level: str, rules: str) -> None:
    # Player 1 has 19 points: almost any card wins next turn. Only a scuttle with the TH brings
    # them out of reach of a single card.
    g = make(hands=("TH 4C 5C", "6S 7S 8S"), points=("3D", "TD 9D"), rules=rules)
    move, why = player(level).explain(g)
    assert str(move) in ("scuttle TH TD", "scuttle TH 9D"), why


@pytest.mark.parametrize("level", STRONG)
def test_blocks_an_immediate_loss_with_an_ace(level: str) -> None:
    g = make(hands=("AC 4C 5C", "6S 7S 8S"), points=("3D", "TD 9D"))
    move = player(level).choose(g)
    assert str(move) == "oneoff AC"


@pytest.mark.parametrize("level", STRONG)
def test_a_sevens_jack_forced_onto_own_cards_gives_away_the_least(level: str) -> None:
    # classic: player 1's queen protects their cards, so the jack the 7 reveals must go on one of
    # player 0's own point cards, handing it over: the 2 costs least
    g = make(hands=("7C 4C", "6S 8S"), points=("9H 2D 5S", "3C"), permanents=("", "QS"),
             deck="JC ...")
    play(g, "oneoff 7C", "resolve")
    assert {str(m) for m in g.legal_moves()} == {"jack JC 2D", "jack JC 5S", "jack JC 9H"}
    assert str(player(level).choose(g)) == "jack JC 2D"


def test_playout_prior_of_a_jack_on_own_card_prefers_the_lowest() -> None:
    g = make(hands=("7C 4C", "6S 8S"), points=("9H 2D 5S", "3C"), permanents=("", "QS"),
             deck="JC ...")
    play(g, "oneoff 7C", "resolve")
    prior = {str(m): playout_prior(g, m, 0) for m in g.legal_moves()}
    assert prior["jack JC 2D"] - 1 > prior["jack JC 5S"] > prior["jack JC 9H"] + 1


# -- the hard level's own parts --------------------------------------------------------------------
def test_hard_options_are_checked() -> None:
    with pytest.raises(ValueError, match="opponent"):
        make_player("hard", opponent="psychic")
    with pytest.raises(ValueError, match="method"):
        make_player("hard", method="alphazero")
    with pytest.raises(ValueError, match="depth"):
        make_player("hard", depth=0)
    with pytest.raises(ValueError, match="blind"):
        make_player("hard", blind=2)
    with pytest.raises(ValueError, match="oblind"):
        make_player("hard", oblind=-1)
    with pytest.raises(ValueError, match="reply"):
        make_player("hard", reply="telepathic")
    with pytest.raises(ValueError, match="mix"):
        make_player("hard", mix=-0.5)
    with pytest.raises(ValueError, match="model"):
        make_player("hard", model=1.5)
    with pytest.raises(ValueError, match="margin"):
        make_player("hard", margin=-1)


@pytest.mark.parametrize("method", ["minimax", "ismcts"])
@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"think": math.inf}, "think"),
        ({"think": math.nan}, "think"),
        ({"think": 0.0}, "think"),
        ({"think": 1e9}, "think"),
        ({"think": "soon"}, "think"),
        ({"iterations": math.inf}, "iterations"),
        ({"iterations": 10**400}, "iterations"),
        ({"iterations": -5}, "iterations"),
        ({"iterations": 2.5}, "iterations"),
        ({"iterations": True}, "iterations"),
        ({"iterations": None}, "iterations"),
        ({"depth": 100}, "depth"),
        ({"scale": -1.0}, "scale"),
    ],
)
def test_out_of_range_options_are_refused(method: str, options: dict[str, Any],
                                          name: str) -> None:
    with pytest.raises(ValueError, match=f"^{name} must be"):
        make_player("hard", method=method, **options)


def test_in_range_options_are_converted() -> None:
    bot = make_player("hard", iterations=300.0, think="0.5")
    assert bot.iterations == 300 and isinstance(bot.iterations, int)  # type: ignore[attr-defined]
    assert bot.think == 0.5  # type: ignore[attr-defined]


# A short deeper round: at its default depth it would be most of the time here (it has its own
# tests below).
@pytest.mark.parametrize(
    "options", [{"opponent": "minimax", "deep": 2, "finalists": 2}, {"method": "ismcts"},
                {"blind": 1, "oblind": 1, "opponent": "medium"}]
)
def test_hard_variants_play_legal_moves(options: dict[str, Any]) -> None:
    bot = make_player("hard", seed=2, iterations=30, **options)
    for g in random_positions("cuttlecards", 15, seed=8):
        assert bot.choose(g) in g.legal_moves()


def test_hard_think_budget_is_a_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # With ``think`` the budget is what fits in that many seconds at the speed of the first
    # round (one simulation per move). A clock that moves 10 ms at each reading fixes that speed
    # (10 ms for the round), so the test measures no real time: 0.05 s buys five rounds' worth,
    # 0.5 s fifty.
    import cuttle.ai.pimc as pimc

    class Clock:
        now = 0.0

        def perf_counter(self) -> float:
            self.now += 0.01
            return self.now

    g = Game.new(seed=4)
    n = len(g.legal_moves())
    spent = {}
    for think in (0.05, 0.5):
        monkeypatch.setattr(pimc, "time", Clock())
        bot = make_player("hard", seed=1, think=think)
        assert bot.choose(g) in g.legal_moves()
        spent[think] = bot.last_iterations
    assert 4 * n <= spent[0.05] <= 6 * n
    assert 45 * n <= spent[0.5] <= 55 * n


@pytest.mark.parametrize("rules", PRESETS)
def test_fast_evaluation_agrees_with_the_view_evaluation_on_average(rules: str) -> None:
    # The search scores determinized games with the raw state; averaged over re-deals of what the
    # seat cannot see it must estimate what the view-based evaluation says.
    from cuttle.ai.evaluate import evaluate
    from cuttle.ai.fasteval import evaluate_game
    from cuttle.ai.knowledge import read_view

    rng = random.Random(5)
    for g in random_positions(rules, 15, seed=12):
        seat = g.to_move
        assert seat is not None
        view = g.view(seat)
        base = Game.from_view(view, rng)
        fast = sum(evaluate_game(base.redeal(seat, rng), seat) for _ in range(200)) / 200
        assert abs(fast - evaluate(read_view(view, seat))) < 4.0, g.to_position()


def test_hard_says_when_it_blocks_a_win() -> None:
    g = make(hands=("TH 4C 5C", "6S 7S 8S"), points=("3D", "TD 9D"))
    move, why = player("hard").explain(g)
    assert str(move) in ("scuttle TH TD", "scuttle TH 9D")
    assert "would have won it" in why and "19" in why  # the threat it takes away, in numbers


# -- inference from the public moves (the ``infer`` option) -------------------------------------
def _h(*items: tuple[int, str]) -> list[tuple[int, Move]]:
    return [(p, Move.parse(t)) for p, t in items]


def test_a_resolved_one_off_tells_that_the_opponent_held_no_two() -> None:
    from cuttle.ai.pimc import new_cards_since_resolve

    # Seat 0 played a one-off and seat 1 let it resolve: since then seat 1 drew twice and played a
    # 5 (two cards in classic): four of its cards may be 2s.
    history = _h((0, "oneoff 6C"), (1, "resolve"), (1, "draw"), (0, "draw"), (1, "draw"),
                 (0, "draw"), (1, "oneoff 5H"))
    assert new_cards_since_resolve(history, 0, 2) == 4
    assert new_cards_since_resolve(history[:2], 0, 2) == 0
    # Nothing to learn: no window of seat 1's after seat 0's one-off, or seat 1's own one-off.
    assert new_cards_since_resolve(_h((0, "draw"), (1, "draw")), 0, 2) is None
    assert new_cards_since_resolve(_h((1, "oneoff 6C"), (0, "resolve")), 0, 2) is None
    # A counter let through tells the same (its player's 2 met no second 2).
    assert new_cards_since_resolve(_h((1, "oneoff 6C"), (0, "counter 2C"), (1, "resolve")),
                                   0, 2) == 0


def test_old_cards_of_the_opponent_are_dealt_no_twos() -> None:
    from cuttle.ai.pimc import no_old_twos

    rng = random.Random(4)
    for seed in range(30):
        g = Game.new(seed=seed)
        view = g.view(0)
        det = Game.from_view(view, rng)
        cards = sorted(det.hands[1] + det.deck)
        no_old_twos(det, 1, 1, rng)
        twos = [c for c in det.hands[1] if c >> 2 == 1]
        assert len(twos) <= 1 and twos == [c for c in det.hands[1][-1:] if c >> 2 == 1]
        assert sorted(det.hands[1] + det.deck) == cards  # the same cards, moved
        assert det.view(0) == view  # nothing the seat can see has changed
        no_old_twos(det, 1, 0, rng)
        assert not [c for c in det.hands[1] if c >> 2 == 1]


@pytest.mark.parametrize(
    ("option", "deal_seed", "positions_seed"), [("infer", 31, 9), ("model", 32, 19)]
)
def test_inference_reads_public_moves_only(option: str, deal_seed: int,
                                           positions_seed: int) -> None:
    # The same public moves and view give the same decision, whatever the hidden cards (both
    # inferences: ``infer``'s signs and ``model``'s judge of the last move).
    rng = random.Random(deal_seed)
    bot = {"iterations": 40, option: 1.0}
    for g in random_positions("classic", 6, seed=positions_seed):
        seat = g.to_move
        assert seat is not None
        first = make_player("hard", seed=5, **bot).choose(g)
        other = redeal_hidden(g, seat, rng)
        assert make_player("hard", seed=5, **bot).choose(other) is first, g.to_position()


def test_an_opponent_that_drew_instead_of_winning_holds_no_winner_but_the_new_card() -> None:
    from cuttle.ai.pimc import no_old_winners

    # Seat 1 has 15 points and needs 6: any 6 to 10 wins at once, so after it drew (instead of
    # winning) only its newest card may be one.
    g = make(hands=("AC 4C", "2D 3D 4D 5D 6D 7D"), points=("", "9C 6C"), turn=0)
    view = g.view(0)
    rng = random.Random(2)
    for _ in range(40):
        det = Game.from_view(view, rng)
        cards = sorted(det.hands[1] + det.deck)
        no_old_winners(det, 1, rng)
        old = det.hands[1][:-1]
        assert not [c for c in old if 5 <= c >> 2 <= 9], old  # no 6..10 but the newest
        assert sorted(det.hands[1] + det.deck) == cards
        assert det.view(0) == view
