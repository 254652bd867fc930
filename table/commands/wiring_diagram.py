"""docs/wiring.svg: the wiring diagram of a configuration, drawn from its pins: the header with
every pin's role, each panel, the colour pad, the card reader, long leads and more seats."""

from __future__ import annotations

from html import escape

from hw.keyboard import SEAT_KEYS
from table.setup import pinout
from table.setup.config import Config
from table.setup.pinout import HEADER, PHYSICAL, RESERVED, Row

PAD_COLOURS = {"red": "#d32f2f", "yellow": "#f9a825", "green": "#2e7d32", "blue": "#1565c0"}
SEAT_COLOURS = ("#6a1b9a", "#00838f", "#6d4c41", "#ef6c00", "#ad1457", "#558b2f", "#37474f")

PANEL_W, PANEL_H, GAP = 440, 175, 20
READER_H, NOTES_H = 245, 215
PARTS_X = 560  # where the seat panels start, right of the header
TOP = 100


def svg(config: Config) -> str:
    """The wiring diagram of `config` as an SVG document."""
    by_bcm = pinout.used(config)
    seats = len(config.seats)
    panel_rows = (seats + 1) // 2
    bottom_y = TOP + panel_rows * (PANEL_H + GAP)
    notes_y = bottom_y + READER_H + GAP
    height = max(notes_y + NOTES_H, TOP + 20 * 24 + 90) + 100
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
    _long_leads(out, PARTS_X, notes_y)
    _more_seats(out, config, PARTS_X + PANEL_W + GAP, notes_y)
    _legend(out, 20, height - 58)
    return out.close()


def colour(row: Row) -> str:
    """The colour of a part in the diagram: its seat's, or its own on the colour pad."""
    if row.seat == "colour pad":
        return PAD_COLOURS[row.name]
    return SEAT_COLOURS[(int(row.seat) - 1) % len(SEAT_COLOURS)]


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
        return f"GPIO{what} {row.label}", colour(row), colour(row), "#fff"
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
    """How a card reader connects: USB (the default), the UART, an RDM6300's divider; RC522."""
    out.rect(x, y, PANEL_W, READER_H, stroke="#455a64", radius=8)
    out.text(x + 14, y + 24, "Card reader", size=14, weight="bold", fill="#455a64")
    configured = ", ".join(f"{r.name}: {r.device}" for r in config.readers) or "none configured"
    _lines(out, x + 14, y + 48, [
        ("USB: any USB port. A barcode scanner must be set to", "normal"),
        ("USB serial (CDC/COM) mode; it shows up as /dev/ttyACM0.", "normal"),
        (f"Configured: {configured}", "bold"),
        ("Or the UART, 3.3 V logic only (device /dev/serial0):", "normal"),
        ("reader TX → pin 10 (GPIO15 RXD), reader RX → pin 8", "normal"),
        ("(GPIO14 TXD), GND → pin 6; power from pin 1 (3V3) or", "normal"),
        ("pin 2 (5V), as the reader needs.", "normal"),
        ("RDM6300: its TX sends 5 V. Divide it: 1 kΩ from TX to", "normal"),
        ("pin 10, 2 kΩ from pin 10 to GND; its RX unconnected.", "normal"),
    ])  # fmt: skip
    out.text(x + 14, y + 48 + 17 * 9 + 6, "RC522 (SPI): not read by uno-table, and its usual",
             size=12, weight="bold", fill="#c62828")  # fmt: skip
    spi = _labels(config, pinout.SPI0)
    reset = _labels(config, {pinout.RC522_RESET})
    _lines(out, x + 14, y + 48 + 17 * 10 + 6, [
        (f"pins are taken: SPI0 (GPIO8-11) is {spi or 'free'},", "normal"),
        (f"RST (GPIO{pinout.RC522_RESET}) is {reset or 'free'}.", "normal"),
    ])  # fmt: skip


def _labels(config: Config, gpios) -> str:
    """The parts on these GPIOs, short: "pad red/yellow/green/blue", "seat 3 DRAW"."""
    groups = pinout.by_seat(config, gpios).values()
    return ", ".join(f"{parts[0].tag} {'/'.join(p.name for p in parts)}" for parts in groups)


def _long_leads(out: Svg, x: int, y: int) -> None:
    """A button at the end of a long lead, with the series resistor and the pull-up it may want."""
    out.rect(x, y, PANEL_W, NOTES_H, stroke="#455a64", radius=8)
    out.text(x + 14, y + 24, "Long leads to a panel (more than a metre or two)", size=14,
             weight="bold", fill="#455a64")  # fmt: skip
    cy = y + 100
    out.rect(x + 12, cy - 11, 70, 22, stroke="#455a64", radius=11, width=1.5)
    out.text(x + 47, cy + 4, "GPIO", size=12, anchor="middle")
    node = x + 120
    out.line(x + 82, cy, node, cy)
    out.circle(node, cy, 3, fill="#212121", width=1)
    # The pull-up: the node up through 4.7 kΩ to 3V3.
    out.line(node, cy, node, cy - 14)
    out.rect(node - 6, cy - 44, 12, 30, width=1.5)
    out.text(node + 12, cy - 25, "4.7 kΩ", size=10)
    out.line(node, cy - 44, node, cy - 54)
    out.text(node, cy - 58, "3V3", size=11, weight="bold", fill="#c62828", anchor="middle")
    # The series resistor, the lead, the button, ground.
    out.line(node, cy, node + 24, cy)
    out.rect(node + 24, cy - 6, 30, 12, width=1.5)
    out.text(node + 39, cy - 9, "1 kΩ", size=10, anchor="middle")
    out.line(node + 54, cy, node + 74, cy)
    out.path(f"M{node + 74},{cy} q10,-8 20,0 t20,0 t20,0 t20,0 t20,0", width=2)
    out.text(node + 124, cy + 20, "long lead", size=10, anchor="middle")
    _button(out, node + 174, cy)
    out.line(node + 264, cy, node + 280, cy)
    _ground(out, node + 280, cy)
    _lines(out, x + 14, cy + 44, [
        ("Optional, at the Pi's end of each button wire:", "normal"),
        ("1 kΩ in series: guards the GPIO against 5 V and sparks.", "normal"),
        ("4.7 kΩ to 3V3 (never 5 V): a line ten times stiffer.", "normal"),
        ("Both: 4.7 kΩ, then 330 Ω in series (a press reads 0.2 V).", "normal"),
    ])  # fmt: skip


def _more_seats(out: Svg, config: Config, x: int, y: int) -> None:
    """The ways past the header's GPIOs, each in a line or two (wiring.md has the trade-offs)."""
    out.rect(x, y, PANEL_W, NOTES_H, stroke="#455a64", radius=8)
    out.text(x + 14, y + 24, "More seats than free GPIOs (wiring.md)", size=14, weight="bold",
             fill="#455a64")  # fmt: skip
    leds = [str(s.pins.led) for s in config.seats if s.pins.led is not None]
    free = pinout.free_gpios(config)
    interrupt = pinout.used(config).get(pinout.MCP23017_INTERRUPT)
    taken = f" = {interrupt.label}" if interrupt else ""
    lines = [
        (f"Fewer LEDs: leave led out (frees GPIO {', '.join(leds)})." if leds else
         "Fewer LEDs: there are none to leave out.", "normal"),
        ("Reserved pins: GPIO2, 3 (I2C off), 14, 15 (reader on USB).", "normal"),
        (f"USB arcade encoder, keyboard mode: up to {len(SEAT_KEYS)} seats,", "bold"),
        ('no GPIO: pin_factory = "keyboard", keys as wiring.md says.', "normal"),
        ("MCP23017 over I2C: the overlay's INT pin defaults to", "bold"),
        (f"GPIO{pinout.MCP23017_INTERRUPT}{taken}: set gpiopin="
         f"{free[0] if free else 'a free GPIO'}. uno-table cannot", "normal"),
        ("name the expander's pins yet.", "normal"),
    ]  # fmt: skip
    _lines(out, x + 14, y + 52, lines)


def _lines(out: Svg, x: int, y: int, lines: list[tuple[str, str]]) -> None:
    for i, (text, weight) in enumerate(lines):
        out.text(x, y + 17 * i, text, size=12, weight=weight)


LEGEND = (
    "Buttons: momentary, normally open, GPIO to ground, no resistor on short leads: the Pi's "
    "internal pull-up holds the GPIO high and a press pulls it to ground.",
    "LEDs: GPIO → 330 Ω → LED anode, cathode to ground; lit when the GPIO is high (at most 16 mA "
    "from a GPIO: use a transistor for brighter lights).",
)


def _legend(out: Svg, x: int, y: int) -> None:
    for i, line in enumerate(LEGEND):
        out.text(x, y + 20 * i, line, size=13)
