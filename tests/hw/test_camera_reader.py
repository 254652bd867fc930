"""The camera as a card reader: a card laid still on the spot is read once until the spot is
empty; two cards, half a card, a damaged or missing faces file, a camera gone: said, not guessed.
Stillness is counted in frames (a FrameFeed hands out each image a few times, then waits)."""

from __future__ import annotations

import queue
import threading

import numpy as np
import pytest

from hw.camera_reader import CameraBackend, load_faces
from hw.events import CodeScanned, DeviceProblem, DeviceReady, Problem
from hw.frames import BAD_FRAMES, FrameFeed
from hw.reader import CardReader, ReaderUnavailable
from hw.spot import Spot
from hw.vision import Faces, Unsure, read_card
from tests.camera_photos import (
    empty,
    faces,
    faces_file,
    half_off,
    photo,
    two_cards,
)
from tests.hw.conftest import next_event, wait_seen

CODES = frozenset(p for p in ("R5", "G7", "B2", "Y9", "W4"))


def news(frames) -> list[str | None]:
    """What the spot says, frame by frame: a code, an unsure reason, or None."""
    spot = Spot(lambda frame: read_card(frame, faces()), Unsure.EMPTY, still_frames=3)
    said = []
    for frame in frames:
        reading = spot.see(frame)
        said.append(None if reading is None else reading.code or str(reading.unsure))
    return said


def test_a_card_is_read_once_it_is_still_and_once_until_the_spot_is_empty():
    r5 = photo("R5")
    frames = [empty()] * 3 + [half_off("R5"), r5, r5, r5, r5, r5] + [empty()] * 3 + [r5] * 3
    assert news(frames) == [None] * 6 + ["R5"] + [None] * 7 + ["R5"]


def test_the_same_card_picked_up_and_laid_again_without_an_empty_spot_counts_once():
    r5, g7 = photo("R5"), photo("G7")
    frames = [r5] * 3 + [half_off("R5")] + [r5] * 3 + [g7] * 3
    assert news(frames) == [None, None, "R5", None, None, None, None, None, None, "G7"]


def test_a_dark_view_is_no_empty_spot_so_the_card_still_there_counts_once():
    # The light off, a hand over the lens, a camera starting up: nothing is seen, so the
    # card counted is still the one on the spot; only a spot seen empty lets it count again.
    r5, dark = photo("R5"), np.full_like(photo("R5"), 6)
    frames = [r5] * 3 + [dark] * 4 + [r5] * 3 + [empty()] * 3 + [r5] * 3
    assert news(frames) == [None, None, "R5"] + [None] * 10 + [None, None, "R5"]


def test_two_cards_or_half_a_card_held_still_ask_once_to_show_it_again():
    two, half = two_cards("R5", "G7"), half_off("B2")
    frames = [two] * 5 + [half] * 4
    assert news(frames) == [None, None, "two_cards", None, None, None, None, "partial", None]


@pytest.fixture
def feed():
    return FrameFeed(empty(), repeat=6)


def camera(tmp_path, feed, events, codes=CODES, faces_path=None):
    faces_path = faces_path or faces_file(tmp_path)
    backend = CameraBackend("/dev/video0", faces_path, codes, frames=feed.open)
    return CardReader("spot", backend, events, lambda text: text, retry=0.02, max_retry=0.1)


def test_the_reader_sends_a_card_laid_on_the_spot_and_asks_again_when_unsure(
    tmp_path, feed, events
):
    with camera(tmp_path, feed, events):
        assert next_event(events) == DeviceReady("spot", feed.where)
        feed.show(photo("G7"))
        event = next_event(events)
        assert isinstance(event, CodeScanned) and (event.code, event.reader) == ("G7", "spot")
        feed.show(two_cards("R5", "B2"))
        assert next_event(events) == DeviceProblem(
            "spot", Problem.SHOW_TWO_CARDS, "show the card again: two_cards", ""
        )
        feed.show(None)
        wait_seen(feed)
        feed.show(photo("G7"))  # the other G7, after the spot was seen empty
        assert next_event(events, CodeScanned).code == "G7"


def test_a_camera_unplugged_is_said_once_and_found_again(tmp_path, feed, events):
    with camera(tmp_path, feed, events):
        assert isinstance(next_event(events), DeviceReady)
        feed.unplug()
        lost = next_event(events)
        assert isinstance(lost, DeviceProblem) and lost.down
        assert lost.kind is Problem.DISCONNECTED
        feed.plug()
        assert isinstance(next_event(events), DeviceReady)
        feed.show(photo("Y9"))
        assert next_event(events, CodeScanned).code == "Y9"


def faces_of_another_deck(path):
    Faces.learn({"Q1": [photo("R5")]}).save(path)
    return path


@pytest.mark.parametrize(
    ("make", "says", "kind"),
    [
        (lambda p: p / "none.npz", "camera faces missing: ", Problem.FACES_MISSING),
        (lambda p: p.joinpath("f.npz").write_bytes(b"PK\x03\x04 cut") and p / "f.npz",
         "camera faces damaged: ", Problem.FACES_DAMAGED),
        (lambda p: p.joinpath("f.npz").write_text("") == 0 and p / "f.npz",
         "camera faces damaged: ", Problem.FACES_DAMAGED),
        (lambda p: faces_of_another_deck(p / "q.npz"), "camera faces of another deck: ",
         Problem.FACES_OTHER_DECK),
    ],
)  # fmt: skip
def test_a_faces_file_that_cannot_be_used_is_one_problem_on_screen_not_a_crash(
    tmp_path, feed, events, make, says, kind, caplog
):
    path = make(tmp_path)
    with pytest.raises(ReaderUnavailable) as caught:
        load_faces(path, CODES)
    assert caught.value.message == f"{says}{path}" and "\n" not in (caught.value.detail or "")
    assert caught.value.kind is kind
    with camera(tmp_path, feed, events, faces_path=path) as reader:
        problem = next_event(events)
        assert problem == DeviceProblem(
            "spot", caught.value.kind, f"{says}{path}", caught.value.detail, down=True
        )
        assert not reader.connected
        wait_seen_retries(reader)
        faces_file(tmp_path).replace(path)  # enrolled meanwhile: taken on the next try
        assert isinstance(next_event(events), DeviceReady)
    logged = [r.getMessage() for r in caplog.records if r.name == "hw.reader"]
    assert logged == [f"spot: {says}{path} ({caught.value.detail})"]  # once, not per retry


def wait_seen_retries(reader: CardReader, tries: int = 3) -> None:
    """Until the reader has tried to open its camera `tries` more times (a hang guard)."""
    opened, backend = [], reader.backend
    real_open = backend.open

    def counted():
        opened.append(1)
        return real_open()

    backend.open = counted
    pause = threading.Event()
    for _ in range(5000):
        if len(opened) >= tries:
            break
        pause.wait(0.002)
    backend.open = real_open
    assert len(opened) >= tries


@pytest.fixture
def events() -> queue.Queue:
    return queue.Queue()


def test_a_card_left_on_the_spot_is_not_read_again_when_the_camera_comes_back(
    tmp_path, feed, events
):
    # The spot's memory outlives the opening: a card still there after the camera was lost
    # is the card counted already (a copy laid meanwhile is shown again once the spot is empty).
    with camera(tmp_path, feed, events):
        assert isinstance(next_event(events), DeviceReady)
        feed.show(photo("G7"))
        assert next_event(events, CodeScanned).code == "G7"
        feed.unplug()
        assert next_event(events).down
        feed.plug()
        assert isinstance(next_event(events), DeviceReady)
        wait_seen(feed)
        feed.show(photo("Y9"))  # the next card: the only scan
        assert next_event(events).code == "Y9"
        feed.show(None)
        wait_seen(feed)
        feed.show(photo("Y9"))  # laid again after an empty spot: counted again
        assert next_event(events).code == "Y9"


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((0, 0, 3), np.uint8),
        np.zeros((480, 0, 3), np.uint8),
        np.zeros((2, 2, 3), np.uint8),
        np.zeros((480, 640, 2), np.uint8),
        np.zeros((480, 640, 3), np.float32),
        np.zeros(640, np.uint8),
    ],
    ids=["empty", "no width", "tiny", "two channels", "float", "flat"],
)
def test_a_frame_that_is_no_image_is_passed_over_not_a_failure(tmp_path, feed, events, bad):
    with camera(tmp_path, feed, events):
        assert isinstance(next_event(events), DeviceReady)
        feed.show(photo("G7"))
        assert next_event(events, CodeScanned).code == "G7"
        feed.show(bad)  # a camera's hiccup while the card lies there
        wait_seen(feed)
        feed.show(photo("G7"))
        wait_seen(feed)
        feed.show(photo("B2"))
        event = next_event(events)  # nothing before it: no failure, no reopening, no G7 again
        assert isinstance(event, CodeScanned) and event.code == "B2", event


def test_a_camera_that_sends_no_image_for_a_while_is_lost(tmp_path, events):
    feed = FrameFeed(empty(), repeat=BAD_FRAMES)
    with camera(tmp_path, feed, events):
        assert isinstance(next_event(events), DeviceReady)
        feed.show(np.zeros((0, 0, 3), np.uint8))
        lost = next_event(events)
        assert isinstance(lost, DeviceProblem) and lost.down, lost
        assert lost.kind is Problem.DISCONNECTED and "no image" in (lost.raw or ""), lost
