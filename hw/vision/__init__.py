"""The camera's recogniser: a frame in, a card code (or why not) out. Pure image work on numpy
arrays with OpenCV; no camera I/O, and card codes are plain strings (no rules here)."""

from hw.vision.faces import Faces, FacesError
from hw.vision.locate import Unsure
from hw.vision.read import Reading, read_card

__all__ = ["Faces", "FacesError", "Reading", "Unsure", "read_card"]
