"""gap and rdm6300 readers on a pty, fed the bytes the real devices send; serial port names."""

import time

from serial.tools.list_ports_common import ListPortInfo

from hw.codebook import CodeBook
from hw.events import CodeScanned, DeviceProblem, DeviceReady, Problem
from hw.framing import rdm6300_frame
from hw.ports import AmbiguousPort, find_port, found_ports
from hw.protocols import ReaderProtocol, backend
from hw.reader import CardReader
from hw.sim import StillClock
from tests.hw.conftest import drain, next_event

TAG, OTHER, LAST = "0A1B2C3D4E", "1122334455", "00000000FF"
BOOK = CodeBook({"R5", "W4", "GD2"}, {TAG: "R5", OTHER: "W4", LAST: "GD2", "04A1B2C3": "GD2"})


def start(path, events, protocol, *, gap=0.05, repeat=0.0, clock=None):
    """A reader on `path`; its repeat window on `clock` (a StillClock: no window passes while
    the test does not move it, however slowly the reader's thread runs)."""
    device = backend(protocol, str(path), gap=gap)
    clock = clock or StillClock(100.0)
    return CardReader("pile", device, events, BOOK.decode, repeat=repeat, retry=0.02, clock=clock)


def seen(events, until):
    """(code or problem message) of every event up to and with the scan of `until`."""
    found = []
    while True:
        event = next_event(events)
        if isinstance(event, CodeScanned):
            found.append(event.code)
            if event.code == until:
                return found
        elif isinstance(event, DeviceProblem):
            found.append(event.detail)


def test_rdm6300_a_tag_left_on_it_is_one_scan(sim_reader, events):
    with start(sim_reader.path, events, ReaderProtocol.RDM6300, repeat=0.5):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(rdm6300_frame(TAG) * 20)  # the 266 bytes that were one "line too long"
        for _ in range(10):
            sim_reader.send(rdm6300_frame(TAG), pause=0.01)
        sim_reader.send(rdm6300_frame(OTHER) * 3)  # another tag: another scan
        sim_reader.send(b"\x020A1B2C3D4E4F\x03")  # a bad checksum: a problem, not a scan
        sim_reader.send(rdm6300_frame(LAST))
        assert seen(events, "GD2") == ["R5", "W4", "bad checksum", "GD2"]


def test_rdm6300_a_bad_frame_is_a_problem_and_not_an_outage(sim_reader, events):
    with start(sim_reader.path, events, ReaderProtocol.RDM6300):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(b"\x020A1B2C3D4E4F\x03" + b"\x02ZZ\x03" + rdm6300_frame(TAG))
        checksum, bad, scan = (next_event(events) for _ in range(3))
        assert checksum == DeviceProblem(
            "pile", Problem.GARBLED, "bad checksum", "0A1B2C3D4E4F", down=False
        )
        assert (bad.detail, bad.down) == ("bad frame", False)
        assert scan.code == "R5"


def test_rdm6300_the_same_tag_put_back_later_is_a_new_scan(sim_reader, events):
    clock = StillClock(100.0)
    with start(sim_reader.path, events, ReaderProtocol.RDM6300, repeat=0.2, clock=clock):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(rdm6300_frame(TAG) * 5 + rdm6300_frame(LAST))
        assert seen(events, "GD2") == ["R5", "GD2"]  # every frame before LAST has been read
        clock.now += 0.5  # the tags are lifted off for longer than repeat_ms
        sim_reader.send(rdm6300_frame(TAG))
        assert next_event(events).code == "R5"


def test_rdm6300_unplugged_and_back(sim_reader, events):
    with start(sim_reader.path, events, ReaderProtocol.RDM6300, repeat=0.5):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(rdm6300_frame(TAG))
        assert next_event(events).code == "R5"
        sim_reader.unplug()
        assert next_event(events).detail == "reader disconnected"
        sim_reader.replug()
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(rdm6300_frame(OTHER))
        assert next_event(events).code == "W4"


def test_gap_a_scanner_without_a_suffix(sim_reader, events):
    with start(sim_reader.path, events, ReaderProtocol.GAP, gap=0.3):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(b"04A1", pause=0.02)  # one scan in two USB packets
        sim_reader.send(b"B2C3")
        assert next_event(events).code == "GD2"
        sim_reader.send(b"r5")
        assert next_event(events).code == "R5"
        sim_reader.send(b"W4\r\n")  # a scanner that does send a suffix reads too
        assert next_event(events).code == "W4"
        sim_reader.send(b"\xff\xfe")
        assert next_event(events).detail == "unreadable scan"
    assert not drain(events)


def test_lines_a_card_left_under_a_repeating_scanner_is_one_scan(sim_reader, events):
    with start(sim_reader.path, events, ReaderProtocol.LINES, repeat=0.5):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(b"04A1B2C3\r\n" * 5 + b"R5\r\n")
        assert seen(events, "R5") == ["GD2", "R5"]


# --- port names ------------------------------------------------------------------------------


def port(device, vid=0x1A86, pid=0x7523, serial=None):
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid, info.pid, info.serial_number = vid, pid, serial
    return info


def two_ch340s(tmp_path, monkeypatch):
    """Two CH340 bridges without a serial number, as udev names them: by-id collides."""
    by_id, by_path = tmp_path / "by-id", tmp_path / "by-path"
    by_id.mkdir()
    by_path.mkdir()
    ttys = [tmp_path / "ttyUSB0", tmp_path / "ttyUSB1"]
    for tty in ttys:
        tty.touch()
    (by_id / "usb-1a86_USB_Serial-if00-port0").symlink_to(ttys[1])  # the last one plugged in
    for n, tty in enumerate(ttys):
        (by_path / f"platform-xhci-hcd.0-usb-0:{n + 1}:1.0-port0").symlink_to(tty)
    monkeypatch.setattr("hw.ports.BY_ID", by_id)
    monkeypatch.setattr("hw.ports.BY_PATH", by_path)
    monkeypatch.setattr("hw.ports.list_ports.comports", lambda: [port(str(t)) for t in ttys])
    return by_path, ttys


def test_identical_bridges_are_told_apart_by_path(tmp_path, monkeypatch):
    by_path, _ = two_ch340s(tmp_path, monkeypatch)
    first = by_path / "platform-xhci-hcd.0-usb-0:1:1.0-port0"
    assert find_port(str(first)) == str(first)
    assert find_port("platform-xhci-hcd.0-usb-0:2:1.0-port0").endswith("usb-0:2:1.0-port0")
    assert any(str(first) in line for line in found_ports())


def test_identical_bridges_by_id_or_vid_pid_are_a_clear_error(tmp_path, monkeypatch):
    by_path, _ = two_ch340s(tmp_path, monkeypatch)
    for name in ("usb-1a86_USB_Serial-if00-port0", "1a86:7523"):
        try:
            find_port(name)
        except AmbiguousPort as exc:
            assert "2 ports" in str(exc)
            assert str(by_path / "platform-xhci-hcd.0-usb-0:1:1.0-port0") in str(exc)
        else:
            raise AssertionError(f"{name} picked one of two identical bridges")


def test_an_ambiguous_reader_says_so_once(tmp_path, monkeypatch, events):
    two_ch340s(tmp_path, monkeypatch)
    with start("1a86:7523", events, ReaderProtocol.LINES):
        problem = next_event(events)
        assert (problem.kind, problem.detail) == (Problem.AMBIGUOUS, "reader ambiguous: 1a86:7523")
        assert "/dev/serial/by-path" in problem.raw
        assert problem.down
        time.sleep(0.2)  # it keeps trying, quietly
    assert not drain(events)


def test_a_bridge_with_a_serial_number_is_fine_by_id(tmp_path, monkeypatch):
    _, ttys = two_ch340s(tmp_path, monkeypatch)
    monkeypatch.setattr(
        "hw.ports.list_ports.comports",
        lambda: [port(str(ttys[0]), serial="A1"), port(str(ttys[1]), serial="B2")],
    )
    assert find_port("usb-1a86_USB_Serial-if00-port0").endswith("usb-1a86_USB_Serial-if00-port0")


def test_scans_and_repeats_are_timed_by_the_tables_clock(sim_reader, events):
    """A table script's clock jumps over its waits: a tag lifted and put back a minute later on
    that clock is a new scan however little real time passed."""
    now = [100.0]
    device = backend(ReaderProtocol.RDM6300, str(sim_reader.path))
    with CardReader("pile", device, events, BOOK.decode, repeat=0.5, clock=lambda: now[0]):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(rdm6300_frame(TAG) * 3 + rdm6300_frame(LAST))
        assert seen(events, "GD2") == ["R5", "GD2"]
        now[0] += 60
        sim_reader.send(rdm6300_frame(TAG))
        scan = next_event(events)
        assert (scan.code, scan.at) == ("R5", 160.0)


def test_rdm6300_a_frame_too_long_is_said_before_any_next_frame(sim_reader, events):
    """The next frame may never come (a reader that sent garbage once): it is said at once."""
    with start(sim_reader.path, events, ReaderProtocol.RDM6300):
        assert isinstance(next_event(events), DeviceReady)
        sim_reader.send(b"\x020A1B2C3D4E4E4E4E")  # no ETX, no next frame
        problem = next_event(events)
        assert problem == DeviceProblem(
            "pile", Problem.GARBLED, "frame too long", "<02>0A1B2C3D4E4E4", down=False
        )
        sim_reader.send(b"\x03" + rdm6300_frame(TAG))
        assert next_event(events).code == "R5"
