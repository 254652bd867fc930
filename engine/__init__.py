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
from .errors import IllegalAction, Refusal
from .game import Awaiting, Game, Kind
from .rules import DeckKind, FirstReverse, MatchEnd, Matching, RuleSet, Scoring, Stacking
from .state import Against, CounterWindow, Outcome, Wild4

__all__ = [
    "Accept",
    "Action",
    "Against",
    "Awaiting",
    "CallUno",
    "Card",
    "CardError",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Color",
    "CounterWindow",
    "DeckKind",
    "Draw",
    "FirstReverse",
    "Flip",
    "Game",
    "IllegalAction",
    "Kind",
    "Leave",
    "MatchEnd",
    "Matching",
    "NextRound",
    "Outcome",
    "Pass",
    "Play",
    "Rank",
    "Refusal",
    "Reveal",
    "RuleSet",
    "Scoring",
    "Stacking",
    "Wild4",
    "action_from_json",
]
