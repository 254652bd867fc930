"""What a reader sent -> a card code: through the deck map (tag ids) or as a code itself."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class CodeBook:
    """Known card codes (given by table/, hw/ knows no rules) and a tag id -> code deck map."""

    codes: Collection[str]
    deck_map: Mapping[str, str] = field(default_factory=dict)

    def decode(self, text: str) -> str | None:
        """The card code `text` stands for, or None when it is neither a known tag nor a code."""
        if text in self.deck_map:
            return self.deck_map[text]
        # Hex ids come in either case: a keyboard reader types 04a1b2c3, nfcpy says 04A1B2C3.
        code = fold(text)
        return self._by_upper_tag.get(code) or (code if code in self.codes else None)

    @cached_property
    def _by_upper_tag(self) -> Mapping[str, str]:
        return {fold(tag): code for tag, code in self.deck_map.items()}


def fold(text: str) -> str:
    """`text` with ASCII's small letters made capitals, and only those: Unicode's capitals of
    other letters are ASCII ones too (a long s is an S, the ligature ff is FF), and noise that
    decodes to one of those must not read as a card."""
    return text.translate(_CAPITALS)


_CAPITALS = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def printable(text: str) -> bool:
    """True for text a scanner could have meant: printable characters, no replacement marks."""
    return bool(text) and text.isprintable() and "\ufffd" not in text
