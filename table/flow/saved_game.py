"""The saved game: the journal under the state folder, offered on start, resumed, set aside.

Everything that can go wrong with it becomes an Alert (table/flow/alerts.py) that stays in
`alerts` until cleared; the session shows them and routes the resume screen's presses here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine import Action, Game, Play, RuleSet
from engine.events import Event
from table.files import NotAFile, TooBig
from table.flow import untaken
from table.flow.alerts import UNTIL_SAVED, Alert, AlertKind
from table.flow.controller import Applied, Asking, Outcome
from table.flow.journal import Journal, JournalError, NotSaved, move_aside, read
from table.flow.lock import Locked, StateLock
from table.flow.pile import Pile
from table.setup.config import Config

log = logging.getLogger(__name__)

JOURNAL_NAME = "game.jsonl"


@dataclass(frozen=True)
class Offer:
    """The saved game offered for resuming, as read: its game up to the last good action (None:
    what lies there is no game, an alert says what), the physical seats that played it (None:
    they do not fit this table), its preset."""

    game: Game | None
    seats: tuple[int, ...] | None
    preset: str


@dataclass(frozen=True)
class Resumed:
    """A saved game taken up again: its game, on these physical seats, with this preset."""

    game: Game
    seats: list[int]
    preset: str
    untaken: untaken.Untaken | None  # a card on the pile it had not taken when the power went
    pile: Pile  # the physical cards on the pile, as the journal's notes of the scans say


class SavedGame:
    """The journal of one table under `state_dir` (None: nothing is saved), and its alerts.

    `lock` is taken before anything is written to `state_dir`; `changed` is called whenever
    what the screen shows of the saved game changes (an offer, an alert).
    """

    def __init__(
        self,
        config: Config,
        state_dir: Path | None,
        lock: StateLock | None,
        changed: Callable[[], None],
    ) -> None:
        self.config = config
        self.state_dir = state_dir
        self.journal: Journal | None = None  # the game in play's, while one is
        self.alerts: list[Alert] = []  # problems with the saved game, until cleared
        self.offered: Offer | None = None  # a saved game waits for DRAW or CHALLENGE
        self._meta: dict = {}
        self._lock = lock
        self._changed = changed
        self._untaken = False  # a note of a card the game has not taken is on disk
        self.overlap = False  # apply leaves the action's fsync running (the loop draws meanwhile)

    @property
    def path(self) -> Path | None:
        """Where the journal is kept (None: no state folder, nothing saved)."""
        return self.state_dir / JOURNAL_NAME if self.state_dir else None

    # --- the offer ---------------------------------------------------------------------------

    def offer(self) -> None:
        """Offer the journal left by the last run, if its header can be read."""
        path = self.path
        try:
            if path is None or not (path.exists() or path.is_symlink()):
                return
            contents = read(path)
        except JournalError as err:
            self._set_aside(err)
            return
        except (NotAFile, TooBig) as err:
            self._not_a_game(err)
            return
        except OSError as err:
            self._alert(Alert.from_os(AlertKind.CANNOT_READ, err))
            return
        try:
            game, damage = contents.play()  # what the offer shows, and damage before DRAW
        except JournalError as err:
            self._set_aside(err)
            return
        self.drop(AlertKind.CANNOT_READ)
        self._meta = contents.header.get("table", {})
        seats = self._fitting_seats(game)
        self.offered = Offer(game, None if seats is None else tuple(seats), self._preset(game))
        if damage is not None:
            detail = f"{path}:{damage.line}: {damage.why}"
            kept = len(game.history)
            self._alert(Alert(AlertKind.DAMAGE_FOUND, detail, line=damage.line, kept=kept))
        self._changed()

    def _not_a_game(self, err: NotAFile | TooBig) -> None:
        """Something that is no saved game where it goes: offered to be set aside, and said."""
        thing = err.thing if isinstance(err, NotAFile) else "too_big"
        self.drop(AlertKind.CANNOT_READ)
        self._alert(Alert(AlertKind.NOT_A_GAME, str(err), thing=thing))
        self._meta, self.offered = {}, Offer(None, None, "")
        self._changed()

    def _set_aside(self, err: JournalError) -> None:
        """A journal whose header is bad: kept whole under another name, and said so."""
        try:
            self._claim()
            aside = move_aside(err.path)
        except Locked as locked:
            self._in_use(locked)
            return
        except OSError as error:
            self._alert(Alert.from_os(AlertKind.CANNOT_READ, error))
            return
        self._alert(Alert(AlertKind.UNREADABLE, f"{err} (kept as {aside})", file=aside.name))

    def in_the_way(self) -> bool:
        """A saved game (or something else) where a new one would go: offered again."""
        path = self.path
        try:
            there = path.exists() or path.is_symlink()
        except OSError:
            there = True
        if there:
            self.offer()
        return there

    def resume(self, now: float) -> Resumed | None:
        """The offered game with its seats and preset (None, and an alert, when it cannot be
        resumed); what the table knew of the physical cards comes back, as read at `now`."""
        steps: list[list[Event]] = []
        try:
            self._claim()
            game, journal = Journal.resume(self.path, lambda n, a, events: steps.append(events))
        except Locked as err:
            self._in_use(err)
            return None
        except JournalError as err:
            self.drop(AlertKind.MISFIT, AlertKind.DAMAGE_FOUND)
            moved = err.moved_to.name if err.moved_to else ""
            self._alert(Alert(AlertKind.UNREADABLE, str(err), file=moved))
            self.offered = None
            return None
        except (NotAFile, TooBig) as err:
            self._not_a_game(err)
            return None
        except OSError as err:
            self._alert(Alert.from_os(AlertKind.CANNOT_SAVE, err))
            return None
        seats = self._seats_of(game)
        if seats is None:
            journal.close()
            return None
        self.drop(*UNTIL_SAVED, AlertKind.MISFIT, AlertKind.DAMAGE_FOUND)
        self._alert_damage(journal)
        self.journal, self.offered = journal, None
        note = untaken.take(self.state_dir)
        if note is not None and not note.belongs_to(game.origin, len(game.history)):
            note = None
        pile = Pile.rebuilt(self.config.printed_repeat, steps[1:], journal.notes, now)
        return Resumed(game, seats, self._preset(game), note, pile)

    def _preset(self, game: Game) -> str:
        """The preset the saved game's notes name, where they name one; else its rules'."""
        preset = self._meta.get("preset", game.rules.name)
        if preset in RuleSet.PRESETS:
            return preset
        log.warning(
            "%s: its notes name no preset (%.40r): %s, as its rules",
            self.path,
            preset,
            game.rules.name,
        )
        return game.rules.name

    def _alert_damage(self, journal: Journal) -> None:
        aside = journal.set_aside
        if aside is None or aside.damage is None:
            return
        detail = f"{self.path}:{aside.damage.line}: {aside.damage.why}"
        self._alert(
            Alert(
                AlertKind.DAMAGED,
                detail,
                file=aside.kept_as.name,
                line=aside.damage.line,
                kept=aside.actions,
            )
        )

    def _fitting_seats(self, game: Game) -> list[int] | None:
        """The physical seats of a saved game, or None when they do not fit this table."""
        seats = self._meta.get("seats") or list(range(game.players))
        configured = len(self.config.seats)
        fits = (
            isinstance(seats, list)
            and len(seats) == game.players
            and all(type(s) is int and 0 <= s < configured for s in seats)
            and len(set(seats)) == len(seats)
        )
        return list(seats) if fits else None

    def _seats_of(self, game: Game) -> list[int] | None:
        """The physical seats of a saved game, or None (and an alert) when they do not fit."""
        seats = self._fitting_seats(game)
        if seats is not None:
            return seats
        seats = self._meta.get("seats") or list(range(game.players))
        configured = len(self.config.seats)
        detail = f"{self.path}: seats {seats!r}, this table has {configured} seats"
        self._alert(Alert(AlertKind.MISFIT, detail, seats=game.players, configured=configured))
        return None

    def discard(self) -> None:
        """Set the offered game aside (kept under another name) for a new one."""
        try:
            self._claim()
            aside = move_aside(self.path, "discarded")
        except Locked as err:
            self._in_use(err)
            return
        except FileNotFoundError:
            aside = None  # gone already: nothing to keep
        except OSError as err:
            self._alert(Alert.from_os(AlertKind.CANNOT_SAVE, err))
            return
        log.info("set the saved game aside as %s", aside)
        kinds = (AlertKind.MISFIT, AlertKind.NOT_A_GAME, AlertKind.DAMAGE_FOUND)
        self.drop(*UNTIL_SAVED, *kinds)
        self.offered = None
        self._changed()

    # --- the game in play --------------------------------------------------------------------

    def create(self, game: Game, seats: list[int], preset: str) -> bool:
        """Start the journal of a new game; False (and an alert, or the old game offered
        again) when it cannot be. Without a state folder there is nothing to save."""
        if self.path is None:
            return True
        if self.in_the_way():
            return False
        try:
            self._claim()
            self.state_dir.mkdir(parents=True, exist_ok=True)
            meta = {"seats": seats, "preset": preset}
            self.journal = Journal.create(self.path, game, meta=meta)
            untaken.drop(self.state_dir)  # a note of an earlier game's card
        except Locked as err:
            self._in_use(err)
            return False
        except OSError as err:
            self._alert(Alert.from_os(AlertKind.CANNOT_SAVE, err))
            return False
        self.drop(*UNTIL_SAVED)
        return True

    def apply(self, game: Game, action: Action, note: dict | None = None) -> list[Event]:
        """Apply and journal an action; when the disk refuses, NotSaved (an IllegalAction)
        carries the game as it was, and an alert says why. While `overlap` is on, the action's
        fsync still runs when this returns: `saved` waits for it."""
        if self.journal is None:
            return game.apply(action)
        try:
            events = self.journal.apply(game, action, note, wait=not self.overlap)
        except NotSaved as err:
            self._alert(Alert.from_os(AlertKind.CANNOT_SAVE, err.error))
            raise
        if self.alerts:
            self.drop(*UNTIL_SAVED)
        self._repaired(self.journal)
        return events

    def saving(self) -> bool:
        """An action's fsync still runs (`saved` waits for it)."""
        return self.journal is not None and self.journal.pending

    def saved(self, game: Game) -> NotSaved | None:
        """Wait for the fsync of the action `apply` left running: None once it is on disk,
        else NotSaved (carrying `game` without it), and an alert says why, as `apply` would."""
        if self.journal is None:
            return None
        try:
            self.journal.saved(game)
        except NotSaved as err:
            self._alert(Alert.from_os(AlertKind.CANNOT_SAVE, err.error))
            return err
        return None

    def _repaired(self, journal: Journal) -> None:
        """Say so when the journal had to be written again (another program changed it)."""
        repair, journal.repaired = journal.repaired, None
        if repair is not None:
            kept = f", what was there is kept as {repair.kept_as}" if repair.kept_as else ""
            detail = f"{journal.path} was {repair.change}: written again{kept}"
            self._alert(
                Alert(AlertKind.REWRITTEN, detail, file=getattr(repair.kept_as, "name", ""))
            )

    def note_untaken(self, outcome: Outcome, waiting: Play | None, game: Game) -> None:
        """Keep a note of a card on the pile that the game has not taken (a 7 asking for its
        seat) while it waits, so that a restart can say so (table.flow.untaken)."""
        if self.journal is None:
            return
        if isinstance(outcome, Asking):
            waiting = outcome.play
        try:
            if waiting is not None and isinstance(outcome, Asking | Applied):
                # Again after every action while it waits (a call): a note is of one moment.
                cards = tuple(str(card) for card in waiting.cards)
                count = len(game.history)
                note = untaken.Untaken(waiting.seat, cards, count, game.origin)
                untaken.keep(self.state_dir, note)
                self._untaken = True
            elif self._untaken and waiting is None:
                untaken.drop(self.state_dir)
                self._untaken = False
        except OSError as err:  # the note only adds a sentence after a restart
            log.warning("cannot keep the note of an untaken card: %s", err)

    def finish(self) -> bool:
        """The match is over: its journal is kept as done, never deleted (False: it could not
        be moved, and an alert says why)."""
        if self.journal is None:
            return True
        self.journal.close()
        try:
            move_aside(self.path, "done")
        except FileNotFoundError:
            pass
        except OSError as err:
            self._alert(Alert.from_os(AlertKind.CANNOT_SAVE, err))
            return False
        self.journal = None
        return True

    def close(self) -> None:
        """Close the journal (the table shuts down; the game stays saved)."""
        if self.journal is not None:
            self.journal.close()

    # --- alerts and the lock -----------------------------------------------------------------

    def _claim(self) -> None:
        """Hold the state folder's lock before writing to it (Locked, OSError)."""
        if self._lock is not None:
            self._lock.take()

    def _in_use(self, err: Locked) -> None:
        log.error("%s", err)
        self._alert(Alert(AlertKind.IN_USE, str(err), pid=err.pid))

    def _alert(self, alert: Alert) -> None:
        log.warning("%s: %s", alert.kind, alert.detail)
        self.alerts = [a for a in self.alerts if a.kind is not alert.kind] + [alert]
        self._changed()

    def drop(self, *kinds: AlertKind) -> None:
        """Clear the alerts of these kinds."""
        kept = [a for a in self.alerts if a.kind not in kinds]
        if len(kept) != len(self.alerts):
            self.alerts = kept
            self._changed()
