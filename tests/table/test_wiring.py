"""`uno-table wiring`: the pin map and diagram that wiring.md and docs/wiring.svg must match."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from table.commands import cli, wiring
from table.setup import config

ROOT = Path(__file__).resolve().parents[2]
REGENERATE = "run `uno-table wiring` (and `--svg docs/wiring.svg`) and update wiring.md"


def test_wiring_md_has_the_table_uno_table_wiring_prints(capsys, monkeypatch):
    monkeypatch.delenv("UNO_TABLE_CONFIG", raising=False)
    assert cli.main(["wiring"]) == 0
    printed = capsys.readouterr().out
    assert printed == wiring.markdown(config.load())
    assert printed in (ROOT / "wiring.md").read_text(), REGENERATE


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
    rows = wiring.rows(cfg)
    assert {r.bcm: (r.seat, r.part) for r in rows} == expected
    assert len(rows) == len(expected) == 20
    assert wiring.free_gpios(cfg) == [7, 19]


def test_physical_pin_numbers():
    # BCM -> physical pin on the 40-pin header, written out independently of the module.
    header = {0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23,
              12: 32, 13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40,
              22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13}  # fmt: skip
    assert header == wiring.PHYSICAL
    assert [n for n, what in enumerate(wiring.HEADER, 1) if what == "GND"] == [
        6, 9, 14, 20, 25, 30, 34, 39
    ]  # fmt: skip


def test_another_configuration_gets_its_own_table_and_diagram():
    text = "".join(
        f'[[seat]]\nposition = "top"\nuno = {a}\nchallenge = {b}\ndraw = {c}\n'
        for a, b, c in ((17, 27, 22), (5, 6, 13), (23, 24, 25), (16, 20, 21), (4, 12, 18))
    )
    cfg = config.loads(text + '[[seat]]\nname = "A & B"\nposition = "top"\nuno = 26\n'
                       "challenge = 7\ndraw = 19\nled = 14\n", "six.toml")  # fmt: skip
    table = wiring.markdown(cfg)
    assert "| 6 | LED | 14 | 8 |" in table
    assert "| 5 | LED |" not in table
    assert table.endswith("Free GPIOs: none.\n")
    drawing = ET.fromstring(wiring.svg(cfg))  # well-formed, names escaped
    texts = [t.text for t in drawing.iter("{http://www.w3.org/2000/svg}text")]
    assert "Seat 6 panel (A & B)" in texts
    assert "GPIO14 · pin 8" in texts
    assert sum(t == "LED" for t in texts) == 1
