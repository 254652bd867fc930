"""`uno-table demo --camera [DIR]`: the bots lay their cards under a camera reader (photos from
DIR, drawn cards for faces without one) and the table stays consistent with the world."""

from __future__ import annotations

import json

from tests.camera_photos import PHOTOS
from tests.table.test_demo_cli import demo


def test_the_demo_plays_on_recorded_photos_through_the_camera_reader():
    done = demo("--camera", str(PHOTOS), "--players", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["consistent"] is True and summary["rounds"] == 1
    assert summary["actions"] > 10


def test_a_folder_of_photos_that_cannot_be_read_is_one_line(tmp_path):
    (tmp_path / "R5_a.jpg").write_text("not a photo")
    done = demo("--camera", str(tmp_path), "--players", "2")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        f"uno-table: demo --camera: {tmp_path / 'R5_a.jpg'}: not an image OpenCV can read "
        "(JPEG or PNG)"
    ]
