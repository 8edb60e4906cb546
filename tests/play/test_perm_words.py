"""``king KC``, ``queen QH``, ``glasses 8S``: a permanent named by what it is plays as ``perm``,
for that rank only; completion offers the same moves for those words."""

from __future__ import annotations

from helpers import make
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from cuttle import Move
from cuttle.text.cardtext import CardStyle
from cuttle.text.intent import Intent, read_move
from cuttle.ui.terminal import MoveCompleter

PRETTY = CardStyle().plain


def test_king_queen_and_glasses_play_the_card_as_a_permanent() -> None:
    g = make(hands=("KC QH 8S 5C", "2C 3C"), points=("", ""))
    legal = g.legal_moves()
    assert read_move("king KC", legal, PRETTY) == Intent("play", move=Move.parse("perm KC"))
    assert read_move("queen qh", legal, PRETTY) == Intent("play", move=Move.parse("perm QH"))
    assert read_move("glasses 8s", legal, PRETTY) == Intent("play", move=Move.parse("perm 8S"))
    alone = read_move("king", legal, PRETTY)
    assert alone is not None and alone.kind == "list"
    assert [str(m) for m in alone.moves] == ["perm KC"]


def test_a_perm_word_on_another_rank_is_refused_with_the_reason() -> None:
    g = make(hands=("KC QH 5C", "2C 3C"), points=("", ""))
    said = read_move("queen 5c", g.legal_moves(), PRETTY)
    assert said == Intent("say", text="`queen` plays a queen as a permanent; 5♣ is not a queen.")
    said = read_move("king KD", g.legal_moves(), PRETTY)
    assert said is not None and said.kind == "say" and "K♦" in said.text


def test_completion_of_a_perm_word_offers_the_perm_moves_of_that_rank() -> None:
    moves = [("perm KC", "K♣: a king"), ("perm 8S", "8♠: glasses"), ("points 8S", "8♠: 8 points")]
    completer = MoveCompleter(lambda: moves)
    got = [c.text for c in completer.get_completions(Document("king "), CompleteEvent())]
    assert got == ["perm KC"]
    got = [c.text for c in completer.get_completions(Document("glasses 8"), CompleteEvent())]
    assert got == ["perm 8S"]
