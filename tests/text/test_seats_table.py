"""The table of three and four seats as the plain game prints it (``TableView`` into a captured
rich Console), and the model a seat's screen is drawn from: every seat's rows, the partner marked
and across, whose turn and who answers, and never a card of a hand the seat may not see."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console
from seatboard import CROWDED_SHOWN, NAMES, crowded_teams, hidden_from, model_of, played
from seats import MODES, make

from cuttle import Game
from cuttle.cards import HIDDEN
from cuttle.text.cardtext import CardStyle, Link, split_stack, stack_links, taken_from
from cuttle.text.render import GameOverView, TableView, changed_cards
from cuttle.ui.screen import Board


def printed(obj: object, width: int = 80, wide: bool | None = None) -> list[str]:
    console = Console(file=StringIO(), width=width, color_system=None, record=True)
    console.print(TableView(obj, wide=wide) if not isinstance(obj, GameOverView) else obj)
    return [line.rstrip() for line in console.export_text().splitlines()]


def board_text(model: object) -> list[str]:
    """The full screen's board regions (the other seats, the table, your side) at 80 columns."""
    board = Board(model, 80)  # type: ignore[arg-type]
    console = Console(file=StringIO(), width=80, color_system=None, record=True)
    console.print(board.opponent())
    console.print(board.middle())
    console.print(board.own()[0])
    return console.export_text().splitlines()


def test_stack_entries_of_three_and_four_seats_are_read_with_their_seats() -> None:
    assert split_stack("TS@1+JD@3>0+JC@2") == ("TS", ["JD", "JC"])
    assert split_stack("TS+JD") == ("TS", ["JD"])  # two seats write no marks
    assert stack_links("TS@1+JD@3>0") == [Link("TS", 1), Link("JD", 3, 0)]
    assert taken_from("TS@1+JD@3>0+JC@2") == 0  # Dan gave it to Ann; Carol took it from her
    assert taken_from("TS@1+JD@0") == 1
    assert taken_from("TS+JD") is None and taken_from("TS") is None


def test_plain_table_of_four_every_seat_clockwise_partner_across_nothing_hidden_shown() -> None:
    g = crowded_teams()
    rows = printed(model_of(g, 0))
    assert all(len(r) <= 80 for r in rows) and len(rows) <= 24
    heads = [i for i, r in enumerate(rows) if r.split("  ")[0].split(" ")[0] in NAMES]
    assert [rows[i].split()[0] for i in heads] == ["Bob", "Carol", "Dan", "Ann"]
    assert rows[heads[1]].startswith("Carol partner")  # across: the middle of the three
    text = "\n".join(rows)
    for seat, shown in CROWDED_SHOWN.items():
        for piece in shown:
            assert piece.replace("←Bob", "") in text and piece in text, (seat, piece)
    for card in hidden_from(g, 0):
        assert card not in text
    assert rows[heads[3]].startswith("Ann ◀  hand 2♣ 3♦ 4♥ 5♠ 6♣")


def test_glasses_show_the_opponents_hands_never_the_partners() -> None:
    g = crowded_teams()  # Bob (seat 1) has glasses: Carol's and Ann's hands, not Dan's
    model = model_of(g, 1)
    hands = model.pos["hands"]
    assert HIDDEN not in hands[0] and HIDDEN not in hands[2]
    assert set(hands[3]) == {HIDDEN}
    text = "\n".join(printed(model))
    assert "Dan partner  hand ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ (5)" in text
    assert "Carol  hand 2♠ 3♥ 4♣ 6♦ 7♣" in text


@pytest.mark.parametrize("rules", MODES)
def test_a_model_for_a_seat_never_holds_another_seats_hand(rules: str) -> None:
    """Whatever the game has come to, the model built for a seat holds of another seat's hand
    only the cards everyone knows, and an opponent's through that seat's glasses; a partner's
    hand never (the engine's view decides; the model must not add to it)."""
    for seed in range(6):
        for plies in (0, 7, 25, 60):
            g, log = played(rules, seed, plies)
            truth = g.to_position()
            known = set(truth.get("known", []))
            for viewer in range(g.players):
                model = model_of(g, viewer, log)
                glasses = any(c[0] == "8" for c in truth["permanents"][viewer])
                for q in range(g.players):
                    if q == viewer:
                        assert model.pos["hands"][q] == truth["hands"][q]
                        continue
                    shown = [c for c in model.pos["hands"][q] if c != HIDDEN]
                    partner = "teams" in rules and q % 2 == viewer % 2
                    may = set(truth["hands"][q]) if glasses and not partner else known
                    assert set(shown) <= may, (seed, plies, viewer, q)
                    assert len(model.pos["hands"][q]) == len(truth["hands"][q])
                assert set(model.pos["deck"]) <= {HIDDEN} | known
                text = "\n".join(printed(model) + board_text(model))
                for card in hidden_from(g, viewer):
                    assert card not in text, (seed, plies, viewer, card)


def test_whose_turn_and_who_answers_now() -> None:
    g = make("classic+cutthroat", hands=["AS 4C", "2H 5D", "2C 3C"], points=["", "9H", "8H"])
    g.play("oneoff 4C @2")
    rows = printed(model_of(g, 2))
    assert "  turn Ann   answering now Bob" in rows
    assert any(r.startswith("Bob ◀") for r in rows)
    assert "stack 4♣ Ann: Carol discards two cards ⇒ takes effect unless countered" in "\n".join(
        rows
    ).replace("  stack ", "stack ")


def test_passes_count_to_the_seats_and_one() -> None:
    g = make("classic+cutthroat", hands=["AS", "5D", "3C"], deck=[], passes=2)
    assert "passes 2/4" in "\n".join(printed(model_of(g, 0)))


def test_the_wide_table_puts_the_other_seats_side_by_side() -> None:
    g = crowded_teams()
    rows = printed(model_of(g, 0), width=120, wide=True)
    top = next(r for r in rows if "Bob" in r)
    assert top.index("Bob") < top.index("Carol") < top.index("Dan")
    text = "\n".join(rows)
    assert "Carol partner" in text
    for card in hidden_from(g, 0):
        assert card not in text


def test_the_result_lists_every_seat() -> None:
    over = GameOverView("Ann and Carol win on points", NAMES, (12, 3, 21, 0), (14, 21, 21, 21),
                        80, None, CardStyle())
    text = "\n".join(printed(over))
    for name, score in zip(NAMES, ("12 / 14", "3 / 21", "21 / 21", "0 / 21"), strict=True):
        assert any(name in r and score in r for r in text.splitlines())


def test_a_card_a_joker_moved_is_marked() -> None:
    g = make("classic+cutthroat", hands=["X1", "5D", "3C"], permanents=["", "KD", ""])
    before = g.view(0)
    g.play("joker X1 KD")
    assert changed_cards(before, g.view(0)) == {"KD", "X1"}


def test_three_seats_clockwise_from_the_left(rules: str = "classic+cutthroat") -> None:
    g: Game
    g, log = played(rules, 4, 30)
    for viewer in range(3):
        rows = printed(model_of(g, viewer, log))
        order = [r.split()[0] for r in rows if r.split() and r.split()[0] in NAMES[:3]
                 and "hand" in r]
        assert order == [NAMES[(viewer + 1) % 3], NAMES[(viewer + 2) % 3], NAMES[viewer]]
