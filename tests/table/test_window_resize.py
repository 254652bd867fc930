"""A window the desktop resizes: the table draws on at the new size (issue 24, item 1)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

# In a process of its own: without the fix, drawing after the resize is a segfault.
RESIZE = textwrap.dedent(
    """
    import queue, warnings
    import pygame
    from table.flow.session import Session
    from table.screen import theme as th
    from table.screen.window import Window, open_surface
    from table.setup import config as configuration

    config = configuration.loads(configuration.default_text(), "test")
    session = Session(config, None, settle=0.0)
    window = Window(config, open_surface(config, headless=True), queue.Queue(), None)
    window.frame(session, 0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().size = (800, 480)
    window.pump(1.0)
    assert window.wants_frame(), "the resize asks for a frame"
    window.frame(session, 1.0)
    surface = pygame.display.get_surface()
    assert surface.get_size() == (800, 480), surface.get_size()
    assert window.display.layout.height == 480
    assert surface.get_at((400, 470))[:3] == th.PANEL, "the prompt bar at the new bottom"
    print("drawn at", surface.get_size())
    """
)


def test_a_resized_window_is_drawn_at_its_new_size():
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", RESIZE], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "drawn at (800, 480)" in done.stdout
