"""Pieces every screen shares: background, seats, prompt bar, device status, help overlay."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

import pygame

from engine import Card
from hw.keyboard import HELP_KEY

from . import cards_art as art
from . import theme as th
from .layout import Layout
from .listing import Part
from .paint import Painter, Split
from .text import Text
from .view import EVENT_LINES, Devices, NoticeKind, SeatView, Verdict, View

T = TypeVar("T")


def card(p: Painter, code: str, height: int, text: Text) -> pygame.Surface:
    """A card face, made once per code, size and language (while the cache keeps it) from the
    parts its colour and rank share with other faces (cards_art.face_parts)."""
    letters = art.letters_for(text.letter)
    return p.image(
        ("face", code, height, text.lang),
        lambda: art.card_face(code, height, p.font, letters, _body(p), p.image),
    )


def _body(p: Painter):
    def body(letter: str, size: tuple[int, int], radius: int, unit: float) -> pygame.Surface:
        # One body per colour and size, under every face of it: half of a face's drawing.
        key = ("body", letter, size)
        return p.image(key, lambda: art.patterned_body(letter, size, radius, unit))

    return body


def _colour(card: Card) -> str:
    return "W" if card.is_wild else str(card.color)


def card_in_parts(p: Painter, code: str, height: int, text: Text, mark: str, **anchor) -> None:
    """A card face drawn as its parts (the colour's base, then the rank and corners), so that
    the next card of that colour redraws only the marks that differ."""
    base, marks = card_parts(p, code, height, text)
    rect = p.split(base, mark, **anchor)  # its middle copied: most of a face is opaque
    for part in marks:
        p.blit(part.image, topleft=(rect.x + part.at[0], rect.y + part.at[1]))


MAX_RECIPES = 512  # card faces' recipes kept: every face at a few sizes, in two languages


def card_parts(p: Painter, code: str, height: int, text: Text) -> tuple[Split, list[art.Mark]]:
    """The parts `card_in_parts` draws a face from, each made once (while the cache keeps it):
    the colour's rounded base (kept in parts: Painter.kept_split) and the marks over it. A
    card played again is looked up by the keys of its parts (Painter.recipes), its marks'
    places not worked out again."""
    recipe = p.recipes.get((code, height, text))
    if recipe is not None:
        base_key, places = recipe
        images = [p.images.get(key) for key in (base_key, *(key for key, _ in places))]
        if None not in images:  # every part still kept: as made, touched in the same order
            marks = [art.Mark(image, at) for image, (_, at) in zip(images[1:], places, strict=True)]
            return images[0], marks
    card = Card.parse(code)
    letters = art.letters_for(text.letter)

    def make() -> pygame.Surface:
        # Only the rounded base is kept at this size: the opaque one and the body were steps.
        base = art.face_base(card, height, p.font)
        return art.rounded(base, art.card_radius(base.get_width()))

    base_key = ("rounded base", _colour(card), height)
    keys: dict[int, Hashable] = {}  # each kept image's key, by the image's id

    def keep(key: Hashable, make_mark) -> pygame.Surface:
        image = p.image(key, make_mark)
        keys[id(image)] = key
        return image

    base = p.kept_split(base_key, make)
    marks = art.face_marks(card, height, p.font, letters, keep)
    if len(p.recipes) >= MAX_RECIPES:
        p.recipes.clear()  # sizes and languages come and go: start again
    if all(id(mark.image) in keys for mark in marks):
        places = tuple((keys[id(mark.image)], mark.at) for mark in marks)
        p.recipes[(code, height, text)] = (base_key, places)
    return base, marks


def back(p: Painter, height: int, word: str) -> pygame.Surface:
    return p.image(("back", height, word), lambda: art.card_back(height, word, p.font))


def swatch(p: Painter, letter: str, size: int, text: Text) -> pygame.Surface:
    label = text.letter(letter)
    return p.image(("swatch", letter, size, label), lambda: art.swatch(letter, size, p.font, label))


def background(p: Painter, lay: Layout, text: Text, felt: bool) -> None:
    """The dark room and, for table screens, the lighter oval of the table: drawn in the
    screen's own format, within the regions a frame redraws (no image to keep or convert)."""
    if not felt:
        p.rect(th.BACKGROUND, lay.screen)
        return
    p.felt(*felt_of(lay))


def felt_of(lay: Layout) -> tuple:
    """The table's felt, as Painter.felt takes it: the room, the oval's edge, the oval."""
    sw, sh = lay.seat_size
    oval = lay.table.inflate(-sw * 1.1, -sh * 1.1)
    edge = (th.mix(th.FELT, th.PANEL_EDGE, 0.5), oval.inflate(6, 6))
    return th.BACKGROUND, lay.screen, (edge, (th.FELT, oval))


# --- seats ------------------------------------------------------------------------------


def table_parts(lay: Layout, view: View, lobby: bool = False) -> list[Part]:
    """What every table screen has under its middle: the felt, and a box for each seat."""
    return [Part("background", True, background), *seat_parts(lay, view, lobby)]


@dataclass(frozen=True)
class SeatBox:
    """What a seat's box shows: where, the seat, whether in the lobby (with a saved game
    offered: `resume`), refused, and whether rounds score points; every seat's name (a name
    too long for the box is shortened, told apart from the others)."""

    rect: tuple[int, int, int, int]
    seat: SeatView
    lobby: bool
    refused: bool
    points: bool
    resume: bool
    names: tuple[str, ...] = ()


def seat_parts(lay: Layout, view: View, lobby: bool) -> list[Part]:
    """A part for each seat's box."""
    boxes = lay.seat_boxes(tuple(s.position for s in view.seats))
    refused = view.refusal.seat if view.refusal else None
    resume = lobby and view.table.resume
    points, names = view.points, view.names  # read once, not once a seat
    return [
        Part(
            f"seat {seat.seat}",
            SeatBox(box, seat, lobby, refused == seat.seat, points, resume, names),
            seat_box,
        )
        for seat, box in zip(view.seats, boxes, strict=True)
    ]


def seat_box(p: Painter, lay: Layout, text: Text, box: SeatBox) -> None:
    """A seat: name, card count, UNO badge, score; lit up on its turn, red when refused."""
    rect, seat, lobby, refused = pygame.Rect(box.rect), box.seat, box.lobby, box.refused
    radius = lay.u(2)
    p.marks[f"seat {seat.seat}"] = rect
    # Every box spans its glow's room, the glow clear off turn: kept blended onto the felt it
    # lies right on (table_parts), a box that lights up or goes dark is one opaque copy.
    glow = rect.inflate(lay.u(1.6), lay.u(1.6))
    halo = (
        (*th.HIGHLIGHT, 90 if seat.turn and not lobby and not refused else 0),
        radius + lay.u(0.8),
    )
    thin = max(1, lay.u(0.3))
    if refused:
        fill, edge, width = th.ALERT_FILL, th.ALERT, max(2, lay.u(0.7))
    elif seat.turn and not lobby:
        fill, edge, width = th.TURN_FILL, th.HIGHLIGHT, max(2, lay.u(0.7))
    elif seat.left or (lobby and not seat.joined):
        fill, edge, width = th.mix(th.BACKGROUND, th.PANEL, 0.5), th.PANEL_EDGE, thin
    else:
        fill, edge, width = th.PANEL, th.PANEL_EDGE, thin
    p.glowing(rect, fill, edge, width, radius, glow, halo, felt_of(lay))
    pad = max(4, min(lay.u(1.4), rect.height // 8))
    inner = rect.inflate(-2 * pad, -2 * pad)
    name_px = min(lay.px(th.MEDIUM), round(inner.height * 0.36))
    row = pygame.Rect(inner.left, inner.top + name_px, inner.width, inner.height - name_px)
    faded = seat.left or (lobby and not seat.joined)
    badges = [] if lobby else _badges(seat, text, round(name_px * 0.95))
    # The name comes first: badges take the room beside it that it leaves, then the room
    # right of the card count; one that fits nowhere is left out (a draw to answer first).
    gap = lay.u(0.8)
    count_w = p.width(str(seat.cards), _count_px(lay, row)) if seat.cards is not None else 0
    room = _Room(
        name=lambda px: inner.width - min(p.width(seat.name, px), inner.width) - pad,
        count=row.width - count_w - lay.u(1),  # right of the count, with no card back
        icon=back(p, _icon_h(row), text.call_word).get_width() + lay.u(1),
        gap=gap,
    )
    shared = _share(p, badges, room, (name_px, min(name_px, lay.px(th.SMALL))))
    right = _pills(p, shared.beside, inner.right, inner.top, gap)
    p.text(
        seat.name,
        shared.name_px,
        th.DIM if faded else th.TEXT,
        max_w=right - inner.left - (pad if shared.beside else 0),
        names=box.names,
        topleft=inner.topleft,
    )
    if lobby:
        _lobby_row(p, lay, row, box, text)
    elif seat.left:
        p.text(text("left"), lay.px(th.TINY), th.DIM, max_w=row.width, midleft=row.midleft)
    else:
        _count_row(p, lay, row, box, text, shared.below, shared.icon)


@dataclass(frozen=True)
class _Badge:
    """A pill on a seat: its word, colours, height, and the mark the screen audit checks."""

    label: str
    fill: th.RGB
    ink: th.RGB
    height: int
    mark: str
    edge: bool = False
    size: float = 0.8  # the word's size, of the pill's height
    tight: bool = False  # the least room around the word: a seat with many badges

    @property
    def px(self) -> int:
        return round(self.height * self.size)

    def width(self, p: Painter) -> int:
        ends = 0.5 if self.tight else 1.4 - self.size
        return round(p.width(self.label, self.px) + self.height * ends)


@dataclass(frozen=True)
class _Room:
    """The room a seat box leaves its badges: beside the name (drawn at a size), right of the
    count, what the card back takes of that, and the gap between two pills."""

    name: Callable[[int], float]
    count: float
    icon: int
    gap: int


@dataclass(frozen=True)
class _Shared:
    """Where a seat's badges went: beside the name, right of the count; whether the card
    back shows; the size the name is drawn at."""

    beside: list[_Badge]
    below: list[_Badge]
    icon: bool
    name_px: int


def _share(p: Painter, badges: list[_Badge], room: _Room, name_sizes: tuple[int, int]) -> _Shared:
    """The most needed badges go first, beside the name where they fit, else right of the
    count. While one would be left out, the card back (a picture of what the count says)
    gives up its room, then the pills their margins, then the name a little of its size."""
    big, small = name_sizes
    best = None
    for icon, tight, px in ((True, False, big), (False, False, big), (False, True, big),
                            (False, True, small)):  # fmt: skip
        pills = [replace(b, tight=tight) for b in badges]
        count_room = room.count - icon * room.icon
        shared = _Shared(*_placed(p, pills, room.name(px), count_room, room.gap), icon, px)
        placed = len(shared.beside) + len(shared.below)
        if placed == len(pills):
            return shared
        if best is None or placed > len(best.beside) + len(best.below):
            best = shared  # none holds them all: the first way that holds the most
    return best


def _placed(
    p: Painter, badges: list[_Badge], name_room: float, count_room: float, gap: int
) -> tuple[list[_Badge], list[_Badge]]:
    """Each badge, the most needed first, beside the name if it fits, else right of the count
    if it fits there, else left out."""
    beside, below = [], []
    for badge in badges:
        need = badge.width(p) + gap
        if need <= name_room:
            name_room -= need
            beside.append(badge)
        elif need <= count_room:
            count_room -= need
            below.append(badge)
    return beside, below


def _badges(seat: SeatView, text: Text, h: int) -> list[_Badge]:
    """A seat's badges, the most needed first: UNO called and the dealer (only the seat says
    them), then a draw to answer (it shows by the top card too)."""
    out = []
    if seat.uno:
        out.append(_Badge(text.call_word + "!", th.CALL, th.TEXT, h, f"uno {seat.seat}", True))
    if seat.dealer:
        # A word, not a letter: a lone "R" or "D" reads as a colour or means nothing.
        out.append(_Badge(text("dealer"), th.TEXT, th.INK, h, f"dealer {seat.seat}", size=0.7))
    if seat.pending:
        badge = text("draw_badge", n=seat.pending)
        out.append(_Badge(badge, th.ALERT, th.TEXT, h, f"pending {seat.seat}"))
    return out


def _pills(p: Painter, badges: list[_Badge], right: int, top: int, gap: int) -> int:
    """Draw `badges` right to left from `right`, tops at `top`; returns their left edge."""
    for badge in badges:
        pill = pygame.Rect(0, 0, badge.width(p), badge.height)
        pill.topright = (right, top)
        edge = badge.ink if badge.edge else None
        p.panel(pill, badge.fill, edge, max(1, badge.height // 12), badge.height // 2)
        p.text(badge.label, badge.px, badge.ink, center=pill.center)
        p.marks[badge.mark] = pill
        right = pill.left - gap
    return right


def _icon_h(row: pygame.Rect) -> int:
    return round(row.height * 0.82)


def _count_px(lay: Layout, row: pygame.Rect) -> int:
    return min(lay.px(th.HUGE), round(row.height * 0.95))


def _count_row(
    p: Painter,
    lay: Layout,
    row: pygame.Rect,
    box: SeatBox,
    text: Text,
    badges: list[_Badge],
    icon: bool = True,
) -> None:
    """A card back (`icon`) and the count, big; the badges the name's row had no room for, and
    the score, at the right while there is room."""
    seat = box.seat
    left = row.left
    if icon:
        card_back = back(p, _icon_h(row), text.call_word)
        p.blit(card_back, midleft=(row.left, row.centery))
        left += card_back.get_width() + lay.u(1)
    color = th.WARN if seat.cards == 1 and not seat.uno else th.TEXT
    count = p.text(str(seat.cards), _count_px(lay, row), color, midleft=(left, row.centery))
    room = row.right - count.right - lay.u(1)
    if badges:
        top = row.centery - badges[0].height // 2
        room = _pills(p, badges, row.right, top, lay.u(0.8)) - count.right - lay.u(1)
    score = f"{seat.score} {text('pts')}"
    score_px = lay.px(th.SMALL)
    if box.points and p.width(score, score_px) <= room:
        p.text(score, score_px, th.DIM, midright=(count.right + lay.u(1) + room, row.centery))


def _lobby_row(p: Painter, lay: Layout, row: pygame.Rect, box: SeatBox, text: Text) -> None:
    seat = box.seat
    px = lay.px(th.SMALL)
    if box.resume:  # the saved game offered: who played it, with the score it had
        said = f"{seat.score} {text('pts')}" if box.points else text("saved_seat")
        said = said if seat.joined else text("saved_not_seat")
        color = th.TEXT if seat.joined else th.DIM
        p.text(said, lay.px(th.MEDIUM if seat.joined else th.SMALL), color, max_w=row.width,
               midleft=row.midleft)  # fmt: skip
    elif seat.joined:
        side = round(px * 1.1)
        mark = pygame.Rect(row.left, 0, side, side)
        mark.centery = row.centery
        p.ellipse(th.GOOD, mark)
        pts = [(0.24, 0.52), (0.43, 0.72), (0.78, 0.32)]
        p.lines(th.INK, [(mark.x + x * side, mark.y + y * side) for x, y in pts], max(2, side // 7))
        p.text(
            text("joined"), lay.px(th.MEDIUM), th.GOOD, midleft=(mark.right + lay.u(1), row.centery)
        )
    else:
        p.text(text("not_joined"), px, th.DIM, max_w=row.width, midleft=row.midleft)


# --- the middle of the game screen --------------------------------------------------------


def direction_ring(p: Painter, center, radius: float, direction: int, width: float) -> None:
    """Two curved arrows around `center`: clockwise for +1, anticlockwise for -1."""
    for points in ring_polygons(tuple(center), radius, direction, width):
        p.polygon(points, th.TEXT)


@functools.lru_cache(maxsize=8)
def ring_polygons(center, radius: float, direction: int, width: float) -> tuple[tuple, ...]:
    """The direction ring's polygons (two arcs, each with its head): the same every frame."""
    cx, cy = center
    tip = width * 3.4  # heads big enough to read the way of play from across the table
    out = []
    for k in range(2):
        start = math.radians(200 + 180 * k)
        sweep = math.radians(130)
        a0, a1 = (start, start + sweep) if direction > 0 else (start + sweep, start)
        points_out, points_in = [], []
        steps = 28
        for i in range(steps + 1):
            a = a0 + (a1 - a0) * i / steps
            points_out.append(
                (cx + (radius + width / 2) * math.cos(a), cy + (radius + width / 2) * math.sin(a))
            )
            points_in.append(
                (cx + (radius - width / 2) * math.cos(a), cy + (radius - width / 2) * math.sin(a))
            )
        out.append(tuple(points_out + points_in[::-1]))
        # The head at the end, pointing along the way of play.
        ex, ey = cx + radius * math.cos(a1), cy + radius * math.sin(a1)
        sign = 1 if direction > 0 else -1
        tx, ty = -math.sin(a1) * sign, math.cos(a1) * sign
        nx, ny = math.cos(a1), math.sin(a1)
        head = (
            (ex + tx * tip, ey + ty * tip),
            (ex + nx * tip * 0.75, ey + ny * tip * 0.75),
            (ex - nx * tip * 0.75, ey - ny * tip * 0.75),
        )
        out.append(head)
    return tuple(out)


def pill(p: Painter, label: str, px: int, fill, color, **anchor) -> pygame.Rect:
    """A rounded label."""
    w = p.width(label, px) + px * 0.9
    rect = pygame.Rect(0, 0, round(w), round(px * 1.35))
    ((where, point),) = anchor.items()
    setattr(rect, where, (round(point[0]), round(point[1])))
    p.panel(rect, fill, None, 0, rect.height // 2)
    p.text(label, px, color, center=rect.center)
    return rect


@dataclass(frozen=True)
class Said(Generic[T]):
    """What a part says (events, a verdict), with the seat names it may hold: a sentence that
    cannot hold one whole at the smallest size shortens it, and loses nothing else."""

    what: T
    names: tuple[str, ...]


def event_list(p: Painter, lay: Layout, text: Text, said: Said[tuple[str, ...]]) -> None:
    """The newest events first, older ones fading; each wraps to at most three lines, smaller
    if that is what it takes to say it whole."""
    area, events = lay.events, said.what
    if not events or area.width < lay.u(8):
        return
    sizes = lay.sizes(th.SMALL)
    y = area.top
    shades = (th.TEXT, th.mix(th.TEXT, th.FELT, 0.3), th.mix(th.TEXT, th.FELT, 0.5))
    for k, event in enumerate(events):
        color = shades[min(k, len(shades) - 1)]
        lines, px = p.fitted(event, sizes, area.width, 3, said.names)
        line_h = round(px * 1.05)
        if y + line_h * len(lines) > area.bottom:
            break
        for line in lines:
            p.text(line, px, color, max_w=area.width, topleft=(area.left, y))
            y += line_h
        y += round(px * 0.45)


def events_after(said: Said[tuple[str, ...]]) -> Said[tuple[str, ...]]:
    """`said` once the next event came: every line one place on, in the next shade (the new
    one, not known yet, as none), the oldest gone."""
    return Said(("", *said.what)[:EVENT_LINES], said.names)


def verdict_panel(p: Painter, lay: Layout, text: Text, said: Said[Verdict]) -> None:
    """The ruling of the last action, big, where the events list goes; each of its lines
    smaller if that is what it takes to say it whole."""
    area, verdict = lay.events, said.what
    accent = th.GOOD if verdict.good else th.ALERT
    box = area.inflate(-lay.u(0.5), 0)
    inner_w = box.width - lay.u(3)
    title, title_px = p.fitted(verdict.title, lay.sizes(th.BIG), inner_w, 3, said.names)
    detail, px = p.fitted(verdict.detail, lay.sizes(th.MEDIUM), inner_w, 3, said.names)
    height = len(title) * title_px + len(detail) * round(px * 1.05) + lay.u(5)
    box.height = min(box.height, height)
    p.panel(box, th.PANEL, accent, max(2, lay.u(0.6)), lay.u(2))
    p.marks["verdict"] = box
    y = box.top + lay.u(2)
    for line in title:
        p.text(line, title_px, accent, max_w=inner_w, topleft=(box.left + lay.u(1.5), y))
        y += title_px
    y += lay.u(1)
    for line in detail:
        p.text(line, px, th.TEXT, max_w=inner_w, topleft=(box.left + lay.u(1.5), y))
        y += round(px * 1.05)


# --- the prompt bar and the corner --------------------------------------------------------


NOTICE_COLORS = {
    # kind: (fill, accent) of the bar while the notice shows
    NoticeKind.REFUSAL: (th.ALERT_FILL, th.ALERT),
    NoticeKind.PROBLEM: (th.WARN_FILL, th.WARN),
}


@dataclass(frozen=True)
class Bar:
    """What the prompt bar shows: the first notice's kind (None: no notice), whether a seat
    is awaited, the line, and the card code being typed."""

    notice: NoticeKind | None
    awaited: bool
    footer: str
    typed: str
    names: tuple[str, ...] = ()  # the seat names the line may hold


@dataclass(frozen=True)
class Keys:
    """What the help overlay shows: the rows under the grid, and the seats' keys grid."""

    rows: tuple[tuple[str, str], ...]
    grid: tuple[tuple[str, tuple[str, ...]], ...]


def overlay_parts(view: View) -> list[Part]:
    """What every screen has over its middle: the prompt bar, the device corner, the help."""
    bar = Bar(
        view.notices[0].kind if view.notices else None,
        view.game is not None and view.game.awaited is not None,
        view.footer,
        view.table.typed,
        view.names,
    )
    out = [Part("prompt", bar, prompt_bar), Part("status", view.table.devices, device_status)]
    if view.help:
        out.append(Part("help", Keys(view.table.keys, view.table.key_grid), help_overlay))
    return out


def prompt_bar(p: Painter, lay: Layout, text: Text, shown: Bar) -> None:
    """The bottom bar: what to do now, or the first notice in its colours (the device corner
    at its right is a part of its own)."""
    bar = lay.bar
    status = lay.status
    if shown.notice is not None:
        fill, accent = NOTICE_COLORS[shown.notice]
        p.panel(bar, fill)
        p.rect(accent, (0, bar.top, bar.width, max(2, lay.u(0.6))))
    else:
        p.panel(bar, th.PANEL)
        accent = th.HIGHLIGHT if shown.awaited else th.PANEL_EDGE
        p.rect(accent, (0, bar.top, bar.width, max(2, lay.u(0.5))))
    line = shown.footer
    right = status.left - lay.margin
    if shown.typed:
        right = typed_box(p, lay, shown.typed, text, right) - lay.margin
    area = pygame.Rect(lay.margin * 2, bar.top, right - lay.margin * 2, bar.height)
    px = lay.px(th.BIG)
    lines = [line]
    if p.width(line, px) > area.width:  # two lines, smaller if that is what it takes
        lines, px = p.fitted(line, lay.sizes(th.MEDIUM), area.width, 2, shown.names)
    step = round(px * 1.02)
    y = area.centery - step * len(lines) / 2
    for part in lines:
        p.text(part, px, th.TEXT, max_w=area.width, topleft=(area.left, y))
        y += step
    p.marks["prompt"] = area


def typed_box(p: Painter, lay: Layout, typed: str, text: Text, right: int) -> int:
    """The card code being typed on the keyboard; returns its left edge."""
    px = lay.px(th.MEDIUM)
    label = f"{text('typed')}: {typed}_"
    w = p.width(label, px) + lay.u(3)
    box = pygame.Rect(0, 0, round(w), round(px * 1.5))
    box.midright = (right, lay.bar.centery)
    p.panel(box, th.BACKGROUND, th.HIGHLIGHT, max(1, lay.u(0.3)), lay.u(1))
    p.text(label, px, th.TEXT, center=box.center)
    return box.left


def device_status(p: Painter, lay: Layout, text: Text, dev: Devices) -> None:
    """Reader connected or not, the pin factory, and the devices that are down: these take
    every line the corner has if one is not enough to name them all."""
    area = lay.status
    px = lay.px(th.TINY)
    if dev.reader:
        lines = [(text("reader_ok"), th.GOOD)]
    elif dev.typing:
        lines = [(text("typing"), th.DIM)]  # a PC: typing the codes works
    else:
        lines = [(text("reader_off"), th.WARN)]
    if dev.pin_factory:
        lines.append((text("pins", name=text.source(dev.pin_factory)), th.DIM))
    step = round(px * 1.05)
    room = max(1, area.height // step)  # the lines the corner holds
    dot = max(4, round(px * 0.45))
    indent = dot + lay.u(0.8)
    if dev.problem:
        # A device down matters more than the pin factory's name, and than the first line
        # when naming them all takes every line (those down shortened if even that is not
        # enough).
        said = p.held(dev.problem, px, area.width - indent, room - 1) if room > 1 else None
        if said is None:
            lines, said = [], p.wrap(dev.problem, px, area.width - indent, room, dev.down)
        lines = lines[: room - len(said)] + [(line, th.WARN) for line in said]
    lines = lines[:room]
    y = max(area.top, area.centery - step * len(lines) / 2)
    for k, (line, color) in enumerate(lines):
        left = area.left
        if k == 0:
            p.circle(color, (area.left + dot // 2, round(y + step / 2)), dot // 2)
            left += indent
        p.text(line, px, color, max_w=area.right - left, topleft=(left, y))
        y += step
    p.marks["status"] = area


# --- overlays -----------------------------------------------------------------------------


def overlay_panel(p: Painter, lay: Layout, rect: pygame.Rect) -> pygame.Rect:
    """A raised panel over the table."""
    shadow = rect.move(lay.u(0.6), lay.u(0.8))
    p.panel(shadow, th.SHADOW, radius=lay.u(2.5))
    p.panel(rect, th.PANEL, th.PANEL_EDGE, max(2, lay.u(0.4)), lay.u(2.5))
    return rect


def help_overlay(p: Painter, lay: Layout, text: Text, shown: Keys) -> None:
    """The keyboard over the table: each seat's three keys, then how to type card codes. The
    bar stays in view, so that the prompt and any refusal still show while play goes on."""
    p.shade(th.SHADE, lay.table)
    box = lay.table.inflate(-lay.u(3), -lay.u(3))
    overlay_panel(p, lay, box)
    title_px = lay.px(th.BIG)
    p.text(text("help_title"), title_px, th.TEXT, midtop=(box.centerx, box.top + lay.u(1.5)))
    close_px = lay.px(th.SMALL)
    p.text(
        text("help_close", help=HELP_KEY.upper()),
        close_px,
        th.DIM,
        max_w=box.width - lay.u(4),
        midbottom=(box.centerx, box.bottom - lay.u(1.5)),
    )
    area = pygame.Rect(
        box.left + lay.u(3),
        box.top + lay.u(3) + title_px,
        box.width - lay.u(6),
        box.height - lay.u(6) - title_px - close_px,
    )
    keys, key_grid = shown.rows, shown.grid
    count = len(key_grid) + len(keys)
    if not count:
        return
    px = max(lay.px(th.TINY), min(lay.px(th.SMALL), round(area.height / count / 1.3)))
    row_h = round(px * 1.3)
    y = _key_grid(p, lay, area, key_grid, px, row_h)
    key_w = max(p.width(k, px) for k, _ in keys) + px
    for key, meaning in keys:
        cap = _key_cap(p, key, px, round(key_w), (area.left, y))
        p.text(
            meaning,
            px,
            th.TEXT,
            max_w=area.right - cap.right - lay.u(1.2),
            midleft=(cap.right + lay.u(1.2), cap.centery),
        )
        y += row_h


def _key_grid(p: Painter, lay: Layout, area: pygame.Rect, grid, px: int, row_h: int) -> int:
    """Seats down, their buttons across (the first row names them); returns the y below."""
    y = area.top
    if not grid:
        return y
    name_w = max(p.width(name, px) for name, _ in grid) + lay.u(2)
    columns = len(grid[0][1])
    col_w = min(lay.u(30), (area.width - name_w) / columns)
    (_, heads), *rows = grid
    for k, head in enumerate(heads):
        x = area.left + name_w + k * col_w
        p.text(head, px, th.DIM, max_w=col_w - lay.u(1), topleft=(x, y))
    y += row_h
    for name, keys in rows:
        p.text(name, px, th.TEXT, max_w=name_w, topleft=(area.left, y))
        for k, key in enumerate(keys):
            x = area.left + name_w + k * col_w
            _key_cap(p, key, px, max(p.width(key, px) + px, px * 2), (x, y))
        y += row_h
    return y + round(row_h * 0.3)


def _key_cap(p: Painter, key: str, px: int, width: int, topleft) -> pygame.Rect:
    """A key drawn as a light cap with its name."""
    cap = pygame.Rect(round(topleft[0]), round(topleft[1]), width, round(px * 1.15))
    p.panel(cap, th.TEXT, None, 0, max(2, px // 4))
    p.text(key, px, th.INK, max_w=cap.width - 4, center=cap.center)
    return cap
