"""The framers and the presence rule, byte by byte: what each protocol's device sends."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hw.events import Problem
from hw.framing import BadFrame, Frame, GapFramer, LineFramer, Rdm6300Framer, rdm6300_frame
from hw.presence import Presence

TAG = "0A1B2C3D4E"
FRAME = rdm6300_frame(TAG)


def test_an_rdm6300_frame_as_the_module_sends_it():
    # 0A^1B^2C^3D^4E = 0x4E: STX, ten data digits, two checksum digits, ETX, no line end.
    assert FRAME == b"\x020A1B2C3D4E4E\x03"
    assert Rdm6300Framer().feed(FRAME) == [Frame(TAG)]


def test_rdm6300_ids_are_upper_case_and_split_frames_wait():
    framer = Rdm6300Framer()
    frame = b"\x020a1b2c3d4e4e\x03"
    assert framer.feed(frame[:5]) == []
    assert framer.feed(frame[5:]) == [Frame(TAG)]


def test_twenty_frames_in_one_read_are_twenty_readings_of_one_id():
    assert Rdm6300Framer().feed(FRAME * 20) == [Frame(TAG)] * 20


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"\x020A1B2C3D4E4F\x03", BadFrame(Problem.GARBLED, "bad checksum", "0A1B2C3D4E4F")),
        (b"\x020A1B2C3D4E\x03", BadFrame(Problem.GARBLED, "bad frame", "<02>0A1B2C3D4E<03>")),
        (b"\x020A1B2C3D4EZZ\x03", BadFrame(Problem.GARBLED, "bad frame", "<02>0A1B2C3D4EZZ<03>")),
        (b"\x020A1B2\x02", BadFrame(Problem.GARBLED, "frame cut short", "<02>0A1B2")),
        (b"R5\r\n\x02", BadFrame(Problem.GARBLED, "not a frame", "R5<0d><0a>")),
    ],
)
def test_bad_rdm6300_frames(data, problem):
    framer = Rdm6300Framer()
    assert framer.feed(data) == [problem]
    rest = FRAME[1:] if data.endswith(b"\x02") else FRAME  # its STX may have been fed already
    assert framer.feed(rest) == [Frame(TAG)]  # and the next frame reads


def test_a_frame_without_its_etx_is_given_up_and_the_reader_resyncs():
    framer = Rdm6300Framer()
    readings = framer.feed(b"\x02" + b"0" * 40 + FRAME)
    assert readings == [BadFrame(Problem.GARBLED, "frame too long", "<02>" + "0" * 13), Frame(TAG)]


def test_a_frame_too_long_is_said_at_its_first_byte_too_many():
    """Not when the next frame comes: a reader may send nothing more for a long time."""
    framer = Rdm6300Framer()
    assert framer.feed(b"\x020A1B2C3D4E4E") == []
    assert framer.feed(b"7") == [BadFrame(Problem.GARBLED, "frame too long", "<02>0A1B2C3D4E4E7")]
    assert framer.feed(b"77\x03") == []  # the rest of it, said already
    assert framer.feed(FRAME) == [Frame(TAG)]
    assert framer.feed(b"\x02" + b"1" * 13 + b"x" * 300)[1:] == [
        BadFrame(Problem.GARBLED, "not a frame", "x" * 64)
    ]  # garbage that goes on after it is said again, as any garbage is


def test_a_gap_ends_a_frame_and_a_suffix_is_not_needed():
    framer = GapFramer(gap=0.05)
    assert framer.patience() is None  # idle: the port read sleeps until bytes come
    assert framer.feed(b"04A1", at=1.0) == []
    assert framer.patience() == 0.05  # a frame begun: the silence that ends it is timed
    assert framer.feed(b"B2C3", at=1.01) == []
    assert framer.feed(b"", at=1.04) == []  # silence, but not yet long enough
    assert framer.feed(b"", at=1.06) == [Frame("04A1B2C3")]
    assert framer.feed(b"", at=2.0) == []
    assert framer.feed(b"R5\r\n", at=2.0) == []
    assert framer.feed(b"W4", at=2.1) == [Frame("R5")]  # the suffix a scanner sends anyway
    assert framer.feed(b"", at=2.2) == [Frame("W4")]


def test_a_gap_frame_that_never_ends_is_too_long():
    framer = GapFramer(gap=0.05, max_line=8)
    (problem,) = framer.feed(b"123456789", at=1.0)
    assert (problem.kind, problem.message) == (Problem.GARBLED, "line too long")


def test_presence_one_scan_while_the_card_lies_there():
    presence = Presence(repeat=0.5)
    # A frame every 0.1 s for 3 s: one scan.
    assert [presence.new(TAG, n / 10) for n in range(30)] == [True] + [False] * 29
    assert presence.new("OTHER", 3.0)  # two different ids are two scans
    assert not presence.new(TAG, 3.1)  # the first is still there
    assert presence.new(TAG, 3.6)  # gone for 0.5 s and back: a new scan
    assert presence.new(BadFrame(Problem.GARBLED, "bad checksum", "x"), 3.6)
    assert not presence.new(BadFrame(Problem.GARBLED, "bad checksum", "x"), 3.7)


def test_presence_zero_reports_every_reading():
    presence = Presence(repeat=0)
    assert all(presence.new(TAG, 1.0) for _ in range(3))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.integers(1, 20))
def test_any_bytes_then_a_good_frame_reads_it(data, chunk):
    """Garbage, half frames, stray STX and ETX: each is a bad frame, and the next frame reads."""
    framer = Rdm6300Framer()
    stream = data + FRAME
    readings = []
    for start in range(0, len(stream), chunk):
        readings += framer.feed(stream[start : start + chunk])
    assert readings[-1] == Frame(TAG)
    assert all(isinstance(r, Frame | BadFrame) for r in readings)


def test_the_rest_of_a_line_said_too_long_is_no_scan():
    """Before: once a line too long was said, its tail after the read that made it too long
    was a line of its own: noise ending in "R5" played R5."""
    lines = LineFramer(max_line=8)
    (too_long,) = lines.feed(b"x" * 9)
    assert (too_long.kind, too_long.message) == (Problem.GARBLED, "line too long")
    assert lines.feed(b"xx") == []
    assert lines.feed(b"R5\r\nR7") == []  # the tail ends there; R7 waits for its own end
    assert lines.feed(b"\r\n") == [Frame("R7")]


def test_the_rest_of_a_gap_frame_said_too_long_is_no_scan():
    framer = GapFramer(gap=0.05, max_line=8)
    (too_long,) = framer.feed(b"x" * 9, at=1.0)
    assert (too_long.kind, too_long.message) == (Problem.GARBLED, "line too long")
    assert framer.patience() == 0.05  # the silence that ends it is timed
    assert framer.feed(b"R5", at=1.01) == []
    assert framer.feed(b"", at=1.1) == []  # its silence: the tail was no frame
    assert framer.patience() is None
    assert framer.feed(b"R7", at=2.0) == []
    assert framer.feed(b"", at=2.1) == [Frame("R7")]
