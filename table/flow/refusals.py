"""The table's own refusal reasons: inputs it cannot turn into an engine action, or cannot
record. The rules' reasons are the engine's `Refusal`; both are words (journals keep the word)."""

from __future__ import annotations

from enum import StrEnum

from engine import Game, IllegalAction


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
    LOBBY_SCAN = "lobby_scan"  # a card scanned in the lobby
    RESUME_SCAN = "resume_scan"  # a card scanned while a saved game is offered
    LOBBY_CHALLENGE = "lobby_challenge"  # CHALLENGE pressed in the lobby
    KNOBS_MISFIT = "knobs_misfit"  # a preset the configured knobs contradict
    TWO_SEATS = "two_seats"  # DRAW in the lobby before two seats joined
    JOIN_FIRST = "join_first"  # DRAW in the lobby at a seat that has not joined


class Undone(IllegalAction):
    """An action refused after the game took it (the journal could not record it): `game` is
    the game without it, which the game's owner holds from now on."""

    def __init__(self, reason: StrEnum, message: str, game: Game) -> None:
        super().__init__(reason, message)
        self.game = game
