"""Cards in sentences: the AI's reasons, quoted by the coach and the review, name their cards as
the game shows them (`CardStyle.sentence`)."""

from __future__ import annotations

from cuttle.text.cardtext import CardStyle


def test_a_sentence_names_its_cards_as_the_game_shows_them() -> None:
    # the coach and the review quote the AI's reasons, written in the notation (issue 24 item 13)
    said = "better: oneoff 5H (5♥ one-off: AI discards two cards); it misses points TC"
    assert CardStyle().sentence(said) == (
        "better: oneoff 5♥ (5♥ one-off: AI discards two cards); it misses points 10♣"
    )
    assert CardStyle(ascii=True).sentence(said) == (
        "better: oneoff 5H (5H one-off: AI discards two cards); it misses points TC"
    )
    # only whole upper-case card words change (the reasons write no other upper-case pairs)
    assert CardStyle().sentence("AS said: as KC, 7Cs") == "A♠ said: as K♣, 7Cs"
