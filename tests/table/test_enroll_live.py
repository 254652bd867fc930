"""`uno-table enroll --camera` live: each face named in turn on screen and in the terminal,
taken once the card lies still; Backspace takes the one before again; Esc keeps what was taken.
The camera is a FrameFeed the test shows cards to; keys are real pygame events."""

from __future__ import annotations

import threading

import numpy as np
import pygame
import pytest

from hw.frames import FrameFeed
from hw.vision import Faces, read_card
from table.commands.enroll_live import LiveEnrolment, distinct_faces, photos_folder
from table.screen.text import Text
from tests.camera_photos import empty, photo
from tests.hw.conftest import wait_seen
from tests.table.conftest import Lines


@pytest.fixture
def screen():
    pygame.display.init()
    surface = pygame.display.set_mode((800, 480))
    yield surface
    pygame.display.quit()


def start(tmp_path, screen, lang="en"):
    feed, say = FrameFeed(empty(), repeat=6), Lines()
    walk = LiveEnrolment(feed, tmp_path / "faces.npz", "official", screen, Text(lang), say)
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("rc", walk.run()), daemon=True)
    thread.start()
    return feed, say, thread, result


def lay(feed, image):
    """A card laid on the spot (or the spot emptied) and every frame of it seen."""
    feed.show(image)
    wait_seen(feed)


def press(feed, key):
    """A key, handled before the next frame (the walk reads keys between frames): the spot
    is emptied meanwhile, which wakes the walk."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
    feed.show(None)


def test_each_face_is_named_and_taken_once_still_and_escape_keeps_them(tmp_path, screen):
    feed, say, thread, result = start(tmp_path, screen)
    assert say.wait_for("[1/54] lay red 0 (R0) on the spot")
    lay(feed, photo("R0"))
    assert say.wait_for("took R0")
    lay(feed, photo("R0"))  # still lying there: not taken again for R1
    assert "took R1" not in say.text
    lay(feed, None)
    lay(feed, photo("R1"))
    assert say.wait_for("[3/54] lay red 2 (R2) on the spot")
    pygame.image.save(screen, str(tmp_path / "enroll.png"))
    press(feed, pygame.K_BACKSPACE)  # R1 again
    wait_seen(feed)
    assert say.text.count("again: R1") == 1
    lay(feed, photo("G1"))  # a wrong card taken for R1...
    lay(feed, None)
    press(feed, pygame.K_BACKSPACE)
    wait_seen(feed)
    assert say.text.count("again: R1") == 2
    lay(feed, photo("R1"))  # ...and taken right
    assert say.text.count("took R1") == 3
    press(feed, pygame.K_ESCAPE)
    thread.join(timeout=120)
    assert result["rc"] == 1  # not every face: the rest is asked for next time
    assert say.wait_for("learnt 2 of 54 faces of the official deck from 2 photos into")
    faces = Faces.load(tmp_path / "faces.npz")
    assert faces.codes == {"R0", "R1"}
    assert read_card(photo("R1"), faces).code == "R1"
    assert sorted(p.name for p in photos_folder(tmp_path / "faces.npz").iterdir()) == [
        "R0_live.png",
        "R1_live.png",
    ]


def test_a_dark_view_is_no_empty_spot_so_the_card_taken_is_not_taken_for_the_next(tmp_path, screen):
    feed, say, thread, _ = start(tmp_path, screen)
    lay(feed, photo("R0"))
    assert say.wait_for("took R0")
    lay(feed, np.full_like(photo("R0"), 6))  # the light off, the card still there
    lay(feed, photo("R0"))  # the light back on
    assert "took R1" not in say.text
    lay(feed, None)
    lay(feed, photo("R1"))
    assert say.wait_for("took R1")
    press(feed, pygame.K_ESCAPE)
    thread.join(timeout=120)


def test_a_walk_stopped_half_way_goes_on_where_it_stopped(tmp_path, screen):
    folder = photos_folder(tmp_path / "faces.npz")
    folder.mkdir()
    import cv2

    for code in distinct_faces("official")[:3]:
        cv2.imwrite(str(folder / f"{code}_live.png"), photo(code))
    feed, say, thread, _ = start(tmp_path, screen, "es")
    assert say.wait_for("3 of 54 faces already taken")
    assert say.wait_for("[4/54] lay red 3 (R3) on the spot")
    press(feed, pygame.K_ESCAPE)
    thread.join(timeout=120)
    assert Faces.load(tmp_path / "faces.npz").codes == {"R0", "R1", "R2"}


def test_a_camera_lost_mid_walk_is_one_line_and_keeps_what_was_taken(tmp_path, screen):
    feed, say, thread, result = start(tmp_path, screen)
    lay(feed, photo("R0"))
    assert say.wait_for("took R0")
    feed.unplug()
    thread.join(timeout=120)
    assert say.wait_for("camera lost: the camera was unplugged")
    assert result["rc"] == 1 and Faces.load(tmp_path / "faces.npz").codes == {"R0"}


def test_enrolling_without_a_camera_is_one_clear_line(tmp_path):
    from table.commands.enroll_live import enroll_live
    from table.setup import config
    from table.setup.config import ConfigError

    plain = config.loads("", "table.toml")  # the shipped default: a serial reader only
    with pytest.raises(ConfigError, match=r"table.toml: reader: expected a camera reader"):
        enroll_live(plain, "official", tmp_path / "faces.npz")
    with pytest.raises(ConfigError) as gone:
        enroll_live(plain, "official", tmp_path / "faces.npz", device="/dev/video-gone")
    assert str(gone.value) == "enroll --camera: camera not found: /dev/video-gone"


def test_the_command_with_a_camera_that_is_gone_is_one_line(tmp_path, capsys):
    from table.commands import cli

    rc = cli.main(["enroll", "--camera", "--reader", "/dev/video-gone",
                   "--faces", str(tmp_path / "f.npz")])  # fmt: skip
    assert rc == 2
    assert capsys.readouterr().err == (
        "uno-table: enroll --camera: camera not found: /dev/video-gone\n"
    )


def test_a_faces_file_where_no_photo_can_be_kept_is_one_line(tmp_path, capsys):
    """On the Pi the faces go beside the service's journal (/var/lib/uno-table), which the
    login user may not write: one line saying where and why, never a traceback (a file
    stands in the way here)."""
    import cv2

    from table.commands import cli

    cv2.imwrite(str(tmp_path / "spot.png"), empty())
    (tmp_path / "taken").write_text("")
    faces = tmp_path / "taken" / "faces.npz"
    rc = cli.main(["enroll", "--camera", "--reader", str(tmp_path / "spot.png"),
                   "--faces", str(faces)])  # fmt: skip
    assert rc == 2
    folder = tmp_path / "taken" / "faces-photos"
    assert capsys.readouterr().err.endswith(
        f"uno-table: {folder}: cannot keep the photos: Not a directory\n"
    )
