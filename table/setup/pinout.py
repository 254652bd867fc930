"""The Raspberry Pi's 40-pin header, and what a configuration puts on each of its GPIOs."""

from __future__ import annotations

from dataclasses import dataclass

from table.setup.config import Config

HEADER = (
    "3V3", "5V", 2, "5V", 3, "GND", 4, 14, "GND", 15, 17, 18, 27, "GND", 22, 23, "3V3", 24, 10,
    "GND", 9, 25, 11, 8, "GND", 7, 0, 1, 5, "GND", 6, 12, 13, "GND", 19, 16, 26, 20, "GND", 21,
)  # fmt: skip
"""The 40-pin header: what is on physical pin 1, 2, ... 40 (a BCM GPIO number or a supply)."""

PHYSICAL = {bcm: n for n, bcm in enumerate(HEADER, 1) if isinstance(bcm, int)}
"""BCM GPIO number -> physical pin number."""

GROUNDS = tuple(n for n, what in enumerate(HEADER, 1) if what == "GND")
"""The physical pins that are ground."""

HAT_ID = (0, 1)
I2C = (2, 3)
UART = (14, 15)
RESERVED = {0: "ID_SD", 1: "ID_SC", 2: "I2C SDA", 3: "I2C SCL", 14: "UART TXD", 15: "UART RXD"}
"""GPIOs left free on purpose: the HAT ID EEPROM, I2C, and the UART for a serial reader."""

SPI0 = {8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"}
"""SPI0's GPIOs, where the usual RC522 wiring puts the reader (its SDA on CE0)."""
RC522_RESET = 25
"""The GPIO the usual RC522 wiring gives the reader's RST."""
MCP23017_INTERRUPT = 4
"""The GPIO the kernel's mcp23017 overlay takes for the chip's INTA unless told another."""


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
