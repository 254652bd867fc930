"""`uno-table wiring`: the pin map and diagram that wiring.md and docs/wiring.svg must match."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from hw.keyboard import SEAT_KEYS
from table.commands import cli
from table.commands.wiring_diagram import svg
from table.commands.wiring_guide import markdown
from table.setup import config, pinout

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "run `uno-table wiring --svg docs/wiring.svg > wiring.md`"


def test_wiring_md_is_what_uno_table_wiring_prints(capsys, monkeypatch):
    monkeypatch.delenv("UNO_TABLE_CONFIG", raising=False)
    assert cli.main(["wiring"]) == 0
    printed = capsys.readouterr().out
    assert printed == markdown(config.load())
    assert printed == (ROOT / "wiring.md").read_text(), REGENERATE


def test_the_diagram_is_the_one_uno_table_wiring_draws(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("UNO_TABLE_CONFIG", raising=False)
    out = tmp_path / "wiring.svg"
    assert cli.main(["wiring", "--svg", str(out)]) == 0
    assert out.read_text() == (ROOT / "docs" / "wiring.svg").read_text(), REGENERATE
    assert "](docs/wiring.svg)" in (ROOT / "wiring.md").read_text()


def test_every_pin_of_the_default_is_in_the_table_once():
    cfg = config.load()
    expected = {}
    for n, seat in enumerate(cfg.seats, 1):
        expected |= {seat.pins.uno: (str(n), "UNO button"), seat.pins.led: (str(n), "LED")}
        expected |= {seat.pins.challenge: (str(n), "CHALLENGE button")}
        expected |= {seat.pins.draw: (str(n), "DRAW button")}
    for colour in ("red", "yellow", "green", "blue"):
        expected[getattr(cfg.color_pad, colour)] = ("colour pad", f"{colour} button")
    rows = pinout.rows(cfg)
    assert {r.bcm: (r.seat, r.part) for r in rows} == expected
    assert len(rows) == len(expected) == 20
    assert pinout.free_gpios(cfg) == [7, 19]


def test_physical_pin_numbers():
    # BCM -> physical pin on the 40-pin header, written out independently of the module.
    header = {0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23,
              12: 32, 13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40,
              22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13}  # fmt: skip
    assert header == pinout.PHYSICAL
    assert [n for n, what in enumerate(pinout.HEADER, 1) if what == "GND"] == [
        6, 9, 14, 20, 25, 30, 34, 39
    ]  # fmt: skip
    assert pinout.GROUNDS == (6, 9, 14, 20, 25, 30, 34, 39)


def test_another_configuration_gets_its_own_table_and_diagram():
    text = "".join(
        f'[[seat]]\nposition = "top"\nuno = {a}\nchallenge = {b}\ndraw = {c}\n'
        for a, b, c in ((17, 27, 22), (5, 6, 13), (23, 24, 25), (16, 20, 21), (4, 12, 18))
    )
    cfg = config.loads(text + '[[seat]]\nname = "A & B"\nposition = "top"\nuno = 26\n'
                       "challenge = 7\ndraw = 19\nled = 14\n", "six.toml")  # fmt: skip
    table = markdown(cfg)
    assert "| 6 | LED | 14 | 8 |" in table
    assert "| 5 | LED |" not in table
    assert "\nFree GPIOs: none.\n" in table
    drawing = ET.fromstring(svg(cfg))  # well-formed, names escaped
    texts = [t.text for t in drawing.iter("{http://www.w3.org/2000/svg}text")]
    assert "Seat 6 panel (A & B)" in texts
    assert "GPIO14 · pin 8" in texts
    assert sum(t == "LED" for t in texts) == 1


def texts(drawing: str) -> list[str]:
    return [t.text for t in ET.fromstring(drawing).iter("{http://www.w3.org/2000/svg}text")]


def test_the_guide_names_whose_pins_a_reader_or_an_expander_would_take():
    guide = " ".join(markdown(config.load()).split())  # one line: the prose is wrapped
    assert "BCM 25 (pin 22), its usual reset pin, is seat 3's DRAW button" in guide
    assert "SPI0 (BCM 8 to 11, pins 19, 21, 23 and 24) carries the colour pad's red, yellow, " \
        "green and blue buttons" in guide  # fmt: skip
    assert "BCM 4 is seat 1's LED here: give `gpiopin` a free GPIO (BCM 7 is free here)" in guide
    assert f"for up to {len(SEAT_KEYS)} seats: the keyboard map has no more" in guide
    assert "1 kΩ from TX to pin 10 and 2 kΩ from pin 10 to ground" in guide  # RDM6300's 5 V
    for choice in ("| series resistor | 1 kΩ", "| external pull-up | 4.7 kΩ", "| both |"):
        assert choice in guide
    drawn = texts(svg(config.load()))
    assert "pins are taken: SPI0 (GPIO8-11) is pad red/yellow/green/blue," in drawn
    assert "RST (GPIO25) is seat 3 DRAW." in drawn
    assert "GPIO4 = seat 1 LED: set gpiopin=7. uno-table cannot" in drawn


def test_the_guide_follows_the_pins_when_they_move():
    # Seat 3's DRAW off BCM 25, the pad off SPI0, no LED on BCM 4.
    moved = config.loads(
        '[[seat]]\nposition = "bottom"\nuno = 17\nchallenge = 27\ndraw = 22\n'
        '[[seat]]\nposition = "left"\nuno = 5\nchallenge = 6\ndraw = 13\nled = 12\n'
        '[[seat]]\nposition = "top"\nuno = 23\nchallenge = 24\ndraw = 7\n'
        "[color_pad]\nred = 16\nyellow = 20\ngreen = 21\nblue = 26\n",
        "moved.toml",
    )
    guide = " ".join(markdown(moved).split())
    assert "Those pins are free here." in guide
    assert "SPI must stay off" not in guide
    assert "BCM 4 is free here" in guide
    assert "Leaving out these 1 frees BCM 12;" in guide
    assert "3 seat panels (UNO, CHALLENGE and DRAW buttons; 1 of them with an LED)" in guide
    drawn = texts(svg(moved))
    assert "pins are taken: SPI0 (GPIO8-11) is free," in drawn and "RST (GPIO25) is free." in drawn


def test_a_diagram_path_it_cannot_write_is_one_line_and_no_guide(tmp_path, capsys):
    bad = tmp_path / "no" / "such" / "folder" / "wiring.svg"
    assert cli.main(["wiring", "--svg", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"uno-table: cannot write the diagram to {bad}: No such file or directory\n"


def test_the_parts_list_buys_tags_each_reader_reads_one_per_card_of_each_deck():
    """An RDM6300 reads 125 kHz EM4100 tags, not NFC stickers: the list must not send its
    buyer for stickers it cannot read. The counts are the engine's decks."""
    from engine import RuleSet

    parts = markdown(config.load()).split("## Parts list", 1)[1]
    rows = {row.split(" | ")[0].lstrip("| "): row for row in parts.splitlines() if "|" in row}
    assert "an RDM6300 125 kHz module" in rows["card reader"]
    assert "RDM6300" not in rows["card reader"].split("NFC reader", 1)[1].split(")", 1)[0]
    tags = rows["tags"]
    assert "NFC stickers (NTAG213)" in tags and "EM4100" in tags and "camera" in tags
    for preset in RuleSet.PRESETS:
        assert f"{len(RuleSet.preset(preset).deck())} for " in tags, preset
