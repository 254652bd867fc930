"""The game journal: every applied action on disk before the table shows it, so a power cut
loses nothing the players saw.

A journal is a JSON-lines file. Line 1 is the header: the format version, the app version, the
rule set's knobs, the game's `origin` (how `Game` built it: players, dealer, seed...) and the
table's own notes.
Every later line is one action, numbered: ``{"n": 1, "action": {...}}``.

The table applies an action to the game first and records it second (`Journal.apply` does
both): the engine is the only judge of legality, so a refused action raises before anything is
written, and the journal never holds an action the game did not take. An action applied but not
yet recorded when the power goes was never shown, so losing it breaks no promise.

Only the last line can be torn by a crash (each earlier one was fsync'd before the next was
written), so a bad last line is dropped; a bad line anywhere else is corruption.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import BinaryIO, NamedTuple

from engine import Action, Game, IllegalAction, RuleSet, action_from_json
from engine.events import Event

FORMAT = 1
MAGIC = "uno-table journal"

log = logging.getLogger(__name__)

Step = Callable[[int, "Action | None", "list[Event]"], None]


def app_version() -> str:
    """The installed uno-table version, for the header (informational only)."""
    try:
        return metadata.version("uno-table")
    except metadata.PackageNotFoundError:
        return "unknown"


class JournalError(Exception):
    """A journal that cannot be resumed: wrong format version or corrupt. Says where and why."""

    def __init__(self, path: Path | str, line: int, message: str) -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path = Path(path)
        self.line = line
        self.message = message
        self.moved_to: Path | None = None  # set once the file is moved aside

    def __str__(self) -> str:
        text = super().__str__()
        if self.moved_to is not None:
            text += f" (moved aside to {self.moved_to})"
        return text


@dataclass(frozen=True)
class Contents:
    """A journal as read from disk: the header, the actions, and any torn tail left out."""

    path: Path
    header: dict
    actions: list[Action]
    size: int  # bytes of whole records; a torn tail starts here
    torn: bytes = b""  # the dropped tail (empty when the file ended cleanly)

    def rules(self) -> RuleSet:
        return RuleSet(**self.header["rules"])

    def replay(self, each: Step | None = None) -> Game:
        """Rebuild the game; refusals raise JournalError.

        `each(n, action, events)` sees every step, and first `(0, None, events)` for the deal."""
        try:
            game = Game.from_origin(self.header["origin"], self.rules())
        except (KeyError, TypeError, ValueError) as err:
            why = f"the header does not describe a game ({err!r})"
            raise JournalError(self.path, 1, why) from err
        if each is not None:
            each(0, None, list(game.last_events))
        for n, action in enumerate(self.actions, start=1):
            try:
                events = game.apply(action)
            except (ValueError, TypeError, KeyError) as err:  # IllegalAction is a ValueError
                why = f"{err.reason}: {err}" if isinstance(err, IllegalAction) else repr(err)
                why = f"the game refuses action {n} ({why})"
                raise JournalError(self.path, n + 1, why) from err
            if each is not None:
                each(n, action, events)
        return game


def read(path: Path | str) -> Contents:
    """Read and check a journal without changing it. Raises JournalError, or OSError."""
    path = Path(path)
    data = path.read_bytes()
    lines = data.split(b"\n")
    # Whatever follows the last newline was never a whole record: a torn write.
    complete, tail = lines[:-1], lines[-1]
    if not complete:
        raise JournalError(path, 1, "no header line: not a journal, or cut short")
    header = _header(path, complete[0])
    actions: list[Action] = []
    size = len(complete[0]) + 1
    for n, raw in enumerate(complete[1:], start=1):
        # Only the very last line can be torn: each earlier one was fsync'd before the next.
        last = n == len(complete) - 1 and not tail
        try:
            record = json.loads(raw)
        except ValueError:
            if not last:
                raise JournalError(path, n + 1, "not a JSON line") from None
            # A garbled last line is a write the crash interrupted: it was never acknowledged.
            tail = raw + b"\n" + tail
            break
        try:
            actions.append(_action(record, n))
        except ValueError as err:
            raise JournalError(path, n + 1, str(err)) from None
        size += len(raw) + 1
    if tail:
        log.warning("%s: dropping a torn last line (%d bytes)", path, len(tail))
    return Contents(path, header, actions, size, tail)


def _header(path: Path, raw: bytes) -> dict:
    try:
        header = json.loads(raw)
    except ValueError:
        raise JournalError(path, 1, "the header line is not JSON") from None
    if not isinstance(header, dict) or header.get("journal") != MAGIC:
        raise JournalError(path, 1, "not an uno-table journal")
    if header.get("format") != FORMAT:
        raise JournalError(
            path,
            1,
            f"journal format {header.get('format')!r}, written by uno-table "
            f"{header.get('app', '?')}; this table reads format {FORMAT} only",
        )
    if not isinstance(header.get("rules"), dict) or not isinstance(header.get("origin"), dict):
        raise JournalError(path, 1, "the header lacks the rules or the origin")
    return header


def _action(record, n: int) -> Action:
    """The action in record number `n`; ValueError when it is not one."""
    if not isinstance(record, dict) or not isinstance(record.get("action"), dict):
        raise ValueError("not an action record")
    if record.get("n") != n:
        raise ValueError(f"record number {record.get('n')!r} where {n} belongs")
    try:
        return action_from_json(record["action"])
    except (ValueError, TypeError) as err:
        raise ValueError(f"not an action: {err}") from None


class Journal:
    """An open journal: a file path plus an open file that actions are appended to."""

    def __init__(self, path: Path, file: BinaryIO, count: int) -> None:
        self.path = path
        self._file = file
        self.count = count  # actions recorded so far

    @classmethod
    def create(cls, path: Path | str, game: Game, meta: dict | None = None) -> Journal:
        """A new journal for `game` (with any history it has). Refuses to replace a file.

        `meta` is the table's own JSON-ready notes (seats, preset), kept as the header's "table"."""
        path = Path(path)
        if not game.origin:
            raise ValueError("the game has no origin to rebuild it from (use Game.new etc.)")
        if path.exists():
            raise FileExistsError(f"{path} exists: resume it or move it aside first")
        header = {
            "journal": MAGIC,
            "format": FORMAT,
            "app": app_version(),
            "rules": game.rules.knobs(),
            "origin": game.origin,
            "table": meta or {},
        }
        lines = [_line(header)]
        lines += [_line({"n": n, "action": a.to_json()}) for n, a in enumerate(game.history, 1)]
        # Written beside and renamed in, so a crash never leaves half a header.
        tmp = path.with_name(path.name + ".new")
        with open(tmp, "wb") as out:
            out.write(b"".join(lines))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
        _sync_dir(path)
        return cls(path, _append(path), len(game.history))

    @classmethod
    def resume(cls, path: Path | str) -> tuple[Game, Journal]:
        """Rebuild the game from a journal and reopen it for appending.

        A torn last line is cut off. On JournalError the file is moved aside first.
        """
        path = Path(path)
        try:
            contents = read(path)
            game = contents.replay()
        except JournalError as err:
            err.moved_to = move_aside(path)
            log.error("%s", err)
            raise
        file = _append(path)
        if contents.torn:
            # Cut the torn tail so the next record starts on a line of its own.
            file.truncate(contents.size)
            os.fsync(file.fileno())
        log.info("%s: resumed after %d actions", path, len(contents.actions))
        return game, cls(path, file, len(contents.actions))

    def record(self, action: Action) -> None:
        """Append one action; returns only once it is on disk (fsync'd).

        On OSError the journal is closed: resume it, and a half-written line is dropped."""
        data = memoryview(_line({"n": self.count + 1, "action": action.to_json()}))
        try:
            while data:
                data = data[self._file.write(data) :]
            os.fsync(self._file.fileno())
        except OSError:
            # Appending after a half-written line would bury it mid-file, where it is corrupt.
            self._file.close()
            raise
        self.count += 1

    def apply(self, game: Game, action: Action) -> list[Event]:
        """Apply `action` to `game`, then record it: a refused action raises and is not written.

        When this returns the action is on disk, and the table may show it. On OSError the
        game is ahead of its journal: show nothing, and resume from the journal.
        """
        if len(game.history) != self.count:
            have = len(game.history)
            raise ValueError(f"{self.path} holds {self.count} actions, the game {have}")
        events = game.apply(action)
        self.record(action)
        return events

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Opened(NamedTuple):
    """What `open_journal` found: the game, its journal, and the problem it set aside if any."""

    game: Game
    journal: Journal
    problem: JournalError | None


def open_journal(path: Path | str, start: Callable[[], Game]) -> Opened:
    """Resume the journal at `path`, or start `start()` in a new one if there is none or it
    cannot be resumed (then it is moved aside and `problem` says why, for the screen)."""
    path = Path(path)
    problem = None
    if path.exists():
        try:
            return Opened(*Journal.resume(path), None)
        except JournalError as err:
            problem = err
    game = start()
    return Opened(game, Journal.create(path, game), problem)


def move_aside(path: Path | str, why: str = "corrupt") -> Path:
    """Rename a journal to the first free `<name>.<why>-N` (never deleted, kept to look at).

    `why` says what it is: "corrupt" by default; the table may use "done" for a finished match."""
    path = Path(path)
    n = 1
    while (aside := path.with_name(f"{path.name}.{why}-{n}")).exists():
        n += 1
    os.rename(path, aside)
    _sync_dir(path)
    return aside


def _append(path: Path) -> BinaryIO:
    # Unbuffered: a record goes to the OS whole in record(), never half-kept in a buffer.
    return open(path, "ab", buffering=0)


def _line(obj: dict) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode() + b"\n"


def _sync_dir(path: Path) -> None:
    """Make a rename in `path`'s folder durable."""
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
