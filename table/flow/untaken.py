"""A card dropped on the pile that the game has not taken yet, noted so a restart can say so.

A 7 under seven_zero is scanned and dropped on the pile, but the game (and so the journal) takes
it only once the seat it swaps with is named. If the power goes in between, the table comes back
at that player's turn with the 7 lying on the pile. This note, kept beside the journal while such
a card waits, lets the table say "that card was not taken: take it back and play it again"; it
never guesses the missing choice (docs/rules.md, "A card dropped on the pile but not yet
acknowledged").
"""

from __future__ import annotations

import contextlib
import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path

from engine import Card
from table import files

log = logging.getLogger(__name__)

NAME = "untaken.json"
LIMIT = 4096  # bytes: a note is one seat and a few card codes


@dataclass(frozen=True)
class Untaken:
    """Cards `seat` (a game seat) dropped on the pile after the game's `actions`-th action,
    in the game that started from `origin`."""

    seat: int
    cards: tuple[str, ...]
    actions: int
    origin: dict

    def belongs_to(self, origin: dict, actions: int) -> bool:
        """Whether the note is about this game, still where it was when the cards were scanned."""
        return self.origin == origin and self.actions == actions


def keep(folder: Path, note: Untaken) -> None:
    """Write the note (whole, on disk, before this returns); raises OSError."""
    with files.replaced(folder / NAME, "w", encoding="utf-8") as out:
        json.dump(asdict(note), out)


def drop(folder: Path) -> None:
    """Forget the note: the card was taken, or taken back. Raises OSError but for a note gone."""
    with contextlib.suppress(FileNotFoundError):
        (folder / NAME).unlink()


def take(folder: Path) -> Untaken | None:
    """The note left in `folder`, removed as it is read; None when there is none or it is not
    one (a bad note is logged and dropped: it only ever adds a sentence to the screen)."""
    path = folder / NAME
    try:
        raw = files.read_bytes(path, LIMIT)  # a FIFO or a device is an OSError, never a hang
    except FileNotFoundError:
        return None
    except OSError as err:
        log.warning("%s: cannot read the note of an untaken card: %s", path, err)
        return None
    try:
        drop(folder)
    except OSError as err:
        log.warning("%s: cannot remove the note of an untaken card: %s", path, err)
    try:
        return _parse(raw)
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        log.warning("%s: not a note of an untaken card (%s): ignored", path, err)
        return None


def _parse(raw: bytes) -> Untaken:
    data = json.loads(raw)
    seat, cards, actions, origin = data["seat"], data["cards"], data["actions"], data["origin"]
    if not (type(seat) is int and type(actions) is int and isinstance(origin, dict)):
        raise ValueError("a seat, an action count and a game origin are asked for")
    if not (isinstance(cards, list) and cards and all(isinstance(c, str) for c in cards)):
        raise ValueError("the cards are not a list of codes")
    for code in cards:  # the first is shown: a card's name, never what the file says
        if str(Card.parse(code)) != code:
            raise ValueError(f"{code!r} is not a card code as the table writes it")
    return Untaken(seat, tuple(cards), actions, origin)
