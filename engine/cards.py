"""Cards, colours and ranks, and the card codes the readers send (`R5`, `GD2`, `W4`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import cache, cached_property


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

    # Cached per member: the engine asks these for every card it checks.
    @cached_property
    def is_number(self) -> bool:
        return self.value.isdigit()

    @cached_property
    def is_wild(self) -> bool:
        return self.value.startswith("W")

    @cached_property
    def is_action(self) -> bool:
        return not self.is_number

    @cached_property
    def draws(self) -> int:
        """Cards this rank makes the next seat draw."""
        return {Rank.DRAW2: 2, Rank.WILD4: 4}.get(self, 0)

    @cached_property
    def points(self) -> int:
        if self.is_number:
            return int(self.value)
        if self in (Rank.WILD, Rank.WILD4):
            return 50
        if self.is_wild:
            return 40
        return 20


COLORED_RANKS = tuple(r for r in Rank if not r.is_wild)
WILD_RANKS = tuple(r for r in Rank if r.is_wild)


class CardError(ValueError):
    """A text that is not a card code."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card: a colour (None for a wild) and a rank. `str(card)` is its code."""

    color: Color | None
    rank: Rank
    # The hash, computed once: the engine hashes cards for every listing of legal actions, and
    # a dataclass's own __hash__ builds and hashes a tuple on every call.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if (self.color is None) != self.rank.is_wild:
            raise CardError(f"{self.rank.name} cannot have colour {self.color}")
        object.__setattr__(self, "_hash", hash((self.color, self.rank)))

    def __hash__(self) -> int:
        return self._hash

    @staticmethod
    def parse(code: Card | str) -> Card:
        """The card for a code such as `R5`, `BD2`, `W4`; raises CardError."""
        if isinstance(code, Card):
            return code
        return _parse(str(code).strip().upper())

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def is_wild(self) -> bool:
        return self.rank.is_wild

    def __str__(self) -> str:
        return (self.color.value if self.color else "") + self.rank.value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


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


def cards(codes) -> list[Card]:
    """Cards from an iterable of codes (or cards)."""
    return [Card.parse(c) for c in codes]
