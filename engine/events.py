"""What happened: the events `Game.apply` returns, as frozen values for the screen and journal."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import as_json
from .cards import Card, Color


@dataclass(frozen=True)
class Event:
    """Base of every event."""

    def to_json(self) -> dict:
        return as_json(self)


@dataclass(frozen=True)
class Dealt(Event):
    """A round was dealt: `hand_size` cards to each seat, starting left of `dealer`."""

    dealer: int
    hand_size: int


@dataclass(frozen=True)
class FirstCard(Event):
    """The first card was turned over."""

    card: Card


@dataclass(frozen=True)
class ReturnedToPile(Event):
    """A first card that may not start the game went back into the draw pile."""

    card: Card


@dataclass(frozen=True)
class Played(Event):
    seat: int
    cards: tuple[Card, ...]
    color: Color | None
    auto: bool = False  # played for the seat (playone's drawn card)


@dataclass(frozen=True)
class ColorChosen(Event):
    seat: int
    color: Color


@dataclass(frozen=True)
class Drew(Event):
    """`count` cards went to `seat`; `cards` lists those the engine saw; `reason` for penalties."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()
    reason: str | None = None


@dataclass(frozen=True)
class Skipped(Event):
    seat: int


@dataclass(frozen=True)
class Reversed(Event):
    direction: int


@dataclass(frozen=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True)
class DrawStacked(Event):
    """A penalty is waiting on `seat`: it may answer it or take `total`."""

    seat: int
    total: int


@dataclass(frozen=True)
class CounterOpen(Event):
    """`seat` may counter the `against` ("S" or "R") just played `count` times, or Accept."""

    seat: int
    against: str
    count: int


@dataclass(frozen=True)
class CounterDeclined(Event):
    """`seat` let the `against` ("S" or "R") pass without countering it."""

    seat: int
    against: str


@dataclass(frozen=True)
class ReverseCancelled(Event):
    """A counter of one S per R undid the reverse: `seat`, who played it, plays again."""

    seat: int
    direction: int


@dataclass(frozen=True)
class HandsSwapped(Event):
    """A 7 (seven_zero): `seat` and `target` exchanged hands."""

    seat: int
    target: int


@dataclass(frozen=True)
class HandsPassed(Event):
    """A 0 (seven_zero): every hand moved one seat along `direction`."""

    direction: int


@dataclass(frozen=True)
class HandsShuffled(Event):
    """A Wild shuffle hands: every hand collected and dealt out again from left of `seat`."""

    seat: int
    counts: tuple[int, ...]


@dataclass(frozen=True)
class UnoCalled(Event):
    seat: int


@dataclass(frozen=True)
class UnoCaught(Event):
    seat: int
    by: int


@dataclass(frozen=True)
class Challenged(Event):
    """`challenger` challenged the W4 of `challenged`, who must now show the hand."""

    challenger: int
    challenged: int


@dataclass(frozen=True)
class ChallengeSettled(Event):
    """`challenger` challenged the W4 of `challenged`; `guilty` is the ruling."""

    challenger: int
    challenged: int
    guilty: bool


@dataclass(frozen=True)
class Reshuffled(Event):
    """The discard pile but its top went back into a new draw pile of `count` cards."""

    count: int


@dataclass(frozen=True)
class Revealed(Event):
    """A seat showed cards of its hand (for a challenge or the round's points)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Left(Event):
    seat: int


@dataclass(frozen=True)
class RoundOver(Event):
    winner: int
    points: int


@dataclass(frozen=True)
class MatchOver(Event):
    winner: int
