"""A keyboard-mode reader through python-evdev: the events a real one sends, hex ids included.

No uinput here (nor in CI), so a recorded device stands in for evdev.InputDevice: it hands out
real evdev InputEvent objects, with the key codes and HID scan codes a reader sends, through a
real file descriptor that the reader waits on."""

import contextlib
import errno
import os
import sys
from collections import deque

import pytest

evdev = pytest.importorskip("evdev")  # the dev extra has it on Linux
from evdev import InputEvent, ecodes  # noqa: E402

from hw.codebook import CodeBook  # noqa: E402
from hw.events import ButtonPressed, CodeScanned, DeviceProblem, DeviceReady, Problem  # noqa: E402
from hw.hid_reader import HidBackend, find_device  # noqa: E402
from hw.keyboard import Keyboard, KeyMap  # noqa: E402
from hw.reader import CardReader, ReaderUnavailable  # noqa: E402
from tests.hw.conftest import drain, next_event  # noqa: E402

BOOK = CodeBook({"R5", "GD2", "W4"}, {"04A1B2C3": "GD2", "0012345678": "W4"})
PATH = "/dev/input/by-id/usb-Sycreader_RFID_Technology_Co._Ltd_SYC_ID_IC_USB_Reader-event-kbd"
# HID usage ids (page 7) that the kernel reports as MSC_SCAN before each key.
USAGE = {**{c: 0x70004 + n for n, c in enumerate("abcdefghijklmnopqrstuvwxyz")},
         **{c: 0x7001E + n for n, c in enumerate("1234567890")}, "\n": 0x70028}  # fmt: skip
SHIFT_USAGE = 0x700E1


def key(code, usage, value, t):
    return [
        InputEvent(t, 0, ecodes.EV_MSC, ecodes.MSC_SCAN, usage),
        InputEvent(t, 0, ecodes.EV_KEY, code, value),
        InputEvent(t, 0, ecodes.EV_SYN, ecodes.SYN_REPORT, 0),
    ]


def typed(text, t=1000):
    """The events a reader sends to type `text` (upper case with Shift, as a US keyboard)."""
    events = []
    for char in text:
        code = ecodes.KEY_ENTER if char == "\n" else ecodes.ecodes[f"KEY_{char.upper()}"]
        shift = char.isupper()
        if shift:
            events += key(ecodes.KEY_LEFTSHIFT, SHIFT_USAGE, 1, t)
        events += key(code, USAGE[char.lower()], 1, t) + key(code, USAGE[char.lower()], 0, t)
        if shift:
            events += key(ecodes.KEY_LEFTSHIFT, SHIFT_USAGE, 0, t)
    return events


class RecordedKeyboard:
    """Stands in for evdev.InputDevice: recorded events, handed out through a real pipe."""

    def __init__(self, path):
        self.path = path
        self.fd, self._write = os.pipe()
        os.set_blocking(self.fd, False)
        self._events = deque()
        self.grabbed = False
        self.read_before_grab = False
        self.gone = False

    def grab(self):
        self.grabbed = True

    def ungrab(self):
        self.grabbed = False

    def play(self, events):
        self._events.extend(events)
        os.write(self._write, b".")

    def unplug(self):
        self.gone = True
        os.write(self._write, b".")

    def read(self):
        self.read_before_grab |= not self.grabbed
        if self.gone:
            raise OSError(errno.ENODEV, "No such device")
        with contextlib.suppress(BlockingIOError):
            os.read(self.fd, 4096)
        if not self._events:
            raise BlockingIOError
        while self._events:
            yield self._events.popleft()

    def close(self):
        os.close(self.fd)
        os.close(self._write)


class Plug:
    """The reader's socket: which recorded device is plugged in now (None: none)."""

    def __init__(self):
        self.device = RecordedKeyboard(PATH)
        self.opened = []

    def find(self, name):
        return PATH if self.device is not None and name == PATH else None

    def open(self, path):
        self.opened.append(self.device)
        return self.device


@pytest.fixture
def plug():
    return Plug()


@pytest.fixture
def reader(plug, events):
    device = HidBackend(PATH, find=plug.find, opener=plug.open)
    with CardReader("hid", device, events, BOOK.decode, repeat=0.5, retry=0.02) as r:
        assert next_event(events) == DeviceReady("hid", os.path.realpath(PATH))
        yield r


def test_a_hex_id_typed_by_a_reader_is_one_scan_and_no_button(reader, plug, events):
    plug.device.play(typed("04a1b2c3\n"))
    scan = next_event(events)
    assert isinstance(scan, CodeScanned)
    assert (scan.code, scan.reader) == ("GD2", "hid")
    plug.device.play(typed("R5\n"))  # letters and digits after it, upper case with Shift
    assert next_event(events).code == "R5"
    assert plug.device.grabbed and not plug.device.read_before_grab
    assert not [e for e in drain(events) if isinstance(e, ButtonPressed)]


def test_the_same_keys_through_the_window_would_press_buttons():
    """Why the reader is grabbed: SDL would give its keys to the keyboard map."""
    keyboard = Keyboard(KeyMap.default(4), BOOK.decode)
    pressed = [keyboard.key(c, 0.0) for c in "04a1b2c3"]
    assert ButtonPressed(0, "challenge", 0.0) in pressed


def test_a_decimal_id_repeated_while_the_card_lies_there(reader, plug, events):
    plug.device.play(typed("0012345678\n") * 4 + typed("R5\n"))
    assert [next_event(events).code for _ in range(2)] == ["W4", "R5"]


def test_keys_no_id_has_make_an_unreadable_scan(reader, plug, events):
    events_in = typed("04a1")
    events_in += key(ecodes.KEY_F5, 0x7003E, 1, 1000) + key(ecodes.KEY_F5, 0x7003E, 0, 1000)
    plug.device.play(events_in + typed("\n"))
    problem = next_event(events)
    assert (problem.detail, problem.down) == ("unreadable scan", False)


def test_unplugged_and_plugged_back(reader, plug, events):
    device, plug.device = plug.device, None  # out of its socket before its reads fail
    device.unplug()
    assert next_event(events).detail == "reader disconnected"
    plug.device = RecordedKeyboard(PATH)
    assert isinstance(next_event(events), DeviceReady)
    plug.device.play(typed("04A1B2C3\n"))
    assert next_event(events).code == "GD2"


def test_without_python_evdev_the_reader_says_what_to_install(monkeypatch, events):
    monkeypatch.setitem(sys.modules, "evdev", None)  # import evdev now fails
    with pytest.raises(ReaderUnavailable) as caught:
        HidBackend(PATH, find=lambda name: PATH).open()
    assert caught.value.message == "HID readers need python-evdev"
    assert "pip install 'uno-table[hid]'" in caught.value.detail
    with CardReader("hid", HidBackend(PATH, find=lambda n: PATH), events, BOOK.decode):
        problem = next_event(events)
    assert problem == DeviceProblem(
        "hid", Problem.READER_SOFTWARE, caught.value.message, caught.value.detail, down=True
    )


class Listed:
    """An event device as evdev lists it: its USB ids and the keys it has."""

    def __init__(self, path, vid, pid, keys):
        self.path, self.keys = path, keys
        self.info = evdev.DeviceInfo(bustype=3, vendor=vid, product=pid, version=0x111)

    def capabilities(self):
        return {ecodes.EV_KEY: self.keys}

    def close(self):
        pass


def test_a_reader_found_by_name_or_usb_ids(tmp_path, monkeypatch):
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-reader-event-kbd").touch()
    monkeypatch.setattr("hw.hid_reader.BY_ID", by_id)
    assert find_device("usb-reader-event-kbd") == str(by_id / "usb-reader-event-kbd")
    assert find_device("usb-other-event-kbd") is None
    listed = {
        "/dev/input/event3": Listed("/dev/input/event3", 0xFFFF, 0x0035, [ecodes.KEY_ENTER]),
        "/dev/input/event4": Listed("/dev/input/event4", 0xFFFF, 0x0035, [ecodes.KEY_VOLUMEUP]),
        "/dev/input/event5": Listed("/dev/input/event5", 0x046D, 0xC31C, [ecodes.KEY_ENTER]),
    }
    monkeypatch.setattr(evdev, "list_devices", lambda: list(listed))
    monkeypatch.setattr(evdev, "InputDevice", lambda path: listed[path])
    # The reader's keyboard, not its consumer-keys device beside it.
    assert find_device("ffff:0035") == "/dev/input/event3"
    assert find_device("1234:5678") is None
    listed["/dev/input/event6"] = Listed("/dev/input/event6", 0xFFFF, 0x0035, [ecodes.KEY_ENTER])
    with pytest.raises(ReaderUnavailable) as caught:
        find_device("ffff:0035")
    assert caught.value.message == "reader ambiguous: ffff:0035"
    assert "/dev/input/by-path" in caught.value.detail


def test_a_reader_another_program_grabbed_is_a_clear_problem(plug, events):
    def busy():
        raise OSError(errno.EBUSY, "Device or resource busy")

    plug.device.grab = busy
    device = HidBackend(PATH, find=plug.find, opener=plug.open)
    with CardReader("hid", device, events, BOOK.decode, retry=0.02):
        problem = next_event(events)
    grab = (Problem.CANNOT_OPEN, f"reader cannot grab {PATH}", True)
    assert (problem.kind, problem.detail, problem.down) == grab
    assert "busy" in problem.raw
