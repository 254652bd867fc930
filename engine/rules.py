"""Rule sets: the four presets of docs/rules.md as knobs on one frozen dataclass.

What each knob *does* lives in the module of its family: matching.py, stacking.py, drawing.py,
scoring.py, and the house rules in hands.py, counters.py and open_wild.py.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from .cards import COLORED_RANKS, Card, Color, Rank


class DeckKind(StrEnum):
    """official: 112 cards, 8 W; classic: 108, 4 W; cool: one W of official is a WS."""

    OFFICIAL = "official"
    CLASSIC = "classic"
    COOL = "cool"


class Matching(StrEnum):
    """What may go on the top card (matching.py)."""

    STANDARD = "standard"  # colour or symbol
    STRICT = "strict"  # S and D2 only on their colour; numbers and R on the same symbol

    __hash__ = str.__hash__  # a str's own, in C (Enum's is a Python call), as Color's


class Stacking(StrEnum):
    """Which cards answer a pending draw (stacking.py)."""

    NONE = "none"  # none: the victim draws at once
    SAME = "same"  # +2 on +2, +4 on +4
    CROSS = "cross"  # any +2 or +4 on either
    COOL = "cool"  # +2, +4, R or S matching the colour or the symbol


class FirstReverse(StrEnum):
    """Who starts after a first card R: the dealer, or the seat right of the dealer."""

    DEALER = "dealer"
    RIGHT = "right"


class Scoring(StrEnum):
    """Whether rounds score points (scoring.py)."""

    POINTS = "points"
    NONE = "none"  # the first out wins the match


class MatchEnd(StrEnum):
    """How a match to `target_score` ends (scoring.py)."""

    FIRST_TO_TARGET = "first_to_target"  # the winner of the rounds takes the points
    LOWEST_AT_TARGET = "lowest_at_target"  # each seat scores its own hand; the lowest wins


# The knobs that are a choice, and their StrEnum: a str given for one is turned into it.
_CHOICES: dict[str, type[StrEnum]] = {
    "deck_kind": DeckKind,
    "matching": Matching,
    "stacking": Stacking,
    "first_reverse": FirstReverse,
    "scoring": Scoring,
    "match_end": MatchEnd,
}


# Slots: the engine reads knobs on every action, and Python 3.11 cannot specialize reading an
# attribute whose class holds a default of a Python class (the enum knobs): slots it can.
@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every decision of a rule set. Make variants with `replace(**knobs)`."""

    PRESETS: ClassVar[tuple[str, ...]] = ("official", "reglamento", "playone", "cool")

    name: str = "official"
    deck_kind: DeckKind = DeckKind.OFFICIAL
    hand_size: int = 7
    matching: Matching = Matching.STANDARD
    w4_restricted: bool = True  # W4 only without the colour to follow; bluffs are challenged
    challenge_penalty: int = 2  # an innocent W4 costs the challenger this many on top
    draw_skips: bool = True  # a penalty draw costs the victim its turn
    stacking: Stacking = Stacking.NONE  # answers to a pending draw (a first card D2: none)
    first_reverse: FirstReverse = FirstReverse.DEALER
    draw_to_match: bool = False  # draw until a card fits, then play it
    forced_play: bool = False  # no drawing while holding a playable card
    autoplay_drawn: bool = False  # a drawn card that fits is played for the player
    uno_penalty: int = 2
    scoring: Scoring = Scoring.POINTS
    target_score: int = 500
    match_end: MatchEnd = MatchEnd.FIRST_TO_TARGET
    # House rules (docs/rules.md "Knobs beyond the presets"), usable with any preset.
    seven_zero: bool = False  # a 7 swaps hands with a named seat; a 0 passes every hand on
    jump_in: bool = False  # a card identical to the top may be played out of turn
    # The cool preset's rules, each a knob of its own.
    multi_play: bool = False  # several cards of one symbol per play; never the last cards
    counters: bool = False  # an S or R may be countered with S or R (cool rule 4)
    open_wild: bool = False  # until a wild's colour is named, the next seat may play any colour
    draw_until_play: bool = False  # draw as long as you like, then play any card that fits
    out_on_number: bool = False  # a round is won only on a number card
    uno_race: float = 0.0  # seconds: a call this long after another seat's press still counts

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The rule set of a preset named in `PRESETS`."""
        try:
            knobs = _PRESET_KNOBS[name]
        except KeyError:
            raise ValueError(
                f"unknown preset {name!r}; choose one of {', '.join(cls.PRESETS)}"
            ) from None
        return cls(name=name, **knobs)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):  # a list would make the rule set unhashable
            raise ValueError(f"name must be a text, not {self.name!r}")
        for knob, choice in _CHOICES.items():
            value = getattr(self, knob)
            try:
                object.__setattr__(self, knob, choice(value))
            except ValueError:
                allowed = tuple(str(c) for c in choice)
                raise ValueError(f"{knob} must be one of {allowed}, not {value!r}") from None
        for knob in ("hand_size", "uno_penalty", "challenge_penalty", "target_score"):
            value = getattr(self, knob)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{knob} must be a whole number >= 0, not {value!r}")
        if self.hand_size < 1 or self.target_score < 1:
            raise ValueError("hand_size and target_score must be at least 1")
        for knob in _bool_knobs():
            if not isinstance(getattr(self, knob), bool):
                raise ValueError(f"{knob} must be True or False, not {getattr(self, knob)!r}")
        race = self.uno_race
        if isinstance(race, bool) or not isinstance(race, (int, float)) or not 0 <= race < math.inf:
            raise ValueError(f"uno_race must be a number of seconds >= 0, not {race!r}")
        if self.draw_until_play and (self.draw_to_match or self.autoplay_drawn or self.forced_play):
            raise ValueError(
                "draw_until_play excludes draw_to_match, autoplay_drawn and forced_play"
            )

    def replace(self, **knobs) -> RuleSet:
        """A copy with some knobs changed; unknown knobs raise TypeError."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(knobs) - names)
        if unknown:
            raise TypeError(f"unknown rule knob(s): {', '.join(unknown)}")
        return dataclasses.replace(self, **knobs)

    def knobs(self) -> dict:
        """Every knob by name (for journals and traces)."""
        return dataclasses.asdict(self)

    def deck(self) -> list[Card]:
        """The full deck of this rule set, in a fixed order."""
        return list(_DECKS[self.deck_kind])

    @property
    def stacks(self) -> bool:
        return self.stacking is not Stacking.NONE

    def call_counts_at(self, call_at: float) -> float:
        """When an UNO call made at `call_at` counts as made: `uno_race` seconds earlier.

        The table orders presses by this time, so a call that comes at most `uno_race` after
        another seat's catch is applied before it."""
        return call_at - self.uno_race

    def call_in_time(self, call_at: float, press_at: float) -> bool:
        """Whether an UNO call at `call_at` beats another seat's press at `press_at`."""
        return self.call_counts_at(call_at) <= press_at

    @property
    def points(self) -> bool:
        return self.scoring is Scoring.POINTS

    @property
    def lowest_wins(self) -> bool:
        """Each seat scores its own hand and the lowest total wins the match."""
        return self.points and self.match_end is MatchEnd.LOWEST_AT_TARGET


def _bool_knobs() -> tuple[str, ...]:
    """The RuleSet fields that are switches (`bool`), read off the dataclass."""
    return tuple(f.name for f in dataclasses.fields(RuleSet) if f.type in (bool, "bool"))


def _build_deck(wilds: tuple[Rank, ...]) -> tuple[Card, ...]:
    deck = []
    for color in Color:
        for rank in COLORED_RANKS:
            deck += [Card.parse(color + rank.value)] * (1 if rank is Rank.ZERO else 2)
    # The cards of Card.parse: one object per face, so `in` and `remove` on a hand find a card
    # by identity before comparing it field by field.
    deck += [Card.parse(r.value) for r in wilds]
    return tuple(deck)


_DECKS = {
    DeckKind.OFFICIAL: _build_deck((Rank.WILD,) * 8 + (Rank.WILD4,) * 4),
    DeckKind.CLASSIC: _build_deck((Rank.WILD,) * 4 + (Rank.WILD4,) * 4),
    DeckKind.COOL: _build_deck((Rank.WILD,) * 7 + (Rank.WILD_SHUFFLE,) + (Rank.WILD4,) * 4),
}

_PRESET_KNOBS: dict[str, dict] = {
    "official": {},
    "reglamento": dict(
        deck_kind=DeckKind.CLASSIC,
        matching=Matching.STRICT,
        draw_skips=False,
        first_reverse=FirstReverse.RIGHT,
        draw_to_match=True,
        forced_play=True,
        uno_penalty=1,
        scoring=Scoring.NONE,
    ),
    "playone": dict(
        deck_kind=DeckKind.CLASSIC,
        w4_restricted=False,
        stacking=Stacking.CROSS,
        forced_play=True,
        autoplay_drawn=True,
        scoring=Scoring.NONE,
    ),
    "cool": dict(
        deck_kind=DeckKind.COOL,
        w4_restricted=False,
        stacking=Stacking.COOL,
        multi_play=True,
        counters=True,
        open_wild=True,
        draw_until_play=True,
        out_on_number=True,
        uno_race=0.05,
    ),
}
