"""What can go wrong between the table and its saved game, as values the screen shows.

An Alert stays on screen until it is cleared: a set-aside journal until a button is pressed,
a failed save until a save works again, another table's lock until the lock is ours.
"""

from __future__ import annotations

import errno
from dataclasses import dataclass
from enum import StrEnum

from table.files import NotAFile


class Cause(StrEnum):
    """Why the disk refused, from the error's errno (the sentence is in table/screen/text.py)."""

    DISK_FULL = "disk_full"
    READ_ONLY = "read_only"
    NO_PERMISSION = "no_permission"
    MISSING = "missing"
    IN_THE_WAY = "in_the_way"  # a folder where the journal goes, or a file where a folder does
    OTHER = "other"


CAUSES = {
    errno.ENOSPC: Cause.DISK_FULL,
    errno.EDQUOT: Cause.DISK_FULL,
    errno.EFBIG: Cause.DISK_FULL,
    errno.EROFS: Cause.READ_ONLY,
    errno.EACCES: Cause.NO_PERMISSION,
    errno.EPERM: Cause.NO_PERMISSION,
    errno.ENOENT: Cause.MISSING,
    errno.EISDIR: Cause.IN_THE_WAY,
    errno.ENOTDIR: Cause.IN_THE_WAY,
    errno.EEXIST: Cause.IN_THE_WAY,
    errno.ELOOP: Cause.IN_THE_WAY,  # a link where a file of the table's goes (the lock's)
}


def cause_of(error: OSError) -> Cause:
    if isinstance(error, NotAFile):  # a folder, a FIFO, a link to nothing...
        return Cause.IN_THE_WAY
    return CAUSES.get(error.errno, Cause.OTHER)


class AlertKind(StrEnum):
    """What happened to the saved game."""

    CANNOT_SAVE = "cannot_save"  # an action or a start refused: the disk did not take it
    CANNOT_READ = "cannot_read"  # the saved game is there but cannot be read
    IN_USE = "in_use"  # another table holds the state folder
    DAMAGED = "damaged"  # resumed at the last good action; the whole file kept beside
    DAMAGE_FOUND = "damage_found"  # the offered game is damaged: DRAW resumes its good part
    UNREADABLE = "unreadable"  # its header is bad: the whole file set aside, a new game next
    MISFIT = "misfit"  # the saved game does not fit this table's configuration
    REWRITTEN = "rewritten"  # another program removed or changed it: written again from the game
    NOT_A_GAME = "not_a_game"  # a folder, a FIFO, a link to nothing... where it goes


UNTIL_PRESS = frozenset({AlertKind.DAMAGED, AlertKind.UNREADABLE, AlertKind.REWRITTEN})
UNTIL_SAVED = frozenset({AlertKind.CANNOT_SAVE, AlertKind.CANNOT_READ, AlertKind.IN_USE})


@dataclass(frozen=True)
class Alert:
    """One problem with the saved game; the fields its sentence needs, the rest left empty."""

    kind: AlertKind
    detail: str  # in English for the log: the path, the system's words
    cause: Cause | None = None  # CANNOT_SAVE, CANNOT_READ
    file: str = ""  # DAMAGED, UNREADABLE: the name the whole file is kept under
    line: int = 0  # DAMAGED, DAMAGE_FOUND: the first bad line
    kept: int = 0  # DAMAGED, DAMAGE_FOUND: the actions resumed (to be)
    pid: int | None = None  # IN_USE
    seats: int = 0  # MISFIT: the seats of the saved game
    configured: int = 0  # MISFIT: the seats of this table
    thing: str = ""  # NOT_A_GAME: what is there (a table.files.Thing, or "too_big")

    @classmethod
    def from_os(cls, kind: AlertKind, error: OSError) -> Alert:
        """CANNOT_SAVE or CANNOT_READ, from the error the system gave."""
        where = f" ({error.filename})" if error.filename else ""
        return cls(kind, f"{error.strerror or error}{where}", cause_of(error))

    def blanks(self) -> dict[str, object]:
        """The values the sentence of this kind fills in (the cause is translated apart)."""
        fields = {
            AlertKind.CANNOT_SAVE: (),
            AlertKind.CANNOT_READ: (),
            AlertKind.IN_USE: ("pid",),
            AlertKind.DAMAGED: ("line", "kept", "file"),
            AlertKind.DAMAGE_FOUND: ("line", "kept"),
            AlertKind.UNREADABLE: ("file",),
            AlertKind.MISFIT: ("seats", "configured"),
            AlertKind.REWRITTEN: (),
            AlertKind.NOT_A_GAME: ("thing",),
        }[self.kind]
        return {name: getattr(self, name) for name in fields} | {"detail": self.detail}
