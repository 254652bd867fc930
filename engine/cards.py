"""Cards, colours and ranks, and the card codes the readers send (`R5`, `GD2`, `W4`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import cache


class Color(StrEnum):
    """The four colours; the value is the code letter."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    # A str's own hash, in C (Enum's is a Python call): the same as its letter's, as `==` is.
    __hash__ = str.__hash__

    @classmethod
    def parse(cls, value: Color | str) -> Color:
        """A Color from a Color, its letter or its name (`"G"`, `"green"`)."""
        if isinstance(value, Color):
            return value
        text = str(value).strip()
        try:
            return cls(text.upper())
        except ValueError:
            pass
        try:
            return cls[text.upper()]
        except KeyError:
            raise ValueError(f"unknown colour {value!r}") from None


def _points(code: str) -> int:
    """A rank's points at a round's end: a number its value, W and W4 50, other wilds 40,
    S, R and D2 20."""
    if code.isdigit():
        return int(code)
    if code in ("W", "W4"):
        return 50
    return 40 if code.startswith("W") else 20


class Rank(Enum):
    """What a card does; the value is the rank's part of the code."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW2 = "D2"
    WILD = "W"
    WILD4 = "W4"
    WILD_SHUFFLE = "WS"
    WILD_CUSTOM = "WC"

    # Members are singletons compared by identity: hash them by identity too, in C (Enum's
    # own hash is a Python call, and every card hashed hashes its rank).
    __hash__ = object.__hash__

    # What the engine asks of a rank on every action, set once per member as plain
    # attributes: Python 3.11 reads those in one specialized step, not a property's (or a
    # cached_property's) lookup through the class.
    def __init__(self, code: str) -> None:
        self.is_number = code.isdigit()
        self.is_wild = code.startswith("W")
        self.is_action = not self.is_number
        self.draws = {"D2": 2, "W4": 4}.get(code, 0)  # cards this rank makes the next seat draw
        self.points = _points(code)


COLORED_RANKS = tuple(r for r in Rank if not r.is_wild)
WILD_RANKS = tuple(r for r in Rank if r.is_wild)


class CardError(ValueError):
    """A text that is not a card code."""


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """A card: a colour (None for a wild) and a rank. `str(card)` is its code.

    One object per face: `Card(color, rank)` returns that face's own object, so equal cards
    are the same object, and cards compare and hash by identity, in C (the engine hashes and
    compares cards for every listing of legal actions; a dataclass's own `__eq__` and
    `__hash__` are Python calls that build tuples)."""

    color: Color | None
    rank: Rank
    is_wild: bool = field(init=False, repr=False)  # the rank's, kept here: asked every play

    def __new__(cls, color: Color | str | None, rank: Rank) -> Card:
        return _face(color, rank)

    # A face is a value: copies, deep copies and unpickled cards are that face's object.
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self

    def __reduce__(self) -> tuple:
        return Card, (self.color, self.rank)

    @staticmethod
    def parse(code: Card | str) -> Card:
        """The card for a code such as `R5`, `BD2`, `W4`; raises CardError."""
        if isinstance(code, Card):
            return code
        return _parse(str(code).strip().upper())

    @property
    def points(self) -> int:
        return self.rank.points

    def __str__(self) -> str:
        return (self.color.value if self.color else "") + self.rank.value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


@cache
def _face(color: Color | str | None, rank: Rank) -> Card:
    """The one object of a face (`Card(color, rank)`); the colour given by its letter too."""
    if (color is None) != rank.is_wild:
        raise CardError(f"{rank.name} cannot have colour {color}")
    card = object.__new__(Card)
    object.__setattr__(card, "color", None if color is None else Color(color))
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "is_wild", rank.is_wild)
    return card


@cache
def _parse(code: str) -> Card:
    for rank in WILD_RANKS:
        if code == rank.value:
            return Card(None, rank)
    if len(code) >= 2 and code[0] in "RYGB":
        try:
            return Card(Color(code[0]), Rank(code[1:]))
        except (ValueError, CardError):
            pass
    raise CardError(f"not a card code: {code!r}")


ALL_CARDS = frozenset(
    [_parse(color + rank.value) for color in "RYGB" for rank in COLORED_RANKS]
    + [_parse(rank.value) for rank in WILD_RANKS]
)
"""Every face there is, of every deck."""


def cards(codes) -> list[Card]:
    """Cards from an iterable of codes (or cards)."""
    return [Card.parse(c) for c in codes]
