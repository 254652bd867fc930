"""Every screen at 800x480, 1920x1080 and 3840x2160: what it must show, and that it fits."""

from __future__ import annotations

import dataclasses
import itertools
import math

import pygame
import pytest

from engine import Card, Game, RuleSet
from table.commands.screenshots import save_all
from table.positions import default_positions
from table.screen import cards_art as art
from table.screen import parts
from table.screen import theme as th
from table.screen.display import Display
from table.screen.examples import examples, keys
from table.screen.layout import Layout
from table.screen.paint import _DRAW, SurfaceCache
from table.screen.text import Text
from table.screen.view import Devices, Screen, TableFacts, build_view

SIZES = [(800, 480), (1920, 1080)]
VIEWS = examples()


@pytest.fixture(scope="module")
def displays():
    """One Display per size, kept across tests so the card faces are drawn once."""
    return {size: Display(pygame.Surface(size)) for size in [*SIZES, (3840, 2160)]}


def draw(displays, size, view) -> Display:
    display = displays[size]
    display.render(view)
    return display


def count(surface: pygame.Surface, color, rect: pygame.Rect | None = None) -> int:
    """How many pixels of exactly `color` lie in `rect`."""
    area = surface.subsurface(rect.clip(surface.get_rect())) if rect else surface
    return pygame.mask.from_threshold(area, color, (1, 1, 1, 255)).count()


def assert_fits(display: Display, view) -> None:
    """Texts and boxes inside the screen, apart from each other and off the top card."""
    p = display.painter
    screen = display.surface.get_rect()
    texts = [rect for _, rect in p.placed]
    assert texts, "nothing was written"
    for text, rect in p.placed:
        assert screen.contains(rect), (text, rect)
    if not view.help:
        for (a, ra), (b, rb) in itertools.combinations(p.placed, 2):
            assert not ra.colliderect(rb), (a, ra, b, rb)
    card = p.marks.get("top_card")
    if card is not None and not view.help:
        assert screen.contains(card)
        for text, rect in p.placed:
            assert not rect.colliderect(card), (text, rect, card)
    seats = [rect for name, rect in p.marks.items() if name.startswith("seat ")]
    for a, b in itertools.combinations(seats, 2):
        assert not a.colliderect(b), (a, b)
    for rect in seats:
        assert screen.contains(rect)
        assert not rect.colliderect(display.layout.bar)
        if card is not None:
            assert not rect.colliderect(card)
    for name, rect in p.marks.items():
        assert screen.contains(rect), (name, rect)


def written(display: Display) -> str:
    return " | ".join(text for text, _ in display.painter.placed)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(VIEWS))
def test_every_screen_fits_and_shows_its_prompt(displays, size, name):
    view = VIEWS[name]
    display = draw(displays, size, view)
    assert_fits(display, view)
    shown = written(display)
    words = view.footer.split()
    assert words[0] in shown and words[-1].rstrip(".!") in shown
    if view.screen in (Screen.LOBBY, Screen.DEAL, Screen.GAME, Screen.COLOR, Screen.CHALLENGE):
        for seat in view.seats:
            assert seat.name[:3] in shown
            assert f"seat {seat.seat}" in display.painter.marks


@pytest.mark.parametrize("name", ["game", "lobby", "tally"])
def test_the_biggest_screen_fits(displays, name):
    view = VIEWS[name]
    display = draw(displays, (3840, 2160), view)
    assert_fits(display, view)
    if view.screen is Screen.GAME:
        card = display.painter.marks["top_card"]
        assert (
            count(display.surface, th.CARD_HUES[view.game.top[0]], card)
            > card.width * card.height / 8
        )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_game_screen_shows_the_table(displays, size):
    view = VIEWS["game"]
    display = draw(displays, size, view)
    surface, marks = display.surface, display.painter.marks
    card = marks["top_card"]
    red = th.CARD_HUES["R"]
    assert count(surface, red, card) > card.width * card.height / 8  # the top card, large
    assert card.height > display.surface.get_height() * 0.35
    assert count(surface, red, marks["color"]) > 0  # the colour to follow
    assert "RED" in written(display)
    assert "direction" in marks
    turn = marks["seat 0"]
    assert count(surface, th.HIGHLIGHT, turn) > turn.width  # whose turn, lit up
    for other in ("seat 1", "seat 2", "seat 3"):
        assert count(surface, th.HIGHLIGHT, marks[other]) == 0
    assert count(surface, th.CALL, marks["uno 1"]) > 0  # Bruno called UNO
    shown = written(display)
    assert "120 pts" in shown and "Dani is skipped" in shown
    assert "Reader connected" in shown and "Buttons: lgpio" in shown


def test_the_direction_ring_turns_with_the_direction(displays):
    view = VIEWS["game"]
    display = draw(displays, (800, 480), view)
    ring = display.painter.marks["direction"]
    clockwise = pygame.image.tobytes(display.surface.subsurface(ring), "RGB")
    display.render(dataclasses.replace(view, game=dataclasses.replace(view.game, direction=-1)))
    anticlockwise = pygame.image.tobytes(display.surface.subsurface(ring), "RGB")
    assert clockwise != anticlockwise


def test_a_pending_draw_shows_on_the_table_and_on_the_seat(displays):
    view = VIEWS["game_pending"]
    display = draw(displays, (1920, 1080), view)
    marks = display.painter.marks
    assert view.game.pending == 2 and view.seats[1].pending == 2
    assert count(display.surface, th.ALERT, marks["pending"]) > 0
    assert count(display.surface, th.ALERT, marks["seat 1"]) > 0
    assert written(display).count("+2") >= 2


def test_a_refusal_is_red_with_its_seat_and_reason(displays):
    view = VIEWS["game_refusal"]
    display = draw(displays, (800, 480), view)
    surface, marks = display.surface, display.painter.marks
    assert count(surface, th.ALERT, display.layout.bar) > 0
    assert count(surface, th.ALERT, marks["seat 0"]) > 0
    shown = written(display)
    assert "Ana: green 4 doesn't fit" in shown
    assert "No card reader" in shown and "Not working: pile" in shown
    assert "Code: G4_" in shown


def test_the_colour_prompt_shows_the_four_colours_in_pad_order(displays):
    display = draw(displays, (1920, 1080), VIEWS["color"])
    marks = display.painter.marks
    xs = []
    for letter in th.CARD_ORDER:
        rect = marks[f"swatch {letter}"]
        assert count(display.surface, th.CARD_HUES[letter], rect) > rect.width * rect.height / 10
        xs.append(rect.x)
    assert xs == sorted(xs)
    assert "RED" in written(display) and "BLUE" in written(display)


def test_the_challenge_screens_say_who_and_what(displays):
    display = draw(displays, (1920, 1080), VIEWS["challenge"])
    shown = written(display)
    assert "Bruno: did Ana hold a green card?" in shown.replace(" | ", " ")
    assert "Fair: Bruno draws 6" in shown and "Guilty: Ana draws 4" in shown
    display = draw(displays, (1920, 1080), VIEWS["challenge_reveal"])
    assert "shown: 2 · still to show: 1" in written(display)


def test_the_scoreboard_ranks_and_lights_the_round_winner(displays):
    view = VIEWS["scoreboard"]
    display = draw(displays, (800, 480), view)
    marks = display.painter.marks
    rows = sorted((marks[f"row {s}"].y, s) for s in range(4))
    assert [s for _, s in rows] == [2, 0, 3, 1]  # by score
    assert count(display.surface, th.HIGHLIGHT, marks[f"row {view.game.outcome.winner}"]) > 0
    assert "Ana wins the round: +83" in written(display)


def test_the_help_overlay_lists_every_key(displays):
    view = VIEWS["help"]
    display = draw(displays, (800, 480), view)
    shown = [text for text, _ in display.painter.placed]
    for key, meaning in keys():
        assert key in shown and meaning in shown


def test_spanish_screens(displays):
    display = draw(displays, (800, 480), examples("es")["game_pending"])
    shown = written(display)
    assert "Bruno: acumula" in shown and "ROBAR" in shown
    assert "VERDE" in shown and "Lector conectado" in shown


@pytest.mark.parametrize("players", [2, 3, 5, 6, 7, 8, 10])
def test_any_number_of_seats_fits(displays, players):
    game = Game.new(players, RuleSet.preset("official"), seed=players)
    names = tuple(f"Player {s + 1} with a long name" for s in range(players))
    view = build_view(game, TableFacts(names=names, devices=Devices(pin_factory="mock")))
    for size in SIZES:
        display = draw(displays, size, view)
        assert_fits(display, view)


@pytest.mark.parametrize("players", [3, 8, 10])
def test_seats_sit_clockwise_in_seat_order(players):
    lay = Layout(1920, 1080)
    rects = lay.seat_rects(default_positions(players))
    cx, cy = lay.table.center
    angles = [math.degrees(math.atan2(r.centery - cy, r.centerx - cx)) for r in rects]
    turned = [(a - angles[0]) % 360 for a in angles]  # clockwise on screen: growing angles
    assert turned == sorted(turned) and len(set(turned)) == players


def test_nothing_is_redrawn_while_nothing_changes():
    display = Display(pygame.Surface((800, 480)))
    view = VIEWS["game"]
    assert display.needs_redraw(view)
    assert display.show(view) is True
    assert not display.needs_redraw(dataclasses.replace(view))  # an equal View
    display.surface.set_at((5, 5), (255, 0, 255))
    assert display.show(view) is False
    assert display.surface.get_at((5, 5)) == (255, 0, 255)  # untouched
    assert display.needs_redraw(
        dataclasses.replace(view, game=dataclasses.replace(view.game, pending=2))
    )
    assert display.needs_redraw(
        dataclasses.replace(view, table=dataclasses.replace(view.table, help=True))
    )


def test_show_puts_the_frame_on_the_window():
    pygame.display.init()
    try:
        window = pygame.display.set_mode((800, 480))
        display = Display(window)
        assert display.show(VIEWS["game"]) is True
        assert display.show(VIEWS["game"]) is False
        assert window.get_at(display.painter.marks["top_card"].center)[:3] != th.BACKGROUND
    finally:
        pygame.display.quit()


def test_warm_makes_what_the_top_card_of_each_code_draws():
    """After warm, the pile's top card of any of the codes warmed makes no image, nor looks
    for an image's ink: its base, rank and corners are all kept (a small screen: every part
    fits the cache)."""
    display = Display(pygame.Surface((800, 480)))
    codes = ("R0", "Y7", "GS", "BD2", "W", "W4")
    display.warm(codes)
    painter = display.painter
    keys = painter.images.keys()
    assert {k[1] for k in keys if k[0] == "rounded base"} == {"R", "Y", "G", "B", "W"}
    assert any(k[0] == "back" for k in keys)
    made, inked = len(painter.images), len(painter._ink)
    height = display.layout.top_card.height
    for code in codes:
        painter.begin(defer=True)
        parts.card_in_parts(painter, code, height, Text("en"), "top_card", center=(400, 240))
    assert len(painter.images) == made
    assert len(painter._ink) == inked  # where each part has ink was found by warm too
    painter.begin(defer=True)
    parts.card_in_parts(painter, "R5", height, Text("en"), "top_card", center=(400, 240))
    assert len(painter.images) > made  # a code not warmed: its rank is made now


def _face(painter, code: str, height: int, lang: str = "en") -> tuple:
    base, marks = parts.card_parts(painter, code, height, Text(lang))
    return base, [(mark.image, mark.at) for mark in marks]


def _pixels(face: tuple) -> tuple:
    base, marks = face  # the base kept in parts (a Split), each mark an image
    images = [*(piece for piece, _ in base.pieces), *(image for image, _ in marks)]
    places = [at for _, at in base.pieces], [at for _, at in marks]
    return [pygame.image.tobytes(i, "RGBA") for i in images], places, base.solid


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_top_card_is_copied_where_it_is_opaque_and_blended_only_at_its_corners(size):
    """The pile's face is drawn from its base kept in parts: the rows between its rounded
    corners are one opaque copy (the frame under them is not drawn), and the frame's pixels
    are those of the calls drawn with that base blended whole instead."""
    display = Display(pygame.Surface(size))
    display.render(VIEWS["game"])
    painter, top = display.painter, display.painter.marks["top_card"]
    (op,) = [op for op in painter.ops if op.kind == "split" and op.args[1] == top.topleft]
    split = op.args[0]
    assert split.size == top.size and split.opaque.height > 0.8 * top.height
    card = Card.parse(VIEWS["game"].game.top)
    base = art.face_base(card, top.height, painter.font)
    base = art.rounded(base, art.card_radius(base.get_width()))
    whole = pygame.Surface(size)
    for call in painter.ops:
        if call is op:
            whole.blit(base, top)
        else:
            _DRAW[call.kind](whole, call)
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(display.surface, "RGB")


@pytest.mark.parametrize("code", ["R5", "GS", "BD2", "W", "W4"])
def test_a_card_played_again_is_made_of_the_same_parts_where_they_were(code):
    """Looked up by its recipe (Painter.recipes), a face is the very images the cache keeps,
    at the places a face made afresh puts them; once a part was let go, it is made again."""
    painter = Display(pygame.Surface((1920, 1080))).painter
    first = _face(painter, code, 300)
    assert (code, 300, Text("en")) in painter.recipes
    again = _face(painter, code, 300)
    assert again[0] is first[0] and all(
        a[0] is b[0] for a, b in zip(again[1], first[1], strict=True)
    )
    assert _pixels(again) == _pixels(
        _face(Display(pygame.Surface((1920, 1080))).painter, code, 300)
    )
    assert _face(painter, code, 300, "es")[1] != [] and (code, 300, Text("es")) in painter.recipes
    kept, painter.images = painter.images, SurfaceCache(painter.images.budget)
    base_key = painter.recipes[(code, 300, Text("en"))][0]
    painter.images.put(base_key, kept.peek(base_key))  # only the base still kept: marks let go
    remade = _face(painter, code, 300)
    assert remade[0] is first[0]
    assert not any(a[0] is b[0] for a, b in zip(remade[1], first[1], strict=True))  # made again
    assert len(painter.images) > 1  # and kept again
    assert _pixels(remade) == _pixels(first)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_caches_stay_within_their_budgets(size):
    display = Display(pygame.Surface(size))
    height = display.layout.top_card.height
    codes = {str(c) for c in RuleSet.preset("official").deck()}
    for lang in ("en", "es"):  # the faces' letters differ: 108 faces
        for code in codes:
            parts.card(display.painter, code, height, Text(lang))
            display.painter.text_image(code * 20 + lang, 60, th.TEXT)
    painter = display.painter
    for cache in (painter.images, painter.texts):
        assert 0 < cache.bytes <= cache.budget
    kept = painter.images.keys()
    faces = [k for k in kept if k[0] == "face"]
    assert len(faces) < 2 * len(codes)  # some faces had to go: the budget is what bounds it


def test_the_screenshot_tool_saves_pngs(tmp_path):
    paths = save_all(tmp_path, sizes=((800, 480),), names=["game", "lobby"])
    assert sorted(p.name for p in paths) == ["game_en_800x480.png", "lobby_en_800x480.png"]
    assert pygame.image.load(str(paths[0])).get_size() == (800, 480)


def test_run_without_a_screen_says_so(monkeypatch):
    from table.screen.window import NoScreen, open_surface
    from table.setup import config as configuration

    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    config = configuration.loads(configuration.default_text(), "test")
    pygame.display.quit()
    with pytest.raises(NoScreen, match="--headless"):
        open_surface(config, headless=False)


@pytest.mark.parametrize(
    ("screen", "drawn"),
    [
        ((3840, 2160), (1920, 1080)),
        ((2560, 1440), (1920, 1080)),
        ((3440, 1440), (1920, 804)),
        ((1920, 1200), (1728, 1080)),
        ((1920, 1080), (1920, 1080)),
        ((800, 480), (800, 480)),
    ],
)
def test_a_screen_larger_than_1080p_is_drawn_at_1080p_in_its_shape(screen, drawn):
    from table.screen.window import drawn_size

    assert drawn_size(screen) == drawn


def test_a_4k_table_opens_a_1080p_surface():
    from table.screen.window import open_surface
    from table.setup import config as configuration

    text = configuration.default_text() + "\n"
    config = configuration.loads(text.replace("width = 0", "width = 3840").replace(
        "height = 0", "height = 2160"), "test")  # fmt: skip
    try:
        assert open_surface(config, headless=True).get_size() == (1920, 1080)
    finally:
        pygame.display.quit()
