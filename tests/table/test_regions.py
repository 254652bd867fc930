"""Drawing only the regions that changed gives, pixel for pixel, the frame a full redraw gives,
over a whole bots' match (every screen, both languages, the help overlay)."""

from __future__ import annotations

import statistics

import pygame
import pytest

from bench.memory import HELP_EVERY, Match
from table.screen.display import Display
from table.screen.frame import Local, session_view
from table.screen.regions import merge


@pytest.mark.parametrize(("lang", "size"), [("en", (800, 480)), ("es", (1920, 1080))])
def test_regions_draw_what_a_full_redraw_draws_over_a_match(tmp_path, lang, size):
    pygame.display.init()  # SDL's dummy display: images are kept in its format, as on the table
    try:
        _compare_over_a_match(tmp_path, lang, pygame.display.set_mode(size))
    finally:
        pygame.display.quit()


def _compare_over_a_match(tmp_path, lang: str, window: pygame.Surface) -> None:
    size = window.get_size()
    match = Match(tmp_path, lang, size, seed=3)
    regions, full = Display(window), Display(pygame.Surface(size))
    shares, screens, frame = [], set(), 0
    try:
        while not match.driver.done:
            match.step()
            local = Local(help=match.driver.actions % HELP_EVERY == HELP_EVERY - 1)
            view = session_view(match.session, local)
            if not regions.needs_redraw(view):
                continue
            drawn = regions.draw(view)
            full.render(view)
            frame += 1
            screens.add((view.screen, view.help))
            shares.append(regions.updated / (size[0] * size[1]))
            same = pygame.image.tobytes(regions.surface, "RGB") == pygame.image.tobytes(
                full.surface, "RGB"
            )
            assert same, f"frame {frame} ({view.screen}) differs; regions {drawn}"
    finally:
        match.close()
    assert match.driver.consistent, match.driver.problem
    assert len({screen for screen, _ in screens}) >= 6  # lobby, deal, game, colour, scores...
    assert any(help_on for _, help_on in screens)
    assert statistics.median(shares) < 0.3  # most frames draw a small part of the screen


def test_merged_regions_cover_every_box_and_do_not_overlap():
    boxes = [pygame.Rect(0, 0, 10, 10), pygame.Rect(12, 0, 10, 10), pygame.Rect(100, 100, 5, 5)]
    merged = merge(boxes, slack=4)
    assert len(merged) == 2
    for box in boxes:
        assert any(region.contains(box) for region in merged)
    assert not merged[0].colliderect(merged[1])
