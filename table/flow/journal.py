"""The game journal: every applied action on disk before the table shows it, so a power cut
loses nothing the players saw.

A journal is a JSON-lines file. Line 1 is the header: the format version, the app version, the
rule set's knobs, the game's `origin` (how `Game` built it: players, dealer, seed...) and the
table's own notes.
Every later line is one action, numbered: ``{"n": 1, "action": {...}, "crc": "89abcdef"}``.
Every line ends with ``"crc"``: the CRC-32 of the line's own bytes without it, chained: it starts
from the line before's CRC, and the header holds a random game id. So a flipped bit, a blank or
half line, and also a line of another game or a line dropped, duplicated or moved, is found
where it is, and the game resumes at the last good action.

The table applies an action to the game first and records it second (`Journal.apply` does
both): the engine is the only judge of legality, so a refused action raises before anything is
written, and the journal never holds an action the game did not take. When the disk refuses
the record, the game is rebuilt without it and the action is refused (`NotSaved`).

Only the last line can be torn by a crash (each earlier one was fsync'd before the next was
written), and a torn line has no newline yet: it is dropped. A whole line that fails its check,
anywhere, is damage: the file is kept beside the journal, which is rewritten to its good part.
Format 1 journals (before checksums) and format 2 (checksums not chained) are read, checked as
far as they can be, and rewritten in this format when resumed (the old file is kept beside).

While the table runs, a journal that another program removed, emptied, cut, replaced or wrote
over (anywhere: its time says it was written since the table last did) is noticed at the next
record (it is not what the table wrote) and written whole again from the game the table holds
(`Journal.repaired` says so, for the screen). Only a write within the same tick of the
filesystem's clock as the table's own last one leaves no trace in that time; a kernel with
fine-grained (multigrain) timestamps has no such tick.
"""

from __future__ import annotations

import filecmp
import functools
import json
import logging
import os
import re
import shutil
import stat
import uuid
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import metadata
from pathlib import Path
from typing import BinaryIO

from engine import Action, Game, IllegalAction, RuleSet, action_from_json
from engine.events import Event
from table.files import read_bytes, replaced
from table.flow.aio import AioSync
from table.flow.refusals import TableRefusal, Undone
from table.flow.syncer import Syncer, Syncing

FORMAT = 3
READS = (1, 2, 3)  # 1: no checksums, 2: not chained; read, and rewritten as FORMAT when resumed
MAGIC = "uno-table journal"
CRC = re.compile(rb',"crc":"([0-9a-f]{8})"\}$')
GAME_ID = re.compile(r"[0-9a-f]{32}")
MISMATCH = (  # a chained CRC also fails on a whole line of another game, or out of its place
    "the checksum does not match: the line was changed",
    "the checksum does not match: the line was changed, or it does not follow the line before",
)
LIMIT = 16 << 20  # bytes: some 200,000 actions, far more than any match (a bigger file is not one)

log = logging.getLogger(__name__)

EachAction = Callable[[int, "Action | None", "list[Event]"], None]


@functools.cache
def app_version() -> str:
    """The installed uno-table version, for the header (informational only). Read once: the
    package's metadata is looked up on disk, 1-17 ms, on the press that starts a game."""
    try:
        return metadata.version("uno-table")
    except metadata.PackageNotFoundError:
        return "unknown"


class JournalError(Exception):
    """A journal that cannot be resumed at all (its header is bad). Says where and why."""

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


class NotSaved(Undone):
    """The disk refused an action's record: the action is refused and `game` is the game
    rebuilt without it (the caller's game object holds the action: use this one)."""

    def __init__(self, error: OSError, game: Game) -> None:
        message = f"cannot save: {error.strerror or error}"
        super().__init__(TableRefusal.NOT_SAVED, message, game)
        self.error = error


@dataclass(frozen=True)
class Damage:
    """The first line of a journal that is not a good record, and why."""

    line: int
    why: str


@dataclass(frozen=True)
class SetAside:
    """What resuming a damaged (or old) journal set aside: kept whole as `kept_as`."""

    damage: Damage | None  # None: an old format rewritten, nothing lost
    actions: int  # actions resumed
    dropped: int  # lines after the last good action, in the kept file only
    kept_as: Path


@dataclass(frozen=True)
class Contents:
    """A journal as read from disk: the header, the good actions, and what follows them."""

    path: Path
    header: dict
    actions: list[Action]  # up to the first damaged line
    size: int  # bytes of the header and the good actions
    torn: bytes = b""  # a last line without its newline, dropped (a crash in mid-write)
    damage: Damage | None = None  # the first whole line that is not a good record
    lines: int = 0  # whole lines after the header
    last: bytes = b""  # the last good line, its newline too: the next line chains on from it
    notes: list[dict | None] = field(default_factory=list)  # the table's note of each action

    def rules(self) -> RuleSet:
        """The header's rule set: a preset's, with its knobs (the table plays no other, and
        shows its name); ValueError or TypeError when it is not one."""
        rules = RuleSet(**self.header["rules"])
        if rules.name not in RuleSet.PRESETS:
            raise ValueError(f"rules of no preset: {rules.name!r}")
        return rules

    def play(self, each: EachAction | None = None) -> tuple[Game, Damage | None]:
        """The game after the good actions, and the first damage (the engine refusing an
        action is damage too). A header that builds no game raises JournalError.

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
                return game, Damage(n + 1, f"the game refuses action {n} ({why})")
            if each is not None:
                each(n, action, events)
        return game, self.damage

    def replay(self, each: EachAction | None = None) -> Game:
        """The whole game; any damage raises JournalError (see `play` for the good part)."""
        game, damage = self.play(each)
        if damage is not None:
            raise JournalError(self.path, damage.line, damage.why)
        return game


def read(path: Path | str) -> Contents:
    """Read and check a journal without changing it. Raises JournalError for a bad header,
    or OSError (table.files' NotAFile, TooBig...); a bad line later is `damage` and the
    actions stop before it."""
    path = Path(path)
    lines = read_bytes(path, LIMIT).split(b"\n")
    # Whatever follows the last newline was never a whole record: a torn write.
    complete, tail = lines[:-1], lines[-1]
    if not complete:
        raise JournalError(path, 1, "no header line: not a journal, or cut short")
    header = _header(path, complete[0])
    chain = _chain(header["format"])
    actions: list[Action] = []
    notes: list[dict | None] = []
    last = complete[0] + b"\n"
    size = len(last)
    damage = None
    for n, raw in enumerate(complete[1:], start=1):
        try:
            record = _record(raw, chain(last))
            actions.append(_action(record, n))
            notes.append(record["table"] if isinstance(record.get("table"), dict) else None)
        except ValueError as err:
            damage = Damage(n + 1, str(err))
            break
        last = raw + b"\n"
        size += len(last)
    if tail:
        log.warning("%s: dropping a torn last line (%d bytes)", path, len(tail))
    return Contents(path, header, actions, size, tail, damage, len(complete) - 1, last, notes)


def _chain(version: int) -> Callable[[bytes], int | None]:
    """How a journal of this format seeds a line's CRC from the line before (None: no CRC)."""
    if version >= 3:
        return _crc_of
    return (lambda _before: 0) if version == 2 else (lambda _before: None)


def _crc_of(line: bytes) -> int:
    """The CRC a checked line ends with (the next line's seed)."""
    found = CRC.search(line.rstrip(b"\n"))
    return int(found.group(1), 16) if found else 0


def _record(raw: bytes, seed: int | None):
    """A line's JSON value, its checksum (seeded with `seed`; None: none) checked;
    ValueError with why it is not good."""
    if seed is not None:
        found = CRC.search(raw)
        if found is None:
            raise ValueError("no checksum at the end of the line")
        body = raw[: found.start()] + b"}"
        if int(found.group(1), 16) != zlib.crc32(body, seed):
            raise ValueError(MISMATCH[seed != 0])
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise ValueError("not a JSON line") from None


def _header(path: Path, raw: bytes) -> dict:
    try:
        header = json.loads(raw)
    except (ValueError, RecursionError):  # nested past Python's limit is not ours either
        raise JournalError(path, 1, "the header line is not JSON") from None
    if not isinstance(header, dict) or header.get("journal") != MAGIC:
        raise JournalError(path, 1, "not an uno-table journal")
    if header.get("format") not in READS:
        raise JournalError(
            path,
            1,
            f"journal format {header.get('format')!r}, written by uno-table "
            f"{header.get('app', '?')}; this table reads formats {READS[0]} to {READS[-1]}",
        )
    # A format 1 header has no checksum: one that has is checked whatever its format says
    # (a flipped bit turns a 3 into a 1).
    if header["format"] >= 2 or "crc" in header:
        try:
            _record(raw, seed=0)
        except ValueError as err:
            raise JournalError(path, 1, f"the header: {err}") from None
        del header["crc"]
    if header["format"] >= 3 and not GAME_ID.fullmatch(str(header.get("game"))):
        raise JournalError(path, 1, "the header has no game id")
    if not isinstance(header.get("rules"), dict) or not isinstance(header.get("origin"), dict):
        raise JournalError(path, 1, "the header lacks the rules or the origin")
    if not isinstance(header.get("table", {}), dict):
        raise JournalError(path, 1, "the header's table notes are not a table")
    return header


def _action(record, n: int) -> Action:
    """The action in record number `n`; ValueError when it is not one."""
    if not isinstance(record, dict) or not isinstance(record.get("action"), dict):
        raise ValueError("not an action record")
    if record.get("n") != n:
        raise ValueError(f"record number {record.get('n')!r} where {n} belongs")
    try:
        return action_from_json(record["action"])
    except (ValueError, TypeError, KeyError) as err:
        raise ValueError(f"not an action: {err}") from None


class Journal:
    """An open journal: a file path plus an open file that actions are appended to."""

    def __init__(self, path: Path, header: dict, count: int, size: int, last: bytes) -> None:
        self.path = path
        self.header = header
        self.count = count  # actions recorded so far
        self._size = size  # bytes of whole records: a failed write is cut back to here
        self._last = last  # the last whole record: the next chains on from it
        self._stamp = 0  # the file's time (st_mtime_ns) after this journal last wrote to it
        self._file: BinaryIO | None = None
        self.set_aside: SetAside | None = None  # what resuming kept beside, if anything
        self.notes: list[dict | None] = []  # the table's note of each action recorded
        self.repaired: Repair | None = None  # the last time the file was written again
        self.sync: Callable[[int], None] = os.fsync  # how a record is made durable
        self._syncer = Syncer()
        self._pending: _Pending | None = None  # an action written, its fsync still running

    @classmethod
    def create(cls, path: Path | str, game: Game, meta: dict | None = None) -> Journal:
        """A new journal for `game` (with any history it has). Refuses to replace a file.

        `meta` is the table's own JSON-ready notes (seats, preset), kept as the header's "table"."""
        path = Path(path)
        if not game.origin:
            raise ValueError("the game has no origin to rebuild it from (use Game.new etc.)")
        if path.exists() or path.is_symlink():
            raise FileExistsError(f"{path} exists: resume it or move it aside first")
        header = {
            "journal": MAGIC,
            "format": FORMAT,
            "game": _new_id(),
            "app": app_version(),
            "rules": game.rules.knobs(),
            "origin": game.origin,
            "table": meta or {},
        }
        return cls._write(path, header, game.history, [])

    @classmethod
    def _write(
        cls, path: Path, header: dict, actions: list[Action], notes: list[dict | None]
    ) -> Journal:
        """Write a whole journal beside `path` and rename it in, so a crash never leaves half a
        header; whatever `path` held is replaced (callers keep it first). An older header gets
        a game id."""
        header = {"game": _new_id(), **header, "format": FORMAT}
        lines = [_line(header)]
        for n, action in enumerate(actions, 1):
            note = notes[n - 1] if n <= len(notes) else None
            lines.append(_line(_entry(n, action, note), _crc_of(lines[-1])))
        data = b"".join(lines)
        with replaced(path) as out:  # half a copy on a full disk is removed: it takes room
            out.write(data)
        _sync_dir(path)
        journal = cls(path, header, len(actions), len(data), lines[-1])
        journal.notes = list(notes[: len(actions)]) + [None] * (len(actions) - len(notes))
        journal._open()
        return journal

    @classmethod
    def resume(cls, path: Path | str, each: EachAction | None = None) -> tuple[Game, Journal]:
        """Rebuild the game from a journal and reopen it for appending.

        A torn last line is cut off. A damaged line: the whole file is kept beside
        (`journal.set_aside` says where) and the journal rewritten up to the last good action.
        A bad header raises JournalError, the file moved aside first."""
        path = Path(path)
        try:
            contents = read(path)
            game, damage = contents.play(each)
        except JournalError as err:
            err.moved_to = move_aside(path)
            log.error("%s", err)
            raise
        kept = len(game.history)
        if damage is not None or contents.header["format"] != FORMAT:
            aside = keep_aside(path, "damaged" if damage else f"format{contents.header['format']}")
            journal = cls._write(path, contents.header, game.history, contents.notes[:kept])
            journal.set_aside = SetAside(damage, kept, contents.lines - kept, aside)
            if damage is not None:
                log.error(
                    "%s:%d: %s; resumed after %d actions, the whole file is kept as %s",
                    path, damage.line, damage.why, kept, aside,
                )  # fmt: skip
            return game, journal
        journal = cls(path, contents.header, kept, contents.size, contents.last)
        journal.notes = contents.notes
        journal._open()  # cuts a torn tail, so the next record starts on a line of its own
        log.info("%s: resumed after %d actions", path, kept)
        return game, journal

    def _open(self) -> BinaryIO:
        """The file to append to, opened again after a failed write and cut back to the last
        whole record. Never creates a file: a journal that vanished is written whole again."""
        if self._file is None:
            # Unbuffered: a record goes to the OS whole in record(), never half-kept in a buffer.
            file = open(self.path, "r+b", buffering=0)  # noqa: SIM115 (kept open)
            try:
                if os.fstat(file.fileno()).st_size != self._size:
                    file.truncate(self._size)
                    os.fsync(file.fileno())
                file.seek(self._size)
                self._stamp = os.fstat(file.fileno()).st_mtime_ns
            except OSError:
                file.close()
                raise
            self._file = file
        return self._file

    def record(self, action: Action, note: dict | None = None, wait: bool = True) -> None:
        """Append one action; returns only once it is on disk (fsync'd), or with `wait` False
        once it is written and its fsync runs on the journal's thread (`saved` waits for it).

        On OSError nothing is recorded: the next record cuts any half-written line first."""
        if self._pending is not None:
            raise RuntimeError("the last action's fsync was not waited for (Journal.saved)")
        line = _line(_entry(self.count + 1, action, note), _crc_of(self._last))
        file = self._open()
        try:
            data = memoryview(line)
            while data:
                data = data[file.write(data) :]
            self._stamp = os.fstat(file.fileno()).st_mtime_ns
            if wait:
                self.sync(file.fileno())
        except OSError:
            # Appending after a half-written line would bury it mid-file, where it is damage.
            self.close()
            raise
        if not wait:
            self._pending = _Pending(
                self._syncer.start(self.sync, file.fileno()), self._size, self._last
            )
        self._size += len(line)
        self._last = line
        self.notes.append(note)
        self.count += 1

    def _cut_back(self) -> None:
        """Cut a line that is not saved off the file now, where the disk lets it (else the
        next record does): a refused action must not come back with a restart."""
        try:
            self._open()
        except OSError:
            self.close()

    @property
    def pending(self) -> bool:
        """An action written whose fsync has not been waited for (`saved`)."""
        return self._pending is not None

    def saved(self, game: Game) -> None:
        """Wait for the fsync of the action `apply(..., wait=False)` wrote last (at once if
        none runs). When it failed, the action is not recorded, as if `apply` had raised:
        NotSaved carries `game` rebuilt without it (the next record cuts its line)."""
        pending, self._pending = self._pending, None
        if pending is None:
            return
        try:
            pending.sync.result()
        except OSError as err:
            self.close()
            self._size, self._last = pending.size, pending.last
            self.notes.pop()
            self.count -= 1
            log.error("%s: cannot save action %d: %s", self.path, self.count + 1, err)
            self._cut_back()
            raise NotSaved(err, Game.replay(game.origin, game.rules, game.history[:-1])) from err

    def apply(
        self, game: Game, action: Action, note: dict | None = None, wait: bool = True
    ) -> list[Event]:
        """Apply `action` to `game`, then record it: a refused action raises and is not written.

        When this returns the action is on disk, and the table may show it (with `wait`
        False: once `saved` returned). When the disk refuses, NotSaved carries the game
        rebuilt without the action (refuse it, show nothing).
        """
        if len(game.history) != self.count:
            have = len(game.history)
            raise ValueError(f"{self.path} holds {self.count} actions, the game {have}")
        events = game.apply(action)
        try:
            self._still_ours(game)
            self.record(action, note, wait)
        except OSError as err:
            log.error("%s: cannot save action %d: %s", self.path, self.count + 1, err)
            raise NotSaved(err, Game.replay(game.origin, game.rules, game.history[:-1])) from err
        return events

    def _still_ours(self, game: Game) -> None:
        """A journal whose file (or folder) was removed, emptied, cut or replaced is written
        whole again from the game without its newest action: appending to it would save
        nothing, or bury the records under zeros. What was there is kept beside."""
        change = self._change()
        if change is None:
            return
        log.error("%s was %s: writing it again from the game", self.path, change)
        self.close()
        kept = None
        if os.path.lexists(self.path) and (self.path.is_symlink() or _size(self.path)):
            # A file is kept by a second name, where it stays until the new one is renamed
            # over it: the power going in between leaves it to resume, never no journal.
            regular = stat.S_ISREG(os.lstat(self.path).st_mode)
            kept = (keep_aside if regular else move_aside)(self.path, "replaced")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        again = type(self)._write(self.path, self.header, game.history[:-1], self.notes)
        self._file, self._size, self._last = again._file, again._size, again._last
        self._stamp = again._stamp
        self.repaired = Repair(change, kept)

    def _change(self) -> Change | None:
        """How the file at `path` differs from what this journal wrote (None: it does not).
        Closed after a failed write, the file may hold half a record more."""
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return Change.REMOVED
        if self._file is not None:
            if not os.path.samestat(found, os.fstat(self._file.fileno())):
                return Change.REPLACED
            if found.st_size != self._size:
                return Change.CUT if found.st_size < self._size else Change.CHANGED
            # The very file at `path`: read through the open file, not by opening it again.
            if not self._ends_with_last(self._file.fileno()):
                return Change.CHANGED
            # Written to since this journal last did: an earlier record may have been written
            # over in place (the same length), which only reading it all would show.
            if found.st_mtime_ns != self._stamp:
                if not self._holds_what_was_written():
                    return Change.CHANGED
                self._stamp = found.st_mtime_ns
            return None
        if found.st_size < self._size:
            return Change.CUT
        fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            return None if self._ends_with_last(fd) else Change.CHANGED
        finally:
            os.close(fd)

    def _holds_what_was_written(self) -> bool:
        """The file at `path` is this game's journal, every record good, as many as written
        and the last one the last written: its chained checksums leave no other record."""
        try:
            contents = read(self.path)
        except (JournalError, OSError):
            return False
        return (
            contents.damage is None
            and not contents.torn
            and contents.lines == self.count
            and contents.last == self._last
            and contents.header.get("game") == self.header.get("game")
        )

    def _ends_with_last(self, fd: int) -> bool:
        """The file `fd` holds, where the last record belongs, the last record written."""
        return os.pread(fd, len(self._last), self._size - len(self._last)) == self._last

    def close(self) -> None:
        """Close the file (after the fsync that still runs, if one does) and the thread."""
        if self._pending is not None:
            try:
                self._pending.sync.result()
            except OSError as err:  # never waited for: nothing was shown of that action
                log.error("%s: the last action's fsync failed: %s", self.path, err)
            self._pending = None
        self._syncer.close()
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@dataclass(frozen=True)
class _Pending:
    """The fsync of an action's line, still running; what the journal was before it."""

    sync: Syncing | AioSync
    size: int
    last: bytes


class Change(StrEnum):
    """What another program did to the journal while the table ran."""

    REMOVED = "removed"  # the file, or its folder
    REPLACED = "replaced"  # another file in its place
    CUT = "cut"  # emptied or cut short
    CHANGED = "changed"  # its records are not the ones written


@dataclass(frozen=True)
class Repair:
    """A journal written again from the game: what had happened to it, and where what was
    there is kept (None: nothing was)."""

    change: Change
    kept_as: Path | None


def move_aside(path: Path | str, why: str = "corrupt") -> Path:
    """Rename a journal to the first free `<name>.<why>-N` (never deleted, kept to look at).

    `why` says what it is: "corrupt" by default; the table may use "done" for a finished match."""
    path = Path(path)
    aside = _free_name(path, why)
    os.rename(path, aside)
    _sync_dir(path)
    return aside


def keep_aside(path: Path | str, why: str) -> Path:
    """Keep a copy of `path` as `<name>.<why>-N`, leaving `path` in place: the first free N,
    or the N that holds these very bytes already (a retry keeps no second copy)."""
    path = Path(path)
    same = _kept_already(path, why)
    if same is not None:
        return same
    aside = _free_name(path, why)
    try:
        os.link(path, aside)  # the same bytes under a second name: nothing to copy
    except OSError:
        shutil.copyfile(path, aside)
        with open(aside, "rb") as copy:
            os.fsync(copy.fileno())
    _sync_dir(path)
    return aside


def _kept_already(path: Path, why: str) -> Path | None:
    n = 1
    while (aside := path.with_name(f"{path.name}.{why}-{n}")).exists():
        if filecmp.cmp(path, aside, shallow=False):
            return aside
        n += 1
    return None


def _free_name(path: Path, why: str) -> Path:
    n = 1
    while os.path.lexists(aside := path.with_name(f"{path.name}.{why}-{n}")):
        n += 1
    return aside


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 1  # something is there that cannot be looked at: keep it


def _new_id() -> str:
    """A game id: random, so two games from the same deal still differ."""
    return uuid.uuid4().hex


def _entry(n: int, action: Action, note: dict | None = None) -> dict:
    """A record: the action, and the table's own note of it (the cards' ids) when it has one."""
    return {"n": n, "action": action.to_json()} | ({"table": note} if note else {})


def _line(obj: dict, seed: int = 0) -> bytes:
    """One JSON line that ends with the CRC-32 of its bytes without it, seeded with `seed`
    (the line before's CRC; 0 for the header)."""
    body = json.dumps(obj, separators=(",", ":")).encode()
    return body[:-1] + b',"crc":"%08x"}\n' % zlib.crc32(body, seed)


def _sync_dir(path: Path) -> None:
    """Make a rename in `path`'s folder durable."""
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
