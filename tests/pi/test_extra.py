"""The `pi` extra: rpi-lgpio on a Pi, and never PyPI's empty lgpio 0.0.0.2."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from table.commands.check import EMPTY_LGPIO

ROOT = Path(__file__).resolve().parents[2]


def wanted(python: str, machine: str) -> dict[str, Requirement]:
    """The `pi` extra's requirements that apply on Linux with this Python and machine."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = {"sys_platform": "linux", "platform_machine": machine, "python_version": python,
           "python_full_version": f"{python}.0", "platform_system": "Linux"}  # fmt: skip
    requirements = [Requirement(text) for text in extra["optional-dependencies"]["pi"]]
    return {r.name: r for r in requirements if r.marker is None or r.marker.evaluate(env)}


@pytest.mark.parametrize("python", ["3.11", "3.12", "3.13", "3.14"])
@pytest.mark.parametrize("machine", ["aarch64", "armv7l"])
def test_a_pi_gets_rpi_lgpio_and_a_real_lgpio(python, machine):
    extra = wanted(python, machine)
    assert "rpi-lgpio" in extra
    assert not extra["lgpio"].specifier.contains(EMPTY_LGPIO, prereleases=True)
    assert extra["lgpio"].specifier.contains("0.2.2.0")  # PyPI's, with wheels up to 3.12
    assert extra["lgpio"].specifier.contains("0.2.0.0")  # a distribution's python3-lgpio


def test_a_pc_installs_nothing_for_gpio():
    assert wanted("3.13", "x86_64") == {}
