"""The default window on a PC fits the screen it opens on."""

import pygame
import pytest

from table.screen.window import PC_SIZE, pc_window


@pytest.mark.parametrize(
    ("desktop", "window", "flags"),
    [
        ((1920, 1080), PC_SIZE, 0),
        ((2560, 1440), PC_SIZE, 0),
        ((800, 480), (800, 480), pygame.NOFRAME),  # the whole small screen, never cut off
        ((1366, 768), (1366, 768), pygame.NOFRAME),  # 720 rows and the desktop's bars: no
        ((1280, 1024), (1280, 1024), pygame.NOFRAME),
    ],
)
def test_the_default_window_fits_the_screen(desktop, window, flags):
    assert pc_window(desktop) == (window, flags)
    assert all(w <= d for w, d in zip(window, desktop, strict=True))
