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
