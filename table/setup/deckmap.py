"""The deck map file: which card code each reader tag id stands for (made by `uno-table enroll`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from engine import RuleSet
from hw.codebook import fold
from table.files import replaced
from table.setup.config import ConfigError, read_text, toml

CARD_CODES = frozenset(
    str(card) for name in RuleSet.PRESETS for card in RuleSet.preset(name).deck()
)
"""Every card code: a tag that reads as one plays as that card, whatever a map says."""
HEADER = "# uno-table deck map (`uno-table enroll` or `uno-table labels`): tag id = card code.\n"


@dataclass(frozen=True)
class DeckMap:
    """The preset a deck was enrolled for and its tag id -> card code map."""

    preset: str
    tags: Mapping[str, str] = field(default_factory=dict)


def read(path: Path, codes: Collection[str] | None = None, preset: str | None = None) -> DeckMap:
    """Read a deck map (of `preset`, with codes from `codes`, when given). Raises ConfigError."""
    data = toml(read_text(path, "the deck map"), str(path))
    found, tags = data.get("preset"), data.get("tags", {})
    if not isinstance(found, str):
        raise ConfigError(f"{path}: preset: expected the preset's name as a text")
    if preset is not None and found != preset:
        raise ConfigError(f"{path}: preset: expected {preset!r}, got {found!r}")
    if not isinstance(tags, dict):
        raise ConfigError(f"{path}: tags: expected a table of tag id = card code")
    for key in set(data) - {"preset", "tags"}:
        raise ConfigError(f"{path}: {key}: unknown key (known: preset, tags)")
    for tag, code in tags.items():
        if not isinstance(code, str) or (codes is not None and code not in codes):
            raise ConfigError(f'{path}: tags."{tag}": expected a card code, got {code!r}')
    _one_card_a_tag(path, tags)
    return DeckMap(found, tags)


def _one_card_a_tag(path: Path, tags: Mapping[str, str]) -> None:
    """Refuse a map that makes one read two cards: readers send ids in either case (a
    keyboard reader types 04a1, nfcpy says 04A1), and a tag that reads as a card code would
    make every printed label of that card another card."""
    seen: dict[str, str] = {}
    for tag, code in tags.items():
        upper = fold(tag)
        if upper in CARD_CODES and upper != code:
            raise ConfigError(f'{path}: tags."{tag}": reads as the card {upper}, not {code}')
        if upper in seen:
            raise ConfigError(
                f'{path}: tags."{tag}": the tag {seen[upper]} again (ids are read in either case)'
            )
        seen[upper] = tag


def write(path: Path, deck: DeckMap) -> None:
    """Write a deck map atomically (a stop halfway leaves the old file or the new one)."""
    lines = [HEADER, f"preset = {_quote(deck.preset)}\n", "\n[tags]\n"]
    lines += [f"{_quote(tag)} = {_quote(code)}\n" for tag, code in deck.tags.items()]
    with replaced(path, "w", encoding="utf-8") as file:
        file.writelines(lines)


def _quote(text: str) -> str:
    """A TOML basic string (tomllib only reads, so this tiny writer is ours)."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
