"""`uno-table enroll --camera --from DIR` and `uno-table identify`, as a builder runs them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from table.commands import cli

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = ROOT / "tests" / "data" / "cards"
CODES = ("R6", "R9", "G7", "B0", "YS", "BD2")


@pytest.fixture(scope="module")
def faces_file(tmp_path_factory) -> Path:
    """Faces of six cards enrolled through the command line from photos named CODE_*.jpg."""
    folder = tmp_path_factory.mktemp("photos")
    for code in CODES:
        shutil.copy(PHOTOS / f"{code}.jpg", folder / f"{code}_front.jpg")
    (folder / "notes.txt").write_text("not a photo: left alone")
    out = folder.parent / "faces.npz"
    assert cli.main(["enroll", "--camera", "--from", str(folder), "--faces", str(out)]) == 0
    return out


def identify(capsys, *argv: str) -> tuple[int, list[dict], str]:
    rc = cli.main(["identify", *argv])
    out, err = capsys.readouterr()
    return rc, [json.loads(line) for line in out.splitlines()], err


def test_enrolled_photos_are_identified_one_json_line_each(faces_file, capsys):
    images = [str(PHOTOS / f"{code}.jpg") for code in ("R6", "G7", "R9")]
    rc, lines, err = identify(capsys, "--faces", str(faces_file), *images)
    assert rc == 0 and err == ""
    assert [line["code"] for line in lines] == ["R6", "G7", "R9"]
    assert [line["image"] for line in lines] == images
    assert all(0 < line["score"] <= 1 for line in lines)


def test_a_face_not_enrolled_reads_null_and_still_exits_0(faces_file, capsys):
    rc, lines, _ = identify(capsys, "--faces", str(faces_file), str(PHOTOS / "Y2.jpg"))
    assert rc == 0 and lines[0]["code"] is None


def test_a_missing_or_unreadable_image_is_one_line_and_exit_1(faces_file, capsys, tmp_path):
    junk = tmp_path / "junk.jpg"
    junk.write_bytes(b"\xff\xd8 not really a jpeg")
    missing = tmp_path / "nope.png"
    rc, lines, err = identify(capsys, "--faces", str(faces_file), str(missing),
                              str(PHOTOS / "B0.jpg"), str(junk))  # fmt: skip
    assert rc == 1
    assert [line["code"] for line in lines] == ["B0"]  # the readable image is still read
    assert err.count("\n") == 2 and "nope.png" in err and "junk.jpg" in err
    assert "Traceback" not in err


def test_a_damaged_faces_file_is_one_line(faces_file, capsys, tmp_path):
    damaged = tmp_path / "faces.npz"
    damaged.write_bytes(faces_file.read_bytes()[:500])
    rc, lines, err = identify(capsys, "--faces", str(damaged), str(PHOTOS / "B0.jpg"))
    assert rc == 2 and lines == []
    assert err.count("\n") == 1 and "damaged" in err


def test_faces_of_another_deck_are_refused(capsys, tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    shutil.copy(PHOTOS / "R5.jpg", folder / "R5_a.jpg")
    out = tmp_path / "faces.npz"
    # A deck whose faces hold a card the official deck has not (cool's wild shuffle hands):
    # learnt under cool, the faces are refused by a table playing official.
    shutil.copy(PHOTOS / "B1.jpg", folder / "WS_a.jpg")
    argv = ["enroll", "--camera", "--preset", "cool", "--from", str(folder), "--faces", str(out)]
    assert cli.main(argv) == 0
    capsys.readouterr()
    rc, _, err = identify(capsys, "--preset", "official", "--faces", str(out),
                          str(PHOTOS / "R5.jpg"))  # fmt: skip
    assert rc == 2 and "another deck" in err and "WS" in err


def test_a_photo_named_for_no_card_of_the_deck_is_refused(capsys, tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    shutil.copy(PHOTOS / "R5.jpg", folder / "X5_a.jpg")
    rc = cli.main(["enroll", "--camera", "--from", str(folder), "--faces", str(tmp_path / "f")])
    err = capsys.readouterr().err
    assert rc == 2 and "X5_a.jpg" in err and "not a card" in err
    assert not (tmp_path / "f").exists()


def test_a_code_in_small_letters_names_its_card(capsys, tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    shutil.copy(PHOTOS / "G7.jpg", folder / "g7_front.jpg")
    shutil.copy(PHOTOS / "BD2.jpg", folder / "bd2.JPG")
    faces = tmp_path / "faces.npz"
    assert cli.main(["enroll", "--camera", "--from", str(folder), "--faces", str(faces)]) == 0
    assert "learnt 2 of 54 faces" in capsys.readouterr().out
    rc, lines, _ = identify(capsys, "--faces", str(faces), str(PHOTOS / "G7.jpg"))
    assert rc == 0 and lines[0]["code"] == "G7"


def test_a_photo_without_one_card_is_named_by_its_file(capsys, tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    shutil.copy(PHOTOS / "R5.jpg", folder / "R5_a.jpg")
    import cv2
    import numpy as np

    cv2.imwrite(str(folder / "R5_b.png"), np.full((480, 640, 3), 200, np.uint8))
    rc = cli.main(["enroll", "--camera", "--from", str(folder), "--faces", str(tmp_path / "f")])
    err = capsys.readouterr().err
    assert rc == 2 and "R5_b.png" in err and "no single whole card" in err


def test_identify_prints_only_its_json_lines_as_run_from_a_shell(faces_file):
    # A fresh process without the tests' PYGAME_HIDE_SUPPORT_PROMPT: pygame, loaded by the live
    # enrolment's module, greeted on stdout before the first line.
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    code = "import sys; from table.commands.cli import main; sys.exit(main(sys.argv[1:]))"
    image = str(PHOTOS / "R6.jpg")
    run = subprocess.run(
        [sys.executable, "-c", code, "identify", "--faces", str(faces_file), image],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert [json.loads(line)["code"] for line in run.stdout.splitlines()] == ["R6"]


def enrol(capsys, tmp_path, swaps: dict[str, str | None]) -> int:
    """Enrol every photographed face, some names given another card's photo (or none)."""
    folder = tmp_path / "photos"
    folder.mkdir()
    for photo in sorted(PHOTOS.glob("*.jpg")):
        source = swaps.get(photo.stem, photo.stem)
        if source is not None:
            shutil.copy(PHOTOS / f"{source}.jpg", folder / f"{photo.stem}_a.jpg")
    faces = tmp_path / "faces.npz"
    return cli.main(["enroll", "--camera", "--from", str(folder), "--faces", str(faces)])


def test_a_photo_of_another_rank_under_a_name_is_refused(capsys, tmp_path):
    # R6's photo named R5, R6 itself not photographed: the table's R6 would read as R5.
    rc = enrol(capsys, tmp_path, {"R5": "R6", "R6": None})
    err = capsys.readouterr().err
    assert rc == 2 and "R5_a.jpg" in err and "6" in err, err
    assert not (tmp_path / "faces.npz").exists()


def test_a_photo_of_another_colour_under_a_name_is_refused(capsys, tmp_path):
    rc = enrol(capsys, tmp_path, {"R5": "B5"})
    err = capsys.readouterr().err
    assert rc == 2 and "R5_a.jpg" in err and "B" in err, err


def test_the_whole_photographed_deck_enrols_as_named(capsys, tmp_path):
    assert enrol(capsys, tmp_path, {}) == 0
    assert "learnt 52 of 54 faces" in capsys.readouterr().out
