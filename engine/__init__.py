"""The rules of UNO, pure and deterministic: no I/O, no clock, randomness from a seed."""

from .actions import (
    Accept,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Flip,
    Leave,
    NextRound,
    Pass,
    Play,
    Reveal,
    action_from_json,
)
from .cards import Card, CardError, Color, Rank
from .errors import IllegalAction
from .game import Awaiting, Game, Kind
from .rules import RuleSet

__all__ = [
    "Accept",
    "Action",
    "Awaiting",
    "CallUno",
    "Card",
    "CardError",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Color",
    "Draw",
    "Flip",
    "Game",
    "IllegalAction",
    "Kind",
    "Leave",
    "NextRound",
    "Pass",
    "Play",
    "Rank",
    "Reveal",
    "RuleSet",
    "action_from_json",
]
