"""`uno-table check` names the pin factory it got and, when it fell back, why."""

from __future__ import annotations

import sys

import pytest

from table.commands.check import EMPTY_LGPIO, run_check
from table.setup import config, inputs
from table.setup.inputs import open_factory
from tests.table.conftest import Lines


@pytest.fixture
def empty_lgpio(tmp_path, monkeypatch):
    """PyPI's lgpio 0.0.0.2 installed: an empty module and its metadata, first on the path."""
    (tmp_path / "lgpio.py").write_text("")
    info = tmp_path / f"lgpio-{EMPTY_LGPIO}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: lgpio\nVersion: {EMPTY_LGPIO}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    modules = ("lgpio", "gpiozero.pins.lgpio")
    for module in modules:
        monkeypatch.delitem(sys.modules, module, raising=False)
    yield
    for module in modules:  # imported with the empty lgpio: not for the tests after this one
        sys.modules.pop(module, None)


def check(name: str) -> Lines:
    """`check` of the default pins (no reader) on the factory `name` opens: what it said."""
    factory, why = open_factory(name)
    say = Lines()
    pins_only = config.loads("reader = []\n")
    try:
        run_check(pins_only, factory, why, seconds=0.01, led_seconds=0, say=say)
    finally:
        if factory is not None:
            factory.close()
    return say


def test_the_factory_asked_for_is_named_without_a_reason():
    say = check("mock")
    assert "pin factory: MockFactory" in say.lines


def test_a_fallback_names_the_factory_and_why_the_first_failed(monkeypatch):
    monkeypatch.setattr(inputs, "AUTO", ("nonesuch", "mock"))
    say = check("auto")
    line = say.wait_for("pin factory:")
    assert line.startswith("pin factory: MockFactory (fell back: ")
    assert "no gpiozero pin factory called 'nonesuch'" in line


def test_the_empty_lgpio_is_named_with_what_to_do(monkeypatch, empty_lgpio):
    monkeypatch.setattr(inputs, "AUTO", ("lgpio", "mock"))
    line = check("auto").wait_for("pin factory:")
    assert line.startswith("pin factory: MockFactory (fell back: pin factory 'lgpio' cannot start")
    assert f"lgpio {EMPTY_LGPIO} here is PyPI's empty module" in line
    assert "python3-lgpio" in line


def test_no_factory_at_all_says_why(empty_lgpio):
    line = check("lgpio").wait_for("pin factory:")
    assert line.startswith("pin factory: none (pin factory 'lgpio' cannot start")
    assert "PyPI's empty module" in line and line.endswith("buttons and LEDs are not checked")
