"""`uno-table labels`: sheets read back with a QR decoder, and the deck map written beside them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pypdfium2
import pytest
import zxingcpp

from engine import RuleSet
from hw.codebook import CodeBook
from hw.events import CodeScanned
from hw.keyboard import Keyboard, KeyMap
from table.commands import cli
from table.commands import labels as labels_mod
from table.setup import deckmap


def deck(preset: str) -> Counter[str]:
    return Counter(str(card) for card in RuleSet.preset(preset).deck())


def decoded(images) -> list[str]:
    """Every QR code's text on the page images."""
    return [r.text for image in images for r in zxingcpp.read_barcodes(image)]


def pdf_pages(path, dpi: int = 200):
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        return [page.render(scale=dpi / 72).to_pil().convert("L") for page in pdf]
    finally:
        pdf.close()


@pytest.mark.parametrize(("preset", "sheet"), [("official", "a4-24"), ("cool", "a4-65")])
def test_a_pdf_sheet_reads_back_one_code_per_card_and_the_deck_map_maps_each(
    tmp_path, preset, sheet
):
    out = tmp_path / "labels.pdf"
    assert cli.main(["labels", "--preset", preset, "--sheet", sheet, "--out", str(out)]) == 0
    pages = pdf_pages(out)
    per_page = labels_mod.SHEETS[sheet].per_page
    assert len(pages) == -(-sum(deck(preset).values()) // per_page)
    tags = decoded(pages)
    assert len(tags) == len(set(tags)) == sum(deck(preset).values())
    mapped = deckmap.read(tmp_path / "labels.deckmap.toml", set(deck(preset)), preset)
    assert set(mapped.tags) == set(tags)
    assert Counter(mapped.tags[tag] for tag in tags) == deck(preset)  # every physical card


def test_png_pages_read_back_and_two_copies_are_two_ids(tmp_path):
    from PIL import Image

    out = tmp_path / "deck.png"
    written = labels_mod.make("official", out, labels_mod.SHEETS["letter-30"])
    *sheets, mapped = written
    assert [p.name for p in sheets] == [f"deck-{n}.png" for n in range(1, 5)]
    assert mapped.name == "deck.deckmap.toml"
    tags = decoded(Image.open(p).convert("L") for p in sheets)
    assert {"R5C1", "R5C2", "W4C4", "WC8"} <= set(tags)
    assert len(tags) == len(set(tags)) == 112


def test_svg_pages_hold_every_label_as_text_and_modules(tmp_path):
    out = tmp_path / "deck.svg"
    *sheets, _ = labels_mod.make("reglamento", out, labels_mod.SHEETS["a4-65"])
    texts, rects = [], 0
    for path in sheets:
        root = ET.parse(path).getroot()
        texts += [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
        rects += sum(1 for _ in root.iter("{http://www.w3.org/2000/svg}rect"))
    assert texts == [label.tag for label in labels_mod.deck_labels("reglamento")]
    assert rects > 20 * len(texts)  # the QR codes' modules


def test_every_id_passes_a_reader_and_a_keyboard_mode_scanner_unchanged():
    preset = "cool"
    labels = labels_mod.deck_labels(preset)
    book = CodeBook(frozenset(deck(preset)), labels_mod.implied_map(preset, labels).tags)
    keyboard = Keyboard(KeyMap.default(5), book.decode)
    for label in labels:
        assert book.decode(label.tag) == label.code  # a serial or HID reader's line
        typed = [keyboard.key(char.lower(), 0.0) for char in label.tag]  # no button pressed
        assert typed == [None] * len(label.tag)
        assert keyboard.key("return", 0.0) == CodeScanned(label.code, "keyboard", 0.0)


def test_every_label_of_every_sheet_is_on_its_page():
    for sheet in labels_mod.SHEETS.values():
        for index in range(sheet.per_page):
            x, y = sheet.place(index)
            assert x >= 0 and x + sheet.label[0] <= sheet.page[0] + 1e-6, (sheet.name, index)
            assert y >= 0 and y + sheet.label[1] <= sheet.page[1] + 1e-6, (sheet.name, index)


def test_a_format_it_cannot_print_is_one_line(tmp_path, capsys):
    assert cli.main(["labels", "--preset", "official", "--out", str(tmp_path / "x.docx")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("uno-table labels:") and "\n" not in err and ".pdf" in err
    assert not (tmp_path / "x.deckmap.toml").exists()


@pytest.mark.parametrize("name", ["labels.pdf", "labels.svg", "labels.png"])
def test_a_folder_it_cannot_write_is_one_line(tmp_path, capsys, name):
    out = tmp_path / "missing" / name
    assert cli.main(["labels", "--preset", "official", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("uno-table labels:") and "cannot write" in err and "\n" not in err
    assert f"{out.parent}/labels" in err and ".new" not in err, err  # not a copy's name


@pytest.mark.parametrize("name", ["labels.pdf", "labels.svg", "labels.png"])
def test_a_full_disk_keeps_the_sheets_that_were_there_and_leaves_no_half_file(
    tmp_path, capsys, name
):
    from .small_disk import tmpfs

    with tmpfs(tmp_path / "disk", "16k") as disk:
        old = disk / name.replace("labels", "labels-1" if name != "labels.pdf" else "labels")
        old.write_bytes(b"the sheet printed last time")
        assert cli.main(["labels", "--preset", "official", "--out", str(disk / name)]) == 2
        err = capsys.readouterr().err.strip()
        assert "No space left on device" in err and "\n" not in err, err
        assert old.read_bytes() == b"the sheet printed last time"
        assert sorted(p.name for p in disk.iterdir()) == [old.name]  # no .new left behind


@pytest.mark.parametrize(
    "there",
    [
        'preset = "official"\n[tags]\n"04A1B2C3" = "R5"\n',  # a deck map enrolled with tags
        'state_dir = "/srv/uno"\n',  # the configuration, named by mistake
    ],
)
def test_a_file_that_is_not_these_labels_deck_map_is_not_replaced(tmp_path, capsys, there):
    """Before: --deck-map replaced whatever was there (an enrolled map: every tag scanned
    again), and the sheets were written."""
    target = tmp_path / "deck.toml"
    target.write_text(there)
    out = tmp_path / "labels.pdf"
    argv = ["labels", "--preset", "official", "--out", str(out), "--deck-map", str(target)]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"uno-table labels: {target}: ") and "\n" not in err, err
    assert target.read_text() == there and not out.exists()
    # These labels' own map is there (printed again): it is written again, and the sheets.
    target.unlink()
    assert cli.main(argv) == 0
    assert cli.main(argv) == 0 and out.exists()
