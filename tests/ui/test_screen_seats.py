"""The full screen of a table of three and four seats (``ScreenLayout`` drawn into rows of text
with prompt_toolkit's own ``write_to_screen``, as test_screen_layout does for two): at 80×24,
100×30 and 160×50 every other seat's block, the partner's across, the table, your side, the log,
the sentence, the input and the bar, nothing a player needs cut, no hand the seat may not see;
too small a terminal says how big it must be."""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO

import pytest
from rich.console import Console
from screenkit import bare_screen, draw
from seatboard import CROWDED_SHOWN, NAMES, crowded_teams, hidden_from, model_of, played

from cuttle import Game
from cuttle.text.cardtext import CardStyle
from cuttle.text.render import TableModel
from cuttle.ui.actions import ScreenActions
from cuttle.ui.screen import MIN_SEATS_HEIGHT, MIN_SEATS_WIDTH, Board, min_size
from cuttle.ui.screenstate import Step

SIZES = [(80, 24), (100, 30), (160, 50)]


def screen_of(model: TableModel, columns: int, rows: int,
              style: CardStyle | None = None) -> Iterator[tuple[ScreenActions, list[str]]]:
    with bare_screen(columns, rows, style=style) as st:
        st.tbl = model
        st.mode = "read"
        st.prompt = f"{model.names[model.bottom]}> "
        yield st, draw(st.app, columns, rows)


def drawn(model: TableModel, columns: int, rows: int,
          style: CardStyle | None = None) -> tuple[str, list[str]]:
    for st, out in screen_of(model, columns, rows, style):
        return st.layout.arrangement(), out
    raise AssertionError


def window(g: Game, viewer: int, style: CardStyle | None = None) -> TableModel:
    """The crowded table with a long log (of no cards), as ``viewer`` sees it."""
    model = model_of(g, viewer, style=style or CardStyle())
    model.events = [f"{NAMES[i % 4]} drew a card" for i in range(60)]
    return model


def counter_window() -> Game:
    """Ann's 4 at Bob on the crowded table: Bob is asked to counter first, then Dan."""
    g = crowded_teams()
    g.play("oneoff 4H @1")
    return g


@pytest.mark.parametrize("size", SIZES)
def test_four_seats_every_block_and_nothing_cut(size: tuple[int, int]) -> None:
    g = counter_window()
    arrangement, rows = drawn(window(g, 1), *size)
    columns, height = size
    assert arrangement == ("wide" if columns >= 120 else "narrow")
    assert len(rows) == height and all(len(r) <= columns for r in rows)
    # the other seats clockwise from Bob's left, the partner (Dan) in the middle, across
    top = next(r for r in rows if r.startswith("Carol"))  # the blocks (centred when roomy)
    assert top.index("Carol") < top.index("Dan partner") < top.index("Ann")
    assert "5 cards" in top and "4 cards" in top
    text = "\n".join(rows)
    for shown in CROWDED_SHOWN.values():
        for piece in shown:
            assert piece in text, (size, piece)
    for score in ("score 13 / 21", "score 11 / 14 (1K)", "score 12 / 14 (1K)"):
        assert score in text
    assert "turn Ann   answering now Bob" in text
    assert "stack 4♥ Ann: Bob discards two cards ⇒ takes effect unless countered" in text
    sentence = ("Counter Ann's 4♥ with a 2, or resolve (Ann's 4♥ takes effect): counter 2♥ · "
                "resolve. Then Dan may answer.")
    assert sentence in " ".join(r.strip() for r in rows)  # wrapped, but whole
    assert rows[-2] == "Bob>"
    bar = rows[-1]
    # whose turn, F1, and the threat of the opponent nearest their goal (Ann, through Bob's
    # glasses) come first; the scores as room allows (they are on the board as well)
    assert bar.startswith(" Bob: counter? · ") and bar.rstrip().endswith("F1 help") or (
        "F1 help · pace normal F2" in bar
    )
    assert "Ann needs 3 · a 3+ wins it (it holds 3♦ 5♠ 6♣)" in bar
    if columns >= 160:
        assert "Bob 12/14 · Carol 13/21 · Dan 11/14 · Ann 11/14" in bar
    for card in hidden_from(g, 1):  # Dan's hand (Bob's partner): glasses do not show it
        assert card not in text
    assert any("• " in r for r in rows)  # some of the log stays


@pytest.mark.parametrize("size", SIZES)
def test_three_seats_two_blocks_and_the_hand(size: tuple[int, int]) -> None:
    g, log = played("classic+cutthroat", 5, 30)
    model = model_of(g, 0, log)
    _, rows = drawn(model, *size)
    columns, height = size
    assert len(rows) == height and all(len(r) <= columns for r in rows)
    top = next(r for r in rows if r.startswith("Bob"))  # the blocks (centred when roomy)
    assert top.index("Bob") < top.index("Carol")
    text = "\n".join(rows)
    for p in range(3):
        assert f"score {g.score(p)} / {g.goal(p)}" in text
    for card in g.view(0)["hands"][0]:
        assert CardStyle().plain(card) in text
    for card in hidden_from(g, 0):
        assert card not in text


def test_a_seat_out_is_marked_and_the_turn_goes_round_it() -> None:
    g, log = played("classic+cutthroat", 5, 12)
    g.concede(1)
    _, rows = drawn(model_of(g, 0, log), 80, 24)
    assert "Bob out" in rows[0]
    bar = rows[-1]  # the status bar says the same, not the score of a seat no longer in
    assert "Bob out" in bar and f"Bob {g.score(1)}/" not in bar, bar


def test_ascii_draws_the_blocks_in_ascii() -> None:
    g = counter_window()
    ascii_only = CardStyle(ascii=True)
    _, rows = drawn(window(g, 1, ascii_only), 80, 24, ascii_only)
    text = "\n".join(rows)
    assert "TS[JD]<-Bob" in text and "5H[JC]<-Bob" in text
    assert all(ord(ch) < 128 for ch in text), [ch for ch in text if ord(ch) >= 128]


def test_too_small_for_four_seats_says_how_big() -> None:
    assert min_size(4) == (MIN_SEATS_WIDTH, MIN_SEATS_HEIGHT) and min_size(2) == (56, 16)
    g = counter_window()
    for columns, rows in ((MIN_SEATS_WIDTH - 1, 24), (80, MIN_SEATS_HEIGHT - 1)):
        arrangement, out = drawn(window(g, 1), columns, rows)
        assert arrangement == "small"
        assert f"needs at least {MIN_SEATS_WIDTH}×{MIN_SEATS_HEIGHT}." in "".join(out[:3])
        assert out[-2] == "Bob>"
    arrangement, out = drawn(window(g, 1), MIN_SEATS_WIDTH, MIN_SEATS_HEIGHT)
    assert arrangement == "narrow" and out[0].startswith("Carol")


def test_another_seats_step_names_its_mover() -> None:
    g, log = played("classic+teams", 3, 20)
    model = model_of(g, 0, log)
    model.actor = 2
    for st, _ in screen_of(model_of(g, 0, log), 80, 24):
        st.steps.append(Step(model, own=False))
        st.forget()
        rows = draw(st.app, 80, 24)
        assert "Carol's turn, step by step (Space: skip)" in rows
        assert rows[-1].startswith(" Carol: turn · Ann ")
        model.names = ("Ann", "Bob", "AI 2 (medium)", "Dan")
        st.forget()
        assert "AI 2 (medium)'s turn, step by step (Space: skip)" in draw(st.app, 80, 24)
        model.names = ("Ann", "Bob", "s4t0p1", "Dan")  # a name is shown as its player typed it
        st.forget()
        assert "s4t0p1's turn, step by step (Space: skip)" in draw(st.app, 80, 24)
        model.actor = None  # the session did not say whose: no name is guessed
        st.forget()
        rows = draw(st.app, 80, 24)
        assert "The others' turns, step by step (Space: skip)" in rows
        assert rows[-1].startswith(" others' turns · Ann ")  # not the seat to move after it


def test_the_board_of_four_draws_the_blocks_beside_each_other_at_every_width() -> None:
    g = crowded_teams()
    for width in (64, 80, 100, 89):
        board = Board(model_of(g, 0), width)
        console = Console(file=StringIO(), width=width, color_system=None, record=True)
        console.print(board.seats())
        lines = console.export_text().splitlines()
        assert all(len(line.rstrip()) <= width for line in lines)
        assert lines[0].split()[0] == "Bob" and "Carol partner" in lines[0]
        assert NAMES[3] in lines[0]
        assert "5 cards" in "\n".join(lines[:2]) and "score 13 / 21" in "\n".join(lines[:2])


def test_a_replay_of_four_seats_asks_for_the_size_of_their_board() -> None:
    """The replay screen checks the size the board of the record's seats needs, not two's."""
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output import DummyOutput

    from cuttle.files.storage import GameRecord
    from cuttle.ui.replay import Replay
    from cuttle.ui.replay_app import ReplayScreen

    class Small(DummyOutput):
        def get_size(self) -> Size:
            return Size(rows=18, columns=60)  # room for two seats' board, not for four

    g = Game.new(seed=3, rules="classic+teams")
    for _ in range(4):
        g.play(g.legal_moves()[0])
    names = ["A", "B", "C", "D"]
    rec = GameRecord(rules="classic+teams", seed=3, players=names,
                     moves=[str(m) for _, m in g.history])
    screen = ReplayScreen(Replay(rec, CardStyle()), CardStyle(), pt_output=Small())
    body = screen._body()
    control = body.children[0].content
    said = str(control.get_renderable(60))
    assert f"needs at least {MIN_SEATS_WIDTH}" in said


def test_a_blocks_card_count_never_wraps_and_a_long_name_keeps_its_marks() -> None:
    """At 64 columns four long names leave 19 columns a block: ``5 cards`` stays whole (on a
    row of its own when it fits beside nothing), and a name cut short keeps ``partner`` and ◀."""
    import dataclasses

    g = crowded_teams()
    long_names = ("Alexandrina", "Bartholomew", "Christopher", "Dorothea Maximiliana Long")
    model = dataclasses.replace(model_of(g, 0), names=long_names)
    board = Board(model, 64)
    for p in model.others():
        rows = [r.plain.rstrip() for r in board._wrapped(board.block(p, 19), 19)]
        assert any(r.endswith("5 cards") for r in rows), rows
        assert not any(r in ("cards", "5") or r.endswith(" 5") for r in rows), rows
        assert all(len(r) <= 19 for r in rows)
    partner = [r.plain for r in board.block(2, 12)]
    assert partner[0].endswith(" partner") and "…" in partner[0], partner
    g.play("draw")  # Bob (seat 1) to move: the mark stays beside a cut name
    model = dataclasses.replace(model_of(g, 0), names=(*long_names[:1], long_names[3],
                                                       *long_names[2:3], long_names[1]))
    first = Board(model, 64).block(1, 19)[0].plain
    assert first.endswith("◀") and "…" in first, first


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
def test_a_tall_wide_board_of_three_is_compact_and_centred(size: tuple[int, int]) -> None:
    """With the log beside it, the board of three sits in the middle of its column, at most
    three empty rows between its parts (the blocks were at the top, ten rows from the table),
    and each block shows the hand as card backs, as the board of two does."""
    g, log = played("classic+cutthroat", 5, 6)
    columns, height = size
    _, rows = drawn(model_of(g, 0, log), columns, height)
    log_width = max(48, min(70, columns - 72))
    board = [r[:columns - log_width - 1].rstrip() for r in rows]  # the column left of the log
    top = next(i for i, r in enumerate(board) if r.startswith("Bob"))
    rule = next(i for i, r in enumerate(board) if r.startswith("───"))
    own = next(i for i, r in enumerate(board) if r.startswith("Ann"))
    assert rule - max(i for i in range(top, rule) if board[i]) - 1 <= 3
    assert any(r.startswith("hand ▒▒") for r in board[top:rule])
    free_above = top
    free_below = next(i for i in range(own + 1, height) if board[i]) - own - 1  # to the message
    assert abs(free_above - free_below) <= 2, (free_above, free_below)
