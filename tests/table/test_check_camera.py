"""`uno-table check` with a camera: the view saved with the card outlined, the light judged,
a card laid on the spot read; a camera that is gone is one line and a FAIL."""

from __future__ import annotations

import cv2
import numpy as np

from hw.sim import SimButtons
from table.commands.camera_view import check_cameras
from table.setup import config
from tests.camera_photos import faces_file, photo
from tests.table.conftest import Lines
from tests.table.test_check import start_check


def camera_config(tmp_path, device, faces=None):
    faces = faces or faces_file(tmp_path)
    text = f"""
state_dir = "{tmp_path / "state"}"
[[reader]]
name = "spot"
protocol = "camera"
device = "{device}"
faces = "{faces}"
"""
    return config.loads(text, "test.toml")


def recorded(tmp_path, image) -> str:
    folder = tmp_path / "recorded"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame.png"), image)
    return str(folder)


def test_check_saves_the_view_with_the_card_outlined_and_reads_a_card(tmp_path):
    cfg = camera_config(tmp_path, recorded(tmp_path, photo("R5")))
    factory, say, thread, result = start_check(cfg, seconds=3600)
    sim = SimButtons(factory, [s.pins for s in cfg.seats], cfg.color_pad)
    for seat, button in sim.buttons():
        sim.press(seat, button)
    thread.join(timeout=300)  # a hang guard: the check ends once everything answered
    picture = tmp_path / "state" / "camera-spot.png"
    assert f"camera spot: sees R5; saved as {picture}" in say.text
    assert say.wait_for("camera spot: light enough (level")
    assert say.wait_for("reader spot: R5 (for the turn's seat)")
    assert result["rc"] == 0, say.text
    saved = cv2.imread(str(picture))
    green = (saved[..., 1] == 200) & (saved[..., 0] == 0) & (saved[..., 2] == 0)
    assert green.sum() > 500  # the outline (and the label) drawn over the view


def test_a_dark_spot_is_not_enough_light(tmp_path):
    dark = (photo("G7").astype(np.float32) * 0.2).astype(np.uint8)
    cfg = camera_config(tmp_path, recorded(tmp_path, dark))
    say = Lines()
    failures = check_cameras(list(cfg.readers), tmp_path / "state", {"G7"}, say)
    assert failures == ["light at camera spot"]
    assert say.wait_for("camera spot: light NOT enough: too dark")


def test_before_enrolment_the_outline_alone_checks_the_mount(tmp_path):
    cfg = camera_config(tmp_path, recorded(tmp_path, photo("B2")), faces=tmp_path / "none.npz")
    say = Lines()
    assert check_cameras(list(cfg.readers), tmp_path / "state", {"B2"}, say) == []
    assert say.wait_for("camera spot: sees a card (no faces file yet)")


def test_a_camera_that_is_gone_is_one_line_and_a_failure(tmp_path):
    cfg = camera_config(tmp_path, "/dev/video-gone")
    say = Lines()
    assert check_cameras(list(cfg.readers), tmp_path, {"R5"}, say) == ["camera spot"]
    assert say.lines == ["camera spot: camera not found: /dev/video-gone"]


def test_a_folder_the_view_cannot_be_saved_in_is_one_line_and_a_failure(tmp_path):
    """On the Pi, state_dir is the service's (/var/lib/uno-table): the login user's check may
    not write there. Said for the camera, never a traceback (a file stands in the way here)."""
    cfg = camera_config(tmp_path, recorded(tmp_path, photo("R5")))
    (tmp_path / "taken").write_text("")
    say = Lines()
    assert check_cameras(list(cfg.readers), tmp_path / "taken" / "state", {"R5"}, say) == [
        "camera spot"
    ]
    picture = tmp_path / "taken" / "state" / "camera-spot.png"
    assert say.lines == [f"camera spot: camera cannot save {picture} (Not a directory)"]


def test_the_view_is_saved_in_place_of_a_link_never_through_it(tmp_path):
    """Before: a link at camera-spot.png in state_dir had the view written over the file it
    leads to (a FIFO there hung the check)."""
    cfg = camera_config(tmp_path, recorded(tmp_path, photo("R5")))
    (tmp_path / "state").mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_text("kept\n")
    picture = tmp_path / "state" / "camera-spot.png"
    picture.symlink_to(precious)
    assert check_cameras(list(cfg.readers), tmp_path / "state", {"R5"}, Lines()) == []
    assert precious.read_text() == "kept\n"
    assert not picture.is_symlink() and cv2.imread(str(picture)) is not None
