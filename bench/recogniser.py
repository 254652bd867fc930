"""The camera recogniser's accuracy on each scene set and its speed per frame at 640x480.

Faces are enrolled from scenes made from the photos (two gentle views per face: the photos
hold one picture a face, so the views enrolled and the views tested are different scenes of
the same photo); each set is then read with them. Run alone: `python -m bench.recogniser`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from bench import card_scenes as scenes
from bench import report
from hw.vision import Faces, read_card

SEED = 2026
ENROL_PER_FACE = 2
HELD_OUT = ("R7", "Y3", "G9", "B6", "RS", "YD2", "GR", "B0")
"""Faces left out of one enrolment: shown to the camera, they must not be read as another."""


ENROLLED = ("photos", "moved", "light")
"""The sets of the enrolled deck, where at least 95% must be read right."""


@dataclass(frozen=True)
class Tally:
    """How a set was read: right (the true code, or nothing where there is no card),
    not sure (no code where there was one), wrong (a code that is not the card)."""

    name: str
    how: str
    images: int
    right: int
    unsure: int
    wrong: int


def tally(name: str, how: str, faces: Faces, items: Iterable[scenes.Scene]) -> Tally:
    """Read every scene and count."""
    right = unsure = wrong = images = 0
    for item in items:
        images += 1
        code = read_card(item.image, faces).code
        if code is None:
            right += item.truth is None
            unsure += item.truth is not None
        elif code == item.truth:
            right += 1
        else:
            wrong += 1
    return Tally(name, how, images, right, unsure, wrong)


def photo_faces(seed: int = SEED, codes=scenes.COLOURED) -> Faces:
    """Faces enrolled from gentle scenes of the photos."""
    return Faces.learn(scenes.enrolment(codes, ENROL_PER_FACE, seed))


def measure(scale: float = 1.0, seed: int = SEED) -> dict:
    """Every set's tally and the per-frame time; `scale` shrinks the counts (a quick check)."""
    per = max(1, round(4 * scale))
    codes = scenes.COLOURED if scale >= 1 else scenes.COLOURED[:: max(1, round(1 / scale))]
    faces = photo_faces(seed)
    photos = [scenes.Scene(scenes.photo(c), c) for c in codes]
    sets = [
        tally("photos", "the real photos as taken (800x600)", faces, photos),
        tally(
            "moved",
            "photo cards on other mats, any turn, tilted, 50-80% of the height",
            faces,
            scenes.views(codes, per, seed, scenes.MOVED),
        ),
        tally(
            "light",
            "as moved, with light x0.55-1.45, colour casts, noise, blur, JPEG 55-80",
            faces,
            scenes.views(codes, per, seed, scenes.LIGHT),
        ),
        tally(
            "refused",
            "glare, strong blur (each: no code or the right one), half off the "
            "spot, two cards, empty mat (no code)",
            faces,
            scenes.refusals(codes, seed),
        ),
        tally(
            "unenrolled faces",
            f"{len(HELD_OUT)} faces left out of the enrolment, shown (no code is right)",
            photo_faces(seed, [c for c in codes if c not in HELD_OUT]),
            _unenrolled(per, seed),
        ),
        tally(
            "table art (never enrolled)",
            "the table's own card art (patterned, wilds too), read with the photos' faces",
            faces,
            scenes.views(_art_codes(codes), per, seed, scenes.MOVED, scenes.art_sprite),
        ),
        tally(
            "drawn design (never enrolled)",
            "a plain design drawn with OpenCV, read with the photos' faces",
            faces,
            scenes.views(codes, per, seed, scenes.MOVED, scenes.drawn_sprite),
        ),
        _art_enrolled(codes, per, seed),
    ]
    rows = [dict(asdict(s), enrolled=s.name in ENROLLED) for s in sets]
    return {
        "sets": rows,
        "speed": speed(faces, 100 if scale >= 1 else 8),
        "seed": seed,
        "enrol_per_face": ENROL_PER_FACE,
        "load_average": os.getloadavg()[0],
    }


def _unenrolled(per: int, seed: int):
    for item in scenes.views(HELD_OUT, per, seed, scenes.MOVED):
        yield scenes.Scene(item.image, None)


def _art_codes(codes) -> tuple[str, ...]:
    """The codes shown in the table's art: these coloured ones and the two wilds."""
    return (*codes, "W", "W4")


def _art_enrolled(codes, per: int, seed: int) -> Tally:
    codes = _art_codes(codes)
    faces = Faces.learn(scenes.enrolment(codes, ENROL_PER_FACE, seed + 1, scenes.art_sprite))
    return tally(
        "table art, enrolled",
        "the table's card art (wilds too) enrolled from its own scenes, read in others",
        faces,
        scenes.views(codes, per, seed + 2, scenes.MOVED, scenes.art_sprite),
    )


def speed(faces: Faces, frames: int) -> dict:
    """read_card's time per 640x480 frame with one card in view (median, p90)."""
    items = list(scenes.views(scenes.COLOURED[:frames], 1, SEED + 9, scenes.MOVED))
    while len(items) < frames:
        items += items
    read_card(items[0].image, faces)  # the faces' matrix is made on the first read
    times, cpu = [], []
    for item in items[:frames]:
        started, started_cpu = time.perf_counter(), time.thread_time()
        read_card(item.image, faces)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - started_cpu) * 1000)
    times.sort()
    return {
        "frames": frames,
        "median_ms": statistics.median(times),
        "p90_ms": times[int(0.9 * (len(times) - 1))],
        "cpu_median_ms": statistics.median(cpu),
    }


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures as JSON; with --into, also splice them into a report."""
    parser = argparse.ArgumentParser(prog="python -m bench.recogniser", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny counts: checks the bench only")
    parser.add_argument("--from-json", type=Path, help="figures saved by an earlier run")
    parser.add_argument("--into", type=Path, help="BENCHMARKS.md: its camera section replaced")
    args = parser.parse_args(argv)
    if args.from_json:
        camera = json.loads(args.from_json.read_text())
    else:
        camera = measure(0.1 if args.quick else 1.0)
        print(json.dumps(camera, indent=1))
    if args.into:
        load = camera.get("load_average")
        machine = f"{os.cpu_count()} cores" + ("" if load is None else f", load {load:.1f}")
        note = (
            f"Measured by `python -m bench.recogniser` alone on {datetime.date.today()} "
            f"({machine}), not in the run that made the rest of this file; `make bench` "
            "measures both in one run."
        )
        args.into.write_text(report.splice_camera(args.into.read_text(), camera, note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
