"""The exception every refused action raises, and the reasons it gives."""

from __future__ import annotations

from enum import StrEnum


class Refusal(StrEnum):
    """Why an action is refused: a short word, equal to its str (journals keep the word)."""

    # The moment and the seat
    UNKNOWN_ACTION = "unknown_action"
    NO_SUCH_SEAT = "no_such_seat"
    SEAT_LEFT = "seat_left"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_MOMENT = "wrong_moment"
    ROUND_OVER = "round_over"
    COUNTING = "counting"  # the round is over and the other hands are being shown for points
    ROUND_NOT_OVER = "round_not_over"
    # What a play holds
    ONE_CARD = "one_card"
    ONE_SYMBOL = "one_symbol"
    NOT_IN_HAND = "not_in_hand"
    NOT_WILD = "not_wild"
    NO_TARGET = "no_target"
    NEEDS_TARGET = "needs_target"
    BAD_TARGET = "bad_target"
    # What a play must fit (matching, drawing, stacking, counters, going out)
    NO_MATCH = "no_match"
    ONLY_DRAWN = "only_drawn"
    MUST_ANSWER = "must_answer"
    MUST_COUNTER = "must_counter"
    ONE_SKIP_PER_REVERSE = "one_skip_per_reverse"
    KEEP_ONE = "keep_one"
    OUT_ON_NUMBER = "out_on_number"
    # Drawing and passing
    MUST_PLAY = "must_play"
    DREW_ALREADY = "drew_already"
    MUST_DRAW = "must_draw"
    NO_CARDS = "no_cards"
    # Challenge, UNO, reveals
    CHALLENGED_LEFT = "challenged_left"
    ALREADY_CALLED = "already_called"
    NOT_UNO = "not_uno"
    NOTHING_TO_CATCH = "nothing_to_catch"
    TOO_MANY = "too_many"
    NO_COPY_LEFT = "no_copy_left"  # a real deck is finite (copies.py)
    NOT_IN_DECK = "not_in_deck"  # a card this rule set's deck does not hold at all (copies.py)


class IllegalAction(ValueError):
    """An action refused. `reason` is a `Refusal` (the table raises its own StrEnum words
    too); a plain str must be a `Refusal`'s word. str() is for people."""

    def __init__(self, reason: StrEnum | str, message: str) -> None:
        super().__init__(message)
        self.reason = reason if isinstance(reason, StrEnum) else Refusal(reason)
        self.message = message
