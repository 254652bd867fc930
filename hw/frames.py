"""Where a camera reader's frames come from: a V4L2 camera, a Pi camera module, recorded frames
(a folder of images, one image, a video file) or a feed that a table script or the demo sets.

Every source hands out BGR uint8 frames, as OpenCV holds them. OpenCV and numpy come with the
`camera` extra, picamera2 with Raspberry Pi OS: each is imported only when a source needs it.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from hw.events import Problem
from hw.reader import DeviceLost, ReaderUnavailable

if TYPE_CHECKING:
    import numpy as np

PICAMERA2 = "picamera2"
"""The device name of a Raspberry Pi camera module (read through picamera2)."""
SIZE = (640, 480)
"""The frame size asked of a live camera: enough for a card at the scan spot, cheap to read."""
RECORDED_FPS = 30.0
"""How fast a folder of images or one image plays (a video file plays at its own rate)."""
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
CAMERA_EXTRA = "the camera needs OpenCV: pip install 'uno-table[camera]' (README, Camera)"
MIN_SIDE = 32
"""Pixels: a frame narrower or lower than this is no camera's view (a driver's hiccup)."""
BAD_FRAMES = 30
"""Frames in a row that are no image before a camera counts as lost (a second at 30 a
second); fewer are passed over."""


class FrameSource(Protocol):
    """An open source of frames: `where` says what was opened, for people."""

    where: str

    def frame(self) -> np.ndarray | None:
        """The next frame (BGR, uint8); None when cancel() cut the wait. Raises DeviceLost."""

    def cancel(self) -> None:
        """Make a frame() waiting in another thread return (or raise) now."""

    def close(self) -> None:
        """Release the camera."""


def is_frame(frame: object, min_side: int = MIN_SIDE) -> bool:
    """Whether `frame` is an image the camera's code can look at: 8-bit grey, BGR or BGRA,
    at least `min_side` pixels each way."""
    if str(getattr(frame, "dtype", "")) != "uint8":
        return False
    shape = frame.shape
    channels_ok = len(shape) == 2 or (len(shape) == 3 and shape[2] in (3, 4))
    return channels_ok and min(shape[:2]) >= min_side


class Checked:
    """An opened camera whose frames that are no image (empty, tiny, of another type: a
    driver's hiccup) are passed over; BAD_FRAMES of them in a row: DeviceLost. Every camera
    opened (`open_frames`, `FrameFeed.open`) is one, so no reader of frames sees such a frame."""

    def __init__(self, source: FrameSource) -> None:
        self._source = source
        self.where = source.where

    def frame(self) -> np.ndarray | None:
        for _ in range(BAD_FRAMES):
            frame = self._source.frame()
            if frame is None or is_frame(frame):
                return frame
        raise DeviceLost(f"the camera at {self.where} sends frames that are no image")

    def cancel(self) -> None:
        self._source.cancel()

    def close(self) -> None:
        self._source.close()


def cv2_module():
    """OpenCV, or ReaderUnavailable saying how to install it."""
    try:
        import cv2
    except ImportError:
        raise ReaderUnavailable(
            Problem.CAMERA_SOFTWARE, "camera needs OpenCV", CAMERA_EXTRA
        ) from None
    # Its warnings (a device that is no camera, a file that is no video) would repeat on every
    # retry: the reader says each problem once, in its own words.
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    return cv2


def open_frames(device: str, *, fps: float | None = None) -> FrameSource:
    """The source `device` names: `picamera2`, a V4L2 device (/dev/video0, /dev/v4l/by-id/...),
    a folder of images, an image or a video file, `Checked`. `fps` paces recorded frames (0: no
    pacing). Raises ReaderUnavailable with a line for people."""
    return Checked(_source(device, fps))


def _source(device: str, fps: float | None) -> FrameSource:
    if device == PICAMERA2:
        return PiCameraFrames.open()
    path = Path(device)
    if device.startswith("/dev/"):
        return V4l2Frames.open(path)
    if path.is_dir():
        return RecordedFrames(_images_in(path), RECORDED_FPS if fps is None else fps, str(path))
    if path.is_file():
        if path.suffix.lower() in IMAGE_SUFFIXES:
            return RecordedFrames([path], RECORDED_FPS if fps is None else fps, str(path))
        return VideoFrames.open(path, fps)
    raise ReaderUnavailable(Problem.CAMERA_NOT_FOUND, f"camera not found: {device}")


# --- live cameras --------------------------------------------------------------------------------


class V4l2Frames:
    """A USB webcam (or any V4L2 device) through OpenCV's VideoCapture."""

    def __init__(self, capture, where: str) -> None:
        self._capture = capture
        self.where = where

    @classmethod
    def open(cls, path: Path) -> V4l2Frames:
        """Open the device at `path`, asking for 640x480."""
        cv2 = cv2_module()
        if not path.exists():  # unplugged: VideoCapture would only say so in its log
            raise ReaderUnavailable(Problem.CAMERA_NOT_FOUND, f"camera not found: {path}")
        real = os.path.realpath(path)
        capture = cv2.VideoCapture(real, cv2.CAP_V4L2)
        if not capture.isOpened():
            capture.release()
            raise ReaderUnavailable(
                Problem.CAMERA_CANNOT_OPEN,
                f"camera cannot open {path}",
                f"{real}: not a V4L2 camera",
            )
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, SIZE[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, SIZE[1])
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest frame, not one queued a while ago
        return cls(capture, real)

    def frame(self) -> np.ndarray:
        ok, image = self._capture.read()
        if not ok or image is None:
            raise DeviceLost(f"the camera at {self.where} sent no frame")
        return image

    def cancel(self) -> None:
        """Nothing to do: a read returns within a frame's time."""

    def close(self) -> None:
        self._capture.release()


class PiCameraFrames:
    """A Raspberry Pi camera module through picamera2 (Raspberry Pi OS's python3-picamera2)."""

    def __init__(self, camera) -> None:
        self._camera = camera
        self.where = PICAMERA2

    @classmethod
    def open(cls) -> PiCameraFrames:
        """Open the first camera module at 640x480, in the byte order OpenCV wants."""
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            why = "install python3-picamera2 and make the venv with --system-site-packages"
            raise ReaderUnavailable(
                Problem.CAMERA_SOFTWARE, "camera needs picamera2", f"{why} ({exc})"
            ) from None
        try:
            camera = Picamera2()
            # picamera2's "RGB888" is laid out B, G, R in memory: OpenCV's order.
            config = camera.create_video_configuration(main={"size": SIZE, "format": "RGB888"})
            camera.configure(config)
            camera.start()
        except Exception as exc:  # no module on the ribbon, or another program holds it
            raise ReaderUnavailable(
                Problem.CAMERA_NOT_FOUND, f"camera not found: {PICAMERA2}", str(exc)
            ) from None
        return cls(camera)

    def frame(self) -> np.ndarray:
        try:
            return self._camera.capture_array("main")
        except Exception as exc:
            raise DeviceLost(f"the camera module failed: {exc}") from None

    def cancel(self) -> None:
        """Nothing to do: a capture returns within a frame's time."""

    def close(self) -> None:
        try:
            self._camera.stop()
        finally:
            self._camera.close()


# --- recorded frames -----------------------------------------------------------------------------


def _images_in(folder: Path) -> list[Path]:
    try:
        names = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    except OSError as exc:
        raise ReaderUnavailable(
            Problem.CAMERA_CANNOT_OPEN, f"camera cannot open {folder}", exc.strerror
        ) from None
    if not names:
        raise ReaderUnavailable(
            Problem.CAMERA_CANNOT_OPEN, f"camera cannot open {folder}", "no images in the folder"
        )
    return names


class _Pace:
    """Hands out frame times `1/fps` apart, sleeping until each is due (fps 0: no waiting).

    Every recorded frame is played: a reader slower than the recording sees it slower."""

    def __init__(self, fps: float) -> None:
        self._period = 1.0 / fps if fps > 0 else 0.0
        self._due = time.monotonic()
        self._cancel = threading.Event()

    def wait(self) -> None:
        if self._period:
            self._cancel.wait(max(0.0, self._due - time.monotonic()))
            self._due = max(self._due + self._period, time.monotonic())

    def cancel(self) -> None:
        self._cancel.set()


class RecordedFrames:
    """Images played in name order at `fps`, over and over, like a camera that never ends."""

    def __init__(self, images: list[Path], fps: float, where: str) -> None:
        self._cv2 = cv2_module()
        unreadable = next((p for p in images if not self._cv2.haveImageReader(str(p))), None)
        if unreadable is not None:
            raise ReaderUnavailable(
                Problem.CAMERA_CANNOT_OPEN, f"camera cannot read {unreadable}", "not an image"
            )
        self._images = images
        self._next = 0
        self._pace = _Pace(fps)
        self.where = where

    def frame(self) -> np.ndarray:
        self._pace.wait()
        path = self._images[self._next]
        self._next = (self._next + 1) % len(self._images)
        image = self._cv2.imread(str(path), self._cv2.IMREAD_COLOR)
        if image is None:
            raise DeviceLost(f"cannot read the image {path}")
        return image

    def cancel(self) -> None:
        self._pace.cancel()

    def close(self) -> None:
        self._pace.cancel()


class VideoFrames:
    """A video file's frames at its own rate (or `fps`), from the start again at its end."""

    def __init__(self, capture, fps: float, where: str) -> None:
        self._capture = capture
        self._pace = _Pace(fps)
        self.where = where

    @classmethod
    def open(cls, path: Path, fps: float | None) -> VideoFrames:
        """Open the video at `path`."""
        cv2 = cv2_module()
        capture = cv2.VideoCapture(str(path))
        if not capture.isOpened():
            capture.release()
            raise ReaderUnavailable(
                Problem.CAMERA_CANNOT_OPEN, f"camera cannot read {path}", "not an image or a video"
            )
        own = capture.get(cv2.CAP_PROP_FPS) or RECORDED_FPS
        return cls(capture, own if fps is None else fps, str(path))

    def frame(self) -> np.ndarray:
        self._pace.wait()
        ok, image = self._capture.read()
        if not ok:  # the end: play it again
            self._capture.set(cv2_module().CAP_PROP_POS_FRAMES, 0)
            ok, image = self._capture.read()
        if not ok or image is None:
            raise DeviceLost(f"the video {self.where} has no frame to read")
        return image

    def cancel(self) -> None:
        self._pace.cancel()

    def close(self) -> None:
        self._capture.release()


# --- frames someone else sets --------------------------------------------------------------------


MAT_BGR = (196, 204, 208)
"""A plain light mat, the scan spot's colour when nothing lies on it."""


def plain_mat(size: tuple[int, int] = SIZE) -> np.ndarray:
    """An empty scan spot as a camera of `size` (width, height) sees it."""
    import numpy as np

    return np.full((size[1], size[0], 3), MAT_BGR, np.uint8)


class FrameFeed:
    """A camera whose view is set with show(): the table script's and the demo's camera.

    It hands out the image shown, `repeat` frames of it, then waits for the next show() (a still
    camera adds nothing more), so a script knows when the reader has seen all of an image by
    counting frames, not time: idle(). unplug() and plug() take the camera away and back.
    """

    def __init__(self, empty: np.ndarray, repeat: int = 8, where: str = "frames set by the table"):
        self._empty = empty
        self._image = empty
        self._repeat = repeat
        self._changed = threading.Condition()
        self._cancelled = False
        self._served = 0
        self._waiting = False
        self.plugged = True
        self.where = where

    def open(self) -> Checked:
        """The feed, as a camera opened (`Checked`); ReaderUnavailable while it is unplugged."""
        if not self.plugged:
            raise ReaderUnavailable(Problem.CAMERA_NOT_FOUND, f"camera not found: {self.where}")
        return Checked(self)

    def show(self, image: np.ndarray | None) -> None:
        """The camera sees `image` from now on (None: the empty spot)."""
        with self._changed:
            self._image = self._empty if image is None else image
            self._served = 0
            self._changed.notify_all()

    def unplug(self) -> None:
        """Take the camera away: a frame() raises DeviceLost, open() fails."""
        with self._changed:
            self.plugged = False
            self._changed.notify_all()

    def plug(self) -> None:
        """Put the camera back, showing what it showed."""
        with self._changed:
            self.plugged = True
            self._served = 0
            self._changed.notify_all()

    def idle(self) -> bool:
        """Whether the reader has handled every frame of the image shown and waits for more."""
        with self._changed:
            return self._idle()

    def _idle(self) -> bool:
        return self._waiting and self._served >= self._repeat

    def wait_idle(self, timeout: float) -> bool:
        """Wait until idle(); False when `timeout` seconds (a hang guard) passed first."""
        with self._changed:
            return self._changed.wait_for(self._idle, timeout)

    def frame(self) -> np.ndarray | None:
        with self._changed:
            self._waiting = True
            self._changed.notify_all()  # a wait_idle() may be waiting for this
            self._changed.wait_for(self._ready)
            self._waiting = False
            if self._cancelled:
                self._cancelled = False
                return None
            if not self.plugged:
                raise DeviceLost(f"the camera was unplugged: {self.where}")
            self._served += 1
            return self._image

    def _ready(self) -> bool:
        return self._served < self._repeat or self._cancelled or not self.plugged

    def cancel(self) -> None:
        with self._changed:
            self._cancelled = True
            self._changed.notify_all()

    def close(self) -> None:
        """Nothing to release: the feed outlives the reader's sources (plug and unplug)."""
