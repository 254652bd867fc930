import os
import tomllib
from pathlib import Path

import pytest

from engine import RuleSet
from table.positions import Position
from table.setup import config, deckmap
from table.setup.config import ConfigError

SEVEN = (
    "".join(
        f"[[seat]]\nposition = 'top'\n"
        f"uno = {2 + 3 * n}\nchallenge = {3 + 3 * n}\ndraw = {4 + 3 * n}\n"
        for n in range(7)
    )
    + "[color_pad]\nred = 23\nyellow = 24\ngreen = 25\nblue = 26\n"
)


def seat(**keys) -> str:
    """A [[seat]] entry: a valid one, with `keys` changed (None leaves a key out)."""
    values = {"position": '"top"', "uno": 2, "challenge": 3, "draw": 7} | keys
    return "[[seat]]\n" + "".join(f"{k} = {v}\n" for k, v in values.items() if v is not None)


def test_the_default_loads():
    cfg = config.load()
    assert len(cfg.seats) == 4
    assert cfg.seats[0].position is Position.BOTTOM
    assert cfg.readers[0].seat is None
    assert cfg.rules() == RuleSet.preset("official")  # the shipped preset, no knobs
    assert cfg.deck_map is None


def test_a_file_changes_only_what_it_names(tmp_path):
    path = tmp_path / "my.toml"
    path.write_text('preset = "reglamento"\ndeck_map = "deck.toml"\n[gpio]\nrefractory_ms = 60\n')
    cfg = config.load(path)
    assert cfg.preset == "reglamento"
    assert cfg.gpio.refractory == pytest.approx(0.06)
    assert cfg.gpio.bounce == pytest.approx(0.005)
    assert cfg.deck_map == tmp_path / "deck.toml"
    assert len(cfg.seats) == 4


def test_the_settle_window_is_set_in_milliseconds():
    assert config.loads("", "default").gpio.settle == 0
    assert config.loads("[gpio]\nsettle_ms = 30\n", "mine").gpio.settle == pytest.approx(0.03)


def test_the_scan_window_is_set_in_milliseconds():
    assert config.loads("", "default").scan_window == pytest.approx(0.7)
    assert config.loads("scan_window_ms = 0\n", "mine").scan_window == 0


def test_a_seat_list_replaces_the_default_one():
    cfg = config.loads(seat() + seat(name='"Ana"', uno=14, challenge=15, draw=0, led=None))
    assert [s.name for s in cfg.seats] == ["Seat 1", "Ana"]
    assert cfg.seats[1].pins.led is None


def test_knobs_reach_the_rules():
    cfg = config.loads('[knobs]\nstacking = "cross"\n')
    assert cfg.knobs == {"stacking": "cross"}
    assert cfg.rules().stacking == "cross"


def test_readers_by_seat():
    cfg = config.loads('[[reader]]\ndevice = "0c2e:0b61"\nseat = 2\n[[reader]]\ndevice = "x"\n')
    assert [(r.name, r.seat, r.baud) for r in cfg.readers] == [
        ("reader 1", 1, 9600),
        ("reader 2", None, 9600),
    ]
    assert config.loads("reader = []").readers == ()


def test_reader_protocols_and_their_timing():
    text = """
[[reader]]
device = "/dev/serial/by-path/platform-xhci-hcd.0-usb-0:1:1.0-port0"
[[reader]]
device = "tty:S0:pn532"
protocol = "nfc"
repeat_ms = 0
[[reader]]
device = "x"
protocol = "gap"
gap_ms = 30
"""
    lines, nfc, gap = config.loads(text).readers
    assert (lines.protocol, lines.repeat, lines.baud) == ("lines", 0.5, 9600)
    assert (nfc.protocol, nfc.repeat, nfc.device) == ("nfc", 0.0, "tty:S0:pn532")
    assert (gap.protocol, gap.gap) == ("gap", 0.03)


def test_a_camera_reader_finds_its_faces_beside_the_journal_and_its_frames_beside_the_file(
    tmp_path,
):
    text = f"""
state_dir = "{tmp_path / "state"}"
[[reader]]
name = "spot"
protocol = "camera"
device = "recorded"
seat = 2
[[reader]]
protocol = "camera"
device = "/dev/v4l/by-id/usb-cam-video-index0"
faces = "deck/faces.npz"
[[reader]]
protocol = "camera"
device = "picamera2"
"""
    path = tmp_path / "table.toml"
    path.write_text(text)
    recorded, usb, pi = config.load(path).readers
    assert (recorded.protocol, recorded.device, recorded.seat) == (
        "camera",
        str(tmp_path / "recorded"),
        1,
    )
    assert recorded.faces == tmp_path / "state" / config.FACES_FILE
    assert recorded.repeat == 0.0  # the spot counts a card once until it is empty
    assert (usb.device, usb.faces) == (
        "/dev/v4l/by-id/usb-cam-video-index0",
        tmp_path / "deck" / "faces.npz",
    )
    assert (pi.device, pi.faces) == ("picamera2", tmp_path / "state" / config.FACES_FILE)


BAD = [
    ("preset = 'house'", 'preset: expected one of "official", "reglamento", "playone", "cool", '
     'got "house"'),
    ("language = 'xx'", 'language: expected one of "auto", "en", "es", got "xx"'),
    ("language = 3", "language: expected one of"),
    ("colour = 1", "colour: unknown key (known:"),
    ("state_dir = ''", 'state_dir: expected a path, got ""'),
    ("deck_map = 5", "deck_map: expected a text"),
    ("scan_window_ms = 0.5", "scan_window_ms: expected a whole number from 0 to 5000, got 0.5"),
    ("[knobs]\nstacking = 'sideways'", "knobs: stacking must be one of"),
    ("[knobs]\nwings = 2", "knobs: unknown rule knob(s): wings"),
    ("knobs = 1", "knobs: expected a table, got 1"),
    ("[gpio]\npin_factory = 'gpio'", 'gpio.pin_factory: expected one of "auto", "lgpio"'),
    ("[gpio]\nbounce_ms = -1", "gpio.bounce_ms: expected a whole number from 0 to 1000, got -1"),
    ("[gpio]\nrefractory_ms = 4.5", "gpio.refractory_ms: expected a whole number"),
    ("[gpio]\nrefractory_ms = true", "gpio.refractory_ms: expected a whole number"),
    ("[gpio]\nbounce = 5", "gpio.bounce: unknown key (known: bounce_ms, pin_factory, "
     "refractory_ms, settle_ms)"),
    ("seat = []", "seat: expected 2 to 8 seats ([[seat]]): a game needs two, got a list of 0"),
    ("seat = 4", "seat: expected a list of 0 to 8 tables"),
    ("seat = [1]", "seat[1]: expected a table, got 1"),
    (seat(position=None), "seat[1].position: missing, expected one of"),
    (seat(position="'under'"), 'seat[1].position: expected one of "bottom", "bottom-left"'),
    (seat(uno=28), "seat[1].uno: expected a whole number from 0 to 27, got 28"),
    (seat(uno='"GPIO2"'), 'seat[1].uno: expected a whole number from 0 to 27, got "GPIO2"'),
    (seat(draw=None), "seat[1].draw: missing, expected a whole number"),
    (seat(led=3), "seat[1].led: expected a pin no other key uses, got 3, "
     "already seat[1].challenge"),
    (seat(draw=10), "color_pad.red: expected a pin no other key uses, got 10, "
     "already seat[1].draw"),
    (seat() + seat(challenge=14, draw=15), "seat[2].uno: expected a pin no other key uses, got 2, "
     "already seat[1].uno"),
    (seat(button=9), "seat[1].button: unknown key"),
    (seat(name=f"'{'x' * 30}'"), "seat[1].name: expected a text of at most 24"),
    (seat(name="''"), 'seat[1].name: expected a name of 1 to 24 characters, got ""'),
    ("[color_pad]\nred = 'x'", 'color_pad.red: expected a whole number from 0 to 27, got "x"'),
    ("[color_pad]\npurple = 1", "color_pad.purple: unknown key"),
    ("[[reader]]\nname = 'a'", "reader[1].device: missing, expected a text"),
    # Before: taken, and every problem of that reader said as ": a garbled scan: ...".
    ("[[reader]]\nname = ' '\ndevice = 'x'", 'reader[1].name: expected a name of 1 to 24 '
     'characters, got " "'),
    ("[[reader]]\ndevice = ''", 'reader[1].device: expected a path, a /dev/serial/by-id or '
     'by-path name or a USB VID:PID, got ""'),
    ("[[reader]]\nprotocol = 'nfc'\ndevice = ''", "reader[1].device: expected an nfcpy device"),
    ("[[reader]]\ndevice = 'x'\nprotocol = 'wiegand'", 'reader[1].protocol: expected one of '
     '"lines", "gap", "rdm6300", "nfc", "hid", "camera", got "wiegand"'),
    ("[[reader]]\ndevice = 'x'\nprotocol = 'hid'\nbaud = 9600", 'reader[1].baud: expected no '
     'baud for protocol "hid", got 9600'),
    ("[[reader]]\ndevice = 'x'\nfaces = 'f.npz'", 'reader[1].faces: expected no faces for '
     'protocol "lines"'),
    ("[[reader]]\nprotocol = 'camera'\ndevice = ''", "reader[1].device: expected a V4L2 device"),
    ("[[reader]]\ndevice = 'x'\ngap_ms = 50", 'reader[1].gap_ms: expected no gap_ms for protocol '
     '"lines"'),
    ("[[reader]]\ndevice = 'x'\nprotocol = 'gap'\ngap_ms = 2", "reader[1].gap_ms: expected a whole "
     "number from 5 to 2000, got 2"),
    ("[[reader]]\ndevice = 'x'\nrepeat_ms = -1", "reader[1].repeat_ms: expected a whole number "
     "from 0 to 10000"),
    ("[[reader]]\ndevice = 'x'\nbaud = 9601", "reader[1].baud: expected one of 1200, 2400"),
    ("[[reader]]\ndevice = 'x'\nseat = 5", 'reader[1].seat: expected "turn" or a seat number from '
     "1 to 4, got 5"),
    ("[[reader]]\ndevice = 'x'\nseat = 'me'", 'reader[1].seat: expected "turn"'),
    ("[[reader]]\ndevice = 'x'\n[[reader]]\ndevice = 'y'\nname = 'reader 1'",
     'reader[2].name: expected a name no other reader has, got "reader 1" again'),
    ("[[reader]]\ndevice = 'x'\nport = 'y'", "reader[1].port: unknown key"),
    ("[display]\nwidth = 1920", "display.height: expected 0 with width 0, "
     "or a height with a width"),
    ("[display]\nfullscreen = 'yes'", 'display.fullscreen: expected true or false, got "yes"'),
    ("[display]\ncall_word = ' '", 'display.call_word: expected a word of 1 to 12 characters'),
    ("[display]\ncall_word = '" + "U" * 13 + "'",
     "display.call_word: expected a text of at most 12"),
    ("[display]\ndepth = 32", "display.depth: unknown key"),
    ("[sound]\nvolume = 2", "sound.volume: expected a number from 0.0 to 1.0, got 2"),
    ("[sound]\nvolume = 'loud'", "sound.volume: expected a number"),
    ("[sound]\nenabled = 1", "sound.enabled: expected true or false, got 1"),
    ("sound = 'on'", 'sound: expected a table, got "on"'),
    ("preset = ", "not valid TOML"),
    ("a = " + "[" * 5000 + "]" * 5000, "nested too deeply to be read"),
    ("[knobs]\nuno_race = 50.0", "knobs.uno_race: not a knob: set in milliseconds as uno_race_ms"),
    ("[knobs]\nuno_race_ms = 50000", "knobs.uno_race_ms: expected a whole number from 0 to 1000"),
    ("[knobs]\nuno_race_ms = 1e308", "knobs.uno_race_ms: expected a whole number from 0 to 1000"),
    ("[knobs]\nuno_race_ms = 0.05", "knobs.uno_race_ms: expected a whole number from 0 to 1000"),
    ("[knobs]\nhand_size = 1000000", "knobs.hand_size: expected a whole number from 1 to 30"),
    ("[knobs]\nhand_size = 30", "knobs.hand_size: expected a hand of at most 27 cards: 4 seats "
     "share a deck of 112 (preset official) and the first card, got 30"),
    (SEVEN + "[knobs]\nhand_size = 16", "knobs.hand_size: expected a hand of at most 15 cards: "
     "7 seats share a deck of 112"),
    ("[knobs]\nhand_size = 0", "knobs.hand_size: expected a whole number from 1 to 30, got 0"),
    ("[knobs]\ntarget_score = 0", "knobs.target_score: expected a whole number from 1 to 100000"),
    ("[knobs]\nuno_penalty = -1", "knobs.uno_penalty: expected a whole number from 0 to 20"),
    ("[knobs]\nname = 'cool'", "knobs.name: not a knob: the rule set is chosen by preset"),
    (seat(), "seat: expected 2 to 8 seats ([[seat]]): a game needs two, got a list of 1"),
    # Nine seats' buttons and the colour pad's would need 31 of the header's 28 GPIOs.
    ("".join(seat(uno=100 + n) for n in range(9)), "seat: expected 2 to 8 seats"),
    (seat(name='"Ana"') + seat(name='" ana"', uno=5, challenge=6, draw=12),  # alike on screen
     'seat[2].name: expected a name no other seat has, got "ana" again'),
    ("[display]\nwidth = 99999\nheight = 1", "display.width: expected a whole number of pixels"),
    ('state_dir = "a\\u0000b"', "state_dir: expected a text of at most 4096 characters, without "
     'control characters, got "a\\u0000b"'),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), BAD)
def test_every_bad_value_has_its_clear_message(text, message):
    with pytest.raises(ConfigError) as caught:
        config.loads(text, "my.toml")
    assert str(caught.value).startswith("my.toml: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_missing_file(tmp_path):
    with pytest.raises(ConfigError, match=r"none\.toml: cannot read the configuration"):
        config.load(tmp_path / "none.toml")


def test_the_shipped_default_is_valid_toml_with_no_unknown_keys():
    data = tomllib.loads(config.default_text())
    assert config.parse(data, "default", Path("/")).source == "default"


def test_find_uses_the_environment():
    assert config.find({}) is None
    assert config.find({"UNO_TABLE_CONFIG": "/etc/t.toml"}) == Path("/etc/t.toml")


def test_the_uno_race_is_set_in_milliseconds():
    cfg = config.loads("[knobs]\nuno_race_ms = 50\n")
    assert cfg.rules().uno_race == pytest.approx(0.05)
    assert cfg.knobs == {"uno_race": pytest.approx(0.05)}


def test_ten_seats_hold_hands_that_fit():
    seats = "".join(seat(uno=2 + 3 * n, challenge=3 + 3 * n, draw=4 + 3 * n) for n in range(7))
    cfg = config.loads(seats + "[color_pad]\nred=23\nyellow=24\ngreen=25\nblue=26\n"
                       "[knobs]\nhand_size = 15\n")  # fmt: skip
    assert len(cfg.seats) == 7 and cfg.rules().hand_size == 15


@pytest.mark.parametrize("name", ["my.toml", "deck.toml"])
def test_a_file_that_is_not_utf8_is_one_line(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b'preset = "official"\n# caf\xe9\n')
    with pytest.raises(ConfigError) as caught:
        if name == "my.toml":
            config.load(path)
        else:
            deckmap.read(path)
    what = "the configuration" if name == "my.toml" else "the deck map"
    assert str(caught.value) == f"{path}: {what} is not UTF-8 text (byte 0xe9 at offset 25)"


def test_a_deck_map_nested_too_deeply_is_one_line(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text("a = " + "[" * 5000 + "]" * 5000)
    with pytest.raises(ConfigError, match=r"deck\.toml: nested too deeply to be read$"):
        deckmap.read(path)


def test_a_folder_given_as_the_configuration_is_one_line(tmp_path):
    said = "cannot read the configuration: a folder is there, not a file"
    with pytest.raises(ConfigError, match=said):
        config.load(tmp_path)


def test_home_unset_with_no_user_entry_is_one_line(monkeypatch):
    """~ with neither HOME nor an entry in the user database names no folder."""
    import pwd

    def nobody(uid):
        raise KeyError(uid)

    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr(pwd, "getpwuid", nobody)
    with pytest.raises(ConfigError) as caught:
        config.loads("")
    assert str(caught.value) == (
        "<config>: state_dir: expected an absolute path: ~ names no home folder here "
        '(HOME is unset), got "~/.local/state/uno-table"'
    )


@pytest.mark.parametrize("home", ["", "relative/home"])
def test_a_home_that_names_no_folder_is_not_taken_for_the_root(monkeypatch, tmp_path, home):
    """HOME="" put the state under /.local/state: the user database's home is taken instead,
    as when HOME is unset."""
    import pwd

    entry = list(pwd.getpwuid(os.getuid()))
    entry[5] = str(tmp_path)  # pw_dir
    monkeypatch.setenv("HOME", home)
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: pwd.struct_passwd(entry))
    assert config.loads("").state_dir == tmp_path / ".local/state/uno-table"
    assert config.loads('deck_map = "~/deck.toml"').deck_map == tmp_path / "deck.toml"


def test_every_seat_of_a_full_table_may_have_its_reader_and_one_shared_reader():
    """Jump-ins need a reader per seat; the flip and the tally use the shared one. Before: at
    most 8 readers, so 8 seats (the header's pins hold no more) could not have both, and
    `uno-table demo --players 8 --seat-readers` stopped on its own configuration."""
    seats = "".join(seat(uno=n, challenge=8 + n, draw=16 + n) for n in range(8))
    pad = "[color_pad]\nred=24\nyellow=25\ngreen=26\nblue=27\n"
    readers = "".join(f'[[reader]]\ndevice = "r{n}"\nseat = {n}\n' for n in range(1, 9))
    cfg = config.loads(seats + pad + readers + '[[reader]]\ndevice = "pile"\n')
    assert [r.seat for r in cfg.readers] == [*range(8), None]


def test_spaces_at_the_ends_of_a_name_are_dropped():
    """Before: "Juan " was kept, and the screen asked "Juan : leave the game?"."""
    text = seat(name='" Juan  "') + seat(name='"Ana"', uno=5, challenge=6, draw=12)
    cfg = config.loads(text + '[[reader]]\nname = " pile "\ndevice = "/dev/ttyUSB0"\n', "t")
    assert [s.name for s in cfg.seats] == ["Juan", "Ana"]
    assert [r.name for r in cfg.readers] == ["pile"]
