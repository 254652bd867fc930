"""An NFC reader through nfcpy's own ContactlessFrontend, over a device double that gives the
responses an NTAG213 sticker gives (recorded: its SENS_RES, SEL_RES and UID, GET_VERSION, the
READ of pages 0-3 that nfcpy's presence check sends). nfcpy's discovery, tag activation and
presence check run as they do with a PN532 or an ACR122U; only the USB or UART below is gone."""

import errno
import sys
import threading
import time

import pytest

nfc = pytest.importorskip("nfc")  # the dev extra has nfcpy
from nfc.clf import RemoteTarget  # noqa: E402

from hw.codebook import CodeBook  # noqa: E402
from hw.events import CodeScanned, DeviceProblem, DeviceReady, Problem  # noqa: E402
from hw.nfc_reader import NfcBackend  # noqa: E402
from hw.reader import CardReader, ReaderUnavailable  # noqa: E402
from hw.sim import StillClock  # noqa: E402
from tests.hw.conftest import WAIT, drain, next_event  # noqa: E402

FIRST, SECOND = "04A1B2C3D4E5F6", "04112233445566"
BOOK = CodeBook({"R5", "W4"}, {FIRST: "R5", SECOND: "W4"})
NTAG213_VERSION = "0004040201000F03"


def pages_0_to_3(uid: bytes) -> bytes:
    """What an NTAG213 answers to READ 0: its UID with both check bytes, lock bytes, the CC."""
    bcc0 = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
    bcc1 = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
    return uid[:3] + bytes([bcc0]) + uid[3:] + bytes([bcc1, 0x48, 0, 0]) + bytes.fromhex("E1101200")


class NtagField:
    """The reader's RF field as nfcpy's driver sees it: which sticker lies there (None: none)."""

    def __init__(self):
        self.uid: bytes | None = None
        self.unplugged = False
        self.presence_checks = 0

    def put(self, uid: str | None):
        self.uid = None if uid is None else bytes.fromhex(uid)

    # --- the nfc.clf.device.Device methods that ContactlessFrontend calls --------------------

    def mute(self):
        self._alive()

    def sense_tta(self, target):
        self._alive()
        if self.uid is None or (target.sel_req and bytes(target.sel_req) != self.uid):
            return None
        answer = {"sens_res": "4400", "sel_res": "00", "sdd_res": self.uid.hex()}
        return RemoteTarget("106A", **{k: bytearray.fromhex(v) for k, v in answer.items()})

    def sense_ttb(self, target):
        return None

    def sense_ttf(self, target):
        return None

    def send_cmd_recv_rsp(self, target, data, timeout):
        self._alive()
        here = self.uid is not None and bytes(target.sdd_res) == self.uid
        if not here or data[0] == 0x1A:  # not (or no longer) there; AUTHENTICATE: NTAGs ignore it
            raise nfc.clf.TimeoutError
        if data[0] == 0x60:
            return bytearray.fromhex(NTAG213_VERSION)
        if bytes(data) == b"\x30\x00":
            self.presence_checks += 1
            return bytearray(pages_0_to_3(self.uid))
        raise nfc.clf.TimeoutError

    def turn_on_led_and_buzzer(self):
        pass

    def turn_off_led_and_buzzer(self):
        pass

    def close(self):
        pass

    def _alive(self):
        if self.unplugged:
            raise OSError(errno.ENODEV, "No such device")


class Socket:
    """Where the reader is plugged in: a fresh nfcpy frontend over the field, or not found."""

    def __init__(self):
        self.field = NtagField()
        self.plugged = True

    def open(self, device):
        if not self.plugged:
            raise ReaderUnavailable(Problem.NOT_FOUND, f"reader not found: {device}")
        frontend = nfc.ContactlessFrontend()  # nfcpy's own, with the driver swapped for the field
        frontend.device = self.field
        return frontend


def wait_until(condition):
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "the reader never got there"
        time.sleep(0.01)


@pytest.fixture
def socket():
    return Socket()


@pytest.fixture
def clock():
    """The reader's clock: a sticker's repeat window passes only when a test moves it, however
    slowly the reader's thread runs."""
    return StillClock(100.0)


@pytest.fixture
def reader(socket, events, clock):
    device = NfcBackend("tty:S0:pn532", frontend=socket.open, poll=0.01)
    with CardReader("pile", device, events, BOOK.decode, repeat=0.2, retry=0.02, clock=clock) as r:
        assert next_event(events) == DeviceReady("pile", "tty:S0:pn532")
        yield r


def test_a_sticker_left_on_the_reader_is_one_scan(reader, socket, events):
    socket.field.put(FIRST)
    scan = next_event(events)
    assert isinstance(scan, CodeScanned)
    assert (scan.code, scan.reader) == ("R5", "pile")
    wait_until(lambda: socket.field.presence_checks >= 20)  # nfcpy saw it there 20 times
    assert not drain(events)


def test_another_sticker_is_another_scan_and_one_put_back_counts_again(
    reader, socket, events, clock
):
    socket.field.put(FIRST)
    assert next_event(events).code == "R5"
    socket.field.put(SECOND)
    assert next_event(events).code == "W4"
    socket.field.put(None)
    clock.now += 0.4  # lifted off for longer than repeat_ms
    socket.field.put(FIRST)
    assert next_event(events).code == "R5"


def test_unplugged_and_plugged_back(reader, socket, events):
    socket.field.unplugged, socket.plugged = True, False
    problem = next_event(events)
    assert (problem.detail, problem.down) == ("reader disconnected", True)
    socket.field, socket.plugged = NtagField(), True
    assert isinstance(next_event(events), DeviceReady)
    socket.field.put(SECOND)
    assert next_event(events).code == "W4"


def test_close_while_waiting_for_a_tag(socket, events):
    device = NfcBackend("usb:072f:2200", frontend=socket.open, poll=0.01)
    reader = CardReader("pile", device, events, BOOK.decode).start()
    assert isinstance(next_event(events), DeviceReady)
    closing = threading.Thread(target=reader.close)
    closing.start()
    closing.join(timeout=WAIT)
    assert not closing.is_alive()


def test_without_nfcpy_the_reader_says_what_to_install(monkeypatch, events):
    monkeypatch.setitem(sys.modules, "nfc", None)  # import nfc now fails
    with CardReader("pile", NfcBackend("tty:S0:pn532"), events, BOOK.decode):
        problem = next_event(events)
    install = "install it: pip install 'uno-table[nfc]'"
    need = "NFC readers need nfcpy"
    assert problem == DeviceProblem("pile", Problem.READER_SOFTWARE, need, install, down=True)
