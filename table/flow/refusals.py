"""The table's own refusal reasons: inputs it cannot turn into an engine action, or cannot
record. The rules' reasons are the engine's `Refusal`; both are words (journals keep the word)."""

from __future__ import annotations

from enum import StrEnum


class TableRefusal(StrEnum):
    """Why the table refuses an input before (or after) the engine sees it."""

    NO_SEAT = "no_seat"
    NOT_CHALLENGER = "not_challenger"  # CHALLENGE by a seat other than the +4's victim
    UNKNOWN_CARD = "unknown_card"
    NO_COLOR_ASKED = "no_color_asked"
    ALREADY_ON_PILE = "already_on_pile"  # a tag on a card that lies on the pile
    SHOWN_ALREADY = "shown_already"  # a tag on a card shown this round
    READ_TWICE = "read_twice"  # one card read twice in a play
    NOT_SAVED = "not_saved"  # the journal could not record the action
    NOT_TAKEN = "not_taken"  # a card on the pile the game had not taken when the power went
