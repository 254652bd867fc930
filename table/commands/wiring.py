"""`uno-table wiring`: the pin map of a configuration as a Markdown table, and as an SVG diagram.

wiring.md holds the table and docs/wiring.svg the diagram, both made from the shipped default;
a test fails when either differs from what this module makes.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path

from table.setup import config as configuration
from table.setup.config import Config

HEADER = (
    "3V3", "5V", 2, "5V", 3, "GND", 4, 14, "GND", 15, 17, 18, 27, "GND", 22, 23, "3V3", 24, 10,
    "GND", 9, 25, 11, 8, "GND", 7, 0, 1, 5, "GND", 6, 12, 13, "GND", 19, 16, 26, 20, "GND", 21,
)  # fmt: skip
"""The 40-pin header: what is on physical pin 1, 2, ... 40 (a BCM GPIO number or a supply)."""

PHYSICAL = {bcm: n for n, bcm in enumerate(HEADER, 1) if isinstance(bcm, int)}
"""BCM GPIO number -> physical pin number."""

RESERVED = {0: "ID_SD", 1: "ID_SC", 2: "I2C SDA", 3: "I2C SCL", 14: "UART TXD", 15: "UART RXD"}
"""GPIOs left free on purpose: the HAT ID EEPROM, I2C, and the UART for a serial reader."""

PAD_COLOURS = {"red": "#d32f2f", "yellow": "#f9a825", "green": "#2e7d32", "blue": "#1565c0"}
SEAT_COLOURS = ("#6a1b9a", "#00838f", "#6d4c41", "#ef6c00", "#ad1457", "#558b2f", "#37474f")


@dataclass(frozen=True)
class Row:
    """One wired pin: who it belongs to, what it is, its BCM and physical numbers."""

    seat: str
    part: str
    bcm: int
    colour: str

    @property
    def physical(self) -> int:
        return PHYSICAL[self.bcm]


def register(sub: argparse._SubParsersAction) -> None:
    """Add `wiring` to the command line."""
    parser = sub.add_parser("wiring", help="print the pin map as a Markdown table (wiring.md)")
    parser.add_argument("--config", type=Path, help="configuration file (default: the shipped one)")
    parser.add_argument("--svg", type=Path, metavar="FILE", help="also write the wiring diagram")
    parser.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    """Print the table; with --svg, write the diagram too."""
    config = configuration.load(args.config or configuration.find())
    sys.stdout.write(markdown(config))
    if args.svg:
        args.svg.write_text(svg(config), encoding="utf-8")
    return 0


def rows(config: Config) -> list[Row]:
    """Every wired pin: each seat's buttons and LED, then the colour pad."""
    out = []
    for n, seat in enumerate(config.seats, 1):
        colour = SEAT_COLOURS[(n - 1) % len(SEAT_COLOURS)]
        for button, pin in seat.pins.buttons().items():
            out.append(Row(str(n), f"{button.upper()} button", pin, colour))
        if seat.pins.led is not None:
            out.append(Row(str(n), "LED", seat.pins.led, colour))
    for button, pin in config.color_pad.buttons().items():
        out.append(Row("colour pad", f"{button} button", pin, PAD_COLOURS[str(button)]))
    return out


def free_gpios(config: Config) -> list[int]:
    """GPIOs no part uses and none of the reserved ones."""
    used = {row.bcm for row in rows(config)}
    return sorted(bcm for bcm in PHYSICAL if bcm not in used and bcm not in RESERVED)


def markdown(config: Config) -> str:
    """The pin map as a Markdown table, then the GPIOs left free."""
    lines = ["| seat | button or LED | BCM | physical |", "| --- | --- | --- | --- |"]
    lines += [f"| {r.seat} | {r.part} | {r.bcm} | {r.physical} |" for r in rows(config)]
    free = ", ".join(f"BCM {bcm} (pin {PHYSICAL[bcm]})" for bcm in free_gpios(config))
    lines += ["", f"Free GPIOs: {free or 'none'}."]
    return "\n".join(lines) + "\n"


# --- the diagram ---------------------------------------------------------------------------

PANEL_W, PANEL_H, GAP = 440, 175, 20
PARTS_X = 560  # where the seat panels start, right of the header
TOP = 100


def svg(config: Config) -> str:
    """The wiring diagram: the header with every pin's role, each panel, the pad and the reader."""
    by_bcm = {row.bcm: row for row in rows(config)}
    seats = len(config.seats)
    panel_rows = (seats + 1) // 2
    bottom_y = TOP + panel_rows * (PANEL_H + GAP)
    height = max(bottom_y + PANEL_H, TOP + 20 * 24 + 90) + 100
    source = "the " + config.source if config.source == "default configuration" else config.source
    out = Svg(PARTS_X + 2 * PANEL_W + GAP + 20, height)
    out.text(20, 36, "uno-table wiring", size=24, weight="bold")
    out.text(20, 62, f"The pin map of {source}: BCM GPIO numbers, physical pin numbers in "
             "the circles. Every panel's parts share one ground.", size=14)  # fmt: skip
    _header(out, by_bcm, 20, TOP + 20)
    for n, seat in enumerate(config.seats):
        x = PARTS_X + (n % 2) * (PANEL_W + GAP)
        y = TOP + (n // 2) * (PANEL_H + GAP)
        colour = SEAT_COLOURS[n % len(SEAT_COLOURS)]
        parts = [(str(b).upper(), pin, "button", colour) for b, pin in seat.pins.buttons().items()]
        if seat.pins.led is not None:
            parts.append(("LED", seat.pins.led, "led", colour))
        title = f"Seat {n + 1} panel" + ("" if seat.name == f"Seat {n + 1}" else f" ({seat.name})")
        _panel(out, x, y, title, colour, parts)
    pad = [(str(b), pin, "button", PAD_COLOURS[str(b)]) for b, pin in
           config.color_pad.buttons().items()]  # fmt: skip
    _panel(out, PARTS_X, bottom_y, "Colour pad (beside the reader)", "#424242", pad)
    _reader(out, config, PARTS_X + PANEL_W + GAP, bottom_y)
    _legend(out, 20, height - 58)
    return out.close()


class Svg:
    """A few SVG shapes appended to a list of lines."""

    def __init__(self, width: int, height: int) -> None:
        self.lines = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">',
            f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        ]

    def text(self, x, y, text, size=13, weight="normal", fill="#212121", anchor="start"):
        self.lines.append(
            f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}">{escape(text)}</text>'
        )

    def line(self, x1, y1, x2, y2, stroke="#212121", width=2):
        self.lines.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" '
            f'stroke-width="{width}"/>'
        )

    def rect(self, x, y, w, h, stroke="#212121", fill="none", radius=0, width=2, dash=""):
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        self.lines.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"{dashes}/>'
        )

    def circle(self, x, y, r, stroke="#212121", fill="#ffffff", width=2):
        self.lines.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}"/>'
        )

    def path(self, d, stroke="#212121", fill="none", width=2):
        self.lines.append(f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>')

    def close(self) -> str:
        return "\n".join([*self.lines, "</svg>"]) + "\n"


def _header(out: Svg, by_bcm: dict[int, Row], x: int, y: int) -> None:
    """The 40-pin header as seen from above, pin 1 at the top left; labels outside."""
    out.text(x + 250, y - 8, "Raspberry Pi 40-pin header", size=15, weight="bold", anchor="middle")
    out.rect(x + 222, y, 56, 20 * 24 + 8, fill="#eceff1", radius=4)
    for n, what in enumerate(HEADER, 1):
        left = n % 2 == 1
        cx, cy = x + (236 if left else 264), y + 16 + (n - 1) // 2 * 24
        label, stroke, fill, ink = _pin_style(what, by_bcm)
        out.circle(cx, cy, 10, stroke=stroke, fill=fill)
        out.text(cx, cy + 4, str(n), size=10, weight="bold", fill=ink, anchor="middle")
        tx = cx - 16 if left else cx + 16
        out.text(tx, cy + 4, label, size=12, fill=stroke if fill != "#ffffff" else "#212121",
                 anchor="end" if left else "start")  # fmt: skip
    note_y = y + 20 * 24 + 34
    out.text(x, note_y, "Pin 1 has the square pad, at the end away from the USB", size=12)
    out.text(x, note_y + 17, "ports; odd pins are in the row nearer the middle of the board.",
             size=12)  # fmt: skip
    out.text(x, note_y + 34, "Grey pins are kept free: I2C, the UART (a reader), HAT ID.", size=12)


def _pin_style(what: int | str, by_bcm: dict[int, Row]) -> tuple[str, str, str, str]:
    """Label, outline, fill and number colour of a header pin."""
    if what == "GND":
        return "GND", "#000000", "#000000", "#ffffff"
    if isinstance(what, str):
        return what, "#c62828", "#ffffff", "#c62828"
    row = by_bcm.get(what)
    if row is not None:
        who = "pad" if row.seat == "colour pad" else f"seat {row.seat}"
        return f"GPIO{what} {who} {row.part.replace(' button', '')}", row.colour, row.colour, "#fff"
    if what in RESERVED:
        return f"GPIO{what} ({RESERVED[what]})", "#9e9e9e", "#e0e0e0", "#616161"
    return f"GPIO{what} free", "#9e9e9e", "#ffffff", "#616161"


def _panel(out: Svg, x: int, y: int, title: str, colour: str, parts: list) -> None:
    """A panel of buttons (GPIO to ground) and LEDs (GPIO, resistor, LED, ground)."""
    height = 52 + 30 * len(parts)
    out.rect(x, y, PANEL_W, height, stroke=colour, radius=8)
    out.text(x + 14, y + 24, title, size=14, weight="bold", fill=colour)
    rail = x + PANEL_W - 40
    first, last = y + 50, y + 50 + 30 * (len(parts) - 1)
    out.line(rail, first, rail, last + 12)
    _ground(out, rail, last + 12)
    out.text(rail - 8, y + 24, "GND", size=12, weight="bold", anchor="end")
    for i, (name, pin, kind, ink) in enumerate(parts):
        cy = first + 30 * i
        out.rect(x + 12, cy - 11, 132, 22, stroke=colour, radius=11, width=1.5)
        out.text(x + 78, cy + 4, f"GPIO{pin} · pin {PHYSICAL[pin]}", size=12, anchor="middle")
        out.text(x + 154, cy - 5, name, size=12, weight="bold", fill=ink)
        start = x + 250
        out.line(x + 144, cy, start + 20, cy)
        if kind == "button":
            _button(out, start + 20, cy)
        else:
            _led(out, start + 20, cy)
        out.line(start + 110, cy, rail, cy)
        out.circle(rail, cy, 3, fill="#212121", width=1)


def _button(out: Svg, x: int, y: int) -> None:
    """A normally open push button from x to x+90 on the line y."""
    out.line(x, y, x + 30, y)
    out.circle(x + 33, y, 3)
    out.circle(x + 57, y, 3)
    out.line(x + 60, y, x + 90, y)
    out.line(x + 28, y - 8, x + 62, y - 8)
    out.line(x + 45, y - 8, x + 45, y - 14)


def _led(out: Svg, x: int, y: int) -> None:
    """A 330 ohm resistor then an LED (anode left, cathode right) from x to x+90."""
    out.rect(x, y - 6, 30, 12, width=1.5)
    out.text(x + 15, y - 9, "330 Ω", size=10, anchor="middle")
    out.line(x + 30, y, x + 50, y)
    out.path(f"M{x + 50},{y - 8} L{x + 66},{y} L{x + 50},{y + 8} Z", fill="#fff59d")
    out.line(x + 66, y - 8, x + 66, y + 8)
    out.path(f"M{x + 58},{y - 10} l6,-8 M{x + 64},{y - 10} l6,-8", width=1.5)
    out.line(x + 66, y, x + 90, y)


def _ground(out: Svg, x: int, y: int) -> None:
    out.line(x - 10, y, x + 10, y)
    out.line(x - 6, y + 4, x + 6, y + 4)
    out.line(x - 2, y + 8, x + 2, y + 8)


def _reader(out: Svg, config: Config, x: int, y: int) -> None:
    """How a card reader connects: USB (the default) or the UART on the header."""
    out.rect(x, y, PANEL_W, 172, stroke="#455a64", radius=8)
    out.text(x + 14, y + 24, "Card reader", size=14, weight="bold", fill="#455a64")
    configured = ", ".join(f"{r.name}: {r.device}" for r in config.readers) or "none configured"
    lines = [
        ("USB: any USB port. A barcode scanner must be set to", "normal"),
        ("USB serial (CDC/COM) mode; it shows up as /dev/ttyACM0.", "normal"),
        (f"Configured: {configured}", "bold"),
        ("Or the UART, 3.3 V logic only (device /dev/serial0):", "normal"),
        ("reader TX → pin 10 (GPIO15 RXD), reader RX → pin 8", "normal"),
        ("(GPIO14 TXD), GND → pin 6; power from pin 1 (3V3) or", "normal"),
        ("pin 2 (5V), as the reader needs.", "normal"),
    ]
    for i, (text, weight) in enumerate(lines):
        out.text(x + 14, y + 48 + 17 * i, text, size=12, weight=weight)


LEGEND = (
    "Buttons: momentary, normally open, GPIO to ground, no resistor: the Pi's internal pull-up "
    "holds the GPIO high and a press pulls it to ground.",
    "LEDs: GPIO → 330 Ω → LED anode, cathode to ground; lit when the GPIO is high (at most 16 mA "
    "from a GPIO: use a transistor for brighter lights).",
)


def _legend(out: Svg, x: int, y: int) -> None:
    for i, line in enumerate(LEGEND):
        out.text(x, y + 20 * i, line, size=13)
