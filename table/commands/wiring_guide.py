"""wiring.md: the wiring guide of a configuration. Every fact that depends on the pins (which are
free, which a reader or an expander would want and whose they are) is worked out from them."""

from __future__ import annotations

from textwrap import wrap

from engine import RuleSet
from hw.keyboard import PAD_KEYS, SEAT_KEYS
from table.setup import pinout
from table.setup.config import MAX_SEATS, Config
from table.setup.pinout import PHYSICAL

WIDTH = 92
"""Prose is wrapped at this many characters (tables are not)."""
PULL_UP_OHMS = 4700
SERIES_OHMS = 330
LOW_MAX_VOLTS = 0.8
"""The highest voltage a Raspberry Pi's GPIO reads as low."""


def markdown(config: Config) -> str:
    """The whole guide as Markdown."""
    sections = (_intro, _pin_map, _parts, _long_leads, _readers, _more_seats, _parts_list,
                _check)  # fmt: skip
    lines = [line for section in sections for line in section(config)]
    return "\n".join(lines).rstrip("\n") + "\n"


def _para(text: str, first: str = "", rest: str = "") -> list[str]:
    """A paragraph (or, with `first` "- ", a list item) wrapped, then a blank line."""
    return [*wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest,
                  break_on_hyphens=False, break_long_words=False), ""]  # fmt: skip


def _item(text: str) -> list[str]:
    return _para(text, "- ", "  ")[:-1]


def _pin(bcm: int) -> str:
    return f"BCM {bcm} (pin {PHYSICAL[bcm]})"


def _and(words: list[str]) -> str:
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def _owners(config: Config, gpios) -> str:
    """Whose parts are on these GPIOs: "seat 3's DRAW button", "the colour pad's red and blue
    buttons"; "" when they are all free."""
    phrases = []
    for parts in pinout.by_seat(config, gpios).values():
        if len(parts) == 1:
            phrases.append(parts[0].owner)
        else:
            plural = " buttons" if all(p.part.endswith(" button") for p in parts) else ""
            phrases.append(f"{parts[0].whose} {_and([p.name for p in parts])}{plural}")
    return _and(phrases) if phrases else ""


def _intro(config: Config) -> list[str]:
    seats = len(config.seats)
    leds = sum(seat.pins.led is not None for seat in config.seats)
    led = {0: "", seats: " and an LED each"}.get(leds, f"; {leds} of them with an LED")
    source = "`table/default.toml`" if config.source == "default configuration" else config.source
    return [
        "# Wiring",
        "",
        *_para(f"The pin map of {source}: {seats} seat panels (UNO, CHALLENGE and DRAW buttons"
               f"{led}) and the colour pad, on a Raspberry Pi's 40-pin header. Pins are given as "
               "BCM GPIO numbers (what the configuration uses) and as physical pin numbers on "
               "the header."),
        "![The wiring diagram: the header, the seat panels, the colour pad, the card reader, "
        "long leads and more seats](docs/wiring.svg)",
        "",
        *_para("`uno-table wiring` writes this guide (`--config FILE` for your own "
               "configuration) and `uno-table wiring --svg docs/wiring.svg` draws the diagram "
               "above; a test fails when either differs from what they make of the default "
               "configuration."),
    ]  # fmt: skip


def _pin_map(config: Config) -> list[str]:
    lines = ["## Pin map", ""]
    lines += ["| seat | button or LED | BCM | physical |", "| --- | --- | --- | --- |"]
    lines += [f"| {r.seat} | {r.part} | {r.bcm} | {r.physical} |" for r in pinout.rows(config)]
    free = ", ".join(_pin(bcm) for bcm in pinout.free_gpios(config))
    lines += ["", f"Free GPIOs: {free or 'none'}.", ""]
    lines += _para(f"Ground pins: physical {_and([str(n) for n in pinout.GROUNDS])}.")
    spi = _owners(config, pinout.SPI0)
    lines += _para(
        "Kept free on purpose: BCM 2 and 3 (I2C), 14 and 15 (the UART, for a serial card reader "
        "on the header), 0 and 1 (the HAT ID EEPROM)."
        + (f" SPI0's pins (BCM 8 to 11) carry {spi}, so SPI must stay off (it is off by default "
           "on Raspberry Pi OS)." if spi else "")
    )  # fmt: skip
    return lines


def _parts(config: Config) -> list[str]:
    return [
        "## How each part connects",
        "",
        "```",
        " button (momentary, normally open)          LED",
        "",
        " GPIO ──────┐                               GPIO ──[ 330 Ω ]──►|── GND",
        "            ⟋  push                                          LED",
        " GND  ──────┘                               (anode to the resistor,",
        "                                             cathode to ground)",
        " The Pi's internal pull-up holds the GPIO",
        " high; a press pulls it to ground.",
        "```",
        "",
        *_item("Buttons: one leg to the GPIO, the other to any ground. No resistor is needed "
               "(the internal pull-up is used), but see the next section for leads longer than "
               "a metre or two. Contacts bounce: gpiozero's `bounce_ms` and the software "
               "`refractory_ms` make one press one event."),
        *_item("LEDs: GPIO, then a 330 Ω resistor, then the LED to ground (lit when the GPIO is "
               "high). A GPIO gives at most 16 mA; for brighter panel lights use a transistor."),
        *_item("Card readers: see Card readers below."),
        "",
    ]  # fmt: skip


def _long_leads(config: Config) -> list[str]:
    pressed_series = 3.3 * 1000 / (50_000 + 1000)
    pressed_both = 3.3 * SERIES_OHMS / (PULL_UP_OHMS + SERIES_OHMS)
    return [
        "## Long leads to a seat panel",
        "",
        *_para("The Pi's internal pull-up is weak (about 50 kΩ) and its GPIO is wired straight "
               "to what players touch. Over a metre or two of cable that is usually fine (twist "
               "each signal with a ground, or use ribbon cable with grounds between the "
               "signals); longer leads, or a table near motors or fluorescent lights, want one "
               "of these at the Pi's end of each button wire:"),
        "| choice | parts | for | against |",
        "| --- | --- | --- | --- |",
        "| internal pull-up only (as drawn) | none | nothing to solder | a long lead picks up "
        "interference that can read as a press; a static spark, or a wire touching 5 V, "
        "reaches the GPIO |",
        "| series resistor | 1 kΩ between the GPIO and the lead | a lead shorted to 5 V drives "
        "about 1 mA into the GPIO's protection diodes, and a static spark is slowed enough for "
        f"them to take it; a press still reads {pressed_series:.2f} V | the line is no stiffer: "
        "interference is as before |",
        f"| external pull-up | {PULL_UP_OHMS / 1000:.1f} kΩ from the GPIO to 3V3 (pin 1 or 17) "
        "| about ten times stiffer: interference must push 0.7 mA to make a press; the 0.7 mA a "
        "press draws keeps contacts clean | a part per button; pull up to 3V3 only, never to "
        "5 V |",
        f"| both | {PULL_UP_OHMS / 1000:.1f} kΩ from the GPIO to 3V3, then {SERIES_OHMS} Ω in "
        "series to the lead | long runs (several metres) | two parts per button; the series "
        f"resistor must stay small: a press reads {pressed_both:.1f} V, under the "
        f"{LOW_MAX_VOLTS} V a GPIO reads as low |",
        "",
        *_para("LEDs need nothing more: their 330 Ω resistor is already in series. The "
               "configuration is the same whatever you choose (the internal pull-up stays on, "
               "beside an external one)."),
    ]  # fmt: skip


def _readers(config: Config) -> list[str]:
    spi = _owners(config, pinout.SPI0)
    reset = _owners(config, {pinout.RC522_RESET})
    pins = _and([str(PHYSICAL[bcm]) for bcm in sorted(pinout.SPI0, key=PHYSICAL.get)])
    clashes = [f"SPI0 (BCM 8 to 11, pins {pins}) carries {spi}"] if spi else []
    if reset:
        clashes.append(f"{_pin(pinout.RC522_RESET)}, its usual reset pin, is {reset}")
    here = ("Here " + ", and ".join(clashes) + ".") if clashes else "Those pins are free here."
    return [
        "## Card readers",
        "",
        *_para("Which reader to buy for which setup, and its `protocol` setting: README.md, Card "
               "readers. How each connects:"),
        *_item("**USB** (any USB port): readers appear as `/dev/ttyACM*` or `/dev/ttyUSB*`; "
               "name them by `/dev/serial/by-id` or VID:PID in the configuration so that the "
               "name survives a replug."),
        *_item("**The UART on the header**, 3.3 V logic only: the reader's TX to BCM 15 (RXD, "
               "pin 10), its RX to BCM 14 (TXD, pin 8), ground to pin 6; `/dev/serial0` in the "
               "configuration (README.md, On the Raspberry Pi, says how to turn the serial port "
               "on)."),
        *_item("**RDM6300** (125 kHz) modules run on 5 V and their TX sends 5 V, more than a "
               "GPIO takes: put a divider between its TX and the Pi's RX, 1 kΩ from TX to pin 10 "
               "and 2 kΩ from pin 10 to ground (5 V × 2/3 = 3.3 V). Power from pin 2 or 4 "
               "(5 V), ground to pin 6; the module's RX stays unconnected (it only sends). Or "
               "leave the header alone: a USB serial adapter that takes 5 V logic, between the "
               "module and a USB port, needs no divider."),
        *_item("**RC522** (13.56 MHz) modules talk SPI, which uno-table does not read: put one on "
               "an ESP32 or Arduino that prints each id on its USB serial port (README.md, Card "
               "readers), or take another reader. Wired to the Pi the usual way it would clash "
               f"with the table's pins anyway: it takes SPI0 and a reset pin. {here}"),
        "",
    ]  # fmt: skip


def _more_seats(config: Config) -> list[str]:
    taken = pinout.used(config)
    free = pinout.free_gpios(config)
    leds = [seat.pins.led for seat in config.seats if seat.pins.led is not None]
    pad = len(config.color_pad.buttons())
    usable = len(PHYSICAL) - len(pinout.HAT_ID) - pad
    interrupt = _owners(config, {pinout.MCP23017_INTERRUPT}) or "free"
    free_one = f" (BCM {free[0]} is free here)" if free else ""
    keys = len(SEAT_KEYS)
    lines = [
        "## More seats than free GPIOs",
        "",
        *_para(f"This map uses {len(taken)} of the header's {len(PHYSICAL)} GPIOs and leaves "
               f"{len(free)} free. The configuration takes up to {MAX_SEATS} seats, on any of "
               "BCM 0 to 27; each seat needs three GPIOs, and one more for its LED. The choices, "
               "simplest first:"),
    ]  # fmt: skip
    if leds:
        spare = len(free) + len(leds)
        lines += _item(
            "**Fewer LEDs.** `led` is optional: a seat without one still sees its turn on the "
            f"screen. Leaving out these {len(leds)} frees BCM {_and([str(n) for n in leds])}; "
            f"with the free ones that is {spare} GPIOs, {spare // 3} more seats of three buttons."
        )
    lines += _item(
        "**The reserved pins you don't use.** With the card reader on USB, turn the serial port "
        "off (`sudo raspi-config`, Interface Options, Serial Port: no login shell, no hardware) "
        "and use BCM 14 and 15. With I2C off (the default), BCM 2 and 3 work too: their 1.8 kΩ "
        "pull-ups on the board suit buttons to ground. Leave BCM 0 and 1 alone (the HAT ID "
        f"EEPROM). That makes {usable + pad} GPIOs: the colour pad and {usable // 4} seats with "
        f"LEDs, or {usable // 3} without."
    )
    lines += _item(
        "**A USB arcade encoder in keyboard mode.** The table reads the keyboard whatever the "
        "pin factory, so an encoder that types keys (not a joystick one) drives it through the "
        f"keyboard path with no GPIO at all, for up to {keys} seats: the keyboard map has no "
        'more. Set `pin_factory = "keyboard"` so that no GPIO is opened; each seat still names '
        "its three pins in the configuration, unused then. For: no wiring to the Pi, one USB "
        f"cable, one encoder for all {keys * 3 + len(PAD_KEYS)} buttons. Against: no LEDs (the "
        f"screen shows whose turn it is), at most {keys} seats, and each button must be set to "
        "its key:"
    )
    lines += ["", *_keymap(), ""]
    lines += _item(
        "**An MCP23017 I/O expander** (16 GPIOs over I2C, up to 8 chips on the bus): the "
        "kernel's gpio expander overlay makes it a second GPIO chip, and its interrupt output "
        "turns presses into edges as on the Pi's own pins: `dtparam=i2c_arm=on` and "
        "`dtoverlay=mcp23017,addr=0x20,gpiopin=N` in `/boot/firmware/config.txt`. The overlay "
        f"takes BCM {pinout.MCP23017_INTERRUPT} for the interrupt unless `gpiopin` names "
        f"another, and BCM {pinout.MCP23017_INTERRUPT} is {interrupt} here: give `gpiopin` a "
        f"free GPIO{free_one}. For: 16 buttons on four wires, more with more chips. Against: I2C "
        "must be on (BCM 2 and 3), and uno-table drives only the Pi's own GPIO chip: every pin "
        "in the configuration is one of BCM 0 to 27, so the expander's pins cannot be named "
        "yet. This route needs that work first."
    )
    lines += [""]
    lines += _para(
        "`uno-table wiring --config FILE` writes this guide for such a configuration, with the "
        "GPIOs it leaves free, and `uno-table check --config FILE` tests it."
    )
    return lines


def _keymap() -> list[str]:
    seats = ["  | seat | UNO | CHALLENGE | DRAW |", "  | --- | --- | --- | --- |"]
    for n, keys in enumerate(SEAT_KEYS, 1):
        seats.append(f"  | {n} | " + " | ".join(f"`{key}`" for key in keys) + " |")
    pad = ", ".join(f"{button} `{key.upper()}`" for key, button in PAD_KEYS.items())
    text = f"Colour pad: {pad}. A card code typed and sent with Enter is a scan."
    return [*seats, "", *_para(text, "  ", "  ")[:-1]]


def _deck_sizes() -> str:
    """How many cards each preset's deck holds: '112 for official and cool, 108 for ...'."""
    presets: dict[int, list[str]] = {}
    for preset in RuleSet.PRESETS:
        presets.setdefault(len(RuleSet.preset(preset).deck()), []).append(preset)
    return ", ".join(f"{size} for {' and '.join(names)}" for size, names in presets.items())


def _parts_list(config: Config) -> list[str]:
    seats = len(config.seats)
    leds = sum(seat.pins.led is not None for seat in config.seats)
    buttons = 3 * seats + len(config.color_pad.buttons())
    rows = [
        "| Raspberry Pi 4 or 5 | 1 | with its power supply; a 3 B+ works too |",
        "| microSD card, 16 GB or more | 1 | Raspberry Pi OS Lite (64-bit), see README.md |",
        "| HDMI screen or TV | 1 | a micro-HDMI to HDMI cable for a Pi 4 or 5; its speakers "
        "play the sounds |",
        f"| push buttons, momentary, normally open | {buttons} | 3 per seat panel (UNO, "
        "CHALLENGE, DRAW) and 4 for the colour pad, best in red, yellow, green and blue |",
    ]
    if leds:
        rows += [
            f"| LEDs, 3 or 5 mm | {leds} | one per seat panel with an LED |",
            f"| resistors, 330 Ω | {leds} | one per LED |",
        ]
    rows += [
        f"| resistors for long leads | up to {2 * buttons} | 1 kΩ, or {PULL_UP_OHMS / 1000:.1f} "
        f"kΩ, or both ({PULL_UP_OHMS / 1000:.1f} kΩ and {SERIES_OHMS} Ω) for each button: see "
        "Long leads |",
        "| card reader | 1 | a USB barcode/QR scanner that has a USB serial (CDC/COM) mode, an "
        "NFC reader (a PN532 on the UART, an ACR122U on USB), an RDM6300 125 kHz module (with "
        "its divider), or a camera: README.md, Card readers and Camera |",
        "| tags | one per card | NFC stickers (NTAG213) for an NFC reader, EM4100 tags for an "
        f"RDM6300 (none for printed labels or a camera): {_deck_sizes()}; `uno-table enroll` "
        "maps them to cards |",
        "| wire | 5 cores per seat panel, 5 for the pad | the panel's signals and its ground; "
        "ribbon cable or twisted pairs |",
        "| female jumper wires or a GPIO screw-terminal board | 1 set | to reach the header "
        "without soldering on the Pi |",
    ]
    return [
        "## Parts list",
        "",
        f"For the {seats} seats of this map:",
        "",
        "| part | how many | notes |",
        "| --- | --- | --- |",
        *rows,
        "",
    ]


def _check(config: Config) -> list[str]:
    return [
        "## Checking it",
        "",
        *_para("`uno-table check` names the pin factory, lights each LED in turn and prints "
               "every press and scan. On the Pi, stop the table first (`sudo systemctl stop "
               "uno-table`): while it runs it holds the pins and the reader."),
    ]  # fmt: skip
