"""Fixtures shared by the hw and table tests."""

from __future__ import annotations

import pytest

from hw.sim import SimReader


@pytest.fixture
def sim_reader(tmp_path):
    """A simulated serial card reader: a pty behind a symlink at `sim_reader.path`."""
    reader = SimReader(tmp_path / "reader")
    yield reader
    reader.close()


SOAK_TIMEOUT = 3600  # seconds: a soak is long by design; make test's tests get pyproject's 300


def pytest_collection_modifyitems(items):
    """Soak tests (marked slow) get a longer stuck-test timeout than the quick ones."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SOAK_TIMEOUT))
