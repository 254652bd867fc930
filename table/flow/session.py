"""The table's flow: the lobby, resuming, the game, and what the screen and the LEDs show.

A Session reads no clock and draws nothing: the app passes `now` in and renders its state,
so every step of the flow is testable with scripted events.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from engine import Action, Game, Kind, RuleSet
from engine.events import Event
from hw.events import Button, ButtonPressed, CodeScanned, DeviceProblem, DeviceReady, InputEvent
from table.flow import alerts, untaken
from table.flow.alerts import Alert
from table.flow.controller import Applied, Asking, Controller, Outcome, Refused
from table.flow.journal import Journal, JournalError, NotSaved, move_aside, read
from table.flow.lock import Locked, StateLock
from table.flow.refusals import TableRefusal
from table.setup.config import Config

log = logging.getLogger(__name__)

NOTICE_SECONDS = 4.0
LINES = 6
PRESET_BUTTONS = {
    Button.RED: "official",
    Button.YELLOW: "reglamento",
    Button.GREEN: "playone",
    Button.BLUE: "cool",
}
JOURNAL_NAME = "game.jsonl"


class Phase(StrEnum):
    LOBBY = "lobby"
    RESUME = "resume"
    GAME = "game"


@dataclass(frozen=True)
class Notice:
    """A message shown for a while: a refusal (with its seat) or a device problem."""

    text: str
    seat: int | None
    until: float
    problem: bool = False
    reason: str = ""  # the engine's reason word (a device's message), for the screen's sentence
    card: str = ""  # the card (a device's raw text) the refusal concerns
    pressed: str = ""  # the button whose press was refused ("" for a scan)
    actions: int | None = None  # the game's action count it was refused at: gone after the next
    source: str = ""  # the device of a problem


@dataclass(frozen=True)
class Line:
    """One line of the recent-events list: an engine event, or a plain text."""

    event: Event | None
    text: str = ""


class Session:
    """One table: lobby, then games, kept in a journal under `state_dir` (None: no journal)."""

    def __init__(
        self,
        config: Config,
        state_dir: Path | None = None,
        *,
        readers: dict[str, int | None] | None = None,
        settle: float | None = None,
        scan_window: float | None = None,
        on_change: Callable[[], None] | None = None,
        lock: StateLock | None = None,
    ) -> None:
        self.config = config
        self.state_dir = state_dir
        self.phase = Phase.LOBBY
        self.joined: list[int] = []
        self.preset = config.preset
        self.game: Game | None = None
        self.controller: Controller | None = None
        self.journal: Journal | None = None
        self.lines: deque[Line] = deque(maxlen=LINES)
        self.notice: Notice | None = None
        self.alerts: list[Alert] = []  # problems with the saved game, until cleared
        self.devices: dict[str, tuple[bool, str]] = {}
        self.version = 0  # bumped on every change the screen shows
        self._readers = readers if readers is not None else self._config_readers(config)
        self._resume_meta: dict = {}
        self._settle = settle
        self._scan_window = config.scan_window if scan_window is None else scan_window
        self._on_change = on_change
        self._lock = lock  # taken before anything is written to state_dir
        self._untaken = False  # a note of a card the game has not taken is on disk
        self._offer_resume()

    @staticmethod
    def _config_readers(config: Config) -> dict[str, int | None]:
        readers: dict[str, int | None] = {r.name: r.seat for r in config.readers}
        readers.setdefault("keyboard", None)
        return readers

    # --- journal -----------------------------------------------------------------------------

    @property
    def journal_path(self) -> Path | None:
        return self.state_dir / JOURNAL_NAME if self.state_dir else None

    def _offer_resume(self) -> None:
        path = self.journal_path
        try:
            if path is None or not (path.exists() or path.is_symlink()):
                return
            contents = read(path)
        except JournalError as err:
            self._set_aside(err)
            return
        except OSError as err:
            self._alert(Alert.from_os(alerts.Kind.CANNOT_READ, err))
            return
        self._drop(alerts.Kind.CANNOT_READ)
        self._resume_meta = contents.header.get("table", {})
        self.phase = Phase.RESUME
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
            self._alert(Alert.from_os(alerts.Kind.CANNOT_READ, error))
            return
        self._alert(Alert(alerts.Kind.UNREADABLE, f"{err} (kept as {aside})", file=aside.name))

    def _saved_game_in_the_way(self) -> bool:
        """A saved game (or something else) where a new one would go: offer it again."""
        path = self.journal_path
        try:
            there = path.exists() or path.is_symlink()
        except OSError:
            there = True
        if there:
            self._offer_resume()
        return there

    def _resume(self, now: float) -> None:
        try:
            self._claim()
            game, journal = Journal.resume(self.journal_path)
        except Locked as err:
            self._in_use(err)
            return
        except JournalError as err:
            self._drop(alerts.Kind.MISFIT)
            moved = err.moved_to.name if err.moved_to else ""
            self._alert(Alert(alerts.Kind.UNREADABLE, str(err), file=moved))
            self.phase = Phase.LOBBY
            return
        except OSError as err:
            self._alert(Alert.from_os(alerts.Kind.CANNOT_SAVE, err))
            return
        joined = self._seats_of(game)
        if joined is None:
            journal.close()
            return
        self._drop(*alerts.UNTIL_SAVED, alerts.Kind.MISFIT)
        aside = journal.set_aside
        if aside is not None and aside.damage is not None:
            detail = f"{self.journal_path}:{aside.damage.line}: {aside.damage.why}"
            self._alert(
                Alert(
                    alerts.Kind.DAMAGED,
                    detail,
                    file=aside.kept_as.name,
                    line=aside.damage.line,
                    kept=aside.actions,
                )
            )
        saved = self._resume_meta.get("preset", game.rules.name)
        # The lobby after this game offers the saved preset only if today's knobs fit it.
        self.preset = self.preset if self._misfit(saved) else saved
        self._start(game, journal, joined)
        self.lines.append(Line(None, "resumed"))
        self._say_untaken(untaken.take(self.state_dir), now)

    def _say_untaken(self, note: untaken.Untaken | None, now: float) -> None:
        """A card left on the pile, not taken before the restart: take it back, play it again."""
        if note is None or not note.belongs_to(self.game.origin, len(self.game.history)):
            return
        seat = self.joined[note.seat] if 0 <= note.seat < len(self.joined) else None
        card = note.cards[0]
        message = f"{card} was not taken: take it back and play it again"
        self._refuse(seat, message, now, TableRefusal.NOT_TAKEN, card)

    def _seats_of(self, game: Game) -> list[int] | None:
        """The physical seats of a saved game, or None (and an alert) when they do not fit."""
        seats = self._resume_meta.get("seats") or list(range(game.players))
        configured = len(self.config.seats)
        fits = (
            isinstance(seats, list)
            and len(seats) == game.players
            and all(type(s) is int and 0 <= s < configured for s in seats)
            and len(set(seats)) == len(seats)
        )
        if fits:
            return list(seats)
        detail = f"{self.journal_path}: seats {seats!r}, this table has {configured} seats"
        self._alert(Alert(alerts.Kind.MISFIT, detail, seats=game.players, configured=configured))
        return None

    def _discard_saved(self, now: float) -> None:
        try:
            self._claim()
            aside = move_aside(self.journal_path, "discarded")
        except Locked as err:
            self._in_use(err)
            return
        except FileNotFoundError:
            aside = None  # gone already: nothing to keep
        except OSError as err:
            self._alert(Alert.from_os(alerts.Kind.CANNOT_SAVE, err))
            return
        log.info("set the saved game aside as %s", aside)
        self._drop(*alerts.UNTIL_SAVED, alerts.Kind.MISFIT)
        self.phase = Phase.LOBBY
        self._changed()

    def _claim(self) -> None:
        """Hold the state folder's lock before writing to it (Locked, OSError)."""
        if self._lock is not None:
            self._lock.take()

    def _in_use(self, err: Locked) -> None:
        log.error("%s", err)
        self._alert(Alert(alerts.Kind.IN_USE, str(err), pid=err.pid))

    def _alert(self, alert: Alert) -> None:
        log.warning("%s: %s", alert.kind, alert.detail)
        self.alerts = [a for a in self.alerts if a.kind is not alert.kind] + [alert]
        self._changed()

    def _drop(self, *kinds: alerts.Kind) -> None:
        kept = [a for a in self.alerts if a.kind not in kinds]
        if len(kept) != len(self.alerts):
            self.alerts = kept
            self._changed()

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: InputEvent, now: float) -> None:
        """Take one input event from the queue."""
        if isinstance(event, ButtonPressed):
            self._drop(*alerts.UNTIL_PRESS)  # seen: what was set aside stays in the files
        if isinstance(event, DeviceProblem):
            if event.down:
                self.devices[event.source] = (False, event.message)
            self._problem(event, now)
        elif isinstance(event, DeviceReady):
            self.devices[event.source] = (True, event.detail)
            self._changed()
        elif self.phase is Phase.GAME:
            self.controller.push(event)
        elif isinstance(event, ButtonPressed):
            self._menu_press(event, now)
        elif isinstance(event, CodeScanned):
            self._refuse(None, "press UNO to join, then DRAW to start", now, "lobby_scan")

    def _menu_press(self, press: ButtonPressed, now: float) -> None:
        self._forget_refusal()  # a refusal belongs to the moment it refused in
        if self.phase is Phase.RESUME:
            if press.button is Button.DRAW:
                self._resume(now)
            elif press.button is Button.CHALLENGE:
                self._discard_saved(now)
            return
        if press.button in PRESET_BUTTONS:
            self._pick(PRESET_BUTTONS[press.button], now)
        elif press.seat is None:
            return
        elif press.button is Button.CHALLENGE:
            message = "CHALLENGE does nothing in the lobby"
            self._refuse(press.seat, message, now, "lobby_challenge", pressed=Button.CHALLENGE)
        elif press.button is Button.UNO:
            self._toggle_join(press.seat)
        elif press.button is Button.DRAW:
            self._try_start(press.seat, now)
        self._changed()

    def _pick(self, preset: str, now: float) -> None:
        """Choose a preset, unless the configured knobs contradict it (the rules say why)."""
        misfit = self._misfit(preset)
        if misfit:
            message = f"the configured knobs do not fit {preset}: {misfit}"
            self._refuse(None, message, now, "knobs_misfit")
            return
        self.preset = preset

    def _misfit(self, preset: str) -> str:
        """Why the configured knobs do not fit `preset` ("" when they do)."""
        try:
            self.config.rules(preset)
        except (ValueError, TypeError) as err:
            return str(err)
        return ""

    def rules(self) -> RuleSet:
        """The chosen preset with the configured knobs, less what this table cannot referee."""
        rules = self._chosen_rules()
        # A shared reader cannot tell who jumped in: the rule is off rather than misattributed.
        return rules.replace(jump_in=False) if self._loses_jump_in(rules) else rules

    def notes(self) -> list[str]:
        """Keys of the lobby's notes on what the chosen rules lose at this table."""
        return ["note_shared_reader"] if self._loses_jump_in(self._chosen_rules()) else []

    def _chosen_rules(self) -> RuleSet:
        return self.config.rules(self.preset)

    def _loses_jump_in(self, rules: RuleSet) -> bool:
        """Jump-ins are on, but some seat (joined, or any while none is) has no own reader."""
        seats = self.joined or range(len(self.config.seats))
        own = {seat for seat in self._readers.values() if seat is not None}
        return rules.jump_in and not all(seat in own for seat in seats)

    def _toggle_join(self, seat: int) -> None:
        if seat in self.joined:
            self.joined.remove(seat)
        else:
            self.joined.append(seat)
            self.joined.sort()

    def _try_start(self, seat: int, now: float) -> None:
        if len(self.joined) < 2:
            message = "two seats must join (press UNO) before the game starts"
            self._refuse(seat, message, now, "two_seats", pressed=Button.DRAW)
            return
        game = Game.referee(players=len(self.joined), rules=self.rules(), dealer=0)
        journal = None
        if self.journal_path is not None:
            if self._saved_game_in_the_way():
                return
            try:
                self._claim()
                self.state_dir.mkdir(parents=True, exist_ok=True)
                meta = {"seats": self.joined, "preset": self.preset}
                journal = Journal.create(self.journal_path, game, meta=meta)
                untaken.drop(self.state_dir)  # a note of an earlier game's card
            except Locked as err:
                self._in_use(err)
                return
            except OSError as err:
                self._alert(Alert.from_os(alerts.Kind.CANNOT_SAVE, err))
                return
            self._drop(*alerts.UNTIL_SAVED)
        self._start(game, journal, list(self.joined))

    def _start(self, game: Game, journal: Journal | None, joined: list[int]) -> None:
        self.game, self.journal, self.joined = game, journal, list(joined)
        apply = self._apply if journal else game.apply
        seats = {physical: n for n, physical in enumerate(self.joined)}
        kwargs = {} if self._settle is None else {"settle": self._settle}
        kwargs["printed_repeat"] = self.config.printed_repeat
        if game.rules.multi_play:
            kwargs["scan_window"] = self._scan_window
        self.controller = Controller(game, apply, seats, self._readers, **kwargs)
        self.phase = Phase.GAME
        self.lines.clear()
        self._changed()

    def _apply(self, action: Action) -> list[Event]:
        """Apply and journal an action; when the disk refuses, the game goes back to how it
        was and the controller refuses the action (NotSaved is an IllegalAction)."""
        try:
            events = self.journal.apply(self.game, action)
        except NotSaved as err:
            self.game = self.controller.game = err.game
            self._alert(Alert.from_os(alerts.Kind.CANNOT_SAVE, err.error))
            raise
        if self.alerts:
            self._drop(*alerts.UNTIL_SAVED)
        self._repaired(self.journal)
        return events

    def _repaired(self, journal: Journal) -> None:
        """Say so when the journal had to be written again (another program changed it)."""
        repair, journal.repaired = journal.repaired, None
        if repair is not None:
            kept = f", what was there is kept as {repair.kept_as}" if repair.kept_as else ""
            detail = f"{journal.path} was {repair.change}: written again{kept}"
            self._alert(
                Alert(alerts.Kind.REWRITTEN, detail, file=getattr(repair.kept_as, "name", ""))
            )

    def _back_to_lobby(self) -> None:
        if self.journal is not None:
            self.journal.close()
            try:  # a finished match is kept, never deleted
                move_aside(self.journal_path, "done")
            except FileNotFoundError:
                pass
            except OSError as err:
                self._alert(Alert.from_os(alerts.Kind.CANNOT_SAVE, err))
                return  # still over: the next press tries again
        self.game = self.controller = self.journal = None
        self.phase = Phase.LOBBY
        self._changed()

    # --- time ----------------------------------------------------------------------------------

    def tick(self, now: float) -> list[Outcome]:
        """Apply the presses whose settle window has passed; expire old notices."""
        out: list[Outcome] = []
        if self.notice is not None and self.notice.until <= now:
            self.notice = None
            self._changed()
        if self.controller is None:
            return out
        for outcome in self.controller.release(now):
            out.append(outcome)
            self._record(outcome, now)
        return out

    def next_deadline(self) -> float | None:
        """When `tick` has something to do next (None: only a new input can change anything)."""
        times = [self.notice.until] if self.notice else []
        if self.controller is not None and self.controller.next_due() is not None:
            times.append(self.controller.next_due())
        return min(times, default=None)

    def _record(self, outcome: Outcome, now: float) -> None:
        if self.game is None:
            return  # held behind the press that ended the match: the lobby is up already
        if isinstance(outcome, Refused):
            if outcome.pressed and self.game.awaiting.kind is Kind.MATCH_OVER:
                self._back_to_lobby()  # "any button for a new game": the pad and CHALLENGE too
                return
            physical = self.joined[outcome.seat] if outcome.seat is not None else outcome.at_seat
            self._refuse(
                physical, outcome.message, now, outcome.reason, outcome.card, outcome.pressed
            )
            return
        if isinstance(outcome, Applied):
            self._forget_refusal()
            for event in outcome.events:
                self.lines.append(Line(event))
        self._note_untaken(outcome)
        self._changed()  # an Asking too: the screen asks for the seat to swap with

    def _note_untaken(self, outcome: Outcome) -> None:
        """Keep a note of a card on the pile that the game has not taken (a 7 asking for its
        seat) while it waits, so that a restart can say so (table.flow.untaken)."""
        if self.journal is None:
            return
        waiting = self.controller.asking
        try:
            if isinstance(outcome, Asking):
                cards = tuple(str(card) for card in outcome.play.cards)
                count = len(self.game.history)
                note = untaken.Untaken(outcome.play.seat, cards, count, self.game.origin)
                untaken.keep(self.state_dir, note)
                self._untaken = True
            elif self._untaken and waiting is None:
                untaken.drop(self.state_dir)
                self._untaken = False
        except OSError as err:  # the note only adds a sentence after a restart
            log.warning("cannot keep the note of an untaken card: %s", err)

    def _refuse(
        self, seat: int | None, text: str, now: float, reason: str = "", card="", pressed=""
    ) -> None:
        actions = len(self.game.history) if self.game is not None else None
        self.notice = Notice(
            text, seat, now + NOTICE_SECONDS, False, reason, card or "", pressed or "", actions
        )
        self._changed()

    def _forget_refusal(self) -> None:
        if self.notice is not None and not self.notice.problem:
            self.notice = None

    def _problem(self, event: DeviceProblem, now: float) -> None:
        raw = f": {event.raw!r}" if event.raw else ""
        text = f"{event.source}: {event.message}{raw}"
        self.notice = Notice(
            text,
            None,
            now + NOTICE_SECONDS,
            problem=True,
            reason=event.message,
            card=event.raw or "",
            source=event.source,
        )
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        if self._on_change is not None:
            self._on_change()

    def asking(self) -> tuple[int, str] | None:
        """(game seat, card) of a 7 waiting for the seat to swap with, if one waits."""
        play = self.controller.asking if self.controller is not None else None
        return (play.seat, str(play.card)) if play is not None else None

    # --- what the lights show ------------------------------------------------------------------

    def leds(self) -> dict[int, str]:
        """Each physical seat's LED: 'on' for the awaited seat, 'blink' after a refusal."""
        lit = {seat: "off" for seat in range(len(self.config.seats))}
        if self.phase is Phase.LOBBY:
            lit.update({seat: "on" for seat in self.joined})
        elif self.game is not None:
            lit.update({self.joined[seat]: "on" for seat in self.game.to_move})
        if self.notice is not None and self.notice.seat is not None and not self.notice.problem:
            lit[self.notice.seat] = "blink"
        return lit
