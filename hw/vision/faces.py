"""The faces of one deck as a camera saw them: learnt from photos, saved to a file, loaded."""

from __future__ import annotations

import functools
import os
import tempfile
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from hw.vision.colour import SAME_COLOUR, Palette, hue_distance
from hw.vision.locate import find_in_photo
from hw.vision.match import SHIFT, Templates, prepare, unit_rows, upright_like
from hw.vision.view import BODY_SIZE, CardView, card_view

VERSION = 1
"""The faces file's format; a file of another version is refused, not guessed at."""
KIND = "uno-table camera faces"
MAX_BYTES = 64 * 1024 * 1024
"""A faces file larger than this is not one (a deck's faces take a few megabytes at most)."""


class FacesError(ValueError):
    """Faces that cannot be learnt, saved or loaded; the message is one line for the user.

    When one photo is at fault, `code` and `number` (from 1, in the order given) name it and
    `reason` says what is wrong with it."""

    def __init__(self, message: str, *, code: str | None = None, number: int | None = None,
                 reason: str = "") -> None:  # fmt: skip
        super().__init__(message)
        self.code, self.number, self.reason = code, number, reason or message


@dataclass(frozen=True)
class Faces:
    """Each known face's templates (upright ink maps), hue (NaN: dark), sharpness and
    brightness against its white print (NaN: dark, or faces saved before it was learnt).

    `templates[k]` belongs to face `owner[k]` (an index into `code_list`); a face has one
    template per photo it was learnt from."""

    code_list: tuple[str, ...]
    hues: tuple[float, ...]
    sharpness: tuple[float, ...]
    templates: np.ndarray
    owner: np.ndarray
    brightness: tuple[float, ...]

    @property
    def codes(self) -> frozenset[str]:
        """The card codes these faces know."""
        return frozenset(self.code_list)

    @functools.cached_property
    def prepared(self) -> Templates:
        """The templates ready to correlate (computed once)."""
        return prepare(self.templates, len(self.code_list))

    @functools.cached_property
    def palette(self) -> Palette:
        """The deck's colours, grouped from the faces' hues."""
        return Palette.of([None if np.isnan(h) else h for h in self.hues], self.brightness)

    @functools.cached_property
    def likeness(self) -> np.ndarray:
        """Each template's symbol against each other's (templates x templates): their
        correlation as the reader weighs it, the better of the two half-turns (computed once)."""
        s = SHIFT
        turned = self.templates[:, ::-1, ::-1][:, s:-s, s:-s].reshape(len(self.templates), -1)
        prepared = self.prepared
        turned = unit_rows((turned - prepared.mean) * prepared.weight)
        upright = prepared.matrix
        return np.maximum(upright @ upright.T, upright @ turned.T)

    @classmethod
    def learn(cls, photos: Mapping[str, Sequence[np.ndarray]]) -> Faces:
        """Faces from photos (BGR uint8) of each card code, one card in each photo."""
        codes, hues, sharpness, templates, owner, brightness = [], [], [], [], [], []
        for code, images in sorted(photos.items()):
            if not images:
                continue
            views = [_view_of(code, number, image) for number, image in enumerate(images, 1)]
            codes.append(code)
            hues.append(_one_hue(code, views))
            sharpness.append(float(np.median([v.sharpness for v in views])))
            brightness.append(_brightness(views))
            templates += [v.ink for v in views]
            owner += [len(codes) - 1] * len(views)
        if not codes:
            raise FacesError("no photos to learn faces from")
        # All upright alike, so that the mean face is a face and not two half-turns blurred.
        templates = [upright_like(t, templates[0]) for t in templates]
        return cls(tuple(codes), tuple(hues), tuple(sharpness),
                   np.stack(templates).astype(np.float32), np.array(owner, np.int32),
                   tuple(brightness))  # fmt: skip

    def save(self, path: str | os.PathLike) -> None:
        """Write the faces to `path` atomically (a temporary file, then a rename)."""
        path = Path(path)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                np.savez_compressed(
                    out,
                    kind=np.array(KIND),
                    version=np.array(VERSION),
                    codes=np.array(self.code_list),
                    hues=np.array(self.hues, np.float64),
                    sharpness=np.array(self.sharpness, np.float64),
                    brightness=np.array(self.brightness, np.float64),
                    templates=self.templates,
                    owner=self.owner,
                )
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike) -> Faces:
        """Faces saved by `save`; FacesError (one line) when missing, foreign, damaged or newer."""
        path = Path(path)
        if not path.exists():
            raise FacesError(f"{path}: no such faces file")
        if not path.is_file():
            raise FacesError(f"{path}: not a regular file")
        if path.stat().st_size > MAX_BYTES:
            raise FacesError(f"{path}: too large to be a faces file")
        try:
            with np.load(path, allow_pickle=False) as data:
                return _from_arrays(path, {name: data[name] for name in data.files})
        except FacesError:
            raise
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as err:
            raise FacesError(f"{path}: not a faces file, or damaged ({_short(err)})") from None


def _from_arrays(path: Path, data: dict[str, np.ndarray]) -> Faces:
    if "kind" not in data or str(data["kind"]) != KIND:
        raise FacesError(f"{path}: not a faces file")
    if int(data["version"]) != VERSION:
        raise FacesError(
            f"{path}: faces file version {int(data['version'])}, this program reads {VERSION}: "
            "enroll the deck again"
        )
    codes = tuple(str(c) for c in data["codes"])
    hues = tuple(float(h) for h in data["hues"])
    sharpness = tuple(float(s) for s in data["sharpness"])
    # Files saved before brightness was learnt: not known, so never checked.
    brightness = tuple(float(b) for b in data.get("brightness", np.full(len(codes), np.nan)))
    templates = data["templates"].astype(np.float32)
    owner = data["owner"].astype(np.int32)
    body_w, body_h = BODY_SIZE
    sound = (
        len(codes) == len(hues) == len(sharpness) == len(brightness) > 0
        and len(set(codes)) == len(codes)
        and templates.ndim == 3
        and templates.shape[1:] == (body_h, body_w)
        and owner.shape == (templates.shape[0],)
        and np.all((owner >= 0) & (owner < len(codes)))
        and np.all(np.isfinite(templates))
    )
    if not sound:
        raise FacesError(f"{path}: damaged faces file (its parts do not fit together)")
    return Faces(codes, hues, sharpness, templates, owner, brightness)


def _view_of(code: str, number: int, image: np.ndarray) -> CardView:
    if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.shape[2:] != (3,):
        raise _photo_error(code, number, "not a BGR colour image")
    found = find_in_photo(image)
    if found.corners is None:
        raise _photo_error(code, number, f"no single whole card found ({found.unsure})")
    return card_view(image, found.body)


def _photo_error(code: str, number: int, reason: str) -> FacesError:
    return FacesError(f"{code}: photo {number}: {reason}", code=code, number=number, reason=reason)


def _one_hue(code: str, views: list[CardView]) -> float:
    """The face's hue (NaN when dark), which all its photos must show clearly and alike."""
    tints = [v.tint for v in views]
    if not all(t.clear for t in tints):
        raise FacesError(f"{code}: a photo shows no clear colour (light, glare or a mixed body)")
    hues = [t.hue for t in tints]
    if all(h is None for h in hues):
        return float("nan")
    if (
        any(h is None for h in hues)
        or max(hue_distance(a, b) for a in hues for b in hues) >= SAME_COLOUR
    ):
        raise FacesError(f"{code}: its photos do not show one colour")
    return float(hues[0])


def _brightness(views: list[CardView]) -> float:
    """The face's brightness against its white print, the median of its photos' (NaN: dark)."""
    known = [v.tint.brightness for v in views if v.tint.brightness is not None]
    return float(np.median(known)) if known else float("nan")


def _short(err: BaseException) -> str:
    return str(err).splitlines()[0][:80] if str(err) else type(err).__name__
