"""Comparing a card's ink map with every enrolled face, upright and turned half round.

What all faces share (the oval, the border) says nothing about which face a card is: the deck's
mean face is taken away from the card and from every face before they are correlated, and each
pixel counts as much as the faces differ there (their spread), so that only what tells faces
apart counts: a 3 against an 8 scores far apart instead of nearly alike, and a blurred oval,
the same on every face, costs little."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

try:
    from threadpoolctl import threadpool_limits
except ImportError:  # numpy and OpenCV from apt without it (README, Camera): BLAS keeps its threads
    threadpool_limits = None

SHIFT = 2
"""Body pixels each way that the card may sit off the faces' grid; tried in steps of SHIFT."""


@dataclass(frozen=True)
class Scores:
    """For each face (index into the faces' codes): its best normalised correlation with the
    card, whether that came with the card turned half round, with which of the face's
    templates, and at which cut of the card's ink map (an index into `windows`)."""

    score: np.ndarray
    turned: np.ndarray
    template: np.ndarray
    window: np.ndarray
    windows: np.ndarray


def unit_rows(rows: np.ndarray) -> np.ndarray:
    """Each row less its mean, scaled to length 1: a dot product is then a correlation."""
    rows = rows - rows.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms > 1e-9, norms, 1.0)


MIN_FACES_FOR_MEAN = 4
"""With fewer faces than this the mean face is mostly the faces themselves: none is taken away."""


@dataclass(frozen=True)
class Templates:
    """The faces' templates ready to correlate: centres cut SHIFT from each side, less the
    mean face, weighted, as unit rows; `mean` is that mean face's centre and `weight` each
    pixel's weight (the faces' spread there, 1 on average), both flattened."""

    matrix: np.ndarray
    mean: np.ndarray
    weight: np.ndarray


def prepare(templates: np.ndarray, faces: int) -> Templates:
    """Templates (all upright the same way) made ready for `compare`."""
    s = SHIFT
    centres = templates[:, s:-s, s:-s].reshape(len(templates), -1)
    if faces >= MIN_FACES_FOR_MEAN:
        mean = centres.mean(axis=0)
        spread = centres.std(axis=0)
        weight = spread / max(float(spread.mean()), 1e-9)
    else:
        mean, weight = np.zeros(centres.shape[1]), np.ones(centres.shape[1])
    mean, weight = mean.astype(np.float32), weight.astype(np.float32)
    return Templates(unit_rows((centres - mean) * weight), mean, weight)


def upright_like(template: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """The template, or it turned half round, whichever correlates better with `reference`."""
    turned = template[::-1, ::-1]
    rows = unit_rows(np.stack([template.ravel(), turned.ravel(), reference.ravel()]))
    return template if rows[0] @ rows[2] >= rows[1] @ rows[2] else turned.copy()


def compare(ink: np.ndarray, templates: Templates, owner: np.ndarray, faces: int) -> Scores:
    """Best correlation per face over both half-turns and every shift of the card's ink map."""
    windows = np.concatenate([_windows(ink), _windows(ink[::-1, ::-1])])
    matrix = templates.matrix
    cards = unit_rows((windows - templates.mean) * templates.weight)
    _one_blas_thread()
    per_template = cards @ matrix.T
    best_window = per_template.argmax(axis=0)
    best = per_template[best_window, np.arange(matrix.shape[0])]
    score = np.full(faces, -1.0)
    template_of = np.zeros(faces, int)
    for template in np.argsort(best):  # ascending: each face keeps its best template
        score[owner[template]] = best[template]
        template_of[owner[template]] = template
    window = best_window[template_of]
    turned = window >= len(windows) // 2
    return Scores(score, turned, template_of, window, windows)


@cache
def _one_blas_thread() -> None:
    """Keep BLAS's products on the calling thread, for the whole process (once).

    The product above takes about as long on one core as on two, and OpenBLAS's workers spin
    for a while after each one: beside the table's loop on a Pi, they would take its cores."""
    if threadpool_limits is not None:
        threadpool_limits(1, user_api="blas")


def preference(scores: Scores, templates: np.ndarray, first: int, second: int) -> float:
    """How clearly the card is face `first` rather than face `second`, from +1 (exactly
    `first`) to -1 (exactly `second`), judged only where their templates differ.

    Two faces may share nearly all their ink: a 6 and a 9 turned half round differ in a short
    underline. A correlation over the whole card barely tells them apart; the card's ink
    projected on the difference of the two faces does."""
    s = SHIFT
    a = templates[scores.template[first]][s:-s, s:-s]
    b = templates[scores.template[second]][s:-s, s:-s]
    if scores.turned[first] != scores.turned[second]:
        b = b[::-1, ::-1]
    card = scores.windows[scores.window[first]].reshape(a.shape)
    difference = (a - b).ravel()
    spread = float(difference @ difference) / 2
    if spread < 1e-9:
        return 0.0
    return float((card.ravel() - (a + b).ravel() / 2) @ difference) / spread


def _windows(ink: np.ndarray) -> np.ndarray:
    """The ink map cut at each shift, one row per shift."""
    s = SHIFT
    h, w = ink.shape
    cuts = [
        ink[dy : dy + h - 2 * s, dx : dx + w - 2 * s].ravel()
        for dy in range(0, 2 * s + 1, s)
        for dx in range(0, 2 * s + 1, s)
    ]
    return np.stack(cuts)
