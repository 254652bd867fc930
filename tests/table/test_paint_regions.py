"""A drawing call replayed within a region (table/screen/paint.py's shortcuts: a region wholly
inside or outside a filled ellipse or a rounded box is one fill or nothing) paints, there, the
very pixels the call paints when drawn whole."""

from __future__ import annotations

import random

import pygame
import pytest

from table.screen.paint import Op, Painter, Split, SurfaceCache, _split, fill

SIZE = (400, 300)


def _draw(call, region: pygame.Rect | None) -> bytes:
    surface = pygame.Surface(SIZE)
    surface.fill((10, 20, 30))
    painter = Painter(surface)
    painter.begin(defer=True)
    call(painter)
    painter.replay(None if region is None else [region])
    cut = region or surface.get_rect()
    return pygame.image.tobytes(surface.subsurface(cut), "RGB")


def _cases(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        w, h = rng.randint(1, 300), rng.randint(1, 250)
        box = pygame.Rect(rng.randint(-40, 300), rng.randint(-40, 200), w, h)
        rw, rh = rng.randint(1, 200), rng.randint(1, 150)
        region = pygame.Rect(rng.randint(0, SIZE[0] - rw), rng.randint(0, SIZE[1] - rh), rw, rh)
        yield rng, box, region
        # Small regions about the box's edges and corners, where a shortcut could go wrong.
        corner = rng.choice((box.topleft, box.topright, box.bottomleft, box.bottomright))
        x, y = (c + rng.randint(-45, 45) for c in corner)
        region = pygame.Rect(x, y, rng.randint(1, 30), rng.randint(1, 30)).clip((0, 0, *SIZE))
        if region.width and region.height:
            yield rng, box, region


@pytest.mark.parametrize("seed", range(4))
def test_an_ellipse_in_a_region_is_the_ellipse_drawn_whole(seed):
    for _, box, region in _cases(seed, 150):

        def call(p, box=box):
            p.ellipse((200, 180, 40), box)

        whole = _draw(call, None)
        cut = pygame.image.frombytes(whole, SIZE, "RGB").subsurface(region)
        assert _draw(call, region) == pygame.image.tobytes(cut, "RGB"), (box, region)


@pytest.mark.parametrize(("width", "radius"), [(0, 5), (0, 25), (0, 60), (2, 25), (8, 5), (8, 60)])
def test_a_rounded_box_in_a_region_is_the_box_drawn_whole(width, radius):
    box = pygame.Rect(50, 40, 220, 160)

    def call(p):
        p.rect((90, 200, 250), box, width, radius)

    whole = pygame.image.frombytes(_draw(call, None), SIZE, "RGB")
    # Small regions all about the top-left corner and its two edges (every corner is drawn
    # alike), and larger ones across the box.
    regions = [
        pygame.Rect(x, y, w, h)
        for x in range(box.left - 4, box.left + radius + 12, 3)
        for y in range(box.top - 4, box.top + radius + 12, 3)
        for w, h in ((2, 2), (5, 40), (40, 5))
    ]
    regions += [pygame.Rect(x, 60, 150, 100) for x in range(40, 130, 7)]
    for region in regions:
        cut = pygame.image.tobytes(whole.subsurface(region), "RGB")
        assert _draw(call, region) == cut, region


def test_an_ellipse_in_regions_swept_across_it_is_the_ellipse_drawn_whole():
    box = pygame.Rect(40, 30, 300, 220)

    def call(p):
        p.ellipse((200, 180, 40), box)

    whole = pygame.image.frombytes(_draw(call, None), SIZE, "RGB")
    regions = [
        pygame.Rect(x, y, w, h)
        for x in range(box.left - 4, box.right, 7)
        for y in range(box.top - 4, box.bottom, 7)
        for w, h in ((4, 4), (30, 9))
    ]
    for region in (r.clip(whole.get_rect()) for r in regions):
        cut = pygame.image.tobytes(whole.subsurface(region), "RGB")
        assert _draw(call, region) == cut, region


@pytest.mark.parametrize("seed", range(3))
def test_an_ellipse_drawn_from_its_pieces_is_pygames_ellipse(seed):
    """The ellipse op draws a region its edge crosses from pieces kept of its edge, never
    with pygame.draw.ellipse: whole or in regions, the pixels are pygame's."""
    rng = random.Random(seed)
    for _ in range(40):
        box = pygame.Rect(rng.randint(-40, 200), rng.randint(-40, 150), 0, 0)
        box.size = (rng.randint(1, 380), rng.randint(1, 280))
        color = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
        drawn = pygame.Surface(SIZE)
        drawn.fill((10, 20, 30))
        pygame.draw.ellipse(drawn, color, box)

        def call(p, box=box, color=color):
            p.ellipse(color, box)

        assert _draw(call, None) == pygame.image.tobytes(drawn, "RGB"), box
        for _ in range(5):
            region = pygame.Rect(rng.randint(0, 350), rng.randint(0, 250), 0, 0)
            region.size = (rng.randint(1, SIZE[0] - region.x), rng.randint(1, SIZE[1] - region.y))
            cut = pygame.image.tobytes(drawn.subsurface(region), "RGB")
            assert _draw(call, region) == cut, (box, region)


@pytest.mark.parametrize(("width", "radius"), [(0, 6), (2, 20), (3, 0)])
def test_a_kept_panel_blitted_in_bands_is_the_panel_blended_whole(width, radius):
    """A kept panel's rows of alpha 255 are copied, the others blended: the same pixels as
    the panel's image blended whole."""
    rect = pygame.Rect(30, 25, 90, 60)  # small: kept as an image
    fill, edge = (90, 200, 250), (250, 240, 20)
    surface = pygame.Surface(SIZE)
    surface.fill((10, 20, 30))
    whole = surface.copy()
    _blend_panel(whole, rect, fill, edge, width, radius)
    painter = Painter(surface)
    painter.begin(defer=True)
    painter.panel(rect, fill, edge if width else None, width, radius)
    painter.replay()
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_panel_over_its_glow_kept_as_one_image_is_the_two_blended_in_turn():
    """The seat on turn's glow and box, kept as one image (its opaque middle copied): the
    pixels of the glow blended, then the box blended over it, on a background of many
    colours."""
    glow = pygame.Rect(40, 30, 100, 76)  # small: kept as images
    rect = glow.inflate(-16, -16)
    fill, edge, halo = (30, 60, 90), (250, 240, 20), ((250, 240, 20, 90), 14)
    surface = pygame.Surface(SIZE)
    for x in range(0, SIZE[0], 5):
        surface.fill((x % 256, (3 * x) % 256, 90), (x, 0, 5, SIZE[1]))
    whole = surface.copy()
    _blend_panel(whole, glow, halo[0], edge, 0, halo[1])
    _blend_panel(whole, rect, fill, edge, 3, 10)
    painter = Painter(surface)
    painter.begin(defer=True)
    painter.glowing(rect, fill, edge, 3, 10, glow, halo)
    assert [op.kind for op in painter.ops] == ["split"]
    split = painter.ops[0].args[0]
    # The inside of the border filled in its colour; the border's four strips copied, the four
    # sides about them blended.
    assert split.solid is not None and split.solid[0] == fill
    inside = rect.inflate(-6, -6).move(-glow.x, -glow.y)  # within the border, in the image
    core = split.solid[1]
    assert inside.contains(core) and 2 * core.width * core.height > inside.width * inside.height
    assert len(split.pieces) == 8
    painter.replay()
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(whole, "RGB")


@pytest.mark.parametrize("glow", ["none", "lit", "clear"])
def test_a_panel_on_the_felt_kept_blended_onto_it_is_the_felt_then_the_panel(glow):
    """A panel right on the felt (a seat's box), kept blended onto the felt where it goes:
    wherever it lies (inside the oval, across its edges, outside it), the felt drawn whole
    then the panel (over its glow, lit or clear) blended over it; one opaque call over all
    of it, glow's room too, under which nothing is drawn."""
    room, edge, green = (10, 20, 30), (80, 90, 100), (20, 120, 60)
    oval = pygame.Rect(60, 50, 280, 200)
    felt = (room, pygame.Rect(0, 0, *SIZE), ((edge, oval.inflate(6, 6)), (green, oval)))
    fill, line = (30, 60, 90), (250, 240, 20)
    halo = ((250, 240, 20, 90 if glow == "lit" else 0), 14)
    rng = random.Random(glow)
    for _ in range(25):
        room_of_glow = pygame.Rect(rng.randint(-20, 330), rng.randint(-20, 250), 76, 54)
        rect = room_of_glow.inflate(-12, -12)
        whole = pygame.Surface(SIZE)
        whole.fill(room)
        pygame.draw.ellipse(whole, edge, oval.inflate(6, 6))
        pygame.draw.ellipse(whole, green, oval)
        if glow == "lit":
            _blend_panel(whole, room_of_glow, halo[0], line, 0, halo[1])
        _blend_panel(whole, rect, fill, line, 3, 10)
        surface = pygame.Surface(SIZE)
        painter = Painter(surface)
        painter.begin(defer=True)
        painter.felt(*felt)
        if glow == "none":
            painter.panel(rect, fill, line, 3, 10, felt)
        else:
            painter.glowing(rect, fill, line, 3, 10, room_of_glow, halo, felt)
        painter.replay()
        where = room_of_glow
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(whole, "RGB"), where
        shown = rect if glow == "none" else room_of_glow
        assert painter.covers[-1] == shown  # every pixel of it painted: the felt not drawn
        region = shown.clip(surface.get_rect())
        surface.fill((0, 0, 0))
        painter.replay([region])  # the panel's call alone: the felt's is hidden under it
        got, want = surface.subsurface(region), whole.subsurface(region)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), where


def _blend_panel(surface, box, fill, edge, width, radius):
    """A rounded box drawn on a layer of its own, then blended onto `surface`: the reference."""
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    if width:
        pygame.draw.rect(layer, edge, layer.get_rect(), width, border_radius=radius)
    surface.blit(layer, box)


def test_the_felt_in_regions_is_the_room_and_its_ellipses_drawn_whole():
    """The felt (a fill, then two ellipses over it, as one call): in any region, what
    pygame draws of the three in turn; a region inside an ellipse is drawn from it on."""
    room, edge, felt = (10, 20, 30), (80, 90, 100), (20, 120, 60)
    oval = pygame.Rect(60, 50, 280, 200)
    drawn = pygame.Surface(SIZE)
    drawn.fill(room)
    pygame.draw.ellipse(drawn, edge, oval.inflate(6, 6))
    pygame.draw.ellipse(drawn, felt, oval)

    def call(p):
        p.felt(room, pygame.Rect(0, 0, *SIZE), ((edge, oval.inflate(6, 6)), (felt, oval)))

    assert _draw(call, None) == pygame.image.tobytes(drawn, "RGB")
    regions = [
        pygame.Rect(x, y, w, h)
        for x in range(0, SIZE[0], 23)
        for y in range(0, SIZE[1], 19)
        for w, h in ((5, 5), (60, 30))
    ]
    for region in (r.clip(drawn.get_rect()) for r in regions):
        cut = pygame.image.tobytes(drawn.subsurface(region), "RGB")
        assert _draw(call, region) == cut, region


BIG = (800, 600)  # a panel of a sixteenth of it is kept as an image


def _covered_scene(p: Painter) -> None:
    """The felt, a seat's glow and box over it, and a text-like image over the box."""
    room, edge, felt = (10, 20, 30), (80, 90, 100), (20, 120, 60)
    oval = pygame.Rect(60, 50, 280, 200)
    p.felt(room, pygame.Rect(0, 0, *BIG), ((edge, oval.inflate(6, 6)), (felt, oval)))
    glow = pygame.Rect(20, 100, 160, 100)
    box, halo = glow.inflate(-8, -8), ((250, 240, 20, 90), 14)
    p.glowing(box, (30, 60, 90), (250, 240, 20), 3, 10, glow, halo)
    p.rect((200, 40, 40), pygame.Rect(300, 20, 400, 100), 0, 12)  # large: drawn, not kept
    ink = pygame.Surface((30, 12), pygame.SRCALPHA)
    ink.fill((255, 255, 255, 128), (0, 3, 30, 6))
    p.blit(ink, topleft=(50, 130))


def test_a_call_that_paints_all_of_a_region_hides_what_lies_under_it():
    """Under a box's opaque middle, the felt is not drawn at all; a region the box covers in
    part is drawn in parts (its middle from the box on); the pixels are those of everything
    drawn whole."""
    surface = pygame.Surface(BIG)
    painter = Painter(surface)
    painter.begin(defer=True)
    _covered_scene(painter)
    kinds = [op.kind for op in painter.ops]
    assert kinds == ["felt", "split", "rect", "blit"]
    inside = pygame.Rect(45, 125, 40, 20)  # within the glowing box's opaque middle
    assert painter._seen(inside) == [(inside, [1, 3])]  # the felt is hidden there
    inside_bar = pygame.Rect(330, 40, 300, 60)  # within the rounded bar's whole band
    assert painter._seen(inside_bar) == [(inside_bar, [2])]
    seat = pygame.Rect(20, 100, 160, 100)  # the glow about the box, and the felt under it
    parts = painter._seen(seat)
    assert len(parts) > 1 and parts[0][1][0] == 1  # the middle: from the box on
    assert sum(p.width * p.height for p, _ in parts) == seat.width * seat.height
    assert all(p.collidelist([q for q, _ in parts if q is not p]) < 0 for p, _ in parts)
    painter.replay()
    whole = pygame.image.tobytes(surface, "RGB")
    rng = random.Random(7)
    regions = [inside, inside_bar, seat] + [
        pygame.Rect(
            rng.randint(0, 700), rng.randint(0, 250), rng.randint(1, 160), rng.randint(1, 120)
        )
        for _ in range(120)
    ]
    for region in regions:
        region = region.clip(surface.get_rect())
        surface.fill((255, 0, 255))  # what a call that should have been drawn would leave
        painter.replay([surface.get_rect()])
        surface.fill((255, 0, 255), region)
        painter.replay([region])
        assert pygame.image.tobytes(surface, "RGB") == whole, region


def test_a_small_cover_over_a_box_does_not_keep_the_box_from_hiding_the_felt():
    """A seat's box with an opaque badge over it: the badge covers little of the seat's region,
    the box most of it; the region is still drawn in parts, its middle from the box on."""
    surface = pygame.Surface(BIG)
    painter = Painter(surface)
    painter.begin(defer=True)
    _covered_scene(painter)
    badge = pygame.Surface((20, 10))
    badge.fill((240, 240, 240))
    painter.blit(badge, topleft=(140, 110))
    assert [op.kind for op in painter.ops] == ["felt", "split", "rect", "blit", "blit"]
    seat = pygame.Rect(20, 100, 160, 100)
    parts = painter._seen(seat)
    assert len(parts) > 1 and parts[0][1][0] == 1  # the middle: from the box on
    painter.replay()
    whole = pygame.image.tobytes(surface, "RGB")
    surface.fill((255, 0, 255), seat)
    painter.replay([seat])
    assert pygame.image.tobytes(surface, "RGB") == whole


def test_a_see_through_or_outlined_call_hides_nothing():
    """A call with see-through pixels, or only an edge, paints some of its box only: what lies
    under it is drawn."""
    surface = pygame.Surface(BIG)
    painter = Painter(surface)
    painter.begin(defer=True)
    painter.rect((10, 20, 30), pygame.Rect(0, 0, *BIG))
    painter.rect((200, 40, 40), pygame.Rect(50, 50, 200, 100), 4)  # an edge only
    painter.rect((200, 40, 40, 120), pygame.Rect(60, 60, 100, 60))  # see-through colour
    ink = pygame.Surface((80, 40), pygame.SRCALPHA)
    ink.fill((255, 255, 255, 100))
    painter.blit(ink, topleft=(70, 70))
    region = pygame.Rect(80, 80, 20, 20)
    assert painter._seen(region) == [(region, [0, 1, 2, 3])]


def test_a_felt_region_drawn_again_is_copied_as_first_drawn():
    """A region the felt's edges cross is kept as drawn: drawn again over anything, it comes
    out as the felt drawn whole (and from the copy: no ellipse is consulted)."""
    room, edge, felt = (10, 20, 30), (80, 90, 100), (20, 120, 60)
    oval = pygame.Rect(60, 50, 280, 200)
    surface = pygame.Surface(SIZE)
    painter = Painter(surface)
    painter.begin(defer=True)
    painter.felt(room, pygame.Rect(0, 0, *SIZE), ((edge, oval.inflate(6, 6)), (felt, oval)))
    painter.replay()
    whole = pygame.image.tobytes(surface, "RGB")
    # Small regions across the ellipses' edges (a large one is not kept: it would crowd out
    # the rest).
    regions = [
        pygame.Rect(45, 100, 30, 20),
        pygame.Rect(290, 210, 25, 25),
        pygame.Rect(0, 140, 70, 9),
    ]
    for region in regions:
        painter.replay([region])  # drawn (the edge crossed) and kept
    (op,) = painter.ops
    layers = op.args[0].layers
    for _, ovals in layers:
        ovals.holds = None  # a region drawn from a kept copy asks no ellipse
    for region in regions:
        surface.fill((255, 0, 255), region)
        painter.replay([region])
        assert pygame.image.tobytes(surface, "RGB") == whole, region


@pytest.mark.parametrize("flags", [0, pygame.SRCALPHA])
def test_a_fill_in_parts_is_one_fill(flags):
    """paint.fill splits a row about 16-byte boundaries: the very pixels of one fill, within
    the clip."""
    rng = random.Random(3)
    ours, sdl = pygame.Surface((300, 40), flags), pygame.Surface((300, 40), flags)
    for _ in range(400):
        x, w, y = rng.randint(-20, 290), rng.randint(0, 90), rng.randint(-5, 35)
        rect, clip = (
            pygame.Rect(x, y, w, rng.randint(1, 9)),
            pygame.Rect(rng.randint(0, 40), 0, 250, 40),
        )
        color = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
        for surface in (ours, sdl):
            surface.fill((9, 8, 7, 6))
            surface.set_clip(clip)
        fill(ours, color, rect)
        sdl.fill(color, rect)
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(sdl, "RGBA"), rect


@pytest.mark.parametrize(("width", "radius"), [(0, 0), (-1, 0), (-2, 8), (3, 0)])
def test_a_box_replayed_in_a_region_is_pygames_box(width, radius):
    """A plain box filled, an edge, or nothing (a negative width: pygame draws nothing), as
    pygame.draw.rect draws it, in any region."""
    box, color = pygame.Rect(30, 20, 250, 120), (200, 40, 40)
    pygames = pygame.Surface(SIZE)
    pygames.fill((10, 20, 30))
    pygame.draw.rect(pygames, color, box, width, border_radius=radius)

    def call(p):
        p.rect(color, box, width, radius)

    regions = [pygame.Rect(0, 0, *SIZE), pygame.Rect(40, 30, 100, 50), pygame.Rect(25, 15, 30, 30)]
    for region in regions:
        assert _draw(call, region) == pygame.image.tobytes(pygames.subsurface(region), "RGB")


def test_an_image_kept_again_under_its_key_counts_once():
    cache = SurfaceCache(10_000)
    cache.put("a", pygame.Surface((10, 10)))
    cache.put("a", pygame.Surface((20, 10)))
    assert len(cache) == 1 and cache.bytes == pygame.Surface((20, 10)).get_pitch() * 10


def test_a_panel_on_the_felt_is_made_again_with_its_plain_image_once_that_went():
    """A flat panel shares the plain one's opaque block: when the plain one is let go and
    made again, the flat one is made again from it (no block kept that the budget misses)."""
    surface = pygame.Surface(SIZE)
    painter = Painter(surface)
    felt = (
        (10, 20, 30),
        pygame.Rect(0, 0, *SIZE),
        (((20, 120, 60), pygame.Rect(60, 50, 280, 200)),),
    )
    rect = pygame.Rect(100, 100, 90, 60)

    def flat():
        painter.begin(defer=True)
        painter.panel(rect, (30, 60, 90), (250, 240, 20), 3, 10, felt)
        return painter.ops[-1].args[0]

    first = flat()
    assert flat() is first  # kept
    plain_keys = [k for k in list(painter.images.keys()) if k[0] == "panel"]
    for key in plain_keys:
        painter.images._items.pop(key)  # the plain image let go
    again = flat()
    assert again is not first and set(again.shares).isdisjoint(first.shares)
    plain = painter.images.peek(plain_keys[0])
    assert set(again.shares) <= {image for image, _ in plain.pieces}


@pytest.mark.parametrize("alpha", [0, 90])
def test_a_large_seat_box_not_kept_as_one_image_is_still_the_felt_its_glow_and_the_box(alpha):
    """A box too large to keep as one image is drawn in two calls: its glow (none when
    clear, off turn) on the felt, then the box; the pixels are those drawn in turn."""
    room, edge, green = (10, 20, 30), (80, 90, 100), (20, 120, 60)
    oval = pygame.Rect(60, 50, 280, 200)
    felt = (room, pygame.Rect(0, 0, *SIZE), ((edge, oval.inflate(6, 6)), (green, oval)))
    glow = pygame.Rect(20, 40, 230, 170)
    rect = glow.inflate(-16, -16)  # more than a sixteenth of the surface: not kept
    fill, line, halo = (30, 60, 90), (250, 240, 20), ((250, 240, 20, alpha), 14)
    whole = pygame.Surface(SIZE)
    whole.fill(room)
    pygame.draw.ellipse(whole, edge, oval.inflate(6, 6))
    pygame.draw.ellipse(whole, green, oval)
    if alpha:
        _blend_panel(whole, glow, halo[0], line, 0, halo[1])
    pygame.draw.rect(whole, fill, rect, border_radius=10)
    pygame.draw.rect(whole, line, rect, 3, border_radius=10)
    surface = pygame.Surface(SIZE)
    painter = Painter(surface)
    painter.begin(defer=True)
    painter.felt(*felt)
    painter.glowing(rect, fill, line, 3, 10, glow, halo, felt)
    assert len(painter.ops) == (4 if alpha else 3)  # felt, [glow], the box and its edge
    painter.replay()
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_an_opaque_middle_of_many_colours_is_copied_whole_and_draws_as_blended():
    """Only a middle of one colour is filled: a gradient under the alpha-255 block is kept
    as an image, and the split draws the very pixels the image blended whole does."""
    image = pygame.Surface((60, 40), pygame.SRCALPHA)
    for x in range(60):
        image.fill((4 * x, 100, 200 - 3 * x, 255), (x, 0, 1, 40))
    image.fill((0, 0, 0, 0), (0, 0, 60, 3))  # a see-through band above the block
    split = Split.of(image, lambda piece: piece)  # pieces as made: no screen to convert to
    assert split.solid is None and split.opaque == pygame.Rect(0, 3, 60, 37)
    assert any(piece.get_size() == (60, 37) for piece, _ in split.pieces)
    drawn, whole = pygame.Surface((80, 50)), pygame.Surface((80, 50))
    for surface in (drawn, whole):
        surface.fill((30, 30, 30))
    whole.blit(image, (5, 6))
    _split(drawn, Op("split", (5, 6, 60, 40), (split, (5, 6))))
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(whole, "RGB")
