"""Going out, round points and the end of a match.

A hand goes out on one card (`multi_play` never empties a hand), and with `out_on_number`
(cool) only on a number. With `scoring` points (official, cool) the other seats show their
hands and the winner takes their points (`match_end` first_to_target) or each seat scores
its own (lowest_at_target); the match ends at `target_score`. With scoring none
(reglamento, playone) the first seat out wins the match.
"""

from __future__ import annotations

from . import events as ev
from .cards import Card
from .errors import IllegalAction, Refusal
from .state import Events, Hand, Kind, State


def check_going_out(s: State, seat: int, cards: tuple[Card, ...]) -> None:
    """A play that empties the hand: one card, and (out_on_number) a number."""
    if len(cards) < s.hands[seat].count:
        return
    if len(cards) > 1:
        raise IllegalAction(Refusal.KEEP_ONE, "several cards at once may not empty the hand")
    if s.rules.out_on_number and not cards[-1].rank.is_number:
        raise IllegalAction(
            Refusal.OUT_ON_NUMBER, f"a round is won on a number card, not on {cards[-1]}"
        )


def going_out_ok(s: State, seat: int, cards: tuple[Card, ...]) -> bool:
    """Whether `check_going_out` lets these cards be played."""
    count = s.hands[seat].count
    if len(cards) < count:
        return True
    return len(cards) == 1 and (not s.rules.out_on_number or cards[-1].rank.is_number)


def show_order(s: State, winner: int) -> list[int]:
    """The other seats, in the order they show their hands at a round's end."""
    return [s.next(winner, k) for k in range(1, len(s.active_seats()))]


def points(hand: Hand) -> int:
    """The points of the cards seen in a hand."""
    return sum(c.rank.points for c in hand.cards)  # the rank's attribute: no property call


def round_points(s: State, winner: int) -> int:
    """The points of the round won by `winner`: every card seen in the other hands.

    The winner's own cards (a round won by the others leaving) score for no one, and so do
    the others' once the winner has left (unless each seat scores its own, lowest_at_target)."""
    if winner in s.left and not s.rules.lowest_wins:
        return 0
    return sum(points(h) for seat, h in enumerate(s.hands) if seat != winner)


def end_round(s: State, winner: int, events: Events) -> None:
    """`winner` is out: under points rules unseen hands show, then the round is scored."""
    s.winner, s.pending, s.w4, s.catch_target = winner, 0, None, None
    s.counter = s.color_owed_by = s.meanwhile = None
    if s.rules.points:
        # Real cards: every other seat shows its hand, in turn, before the points count.
        s.to_reveal = [seat for seat in show_order(s, winner) if s.hands[seat].unseen]
    next_reveal(s, events)


def left_during_count(s: State, seat: int, events: Events) -> None:
    """`seat` left while the hands were counted: its hand is not waited for, whether or not
    it was its turn to show. With the winner gone the count ends, its points scoring for no
    one, unless each seat scores its own hand (lowest_at_target) and two seats still play."""
    if seat in s.to_reveal:
        s.to_reveal.remove(seat)
    if s.winner in s.left and (not s.rules.lowest_wins or len(s.active_seats()) < 2):
        s.to_reveal = []
    next_reveal(s, events)


def next_reveal(s: State, events: Events) -> None:
    """Await the next hand to show, or score the round."""
    if s.to_reveal:
        s.wait_for(Kind.REVEAL, s.to_reveal[0])
    else:
        _finish_round(s, s.winner, events)


def _finish_round(s: State, winner: int, events: Events) -> None:
    scored = _score_round(s, winner) if s.rules.points else 0
    events.append(ev.RoundOver(winner, scored))
    if _match_is_over(s, winner):
        s.match_winner = _decide_match(s, winner)
        events.append(ev.MatchOver(s.match_winner))
        s.wait_for(Kind.MATCH_OVER, None)
    else:
        s.wait_for(Kind.ROUND_OVER, None)


def _score_round(s: State, winner: int) -> int:
    """Add the round's points: all to the winner, or (lowest_at_target) each to its holder."""
    if s.rules.lowest_wins:
        for seat in s.active_seats():
            if seat != winner:
                s.scores[seat] += points(s.hands[seat])
    else:
        s.scores[winner] += round_points(s, winner)
    return round_points(s, winner)


def _match_is_over(s: State, winner: int) -> bool:
    if not s.rules.points or len(s.active_seats()) < 2:
        return True
    if s.rules.lowest_wins:
        return max(s.scores[seat] for seat in s.active_seats()) >= s.rules.target_score
    return s.scores[winner] >= s.rules.target_score


def _decide_match(s: State, winner: int) -> int:
    seats = s.active_seats()
    if s.rules.lowest_wins:
        # The lowest total wins; a tie goes to the round's winner, then to the lower seat.
        return min(seats or [winner], key=lambda seat: (s.scores[seat], seat != winner, seat))
    # A winner that left during the count scored nothing: the match ends only for want of
    # seats, and the last seat at the table wins it.
    return winner if winner not in s.left else seats[0]
