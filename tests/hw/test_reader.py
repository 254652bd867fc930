import queue
import random
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hw.codebook import CodeBook
from hw.events import CodeScanned, DeviceProblem, DeviceReady, Problem
from hw.framing import BadFrame, Frame, LineFramer
from hw.ports import find_port
from hw.protocols import ReaderProtocol, backend
from hw.reader import CardReader
from hw.sim import SimReader
from tests.hw.conftest import drain, next_event

CODES = {"R5", "W4", "GD2", "B0"}
BOOK = CodeBook(CODES, {"04A1B2C3": "GD2"})


@pytest.fixture
def sim(sim_reader):
    return sim_reader


def lines_reader(name, path, events, **options):
    """A `lines` reader on the serial device at `path`, reporting every reading (no repeat)."""
    device = backend(ReaderProtocol.LINES, str(path))
    return CardReader(name, device, events, BOOK.decode, **options)


@pytest.fixture
def reader(sim, events):
    with lines_reader("pile", sim.path, events, retry=0.02, max_retry=0.2) as r:
        assert isinstance(next_event(events), DeviceReady)
        yield r


def scans(events, count):
    return [next_event(events) for _ in range(count)]


def test_a_scan_becomes_a_code(reader, sim, events):
    sim.scan("R5")
    event = next_event(events)
    assert isinstance(event, CodeScanned)
    assert (event.code, event.reader) == ("R5", "pile")


def test_line_ends_cr_lf_crlf(reader, sim, events):
    sim.send(b"R5\rW4\nB0\r\nr5\n")
    assert [e.code for e in scans(events, 4)] == ["R5", "W4", "B0", "R5"]


def test_a_line_split_across_reads_waits_for_its_end(reader, sim, events):
    sim.send(b"G", pause=0.3)  # longer than the reader's 0.1 s read timeout
    sim.send(b"D", pause=0.3)
    assert events.empty()
    sim.send(b"2\r", pause=0.3)
    sim.send(b"\nR5\r\n")
    assert [e.code for e in scans(events, 2)] == ["GD2", "R5"]


def test_a_tag_id_goes_through_the_deck_map(reader, sim, events):
    sim.scan("04A1B2C3")
    assert next_event(events).code == "GD2"


def test_garbage_and_unknown_codes_are_problems_with_the_raw_text(reader, sim, events):
    sim.send(b"\x00\x01\xff\xfe\r\nX9\r\n" + b"7" * 300 + b"\r\nR5\r\n")
    garbage, unknown, too_long, good = scans(events, 4)
    assert isinstance(garbage, DeviceProblem)
    assert (garbage.kind, garbage.detail) == (Problem.UNREADABLE, "unreadable scan")
    assert unknown == DeviceProblem("pile", Problem.UNKNOWN_CODE, "unknown code", "X9")
    assert (too_long.kind, too_long.detail) == (Problem.GARBLED, "line too long")
    assert good.code == "R5"


def test_a_reader_not_there_is_reported_once_then_found(tmp_path, events):
    path = tmp_path / "late"
    with lines_reader("pile", path, events, retry=0.02, max_retry=0.05):
        problem = next_event(events)
        assert problem.detail.startswith("reader not found")
        sim = SimReader(path)
        try:
            assert isinstance(next_event(events), DeviceReady)
            sim.scan("W4")
            assert next_event(events).code == "W4"
        finally:
            sim.close()
    assert not [e for e in drain(events) if isinstance(e, DeviceProblem)][1:]


def test_unplug_and_replug_is_found_again(reader, sim, events):
    sim.scan("R5")
    assert next_event(events).code == "R5"
    sim.unplug()
    problem = next_event(events)
    assert (problem.kind, problem.detail) == (Problem.DISCONNECTED, "reader disconnected")
    sim.replug()
    ready = next_event(events)
    assert isinstance(ready, DeviceReady)
    sim.scan("B0")
    assert next_event(events).code == "B0"
    sim.unplug()
    assert next_event(events).detail == "reader disconnected"
    sim.replug()
    assert isinstance(next_event(events), DeviceReady)


def test_the_port_is_opened_exclusively(reader, sim, events):
    with lines_reader("second", sim.path, events, retry=0.02) as other:
        problem = next_event(events)
        assert problem.source == other.name
        assert problem.detail.startswith("reader cannot open")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.binary(max_size=40), min_size=1, max_size=40))
def test_random_lines_never_crash_the_reader(tmp_path_factory, chunks):
    """A thousand or so random lines: each comes out as a scan or a problem, never a crash."""
    events: queue.Queue = queue.Queue()
    sim = SimReader(tmp_path_factory.mktemp("r") / "reader")
    try:
        with lines_reader("pile", sim.path, events) as reader:
            assert isinstance(next_event(events), DeviceReady)
            sim.send(b"\r\n".join(chunks) + b"\r\nR5\r\n")
            while not isinstance(event := next_event(events), CodeScanned) or event.code != "R5":
                assert isinstance(event, CodeScanned | DeviceProblem)
                assert event.detail != "reader disconnected"
            assert reader._thread.is_alive()
    finally:
        sim.close()


def test_line_framer():
    lines = LineFramer(max_line=8)
    assert lines.feed(b"ab") == []
    assert [f.text for f in lines.feed(b"c\r")] == ["abc"]
    assert [f.text for f in lines.feed(b"\n\nde\r\nf")] == ["de"]
    (too_long,) = lines.feed(b"123456789")
    assert too_long == BadFrame(Problem.GARBLED, "line too long", "f123456789")
    assert lines.feed(b"\n") == []


def test_find_port(tmp_path, monkeypatch):
    (tmp_path / "tty").touch()
    assert find_port(str(tmp_path / "tty")) == str(tmp_path / "tty")
    assert find_port(str(tmp_path / "none")) is None
    monkeypatch.setattr("hw.ports.BY_ID", tmp_path)
    assert find_port("tty") == str(tmp_path / "tty")

    class Port:
        vid, pid, device = 0x0C2E, 0x0B61, "/dev/ttyACM7"

    monkeypatch.setattr("hw.ports.list_ports.comports", lambda: [Port()])
    assert find_port("0c2e:0B61") == "/dev/ttyACM7"
    assert find_port("0c2e:0000") is None


def test_a_thousand_random_lines_in_one_stream(reader, sim, events):
    rng = random.Random(5)
    alphabet = b"RYGBW0123456789SDC4\r\n \x00\x1b\xff\xc3"
    lines = [bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(1000)]
    sim.send(b"\n".join(lines) + b"\nEND-MARK\n")
    while getattr(event := next_event(events), "raw", None) != "END-MARK":
        assert isinstance(event, CodeScanned) or event.detail != "reader disconnected"
    assert reader._thread.is_alive()


class Flaky:
    """A backend whose driver throws what no one expected, once at open and once at a read."""

    def __init__(self):
        self.opens = 0
        self.reads = 0

    def open(self):
        self.opens += 1
        if self.opens == 1:
            raise RuntimeError("driver surprise at open")
        return self

    where = "flaky"

    def read(self):
        self.reads += 1
        if self.reads == 1:
            raise RuntimeError("driver surprise at read")
        if self.reads == 2:
            return [Frame("R5")]
        time.sleep(0.01)
        return []

    def cancel(self):
        pass

    def close(self):
        pass


def test_a_drivers_surprise_is_a_problem_and_the_reader_goes_on(events):
    with CardReader("odd", Flaky(), events, BOOK.decode, retry=0.01):
        failed = next_event(events)
        assert (failed.detail, failed.down) == ("reader failed", True)
        assert failed.raw == "RuntimeError: driver surprise at open"
        assert isinstance(next_event(events), DeviceReady)
        assert next_event(events).detail == "reader failed"  # the read's
        assert isinstance(next_event(events), DeviceReady)
        assert next_event(events).code == "R5"


def _asleep(thread_id: int) -> bool:
    """Whether the thread (its native id) sleeps in a system call, e.g. a read waiting."""
    with open(f"/proc/self/task/{thread_id}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "S"


def test_a_scan_that_came_whole_is_one_read(sim):
    """The read that a scan's first byte wakes takes the rest that came with it: the code is
    handed on at once, not after another round of the reader's loop."""
    device = backend(ReaderProtocol.LINES, str(sim.path)).open()
    read: list = []
    ids: queue.Queue[int] = queue.Queue()

    def reading() -> None:
        ids.put(threading.get_native_id())
        read.append(device.read())

    thread = threading.Thread(target=reading)
    try:
        thread.start()
        thread_id = ids.get(timeout=30)
        deadline = time.monotonic() + 30  # a hang guard
        while not _asleep(thread_id) and time.monotonic() < deadline:
            time.sleep(0.01)  # until the read waits for the first byte
        sim.scan("R5")
        thread.join(30)
        assert read == [[Frame("R5")]]
    finally:
        device.cancel()
        thread.join(30)
        device.close()


@pytest.mark.parametrize("text", ["R\u017f", "W\u017f", "04A1B2\ufb00", "\ufb00"])
def test_only_ascii_letters_are_read_in_either_case(text):
    """Before: "R" and a long s (bytes 52 c5 bf, noise on a line) read as RS, a red skip
    (str.upper turns U+017F into S), and "04A1B2" and the ligature U+FB00 as the tag 04A1B2FF."""
    book = CodeBook(CODES | {"RS", "WS"}, {"04A1B2FF": "R5"})
    assert book.decode(text) is None
    assert book.decode(text.encode("ascii", "replace").decode()) is None  # "?" is no letter


def test_ascii_ids_and_codes_are_still_read_in_either_case():
    book = CodeBook(CODES | {"RS"}, {"04A1B2FF": "R5"})
    assert [book.decode(t) for t in ("rs", "Rs", "04a1b2ff", "gd2")] == ["RS", "RS", "R5", "GD2"]
