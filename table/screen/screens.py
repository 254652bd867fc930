"""One function per screen kind, listing the parts it draws (table/screen/listing.py), each
from the facts it reads: everything but the prompt bar and help (parts.overlay_parts)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import cards_art as art
from . import parts
from . import theme as th
from .layout import Layout
from .listing import Part
from .paint import Painter
from .text import Text
from .view import Screen, TableFacts, View

ScreenParts = Callable[[Layout, View], list[Part]]
"""The parts a screen is drawn from (not the engine's Draw action), at a Layout."""


# --- the table: seats around, the game in the middle ---------------------------------------


@dataclass(frozen=True)
class Pile:
    """The top card's code (None: face down) and the colour to follow."""

    top: str | None
    color: str | None


@dataclass(frozen=True)
class Info:
    """Right of the pile: the colour to follow, the way of play, the draw waiting."""

    color: str | None
    direction: int
    pending: int


PLAY_PARTS = frozenset({"pile", "info", "events"})
"""The parts of the game screen the card played decides (the top card; the colour, direction
and draw total; the line it adds to the events): those Display.likely lists ahead for each
play foreseen. The others a play changes (the seats, the prompt) are mostly the same for
every play, and listed again when they are not."""


def game(lay: Layout, view: View) -> list[Part]:
    """The top card large, the colour and direction, the draw total, the last events."""
    shown = view.game
    return [
        *parts.table_parts(lay, view),
        Part("pile", Pile(shown.top, shown.color), top_card),
        Part("info", Info(shown.color, shown.direction, shown.pending), info),
        Part("events", parts.Said(view.verdict, view.names), parts.verdict_panel)
        if view.verdict is not None
        else Part("events", parts.Said(view.events, view.names), parts.event_list),
    ]


def top_card(p: Painter, lay: Layout, text: Text, shown: Pile) -> None:
    rect = lay.top_card
    if shown.color:
        # A frame in the colour to follow: a wild on top shows its named colour too.
        frame = rect.inflate(lay.u(2.4), lay.u(2.4))
        p.panel(frame, th.CARD_HUES[shown.color], radius=round(rect.width * 0.12))
    if shown.top:
        parts.card_in_parts(p, shown.top, rect.height, text, "top_card", center=rect.center)
    else:
        p.blit(parts.back(p, rect.height, text.call_word), "top_card", center=rect.center)


def info(p: Painter, lay: Layout, text: Text, shown: Info) -> None:
    """The colour to follow inside the direction ring; the draw total below."""
    area = lay.info
    size = round(min(area.width * 0.62, area.height * 0.34))
    if size < 16:
        return
    center = (area.centerx, area.top + size * 0.5 + lay.u(4))
    if shown.color:
        p.blit(parts.swatch(p, shown.color, size, text), "color", center=center)
        name = text.color(shown.color).upper()
    else:
        p.circle(th.PANEL_EDGE, center, size // 2)
        p.text("?", round(size * 0.6), th.TEXT, center=center)
        p.marks["color"] = pygame.Rect(0, 0, size, size).move(
            center[0] - size // 2, center[1] - size // 2
        )
        name = text("no_color")
    ring = size * 0.5 + lay.u(2)
    parts.direction_ring(p, center, ring, shown.direction, max(3, lay.u(1.4)))
    p.marks["direction"] = pygame.Rect(0, 0, ring * 2, ring * 2).move(
        center[0] - ring, center[1] - ring
    )
    y = center[1] + ring + lay.u(3.5)
    px = lay.px(th.SMALL)
    p.text(name, px, th.TEXT, max_w=area.width, midtop=(area.centerx, y))
    y += px + lay.u(1.5)
    if shown.pending:
        big = lay.px(th.HUGE)
        rect = parts.pill(
            p, text("draw_badge", n=shown.pending), big, th.ALERT, th.TEXT, midtop=(area.centerx, y)
        )
        p.marks["pending"] = rect


# --- screens that ask for something over the table ------------------------------------------


def _color_prompt(p: Painter, lay: Layout, text: Text, view: View) -> None:
    """The four colours of the pad, in its order, over the table."""
    box = parts.overlay_panel(p, lay, lay.center.inflate(lay.u(2), lay.u(2)))
    title_px = lay.px(th.BIG)
    p.text(
        text("choose_color"),
        title_px,
        th.TEXT,
        max_w=box.width - lay.u(4),
        midtop=(box.centerx, box.top + lay.u(2)),
    )
    label_px = lay.px(th.SMALL)
    # After a Wild shuffle hands: how to deal the real cards again, before the colour.
    how = _lines(p, lay, view, box, box.top + lay.u(3) + title_px) if view.verdict else 0
    space = box.width / 4
    room = box.height - title_px - label_px - lay.u(9) - how
    size = round(min(space * 0.8, room))
    y = box.top + lay.u(3) + title_px + how + (room - size) / 2 + lay.u(2) + size / 2
    for k, letter in enumerate(th.CARD_ORDER):
        x = box.left + space * (k + 0.5)
        p.blit(parts.swatch(p, letter, size, text), f"swatch {letter}", center=(x, y))
        p.text(
            text.color(letter).upper(),
            label_px,
            th.TEXT,
            max_w=space - lay.u(1),
            midtop=(x, y + size / 2 + lay.u(1)),
        )


def _lines(p: Painter, lay: Layout, view: View, box: pygame.Rect, top: float) -> int:
    """The verdict's detail wrapped across `box` from `top`, small (tiny if that is what it
    takes to say it whole); returns the height it took."""
    width = box.width - lay.u(4)
    lines, px = p.fitted(view.verdict.detail, lay.sizes(th.SMALL), width, 4, view.names)
    step = round(px * 1.05)
    for k, part in enumerate(lines):
        p.text(part, px, th.TEXT, max_w=width, midtop=(box.centerx, top + k * step))
    return step * len(lines) + lay.u(1)


def _challenge(p: Painter, lay: Layout, text: Text, view: View) -> None:
    """A Wild +4 challenge: the question to the victim, or the culprit's hand being shown."""
    ch = view.game.challenge
    box = parts.overlay_panel(p, lay, lay.center.inflate(lay.u(2), lay.u(2)))
    if ch is None:
        return
    inner = box.inflate(-lay.u(4), -lay.u(4))
    card_h = round(min(inner.height * 0.9, inner.width * 0.28 / art.ASPECT))
    w4 = parts.card(p, view.game.top or "W4", card_h, text)
    p.blit(w4, "top_card", midleft=(inner.left, inner.centery))
    left = inner.left + w4.get_width() + lay.u(3)
    width = inner.right - left
    names = {s.seat: s.name for s in view.seats}
    victim, culprit = names.get(ch.challenger, ""), names.get(ch.challenged, "")
    color = text.color(ch.follow) if ch.follow else ""
    y = inner.top
    title_px = lay.px(th.BIG)
    p.text(text("challenge_title"), title_px, th.TEXT, max_w=width, topleft=(left, y))
    y += title_px + lay.u(1)
    if ch.revealing:
        line = text("challenge_reveal", challenger=victim, culprit=culprit)
    elif ch.follow:
        line = text("challenge_decide", victim=victim, culprit=culprit, color=color)
    else:
        line = text("challenge_decide_any", victim=victim, culprit=culprit)
    lines, px = p.fitted(line, lay.sizes(th.MEDIUM), width, 2, view.names)
    for part in lines:
        p.text(part, px, th.TEXT, max_w=width, topleft=(left, y))
        y += round(px * 1.05)
    y += lay.u(1)
    small = lay.px(th.SMALL)
    side = round(small * 1.6)
    swatches = [(ch.follow, text("challenge_rule", color=color), "swatch")] if ch.follow else []
    if view.game.color:
        # What the +4 named: the panel covers the table's own swatch.
        chosen = text("challenge_chosen", color=text.color(view.game.color))
        swatches.append((view.game.color, chosen, "chosen"))
    for letter, line, mark in swatches:
        p.blit(parts.swatch(p, letter, side, text), mark, topleft=(left, y))
        p.text(
            line,
            small,
            th.DIM,
            max_w=width - side - lay.u(1.5),
            midleft=(left + side + lay.u(1.5), y + side / 2),
        )
        y += side + lay.u(1)
    if not ch.revealing:
        for line in (
            text("challenge_guilty", name=culprit, n=ch.guilty_draw),
            text("challenge_fair", name=victim, n=ch.innocent_draw),
        ):
            p.text(line, small, th.TEXT, max_w=width, names=view.names, topleft=(left, y))
            y += round(small * 1.1)
        return
    # The printed rules show the hand to the challenger only: the table sees the count.
    shown = text("challenge_shown", n=len(ch.shown), left=ch.unseen)
    p.text(shown, small, th.TEXT, max_w=width, topleft=(left, y))
    y += small + lay.u(0.5)
    private = text("challenge_private", name=victim)
    p.text(private, small, th.DIM, max_w=width, names=view.names, topleft=(left, y))
    y += small + lay.u(1)
    backs = len(ch.shown) + ch.unseen
    mini_cards(p, lay, pygame.Rect(left, y, width, inner.bottom - y), (), text, backs)


def mini_cards(
    p: Painter, lay: Layout, row: pygame.Rect, codes, text: Text, backs: int = 0
) -> None:
    """A row of small cards, then `backs` face-down ones; overlapping when there are many."""
    count = len(codes) + backs
    if not count or row.height < lay.u(4):
        return
    h = min(row.height, lay.u(14))
    w = round(h * art.ASPECT)
    step = min(w + lay.u(0.8), (row.width - w) / (count - 1)) if count > 1 else 0
    images = [parts.card(p, code, h, text) for code in codes]
    if backs:
        faded = p.image(("faded back", h), lambda: _faded(parts.back(p, h, text.call_word)))
        images += [faded] * backs
    for k, image in enumerate(images):
        p.blit(image, topleft=(row.left + k * step, row.top + (row.height - h) // 2))


def _faded(image: pygame.Surface) -> pygame.Surface:
    """A card back half see-through: a card still in the hand."""
    out = image.copy()
    out.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _deal(p: Painter, lay: Layout, text: Text, view: View) -> None:
    """Who deals and how many; a card back for the first card to turn over."""
    area = lay.center
    card_h = round(lay.middle_height * 0.9)
    image = parts.back(p, card_h, text.call_word)
    rect = p.blit(image, "top_card", midleft=(area.left + lay.u(2), area.centery))
    left = rect.right + lay.u(4)
    width = area.right - left
    names = [s.name for s in view.seats]
    dealer = names[view.game.dealer] if view.game.dealer < len(names) else ""
    first = _next_seat(view)
    title_px = lay.px(th.HUGE)
    y = area.centery - title_px
    deals = text("deals", name=dealer)
    p.text(deals, title_px, th.TEXT, max_w=width, names=view.names, topleft=(left, y))
    y += title_px + lay.u(1.5)
    how = text("deal_how", n=view.game.rules.hand_size, first=first)
    lines, px = p.fitted(how, lay.sizes(th.MEDIUM), width, 3, view.names)
    for line in lines:
        p.text(line, px, th.DIM, max_w=width, topleft=(left, y))
        y += round(px * 1.05)


def _next_seat(view: View) -> str:
    active = [s for s in view.seats if not s.left]
    if not active:
        return ""
    after = [s for s in active if s.seat > view.game.dealer] or active
    return after[0].name


# --- the lobby --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LobbyRows:
    """The lobby's middle, top to bottom: each row's height with the gap under it, and the
    rules line's lines and their size."""

    heights: dict[str, int]  # title, presets, rules, count, notes
    rules: tuple[str, ...]
    rules_px: int

    def top(self, lay: Layout) -> float:
        """Where the rows start: centred, a little above the middle, as if the rules took
        three small lines at least (the rows stay put as rules are added)."""
        three = 3 * round(lay.px(th.SMALL) * 1.05)
        lines = len(self.rules) * round(self.rules_px * 1.05)
        content = sum(self.heights.values()) + max(0, three - lines) + _lobby_air(lay)
        return lay.center.top + max(lay.u(1), (lay.center.height - content) / 2)


def _lobby_air(lay: Layout) -> float:
    """What the lobby's centring counts beyond its rows, to sit above the middle: about a
    small line and a unit (to the pixel as the lobby has always been drawn)."""
    small = lay.px(th.SMALL)
    gaps = lay.u(2.5) + lay.u(2) + lay.u(1.5) + lay.u(1)
    return small * 5.9 - round(small * 1.6) - 3 * round(small * 1.05) + lay.u(8) - gaps


def lobby_rows(p: Painter, lay: Layout, table: TableFacts) -> LobbyRows:
    """The lobby's rows and their heights. The rules line takes the lines the other rows
    leave room for: small, or tiny when that is what it takes to say every rule (the last
    ones are the knobs changed); cut only where even tiny lines cannot hold it."""
    small = lay.px(th.SMALL)
    heights = {
        "title": lay.px(th.TITLE) + lay.u(2.5),
        "presets": round(small * 1.6) + lay.u(2),
        "rules": lay.u(1.5),  # and its lines, below
        "count": lay.px(th.MEDIUM) + lay.u(1),
        "notes": round(lay.px(th.TINY) * 1.1) * len(table.notes),
    }
    area = lay.center
    room = area.height - sum(heights.values()) - 2 * lay.u(1)
    for size in (small, lay.px(th.TINY)):
        most = max(3, room // round(size * 1.05))
        if len(p.broken(table.rules_line, size, area.width)) <= most:
            break
    rules = p.wrap(table.rules_line, size, area.width, lines=most)  # cut only past `most`
    heights["rules"] += len(rules) * round(size * 1.05)
    return LobbyRows(heights, tuple(rules), size)


def _lobby(p: Painter, lay: Layout, text: Text, view: View) -> None:
    """Seats join with their UNO button; the rules are chosen; the count of players ready."""
    table = view.table
    area = lay.center
    rows = lobby_rows(p, lay, table)
    y = rows.top(lay)
    title = text("title_resume") if table.resume else text("title")
    p.text(title, lay.px(th.TITLE), th.TEXT, max_w=area.width, midtop=(area.centerx, y))
    y += rows.heights["title"]
    _presets(p, lay, view, y)
    y += rows.heights["presets"]
    step = round(rows.rules_px * 1.05)
    for k, line in enumerate(rows.rules):
        p.text(line, rows.rules_px, th.TEXT, max_w=area.width, midtop=(area.centerx, y + k * step))
    y += rows.heights["rules"]
    ready = sum(s.joined for s in view.seats)
    count = text("player_ready") if ready == 1 else text("players_ready", n=ready)
    if table.resume:
        count = table.progress  # the bar says which button resumes it
    p.text(
        count,
        lay.px(th.MEDIUM),
        th.WARN if table.resume else th.GOOD if ready >= 2 else th.DIM,
        max_w=area.width,
        midtop=(area.centerx, y),
    )
    y += rows.heights["count"]
    tiny = lay.px(th.TINY)
    for note in table.notes:
        if y + tiny > area.bottom:
            break
        p.text(note, tiny, th.WARN, max_w=area.width, midtop=(area.centerx, y))
        y += round(tiny * 1.1)


def _presets(p: Painter, lay: Layout, view: View, y: float) -> None:
    """The presets' chips in a row from `y`, the chosen one lit."""
    area = lay.center
    px = lay.px(th.SMALL)
    gap = lay.u(1.2)
    colors = dict(view.table.preset_colors)
    presets = view.table.presets
    # Each chip carries the colour of the pad button that picks it.
    widths = [p.width(name, px) + px * (2.2 if name in colors else 1) for name in presets]
    x = area.centerx - (sum(widths) + gap * (len(widths) - 1)) / 2
    for name, w in zip(presets, widths, strict=True):
        chip = pygame.Rect(round(x), y, round(w), round(px * 1.6))
        chosen = name == view.preset
        p.panel(
            chip,
            th.HIGHLIGHT if chosen else th.PANEL,
            th.PANEL_EDGE,
            0 if chosen else 2,
            chip.height // 2,
        )
        label = chip.copy()
        if name in colors:
            dot = round(px * 0.9)
            center = (chip.left + px * 0.5 + dot / 2, chip.centery)
            p.circle(th.CARD_HUES[colors[name]], center, dot / 2)
            p.circle(th.TEXT, center, dot / 2, max(1, dot // 10))
            label.left += round(px * 0.5 + dot)
            label.width -= round(px * 0.5 + dot)
            p.marks[f"preset {name}"] = chip
        p.text(name, px, th.INK if chosen else th.DIM, center=label.center)
        if chosen:
            p.marks["preset"] = chip
        x += w + gap


# --- end of a round and of the match ------------------------------------------------------------


def _title(p: Painter, lay: Layout, said: tuple[str, str], names: tuple[str, ...]) -> int:
    """A big title and a line under it (either may shorten the seat `names` in it); returns
    where the content below may start."""
    title, subtitle = said
    y = lay.u(4)
    px = lay.px(th.TITLE)
    width = lay.width - lay.u(8)
    p.text(title, px, th.TEXT, max_w=width, names=names, midtop=(lay.width // 2, y))
    y += px + lay.u(1)
    if subtitle:
        small = lay.px(th.MEDIUM)
        p.text(subtitle, small, th.DIM, max_w=width, names=names, midtop=(lay.width // 2, y))
        y += small
    return y + lay.u(3)


NAMES_SHARE = 0.45
"""The most of a tally's or a scoreboard's row that its names' column takes."""


def _rows(lay: Layout, top: int, n: int) -> tuple[pygame.Rect, int]:
    """The area for `n` rows under `top`, and the row height."""
    area = pygame.Rect(lay.u(6), top, lay.width - lay.u(12), lay.bar.top - lay.u(3) - top)
    row_h = min(lay.u(15), area.height // max(1, n))
    return area, row_h


def _row_px(lay: Layout, row_h: int, role: float, share: float) -> int:
    """A row's type size: `share` of its height, at most `role`, never under the tiny size
    (ten seats' rows at 800x480 are 25 px: half of that cannot be read from a chair)."""
    return max(lay.px(th.TINY), min(lay.px(role), round(row_h * share)))


def _names_w(
    p: Painter, names: list[str], px: int, width: int, least: float, gap: int = 0
) -> float:
    """The width of a column of `names` at `px` and the `gap` after them: what the widest
    needs, from `least` of `width` up to NAMES_SHARE (the cards or the bar beside them are
    narrower then, but a name cut to tell it apart says less than a shorter bar)."""
    widest = max((p.width(name, px) for name in names), default=0)
    return min(width * NAMES_SHARE, max(width * least, widest + gap))


def _tally(p: Painter, lay: Layout, text: Text, view: View) -> None:
    """The round's winner, and each other hand being scanned: cards, points, what is left."""
    shown = view.game
    names = {s.seat: s.name for s in view.seats}
    winner = names.get(shown.outcome.winner, "")
    total = sum(r.points for r in shown.tally)
    said = (text("tally_title", name=winner), text("tally_total", n=total))
    top = _title(p, lay, said, view.names)
    area, row_h = _rows(lay, top, len(shown.tally))
    gap = max(2, round(row_h * 0.1))
    px = _row_px(lay, row_h, th.MEDIUM, 0.45)
    shown_names = [names.get(r.seat, "") for r in shown.tally]
    name_w = _names_w(p, shown_names, px, area.width, 0.22, lay.u(1))
    points_w = area.width * 0.12
    for k, row in enumerate(shown.tally):
        rect = _row_panel(p, lay, area, (k, row_h, gap), row.seat, row.seat == shown.awaited)
        inner = rect.inflate(-lay.u(2), -lay.u(1))
        p.text(
            names.get(row.seat, ""),
            px,
            th.TEXT,
            max_w=name_w - lay.u(1),
            names=view.names,
            midleft=(inner.left, inner.centery),
        )
        p.text(str(row.points), round(px * 1.2), th.TEXT, midright=(inner.right, inner.centery))
        status = text("tally_left", n=row.unseen) if row.unseen else text("tally_done")
        status_w = area.width * 0.14
        p.text(
            status,
            max(lay.px(th.TINY), round(px * 0.8)),
            th.WARN if row.unseen else th.GOOD,
            max_w=status_w,
            midright=(inner.right - points_w, inner.centery),
        )
        cards = pygame.Rect(
            inner.left + name_w,
            inner.top,
            inner.width - name_w - points_w - status_w - lay.u(2),
            inner.height,
        )
        mini_cards(p, lay, cards, row.shown, text, row.unseen)


def _scoreboard(p: Painter, lay: Layout, text: Text, view: View) -> None:
    """Every seat's score, best first, with a bar towards the target."""
    rules, outcome = view.game.rules, view.game.outcome
    names = {s.seat: s.name for s in view.seats}
    winner = names.get(outcome.winner, "")
    subtitle = text("round_won", name=winner, n=outcome.points) if winner else ""
    target = text("target_lowest" if rules.lowest_wins else "target", n=rules.target_score)
    said = (text("scores_title"), f"{subtitle}  ·  {target}" if subtitle else target)
    top = _title(p, lay, said, view.names)
    score_rows(p, lay, view, top, highlight=outcome.winner)


def score_rows(p: Painter, lay: Layout, view: View, top: int, highlight: int | None) -> None:
    rules = view.game.rules
    ranked = sorted(view.seats, key=lambda s: (-s.score, s.seat))
    if rules.lowest_wins:
        ranked = ranked[::-1]
    area, row_h = _rows(lay, top, len(ranked))
    gap = max(2, round(row_h * 0.1))
    px = _row_px(lay, row_h, th.BIG, 0.5)
    name_w = _names_w(p, [s.name for s in ranked], px, area.width, 0.3)
    score_w = area.width * 0.14
    for k, seat in enumerate(ranked):
        lit = seat.seat == highlight
        rect = _row_panel(p, lay, area, (k, row_h, gap), seat.seat, lit)
        inner = rect.inflate(-lay.u(2.5), -lay.u(1))
        place = f"{k + 1}."
        p.text(place, px, th.DIM, midleft=(inner.left, inner.centery))
        left = inner.left + p.width("10.", px) + lay.u(1.5)
        color = th.DIM if seat.left else th.TEXT
        p.text(seat.name, px, color, max_w=name_w, names=view.names, midleft=(left, inner.centery))
        p.text(str(seat.score), px, th.TEXT, midright=(inner.right, inner.centery))
        bar = pygame.Rect(
            left + name_w + lay.u(2),
            0,
            inner.right - score_w - left - name_w - lay.u(2),
            row_h // 4,
        )
        bar.centery = inner.centery
        if bar.width > 0:
            p.panel(bar, th.BACKGROUND, None, 0, bar.height // 2)
            done = bar.copy()
            done.width = round(bar.width * min(1.0, seat.score / max(1, rules.target_score)))
            if done.width > 0:
                p.panel(done, th.HIGHLIGHT if lit else th.DIM, None, 0, bar.height // 2)


def _match_over(p: Painter, lay: Layout, text: Text, view: View) -> None:
    """The match's winner, big, under a star and a fan of cards; the final scores."""
    match_winner = view.game.outcome.match_winner
    names = {s.seat: s.name for s in view.seats}
    winner = names.get(match_winner, "")
    celebration(p, lay, text, lay.u(13))
    y = lay.u(23)
    px = lay.px(th.TITLE)
    p.text(
        text("match_title", name=winner),
        px,
        th.TEXT,
        max_w=lay.width - lay.u(8),
        names=view.names,
        midtop=(lay.width // 2, y),
    )
    y += px + lay.u(2)
    if view.points:
        score_rows(p, lay, view, y, highlight=match_winner)
    else:
        p.text(text("match_no_points"), lay.px(th.MEDIUM), th.DIM, midtop=(lay.width // 2, y))


def celebration(p: Painter, lay: Layout, text: Text, middle: int) -> None:
    """A gold star between two fans of cards."""
    star = lay.u(15)

    def draw(surface: pygame.Surface, color) -> None:
        art.draw_star(surface, color)

    image = p.image(
        ("star", star), lambda: art.outlined((star, star), draw, th.CARD_HUES["Y"], width=3)
    )
    p.blit(image, "star", center=(lay.width // 2, middle))
    for side in (-1, 1):
        codes = ("R7", "WS", "B7") if side < 0 else ("G7", "W4", "Y7")
        for k, code in enumerate(codes):
            angle = -side * (10 + k * 14)
            key = ("fanned", code, lay.height, angle, text.lang)

            def make(code=code, angle=angle) -> pygame.Surface:
                face = parts.card(p, code, lay.u(15), text)
                return pygame.transform.rotozoom(face, angle, 1)

            x = lay.width // 2 + side * (star * 0.9 + k * lay.u(7.5))
            p.blit(p.image(key, make), center=(x, middle + k * lay.u(1.2)))


def _over_table(middle, lobby: bool = False) -> ScreenParts:
    """A screen of the felt and the seats, its middle drawn from the whole View."""

    def screen(lay: Layout, view: View) -> list[Part]:
        return [*parts.table_parts(lay, view, lobby), Part("middle", view, middle)]

    return screen


def _room(middle) -> ScreenParts:
    """A screen of its own over the dark room (no table), drawn from the whole View."""

    def screen(lay: Layout, view: View) -> list[Part]:
        return [Part("background", False, parts.background), Part("middle", view, middle)]

    return screen


SCREENS: dict[Screen, ScreenParts] = {
    Screen.LOBBY: _over_table(_lobby, lobby=True),
    Screen.DEAL: _over_table(_deal),
    Screen.GAME: game,
    Screen.COLOR: _over_table(_color_prompt),
    Screen.CHALLENGE: _over_table(_challenge),
    Screen.TALLY: _room(_tally),
    Screen.SCOREBOARD: _room(_scoreboard),
    Screen.MATCH_OVER: _room(_match_over),
}


def frame_parts(lay: Layout, view: View) -> list[Part]:
    """Every part of the frame of `view`, in the order they are drawn: the screen's, then the
    prompt bar, the device corner and the help over them."""
    return SCREENS[view.screen](lay, view) + parts.overlay_parts(view)


def _row_panel(
    p: Painter, lay: Layout, area: pygame.Rect, row: tuple[int, int, int], seat: int, lit: bool
) -> pygame.Rect:
    """Row (index, pitch, gap) of a list of seats (tally, scoreboard): its panel, lit or not."""
    k, pitch, gap = row
    rect = pygame.Rect(area.left, area.top + k * pitch, area.width, pitch - gap)
    p.panel(
        rect,
        th.TURN_FILL if lit else th.PANEL,
        th.HIGHLIGHT if lit else None,
        max(2, lay.u(0.5)) if lit else 0,
        lay.u(1.5),
    )
    p.marks[f"row {seat}"] = rect
    return rect
