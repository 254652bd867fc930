"""Fixtures for table tests: a simulated reader, a configuration that points at it, and
SDL's dummy drivers so the screen tests run without a window or a speaker."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import threading

import pygame
import pytest

from table.setup import config


@pytest.fixture(scope="session", autouse=True)
def fonts():
    """Fonts need pygame.font.init(); nothing else of pygame is started."""
    pygame.font.init()
    yield


@pytest.fixture
def sim_config(sim_reader):
    """The default configuration with one reader on the simulated pty."""
    return config.loads(f'[[reader]]\nname = "pile"\ndevice = "{sim_reader.path}"\n', "test.toml")


class Lines:
    """A `say` that keeps the lines and lets a test wait for one."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._changed = threading.Condition()

    def __call__(self, line: str) -> None:
        with self._changed:
            self.lines.append(line)
            self._changed.notify_all()

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
        """The first line containing `text`, waiting for it (`timeout` s: a hang guard)."""
        with self._changed:
            found = self._changed.wait_for(
                lambda: next((line for line in self.lines if text in line), None), timeout
            )
        assert found, f"no line with {text!r} in {self.lines}"
        return found

    @property
    def text(self) -> str:
        return "\n".join(self.lines)
