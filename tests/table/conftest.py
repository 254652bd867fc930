"""Fixtures for table tests: a simulated reader and a configuration that points at it."""

from __future__ import annotations

import threading

import pytest

from table import config


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

    def wait_for(self, text: str, timeout: float = 5.0) -> str:
        """The first line containing `text`, waiting for it up to `timeout` s."""
        with self._changed:
            found = self._changed.wait_for(
                lambda: next((line for line in self.lines if text in line), None), timeout
            )
        assert found, f"no line with {text!r} in {self.lines}"
        return found

    @property
    def text(self) -> str:
        return "\n".join(self.lines)
