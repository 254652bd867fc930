import importlib.util
import queue

import pytest

from hw.events import ButtonPressed, CodeScanned, DeviceReady
from hw.sim import SimButtons
from table.setup import config, deckmap
from table.setup.deckmap import DeckMap
from table.setup.inputs import open_factory, open_inputs, pin_factory_name
from tests.hw.conftest import next_event

NO_LGPIO = importlib.util.find_spec("lgpio") is None


def test_mock_pins_give_a_panel_and_no_message(sim_config):
    events, said = queue.Queue(), []
    inputs = open_inputs(sim_config, events, pin_factory="mock", env={}, say=said.append)
    try:
        assert said == []
        assert inputs.panel is not None
        sim = SimButtons(inputs.panel.factory, [s.pins for s in sim_config.seats], None)
        sim.press(2, "draw")
        # The reader's thread opens the port meanwhile: the two come in either order.
        got = [next_event(events), next_event(events)]
        assert [e.seat for e in got if isinstance(e, ButtonPressed)] == [2]
        assert any(isinstance(e, DeviceReady) for e in got)  # the configured reader is open
    finally:
        inputs.close()


@pytest.mark.skipif(not NO_LGPIO, reason="a machine with lgpio")
@pytest.mark.parametrize("asked", ["auto", "lgpio", "keyboard"])
def test_without_gpio_the_keyboard_stands_in_and_says_so_once(asked):
    events, said = queue.Queue(), []
    cfg = config.loads(f'reader = []\n[gpio]\npin_factory = "{asked}"\n')
    inputs = open_inputs(cfg, events, env={}, say=said.append)
    try:
        assert inputs.panel is None
        assert len(said) == 1
        assert "the keyboard stands in" in said[0]
        assert inputs.keyboard.key("return", 0) is None
        assert inputs.keyboard.key("q", 1.0) == ButtonPressed(0, "uno", 1.0)
    finally:
        inputs.close()


def test_the_pin_factory_option_beats_the_environment_beats_the_file():
    cfg = config.loads('[gpio]\npin_factory = "keyboard"\n')
    assert pin_factory_name(cfg, None, {}) == "keyboard"
    assert pin_factory_name(cfg, None, {"GPIOZERO_PIN_FACTORY": "mock"}) == "mock"
    assert pin_factory_name(cfg, "lgpio", {"GPIOZERO_PIN_FACTORY": "mock"}) == "lgpio"
    assert open_factory("keyboard") == (None, "the configuration asks for the keyboard")


def test_readers_use_the_deck_map(tmp_path, sim_reader):
    deckmap.write(tmp_path / "deck.toml", DeckMap("official", {"04AA": "RD2"}))
    cfg = config.loads(f'deck_map = "deck.toml"\n[[reader]]\ndevice = "{sim_reader.path}"\n',
                       "t.toml", tmp_path)  # fmt: skip
    events = queue.Queue()
    inputs = open_inputs(cfg, events, pin_factory="keyboard", env={}, say=lambda _: None)
    try:
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.scan("04AA")
        sim_reader.scan("g7")
        assert [next_event(events, CodeScanned).code for _ in range(2)] == ["RD2", "G7"]
    finally:
        inputs.close()


def test_a_deck_map_with_a_bad_code_is_a_config_error(tmp_path):
    deckmap.write(tmp_path / "deck.toml", DeckMap("official", {"04AA": "RD3"}))
    cfg = config.loads('deck_map = "deck.toml"\nreader = []\n', "t.toml", tmp_path)
    with pytest.raises(config.ConfigError, match="expected a card code, got 'RD3'"):
        open_inputs(cfg, queue.Queue(), pin_factory="keyboard", env={})


@pytest.mark.parametrize("pins", ["keyboard", "mock"])
def test_on_a_pc_a_reader_never_plugged_in_is_no_problem(tmp_path, pins):
    """The keyboard stands in for the buttons (a PC): it types the cards too, so a reader that
    is not there is not reported (the corner says "Cards: keyboard") until it is plugged in,
    and is reported as any device once it has been there. With GPIO buttons (a table), a
    missing reader is reported at once."""
    from hw.events import DeviceProblem
    from hw.sim import SimReader

    path = tmp_path / "reader"
    cfg = config.loads(f'[[reader]]\nname = "pile"\ndevice = "{path}"\n', "t.toml")
    events, said = queue.Queue(), []
    inputs = open_inputs(cfg, events, pin_factory=pins, env={}, say=said.append)
    try:
        if pins == "mock":
            problem = next_event(events)
            assert isinstance(problem, DeviceProblem) and problem.down
            return
        assert "and for a card reader not plugged in: type a card's code and Enter" in said[0]
        reader = SimReader(path)  # plugged in: the first thing the table hears of it
        try:
            assert isinstance(next_event(events), DeviceReady)
            reader.unplug()  # gone after it was there: a problem like any device's
            lost = next_event(events)
            assert isinstance(lost, DeviceProblem) and lost.down
        finally:
            reader.close()
    finally:
        inputs.close()
