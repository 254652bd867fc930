"""Where a camera reader's frames come from: recorded frames, a feed, a camera that is gone."""

import threading

import cv2
import numpy as np
import pytest

from hw.frames import FrameFeed, open_frames
from hw.reader import DeviceLost, ReaderUnavailable
from tests.hw.conftest import wait_seen


def picture(value: int, size=(120, 160)) -> np.ndarray:
    """A frame of one grey level with a mark, so that frames can be told apart."""
    image = np.full((*size, 3), value, np.uint8)
    image[10:20, 10:20] = 255 - value
    return image


def record(folder, values, suffix=".png"):
    folder.mkdir(exist_ok=True)
    for n, value in enumerate(values):
        cv2.imwrite(str(folder / f"{n:03d}{suffix}"), picture(value))
    return folder


def test_a_folder_plays_its_images_in_name_order_then_again(tmp_path):
    frames = open_frames(str(record(tmp_path / "rec", [10, 100, 200])), fps=0)
    seen = [int(frames.frame()[60, 80, 0]) for _ in range(5)]
    assert seen == [10, 100, 200, 10, 100]


def test_one_image_is_a_still_view(tmp_path):
    path = tmp_path / "card.png"
    cv2.imwrite(str(path), picture(77))
    frames = open_frames(str(path), fps=0)
    assert [int(frames.frame()[60, 80, 0]) for _ in range(3)] == [77, 77, 77]


def test_a_video_file_plays_and_starts_again_at_its_end(tmp_path):
    path = tmp_path / "rec.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30, (160, 120))
    for value in (20, 120, 220):
        writer.write(picture(value))
    writer.release()
    frames = open_frames(str(path), fps=0)
    seen = [int(frames.frame()[60, 80, 0]) for _ in range(4)]
    assert [abs(a - b) < 8 for a, b in zip(seen, [20, 120, 220, 20], strict=True)] == [True] * 4
    frames.close()


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda p: p / "nowhere", "camera not found: "),
        (lambda p: p.joinpath("x.png").write_text("not a picture") and p, "camera cannot read "),
        (lambda p: p.joinpath("notes.txt").write_text("nothing") and p, "camera cannot open "),
        (
            lambda p: p.joinpath("clip.mp4").write_text("no video") and p / "clip.mp4",
            "camera cannot read ",
        ),
        (lambda p: "/dev/no-camera-here", "camera not found: /dev/no-camera-here"),
        (lambda p: "/dev/null", "camera cannot open /dev/null"),
        (lambda p: "picamera2", "camera needs picamera2"),  # not on this machine: not a Pi
    ],
)
def test_a_source_that_cannot_be_opened_says_why_in_one_line(tmp_path, make, says):
    with pytest.raises(ReaderUnavailable) as caught:
        open_frames(str(make(tmp_path)))
    assert caught.value.message.startswith(says)
    assert "\n" not in caught.value.message


def test_an_image_cut_short_is_a_lost_frame_not_a_crash(tmp_path):
    folder = record(tmp_path / "rec", [10, 50], suffix=".jpg")
    whole = (folder / "001.jpg").read_bytes()
    (folder / "001.jpg").write_bytes(whole[:40])  # the header is there, the picture is not
    frames = open_frames(str(folder), fps=0)
    frames.frame()
    with pytest.raises(DeviceLost, match="cannot read the image"):
        frames.frame()


def test_a_feed_hands_out_what_is_shown_until_the_reader_has_seen_enough():
    feed = FrameFeed(picture(0), repeat=3)
    taken = []
    done = threading.Event()

    def read():
        while (frame := feed.frame()) is not None:
            taken.append(int(frame[60, 80, 0]))
        done.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    wait_seen(feed)
    assert taken == [0, 0, 0]
    feed.show(picture(90))
    wait_seen(feed)
    assert taken == [0, 0, 0, 90, 90, 90]
    feed.cancel()
    assert done.wait(10)


def test_an_unplugged_feed_is_lost_and_cannot_be_opened_until_plugged_back():
    feed = FrameFeed(picture(0), repeat=2)
    feed.unplug()
    with pytest.raises(DeviceLost):
        feed.frame()
    with pytest.raises(ReaderUnavailable, match="camera not found"):
        feed.open()
    feed.plug()
    opened = feed.open()  # Checked, as every camera opened
    assert opened.where == feed.where
    assert int(opened.frame()[60, 80, 0]) == 0
