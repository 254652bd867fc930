"""One play per physical card: the tags on the pile, a reshuffle, a printed code read twice."""

from __future__ import annotations

import pytest

from engine import Card, IllegalAction
from engine import events as ev
from hw.events import CodeScanned
from table.flow.pile import ON_PILE, READ_TWICE, SHOWN, Pile, tag_of


def scan(code: str, at: float, tag: str = "", reader: str = "pile") -> CodeScanned:
    return CodeScanned(code, reader, at, tag or code)


def played(*codes: str) -> list[ev.Event]:
    return [ev.Played(0, tuple(Card.parse(c) for c in codes), None)]


def reason(pile: Pile, scans: list[CodeScanned], count: int, reveal=False) -> str | None:
    try:
        pile.check(scans, count, reveal)
    except IllegalAction as refusal:
        return refusal.reason
    return None


def test_a_tag_id_is_the_card_and_a_printed_code_is_not():
    assert tag_of(scan("R5", 0, "04AB")) == "04AB"
    assert tag_of(scan("R5", 0, "r5")) is None and tag_of(CodeScanned("R5", "keys", 0)) is None


def test_a_tag_stays_on_the_pile_until_a_reshuffle_leaves_only_the_top():
    pile = Pile()
    first, second = scan("R5", 1, "T1"), scan("R7", 2, "T2")
    pile.applied([first], [ev.FirstCard(Card.parse("R5"))], 1)
    pile.applied([second], played("R7"), 2)
    assert reason(pile, [scan("R5", 90, "T1")], 5) == ON_PILE
    assert reason(pile, [scan("R5", 90, "T3")], 5) is None  # another copy
    pile.applied([], [ev.Drew(1, 1), ev.Reshuffled(1)], 6)
    assert reason(pile, [scan("R5", 91, "T1")], 6) is None  # shuffled into the new pile
    assert reason(pile, [scan("R7", 91, "T2")], 6) == ON_PILE  # the top stays
    pile.applied([], [ev.Dealt(1, 7)], 7)
    assert reason(pile, [scan("R7", 92, "T2")], 7) is None


def test_a_tag_shown_this_round_is_not_shown_again_until_it_is_played():
    pile = Pile()
    shown = [ev.Revealed(1, (Card.parse("R5"),))]
    pile.applied([scan("R5", 1, "T1")], shown, 3)
    assert reason(pile, [scan("R5", 9, "T1")], 3, reveal=True) == SHOWN
    assert reason(pile, [scan("R5", 9, "T1")], 3) is None  # the challenged player plays it
    pile.applied([scan("R5", 9, "T1")], played("R5"), 4)
    assert reason(pile, [scan("R5", 12, "T1")], 4, reveal=True) == ON_PILE
    pile.applied([], [ev.Dealt(1, 7)], 5)
    assert reason(pile, [scan("R5", 12, "T1")], 5, reveal=True) is None


def test_one_tag_twice_in_one_play_is_a_double_read():
    pile = Pile()
    assert reason(pile, [scan("R5", 1, "T1"), scan("R5", 1.2, "T1")], 0) == READ_TWICE
    assert reason(pile, [scan("R5", 1, "T1"), scan("R5", 1.2, "T9")], 0) is None


@pytest.mark.parametrize(
    ("again", "expected"),
    [
        (scan("R7", 2.5), READ_TWICE),  # the same reader, soon, nothing between
        (scan("R7", 9.0), None),  # later: another copy
        (scan("R7", 2.5, reader="seat 2"), None),  # another reader: another card
        (scan("R7", 2.5, tag="T7"), None),  # a tag: judged by its id
    ],
)
def test_a_printed_code_equal_to_the_tops_soon_after_it(again, expected):
    pile = Pile(repeat=3.0)
    pile.applied([scan("R7", 2.0)], played("R7"), 4)
    assert reason(pile, [again], 4) == expected
    assert reason(Pile(repeat=3.0), [again], 4) is None  # nothing on the pile yet
    shown = Pile(repeat=3.0)  # a hand may hold two alike: a printed card shown is no repeat
    shown.applied([scan("R7", 2.0)], [ev.Revealed(1, (Card.parse("R7"),))], 4)
    assert reason(shown, [again], 4, reveal=True) is None


def test_reads_of_a_card_left_on_the_reader_keep_it_one_card():
    pile = Pile(repeat=3.0)
    pile.applied([scan("R7", 2.0)], played("R7"), 4)
    for n in range(1, 40):  # a read every half second for 20 s
        assert reason(pile, [scan("R7", 2.0 + n / 2)], 4) == READ_TWICE
    assert reason(pile, [scan("R7", 2.0 + 40 / 2)], 5) is None  # something else happened
    assert reason(Pile(repeat=0.0), [scan("R7", 2.0)], 4) is None
