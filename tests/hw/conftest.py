"""Fixtures for the hardware tests: a MockFactory, a queue and event helpers."""

from __future__ import annotations

import queue

import pytest
from gpiozero.pins.mock import MockFactory

from hw.frames import FrameFeed

WAIT = 60.0
"""How long a test waits for an event that should come: a hang guard, never a measure of speed."""


@pytest.fixture
def mock_factory():
    """A fresh MockFactory, as in gpiozero's own tests, reset afterwards."""
    factory = MockFactory()
    yield factory
    factory.reset()


@pytest.fixture
def events() -> queue.Queue:
    return queue.Queue()


def drain(events: queue.Queue) -> list:
    """Everything on the queue now."""
    found = []
    while True:
        try:
            found.append(events.get_nowait())
        except queue.Empty:
            return found


def next_event(events: queue.Queue, kind: type | None = None):
    """The next event (of `kind`, skipping others), waiting up to WAIT seconds."""
    while True:
        event = events.get(timeout=WAIT)
        if kind is None or isinstance(event, kind):
            return event


def wait_seen(feed: FrameFeed) -> None:
    """Until the camera reader has handled every frame of the image shown (counted in frames;
    WAIT is a hang guard only)."""
    assert feed.wait_idle(WAIT), "the feed's reader never took its frames"
