"""During the tally (points rules: the other seats show their hands), what the table says is
true: UNO at a seat still counting points at its count and DRAW, and a card this deck has not
got is refused as such, not as "every copy is in sight"."""

from tests.table.test_script import play

TALLY = (
    "0 press 1 uno\n0.2 press 2 uno\n0.5 press 1 draw\n"
    "1 scan pile R5\n2 scan pile R7\n"  # the first card, then seat 2 plays its only card
)
ONE_CARD = "[knobs]\nhand_size = 1\n"


def test_uno_at_the_seat_still_counting_says_what_to_do(tmp_path):
    state = play(tmp_path, TALLY + "4 press 1 uno\n", ONE_CARD)
    assert state["screen"] == "tally" and state["awaiting"] == {"kind": "reveal", "seat": 1}
    assert state["notices"] == [
        "Seat 1: UNO does nothing while the hands are counted: scan the cards left in hand, "
        "DRAW when all are shown"
    ]
    ended = play(tmp_path, TALLY + "4 press 1 uno\n5 press 1 draw\n", ONE_CARD)
    assert ended["screen"] != "tally"  # DRAW there does end the count, as the notice says


def test_a_card_the_deck_has_not_got_is_refused_as_such(tmp_path):
    state = play(tmp_path, TALLY + "4 scan pile WS\n", ONE_CARD)
    assert state["notices"] == ["Seat 1: this deck has no wild shuffle hands: take it back"]
    spanish = play(tmp_path, TALLY + "4 scan pile WS\n", 'language = "es"\n' + ONE_CARD)
    assert spanish["notices"][-1].endswith("esta baraja no tiene comodín cambio de manos: recógela")
