"""What a seat can do: the actions applied to a Game, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass, fields

from .cards import Card, Color


def _set(obj, name, value) -> None:
    object.__setattr__(obj, name, value)


def _cards(value) -> tuple[Card, ...]:
    if type(value) is Card:
        return (value,)  # the common case, first: legal_actions() builds many plays
    if isinstance(value, (str, Card)):
        return (Card.parse(value),)
    return tuple(Card.parse(c) for c in value)


def as_json(value) -> dict:
    """A frozen dataclass (action or event) as a JSON-ready dict with its type name."""
    out: dict = {"type": type(value).__name__}
    for f in fields(value):
        item = getattr(value, f.name)
        if isinstance(item, tuple):
            item = [str(v) if isinstance(v, (Card, Color)) else v for v in item]
        elif isinstance(item, (Card, Color)):
            item = str(item)
        out[f.name] = item
    return out


@dataclass(frozen=True)
class Action:
    """Base of every action."""

    def to_json(self) -> dict:
        """A JSON-ready dict; `action_from_json` reads it back."""
        return as_json(self)


@dataclass(frozen=True)
class Play(Action):
    """Play one card, or several where the rules allow (the last one ends on top)."""

    seat: int
    cards: tuple[Card, ...]
    color: Color | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        _set(self, "cards", _cards(self.cards))
        if not self.cards:
            raise ValueError("a play needs at least one card")
        if self.color is not None:
            _set(self, "color", Color.parse(self.color))

    @property
    def card(self) -> Card:
        """The card that ends on top."""
        return self.cards[-1]


@dataclass(frozen=True)
class Draw(Action):
    """Take a card from the draw pile."""

    seat: int


@dataclass(frozen=True)
class Pass(Action):
    """End the turn after drawing."""

    seat: int


@dataclass(frozen=True)
class ChooseColor(Action):
    """Name the colour after a wild."""

    seat: int
    color: Color

    def __post_init__(self) -> None:
        _set(self, "color", Color.parse(self.color))


@dataclass(frozen=True)
class Accept(Action):
    """Take the pending draw (or let a counter pass)."""

    seat: int


@dataclass(frozen=True)
class Challenge(Action):
    """Challenge the Wild Draw Four just played on this seat."""

    seat: int


@dataclass(frozen=True)
class CallUno(Action):
    """Call UNO; `at` is when the button was pressed (seconds, any clock)."""

    seat: int
    at: float | None = None


@dataclass(frozen=True)
class CatchUno(Action):
    """Catch a seat at one card that did not call; `target` is optional."""

    seat: int
    at: float | None = None
    target: int | None = None


@dataclass(frozen=True)
class Reveal(Action):
    """Show cards from a hand the engine has not seen."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _set(self, "cards", _cards(self.cards))


@dataclass(frozen=True)
class Flip(Action):
    """The first card turned over at a table of real cards."""

    card: Card

    def __post_init__(self) -> None:
        _set(self, "card", Card.parse(self.card))


@dataclass(frozen=True)
class Leave(Action):
    """A seat leaves the game; its cards leave with it."""

    seat: int


@dataclass(frozen=True)
class NextRound(Action):
    """Start the next round with the next dealer."""


ACTIONS = {cls.__name__: cls for cls in Action.__subclasses__()}


def action_from_json(data: dict) -> Action:
    """The action a `to_json` dict describes; raises ValueError on anything else."""
    data = dict(data)
    try:
        cls = ACTIONS[data.pop("type")]
        return cls(**data)
    except (KeyError, TypeError) as err:
        raise ValueError(f"not an action: {err}") from None
