"""`uno-table labels`: QR stickers for a deck without tags, one per physical card, and the
deck map they imply (written beside the sheets), so a scanner reads them with no enrolment.

A label's id is the card's code, a `C` and its copy number: `R5C1`, `R5C2`. Only capital
letters and digits, so every reader passes it through unchanged (a keyboard-mode scanner's
keys included: no card code and no button key has a C, and the keyboard keeps letters and
digits only); QR codes hold such text in their compact alphanumeric mode.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from engine import RuleSet
from table.commands import options
from table.files import replaced
from table.setup import config as configuration
from table.setup import deckmap
from table.setup.config import ConfigError
from table.setup.deckmap import DeckMap

COPY = "C"
"""Between the card code and the copy number in a label's id."""
QUIET = 2  # modules of white around a code (scanners read 2; the label's edge adds more)
PAD = 2.0  # mm between a label's edge and what is printed on it
PNG_DPI = 300
FORMATS = (".pdf", ".svg", ".png")


class LabelsError(Exception):
    """Why the labels could not be made (one line for the user)."""


@dataclass(frozen=True)
class Sheet:
    """A sticker sheet: page size, grid, label size and where the first label sits (mm)."""

    name: str
    page: tuple[float, float]
    columns: int
    rows: int
    label: tuple[float, float]
    origin: tuple[float, float]  # the top left label's top left corner
    pitch: tuple[float, float]  # from one label's corner to the next one's

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def place(self, index: int) -> tuple[float, float]:
        """The top left corner of the `index`th label of a page (row by row)."""
        row, column = divmod(index, self.columns)
        return (self.origin[0] + column * self.pitch[0], self.origin[1] + row * self.pitch[1])


SHEETS = {
    sheet.name: sheet
    for sheet in (
        # A4, 3 x 8 labels of 70 x 37 mm (Avery 3474 and the like).
        Sheet("a4-24", (210.0, 297.0), 3, 8, (70.0, 37.0), (0.0, 0.5), (70.0, 37.0)),
        # A4, 5 x 13 labels of 38.1 x 21.2 mm (Avery L7651 and the like).
        Sheet("a4-65", (210.0, 297.0), 5, 13, (38.1, 21.2), (4.7, 10.7), (40.6, 21.2)),
        # US Letter, 3 x 10 labels of 2 5/8 x 1 in (Avery 5160 and the like).
        Sheet("letter-30", (215.9, 279.4), 3, 10, (66.675, 25.4), (4.7625, 12.7), (69.85, 25.4)),
    )
}


@dataclass(frozen=True)
class Label:
    """One sticker: the id its QR code holds and the card it goes on."""

    tag: str
    code: str


def deck_labels(preset: str) -> list[Label]:
    """A label for every physical card of the preset's deck, copies numbered from 1."""
    seen: Counter[str] = Counter()
    out = []
    for card in RuleSet.preset(preset).deck():
        code = str(card)
        seen[code] += 1
        out.append(Label(f"{code}{COPY}{seen[code]}", code))
    return out


def implied_map(preset: str, labels: Sequence[Label]) -> DeckMap:
    """The deck map the labels stand for: each label's id -> its card's code."""
    return DeckMap(preset, {label.tag: label.code for label in labels})


def pages(labels: Sequence[Label], sheet: Sheet) -> list[list[Label]]:
    """The labels split into pages of the sheet."""
    n = sheet.per_page
    return [list(labels[i : i + n]) for i in range(0, len(labels), n)]


# --- drawing -------------------------------------------------------------------------------


class Painter(Protocol):
    """Draws pages in mm: black rectangles and small text."""

    def page(self) -> None: ...
    def rect(self, x: float, y: float, w: float, h: float) -> None: ...
    def text(self, x: float, y: float, size: float, text: str) -> None: ...
    def save(self, out: Path) -> list[Path]: ...


def qr_rows(tag: str) -> list[list[bool]]:
    """The QR code of `tag` as rows of modules (True: dark), quiet zone included."""
    import segno

    qr = segno.make_qr(tag, error="m")
    return [[bool(m) for m in row] for row in qr.matrix_iter(border=QUIET)]


def dark_runs(row: Sequence[bool]) -> Iterator[tuple[int, int]]:
    """(column, length) of each run of dark modules in a row: one rectangle each."""
    column = 0
    while column < len(row):
        end = column
        while end < len(row) and row[end] == row[column]:
            end += 1
        if row[column]:
            yield column, end - column
        column = end


def draw_label(painter: Painter, label: Label, x: float, y: float, sheet: Sheet) -> None:
    """The QR code at the label's left, its id to the right in small text."""
    width, height = sheet.label
    side = min(height - 2 * PAD, width / 2)
    rows = qr_rows(label.tag)
    module = side / len(rows)
    qx, qy = x + PAD, y + (height - side) / 2
    for r, row in enumerate(rows):
        for column, run in dark_runs(row):
            painter.rect(qx + column * module, qy + r * module, run * module, module)
    size = max(5.0, min(10.0, height / 3.5 * 72 / 25.4))  # pt: small, legible on 21 mm
    painter.text(qx + side + PAD / 2, y + height / 2, size, label.tag)


def draw(painter: Painter, labels: Sequence[Label], sheet: Sheet) -> None:
    for on_page in pages(labels, sheet):
        painter.page()
        for index, label in enumerate(on_page):
            x, y = sheet.place(index)
            draw_label(painter, label, x, y, sheet)


class PdfPainter:
    """fpdf2: one PDF with every page."""

    def __init__(self, sheet: Sheet) -> None:
        from fpdf import FPDF

        self.pdf = FPDF(unit="mm", format=sheet.page)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margin(0)
        self.pdf.set_fill_color(0, 0, 0)

    def page(self) -> None:
        self.pdf.add_page()

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.pdf.rect(x, y, w, h, style="F")

    def text(self, x: float, y: float, size: float, text: str) -> None:
        self.pdf.set_font("Helvetica", size=size)
        self.pdf.text(x, y + size * 25.4 / 72 / 3, text)  # the baseline a third below the middle

    def save(self, out: Path) -> list[Path]:
        data = self.pdf.output()
        with replaced(out) as file:
            file.write(data)
        return [out]


class SvgPainter:
    """One SVG file a page: `labels.svg`, or `labels-1.svg`, `labels-2.svg`..."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.pages: list[list[str]] = []

    def page(self) -> None:
        self.pages.append([])

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.pages[-1].append(f'<rect x="{x:.3f}" y="{y:.3f}" width="{w:.3f}" height="{h:.3f}"/>')

    def text(self, x: float, y: float, size: float, text: str) -> None:
        mm = size * 25.4 / 72
        self.pages[-1].append(
            f'<text x="{x:.3f}" y="{y:.3f}" font-size="{mm:.3f}" dominant-baseline="middle">'
            f"{text}</text>"
        )

    def save(self, out: Path) -> list[Path]:
        w, h = self.sheet.page
        paths = page_paths(out, len(self.pages))
        for path, body in zip(paths, self.pages, strict=True):
            head = (
                f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
                f'viewBox="0 0 {w} {h}" shape-rendering="crispEdges" font-family="sans-serif">'
                f'<rect width="{w}" height="{h}" fill="white"/>'
            )
            with replaced(path, "w", encoding="utf-8") as file:
                file.write(head + "".join(body) + "</svg>\n")
        return paths


class PngPainter:
    """One PNG a page at PNG_DPI, drawn with pygame."""

    def __init__(self, sheet: Sheet) -> None:
        import pygame

        pygame.font.init()
        self.pygame = pygame
        self.scale = PNG_DPI / 25.4
        self.size = tuple(round(v * self.scale) for v in sheet.page)
        self.pages: list = []

    def page(self) -> None:
        surface = self.pygame.Surface(self.size)
        surface.fill((255, 255, 255))
        self.pages.append(surface)

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        # Edges rounded, not sizes: neighbouring modules meet with no gap and no overlap.
        s = self.scale
        left, top = round(x * s), round(y * s)
        box = (left, top, round((x + w) * s) - left, round((y + h) * s) - top)
        self.pages[-1].fill((0, 0, 0), box)

    def text(self, x: float, y: float, size: float, text: str) -> None:
        font = self.pygame.font.Font(None, round(size * PNG_DPI / 72 * 1.4))
        image = font.render(text, True, (0, 0, 0), (255, 255, 255))
        self.pages[-1].blit(
            image, (round(x * self.scale), round(y * self.scale) - image.height // 2)
        )

    def save(self, out: Path) -> list[Path]:
        paths = page_paths(out, len(self.pages))
        for path, surface in zip(paths, self.pages, strict=True):
            data = io.BytesIO()  # made whole first: a full disk is then one OSError
            self.pygame.image.save(surface, data, path.name)
            with replaced(path) as file:
                file.write(data.getvalue())
        return paths


PAINTERS = {".pdf": PdfPainter, ".svg": SvgPainter, ".png": PngPainter}


def page_paths(out: Path, count: int) -> list[Path]:
    """`out` for one page; `stem-1.ext`, `stem-2.ext`... for more."""
    if count == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{n}{out.suffix}") for n in range(1, count + 1)]


def map_path(out: Path) -> Path:
    """Where the deck map goes beside the sheets: labels.pdf -> labels.deckmap.toml."""
    return out.with_name(f"{out.stem}.deckmap.toml")


def make(preset: str, out: Path, sheet: Sheet, deck_map: Path | None = None) -> list[Path]:
    """Draw every label of the preset's deck on sheets at `out`, write the deck map beside.

    Returns the files written, the deck map last."""
    painter_type = PAINTERS.get(out.suffix.lower())
    if painter_type is None:
        raise LabelsError(f"{out}: expected a file ending in {', '.join(FORMATS)}")
    labels = deck_labels(preset)
    target = deck_map or map_path(out)
    _not_another_file(target, implied_map(preset, labels))
    try:
        painter = painter_type(sheet)
        draw(painter, labels, sheet)
    except ImportError as exc:
        raise LabelsError(
            f"labels need the labels extra ({exc.name} is missing): pip install '.[labels]'"
        ) from None
    try:
        written = painter.save(out)
        deckmap.write(target, implied_map(preset, labels))
    except OSError as exc:
        raise LabelsError(f"{exc.filename or out}: cannot write: {exc.strerror}") from None
    return [*written, target]


def _not_another_file(target: Path, mapped: DeckMap) -> None:
    """Refuse to replace a file at `target` that is not this very deck map (printed again): a
    map enrolled with tags is a whole deck scanned, and a configuration may be named by
    mistake."""
    if not os.path.lexists(target):
        return
    try:
        there = deckmap.read(target)
    except ConfigError:
        what = "is no deck map"
    else:
        if there == mapped:
            return
        what = f"holds another deck map ({len(there.tags)} tags, {there.preset})"
    raise LabelsError(f"{target}: {what}: not replaced (name another --deck-map, or move it)")


def register(sub: argparse._SubParsersAction) -> None:
    """Add `labels` to the command line."""
    parser = sub.add_parser("labels", help="print a QR sticker per card, and its deck map")
    parser.add_argument(
        "--out", type=Path, required=True, help="labels.pdf, labels.svg or labels.png"
    )
    parser.add_argument("--preset", choices=RuleSet.PRESETS, help="the deck (default: configured)")
    parser.add_argument(
        "--sheet", choices=sorted(SHEETS), default="a4-24", help="sticker sheet (default a4-24)"
    )
    parser.add_argument("--deck-map", type=Path, help="where the deck map goes (default: beside)")
    options.add_config(parser)
    parser.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    """Write the sheets and the deck map; say where they went and what to do next."""
    preset = args.preset or configuration.load(args.config or configuration.find()).preset
    sheet = SHEETS[args.sheet]
    try:
        written = make(preset, args.out, sheet, args.deck_map)
    except LabelsError as exc:
        print(f"uno-table labels: {exc}", file=sys.stderr)
        return 2
    *sheets, mapped = written
    count = len(deck_labels(preset))
    print(f"{count} labels ({preset}) on {len(pages(deck_labels(preset), sheet))} page(s) "
          f"of {sheet.name}: {', '.join(map(str, sheets))}")  # fmt: skip
    print(f"deck map: {mapped} (set deck_map to it in the configuration)")
    return 0
