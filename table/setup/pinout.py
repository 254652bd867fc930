"""What a configuration puts on each GPIO of the Raspberry Pi's 40-pin header (hw.header)."""

from __future__ import annotations

from dataclasses import dataclass

# The header's facts, asked here by the wiring guide and diagram as pinout.SPI0 and so on.
from hw.header import (  # noqa: F401
    GROUNDS,
    HAT_ID,
    HEADER,
    MCP23017_INTERRUPT,
    PHYSICAL,
    RC522_RESET,
    RESERVED,
    SPI0,
)
from table.setup.config import Config


@dataclass(frozen=True)
class Row:
    """One wired pin: who it belongs to, what it is, its BCM and physical numbers."""

    seat: str
    part: str
    bcm: int

    @property
    def physical(self) -> int:
        return PHYSICAL[self.bcm]

    @property
    def whose(self) -> str:
        """Whose part it is, in words: "seat 3's", "the colour pad's"."""
        return "the colour pad's" if self.seat == "colour pad" else f"seat {self.seat}'s"

    @property
    def owner(self) -> str:
        """The part in words: "seat 3's DRAW button", "the colour pad's red button"."""
        return f"{self.whose} {self.part}"

    @property
    def tag(self) -> str:
        """Whose part it is, short: "seat 3", "pad"."""
        return "pad" if self.seat == "colour pad" else f"seat {self.seat}"

    @property
    def name(self) -> str:
        """The part, short: "DRAW", "LED", "red"."""
        return self.part.removesuffix(" button")

    @property
    def label(self) -> str:
        """The part for a diagram: "seat 3 DRAW", "pad red"."""
        return f"{self.tag} {self.name}"


def rows(config: Config) -> list[Row]:
    """Every wired pin: each seat's buttons and LED, then the colour pad."""
    out = []
    for n, seat in enumerate(config.seats, 1):
        for button, pin in seat.pins.buttons().items():
            out.append(Row(str(n), f"{button.upper()} button", pin))
        if seat.pins.led is not None:
            out.append(Row(str(n), "LED", seat.pins.led))
    for button, pin in config.color_pad.buttons().items():
        out.append(Row("colour pad", f"{button} button", pin))
    return out


def used(config: Config) -> dict[int, Row]:
    """BCM GPIO number -> the part on it."""
    return {row.bcm: row for row in rows(config)}


def by_seat(config: Config, gpios) -> dict[str, list[Row]]:
    """The parts on these GPIOs, grouped by seat ("1", ..., "colour pad"), in the map's order."""
    out: dict[str, list[Row]] = {}
    for row in rows(config):
        if row.bcm in gpios:
            out.setdefault(row.seat, []).append(row)
    return out


def owner(config: Config, bcm: int) -> str:
    """Whose part is on GPIO `bcm`, in words, or "free"."""
    row = used(config).get(bcm)
    return row.owner if row else "free"


def free_gpios(config: Config) -> list[int]:
    """GPIOs no part uses and none of the reserved ones."""
    taken = used(config)
    return sorted(bcm for bcm in PHYSICAL if bcm not in taken and bcm not in RESERVED)
