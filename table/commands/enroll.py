"""`uno-table enroll`: scan every card of a deck once and write the tag id -> card code map."""

from __future__ import annotations

import argparse
import queue
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from engine import RuleSet
from hw.codebook import fold
from hw.events import CodeScanned, DeviceProblem, DeviceReady, InputEvent
from hw.protocols import BAUD, ReaderProtocol
from table.commands import enroll_camera, numbers, options
from table.commands.enroll_live import enroll_live
from table.setup import config as configuration
from table.setup import deckmap
from table.setup.config import ConfigError, Reader
from table.setup.deckmap import CARD_CODES, DeckMap
from table.setup.inputs import open_reader, reader_problem


def register(sub: argparse._SubParsersAction) -> None:
    """Add `enroll` to the command line."""
    parser = sub.add_parser("enroll", help="scan every card once to make the deck map")
    parser.add_argument("--out", type=Path, help="the deck map to write (TOML; tag readers)")
    parser.add_argument(
        "--camera", action="store_true", help="learn the deck's faces for a camera reader instead"
    )
    parser.add_argument(
        "--from",
        dest="photos",
        type=Path,
        metavar="DIR",
        help="--camera: learn from photos named CODE_anything.jpg|png",
    )
    parser.add_argument(
        "--faces", type=Path, help="--camera: the faces file to write (default: beside the journal)"
    )
    options.add_config(parser)
    parser.add_argument("--preset", choices=RuleSet.PRESETS, help="the deck (default: configured)")
    parser.add_argument("--reader", metavar="DEVICE", help="the reader (default: the first one)")
    parser.add_argument("--protocol", choices=tuple(ReaderProtocol), default=ReaderProtocol.LINES,
                        help="how --reader speaks (default: lines)")  # fmt: skip
    parser.add_argument(
        "--seconds", type=numbers.seconds, help="stop after this long (run again to go on)"
    )
    parser.set_defaults(handler=main)


def main(args: argparse.Namespace) -> int:
    """Run the enrolment from the command line."""
    config = configuration.load(args.config or configuration.find())
    preset = args.preset or config.preset
    if args.camera:
        return _camera(args, config, preset)
    if args.out is None:
        raise ConfigError("enroll: --out FILE is needed (the deck map to write), or --camera")
    if args.reader:
        reader = Reader("enroll", args.reader, BAUD, None, ReaderProtocol(args.protocol))
    elif config.readers:
        reader = config.readers[0]
    else:
        raise ConfigError(f"{config.source}: reader: expected a reader to enroll with")
    events: queue.Queue[InputEvent] = queue.Queue()
    # Tag ids are taken as they come: there is no deck map yet to decode them.
    with open_reader(reader, events, lambda text: text):
        return run_enroll(preset, args.out, events, seconds=args.seconds)


def _camera(args: argparse.Namespace, config, preset: str) -> int:
    """`enroll --camera`: from photos with --from, else live with the camera (enroll_live)."""
    faces = args.faces or configuration.default_faces(config.state_dir)
    if args.photos is None:
        return enroll_live(config, preset, faces, args.reader)
    return enroll_camera.from_photos(args.photos, faces, preset)


def run_enroll(
    preset: str,
    out: Path,
    events: queue.Queue[InputEvent],
    *,
    seconds: float | None = None,
    say: Callable[[str], None] = lambda line: print(line, flush=True),
) -> int:
    """Ask for each card not yet in `out`, record each scan's tag, save after every card.

    The last line shown before a scan always names the card that scan is saved as: nothing is
    asked before the reader is open, and a refused read (a tag already enrolled, a card code, a
    garbled read, the reader lost) says nothing was saved and asks for the same card again.
    """
    deck = [str(card) for card in RuleSet.preset(preset).deck()]
    tags: dict[str, str] = {}
    if Path(out).exists():
        tags = dict(deckmap.read(out, set(deck), preset).tags)
        say(f"{out}: {len(tags)} of {len(deck)} cards already enrolled; going on.")
    todo = _still_to_scan(deck, tags)
    clock = _Deadline(seconds)
    tag = None
    try:
        if todo and not _reader_open(events, clock, say):
            todo = []
        for code in todo:
            prompt = f"[{len(tags) + 1}/{len(deck)}] scan {code}"
            tag = _next_new_tag(events, tags, clock, code, prompt, say)
            if tag is None:
                break
            tags[tag] = code
            deckmap.write(out, DeckMap(preset, tags))
    except KeyboardInterrupt:
        pass
    except OSError as err:  # the last card scanned is not saved: it is asked for again
        tags.pop(tag)
        say(f"cannot save {out}: {err.strerror or err}")
    if len(tags) < len(deck):
        say(f"stopped: {len(tags)} of {len(deck)} cards in {out}; run the same command to go on.")
        return 1
    say(f"done: all {len(deck)} cards of {preset} are in {out}.")
    return 0


class _Deadline:
    """The time left of `--seconds` (None: no limit). When it is up, what the reader had
    already read is still taken (as many events as were waiting then), so nothing read is
    lost to a slow disk."""

    def __init__(self, seconds: float | None) -> None:
        self._end = None if seconds is None else time.monotonic() + seconds
        self._after: int | None = None  # events left to take once time is up

    def left(self) -> float | None:
        """Seconds left (0 when up), or None without a limit."""
        return None if self._end is None else max(0.0, self._end - time.monotonic())

    def next(self, events: queue.Queue[InputEvent]) -> InputEvent | None:
        """The next event, or None once time is up and what was waiting then is taken."""
        left = self.left()
        if left == 0:
            if self._after is None:
                self._after = events.qsize()
            if self._after == 0:
                return None
            self._after -= 1
            left = None
        try:
            return events.get(timeout=left)
        except queue.Empty:
            return None


def _reader_open(events, clock: _Deadline, say) -> bool:
    """Wait for the reader to open: True once it has, False when it is not there (said once)."""
    while (event := clock.next(events)) is not None:
        match event:
            case DeviceReady(detail=detail):
                say(f"reader ready on {detail}")
                return True
            case DeviceProblem(down=True) as problem:
                say(f"reader: {reader_problem(problem)}: plug it in and run the same command again")
                return False
    return False


def _still_to_scan(deck: list[str], tags: dict[str, str]) -> list[str]:
    """The deck's cards, in deck order, less those already enrolled (codes repeat in a deck)."""
    done = Counter(tags.values())
    todo = []
    for code in deck:
        if done[code]:
            done[code] -= 1
        else:
            todo.append(code)
    return todo


def _next_new_tag(events, tags, clock: _Deadline, code: str, prompt: str, say) -> str | None:
    """The next scanned tag that may stand for `code`; None when time is up. `prompt` asks for
    it, again after anything that saved nothing, so that it is always the last line shown."""
    say(prompt)
    while (event := clock.next(events)) is not None:
        match event:
            case CodeScanned(code=tag) if tag in tags:
                say(f"  tag {tag} is already {tags[tag]}: nothing saved")
            case CodeScanned(code=tag) if fold(tag) in CARD_CODES and fold(tag) != code:
                say(f"  {tag} reads as the card {fold(tag)}, not as a tag: nothing saved")
            case CodeScanned(code=tag):
                return tag
            case DeviceProblem() as problem:
                say(f"  reader: {reader_problem(problem)}: nothing saved")
            case DeviceReady(detail=detail):
                say(f"  reader ready on {detail}")
        say(prompt)
    return None
