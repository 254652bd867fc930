"""The table's flow: it routes each input by phase to the lobby, the saved game's offer or the
game in play, and keeps what the screen and the LEDs show besides (notices, recent events).

A Session reads no clock and draws nothing: the app passes `now` in and renders its state,
so every step of the flow is testable with scripted events.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from engine import Game, RuleSet
from engine.events import Event
from hw.events import (
    Button,
    ButtonPressed,
    ButtonReleased,
    CodeScanned,
    DeviceProblem,
    DeviceReady,
    InputEvent,
)
from table.flow import alerts
from table.flow.alerts import Alert
from table.flow.controller import (
    Applied,
    Asking,
    Controller,
    LeaveAsked,
    MatchDone,
    Outcome,
    Refused,
)
from table.flow.holds import Holds
from table.flow.journal import Journal
from table.flow.lobby import PRESET_BUTTONS, Declined, Lobby, Start
from table.flow.lock import StateLock
from table.flow.refusals import TableRefusal
from table.flow.saved_game import SavedGame
from table.setup.config import Config

NOTICE_SECONDS = 4.0
LINES = 6


class Phase(StrEnum):
    """What the table is doing: which of the lobby, the saved game's offer, the game has inputs."""

    LOBBY = "lobby"
    RESUME = "resume"
    GAME = "game"


@dataclass(frozen=True)
class TimedNotice:
    """A message shown for a while: a refusal (with its seat) or a device problem."""

    text: str
    seat: int | None
    until: float
    problem: bool = False
    reason: str = ""  # the engine's reason word (a device's Problem), for the screen's sentence
    card: str = ""  # the card (a device's raw text) the refusal concerns
    pressed: str = ""  # the button whose press was refused ("" for a scan)
    actions: int | None = None  # the game's action count it was refused at: gone after the next
    source: str = ""  # the device of a problem
    down: bool = False  # the problem is the device lost: gone once it is found again


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
        self.controller: Controller | None = None  # the game in play's (it holds the game)
        self.lines: deque[Line] = deque(maxlen=LINES)
        self._lines_before = self.lines  # before the last action's events (`confirm`)
        self.notice: TimedNotice | None = None
        self.devices: dict[str, tuple[bool, str]] = {}
        self.version = 0  # bumped on every change the screen shows
        self._readers = readers if readers is not None else self._config_readers(config)
        self._settle = settle
        self._scan_window = config.scan_window if scan_window is None else scan_window
        self._on_change = on_change
        self.lobby = Lobby(config, self._readers)
        self._lobby_holds = Holds()  # DRAW held in the lobby: the seat un-joins
        self.saved = SavedGame(config, state_dir, lock, self._changed)
        self.saved.offer()

    @staticmethod
    def _config_readers(config: Config) -> dict[str, int | None]:
        readers: dict[str, int | None] = {r.name: r.seat for r in config.readers}
        readers.setdefault("keyboard", None)
        return readers

    # --- what the others read ------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The game once one is in play, else the saved game's offer while it stands."""
        if self.controller is not None:
            return Phase.GAME
        return Phase.RESUME if self.saved.offered else Phase.LOBBY

    @property
    def game(self) -> Game | None:
        """The game in play (its controller's), or None."""
        return self.controller.game if self.controller is not None else None

    @property
    def journal(self) -> Journal | None:
        return self.saved.journal

    @property
    def journal_path(self) -> Path | None:
        return self.saved.path

    @property
    def alerts(self) -> list[Alert]:
        return self.saved.alerts

    @property
    def joined(self) -> list[int]:
        """The physical seats joined (in play, the game's seats in order)."""
        return self.lobby.joined

    @property
    def preset(self) -> str:
        return self.lobby.preset

    def rules(self) -> RuleSet:
        """The rules a game started now would play (see Lobby.rules)."""
        return self.lobby.rules()

    def notes(self) -> list[str]:
        """Keys of the lobby's notes on what the chosen rules lose at this table."""
        return self.lobby.notes()

    def asking(self) -> tuple[int, str] | None:
        """(game seat, card) of a 7 waiting for the seat to swap with, if one waits."""
        play = self.controller.asking if self.controller is not None else None
        return (play.seat, str(play.card)) if play is not None else None

    def leaving(self) -> tuple[int, ...]:
        """The game seats asked whether they leave the game (DRAW held), in seat order."""
        return tuple(sorted(self.controller.leaving)) if self.controller is not None else ()

    def lines_after(self, events: Iterable[Event]) -> deque[Line]:
        """The recent events once `events` have happened (a new deque: these stay)."""
        lines = self.lines.copy()
        lines.extend(Line(event) for event in events)
        return lines

    def close(self) -> None:
        """Close the journal (the game stays saved)."""
        self.saved.close()

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event: InputEvent, now: float) -> None:
        """Take one input event from the queue."""
        if isinstance(event, ButtonPressed):
            self.saved.drop(*alerts.UNTIL_PRESS)  # seen: what was set aside stays in the files
        if isinstance(event, CodeScanned) and _problem_of(self.notice, event.reader, down=False):
            self.notice = None  # a good read from that reader: what it misread before is past
            self._changed()
        if isinstance(event, DeviceProblem):
            if event.down:
                self.devices[event.source] = (False, event.detail)
            if not (event.down and self.phase is Phase.RESUME):
                self._problem(event, now)  # on the offer, the prompt stays: the corner says it
            else:
                self._changed()
        elif isinstance(event, DeviceReady):
            self.devices[event.source] = (True, event.detail)
            if _problem_of(self.notice, event.source, down=True):
                self.notice = None  # "unplugged" no longer holds once it is found again
            self._changed()
        elif self.phase is Phase.GAME:
            self.controller.push(event)
        elif isinstance(event, ButtonPressed):
            self._forget_refusal()  # a refusal belongs to the moment it refused in
            if self.phase is Phase.RESUME:
                self._resume_press(event, now)
            else:
                self._lobby_press(event, now)
        elif isinstance(event, ButtonReleased):
            press = self._lobby_holds.release(event)
            if press is not None and self.phase is Phase.LOBBY:
                self._lobby_answer(press, now)  # a tap: DRAW as ever
        elif isinstance(event, CodeScanned) and self.phase is Phase.RESUME:
            message = "a game was in progress: DRAW resumes it first, CHALLENGE sets it aside"
            self._decline(Declined(TableRefusal.RESUME_SCAN, message), now)
        elif isinstance(event, CodeScanned):
            message = "press UNO to join, then DRAW to start"
            self._decline(Declined(TableRefusal.LOBBY_SCAN, message), now)

    def _resume_press(self, press: ButtonPressed, now: float) -> None:
        if press.button is Button.DRAW:
            self._resume(now)
        elif press.button is Button.CHALLENGE:
            self.saved.discard()

    def _lobby_press(self, press: ButtonPressed, now: float) -> None:
        if press.seat is None and press.button not in PRESET_BUTTONS:
            return
        if Holds.waits(press):
            self._lobby_holds.press(press)  # DRAW waits: a tap starts, a hold un-joins
        else:
            self._lobby_answer(press, now)

    def _lobby_answer(self, press: ButtonPressed, now: float) -> None:
        answer = self.lobby.press(press)
        if isinstance(answer, Declined):
            self._decline(answer, now)
        elif isinstance(answer, Start):
            self._start_new(list(answer.seats))
        self._changed()

    def _resume(self, now: float) -> None:
        resumed = self.saved.resume(now)
        if resumed is None:
            return
        # The lobby after this game offers the saved preset only if today's knobs fit it.
        if not self.lobby.misfit(resumed.preset):
            self.lobby.preset = resumed.preset
        self._start(resumed.game, resumed.seats)
        self.controller.pile = resumed.pile
        self.lines.append(Line(None, "resumed"))
        if resumed.untaken is not None:
            self._say_untaken(resumed.untaken.seat, resumed.untaken.cards[0], now)

    def _say_untaken(self, seat: int, card: str, now: float) -> None:
        """A card left on the pile that the game did not take (before a restart, or as it moved
        on without it): take it back, play it again."""
        physical = self.joined[seat] if 0 <= seat < len(self.joined) else None
        message = f"{card} was not taken: take it back and play it again"
        self._refuse(physical, message, now, TableRefusal.NOT_TAKEN, card)

    def _start_new(self, seats: list[int]) -> None:
        game = Game.referee(players=len(seats), rules=self.lobby.rules(), dealer=0)
        if self.saved.create(game, seats, self.lobby.preset):
            self._start(game, seats)

    def _start(self, game: Game, seats: list[int]) -> None:
        self._lobby_holds.clear()
        self.lobby.joined = list(seats)
        game_seats = {physical: n for n, physical in enumerate(seats)}
        kwargs = {} if self._settle is None else {"settle": self._settle}
        kwargs["printed_repeat"] = self.config.printed_repeat
        if game.rules.multi_play:
            kwargs["scan_window"] = self._scan_window
        self.controller = Controller(game, self.saved.apply, game_seats, self._readers, **kwargs)
        self.lines.clear()
        self._changed()

    def _back_to_lobby(self) -> None:
        if not self.saved.finish():
            return  # still over: the next press tries again
        self.controller = None
        self._changed()

    # --- time ----------------------------------------------------------------------------------

    def tick(self, now: float, overlap: bool = False) -> list[Outcome]:
        """Apply the presses whose settle window has passed; expire old notices.

        With `overlap`, the last action applied may still be on its way to the disk when this
        returns (its fsync runs while the caller draws): nothing of it may be shown before
        `confirm` returned, and no other action is applied before then."""
        out: list[Outcome] = []
        if self.notice is not None and self.notice.until <= now:
            self.notice = None
            self._changed()
        for press in self._lobby_holds.held(now):
            self._lobby_hold(press, now)
        if self.controller is None:
            return out
        self.saved.overlap = overlap
        for outcome in self.controller.release(now, self.saved.saving if overlap else None):
            out.append(outcome)
            self._record(outcome, now)
        return out

    def confirm(self, now: float) -> Refused | None:
        """Wait for the save `tick(overlap=True)` left running: None once it is on disk (or
        when none runs); when the disk refused it, the action is undone and refused, as if
        its save had failed at once, and that refusal is returned."""
        if self.controller is None or not self.saved.saving():
            return None
        failed = self.saved.saved(self.game)
        if failed is None:
            return None
        refused = self.controller.unsaved(failed)
        self.lines = self._lines_before
        if self.controller.asking is not None:  # a 7 waits again: its note goes back on disk
            self.saved.note_untaken(Asking(self.controller.asking), None, self.game)
        self._record(refused, now)
        return refused

    def next_deadline(self) -> float | None:
        """When `tick` has something to do next (None: only a new input can change anything)."""
        times = [self.notice.until] if self.notice else []
        if self._lobby_holds.due() is not None:
            times.append(self._lobby_holds.due())
        if self.controller is not None:
            due = (self.controller.next_due(), self.controller.question_due())
            times += [t for t in due if t is not None]
        return min(times, default=None)

    def _lobby_hold(self, press: ButtonPressed, now: float) -> None:
        """DRAW held in the lobby: a joined seat leaves the table (UNO joins it again); at a
        seat not joined it is DRAW, which says to join first."""
        if press.seat in self.joined:
            self.lobby.joined.remove(press.seat)
            self._changed()
        else:
            self._lobby_answer(press, now)

    def _record(self, outcome: Outcome, now: float) -> None:
        if self.controller is None:
            return  # held behind the press that ended the match: the lobby is up already
        if isinstance(outcome, MatchDone):
            self._back_to_lobby()
            return
        if isinstance(outcome, Refused):
            physical = self.joined[outcome.seat] if outcome.seat is not None else outcome.at_seat
            self._refuse(
                physical, outcome.message, now, outcome.reason, outcome.card, outcome.pressed
            )
            return
        if isinstance(outcome, Applied | LeaveAsked):
            self._forget_refusal()  # a question to leave is the prompt: nothing covers it
        if isinstance(outcome, Applied):
            self._lines_before = self.lines  # its save may fail yet (`confirm`)
            self.lines = self.lines_after(outcome.events)
        self.saved.note_untaken(outcome, self.controller.asking, self.game)
        if isinstance(outcome, Applied) and outcome.untaken is not None:
            self._say_untaken(outcome.untaken.seat, str(outcome.untaken.cards[0]), now)
        self._changed()  # an Asking too: the screen asks for the seat to swap with

    # --- notices -------------------------------------------------------------------------------

    def _decline(self, declined: Declined, now: float) -> None:
        self._refuse(
            declined.seat, declined.message, now, declined.reason, pressed=declined.pressed
        )

    def _refuse(
        self, seat: int | None, text: str, now: float, reason: str = "", card="", pressed=""
    ) -> None:
        actions = len(self.game.history) if self.game is not None else None
        self.notice = TimedNotice(
            text, seat, now + NOTICE_SECONDS, False, reason, card or "", pressed or "", actions
        )
        self._changed()

    def _forget_refusal(self) -> None:
        self.notice = unrefused(self.notice)

    def _problem(self, event: DeviceProblem, now: float) -> None:
        raw = f": {event.raw!r}" if event.raw else ""
        text = f"{event.source}: {event.detail}{raw}"
        self.notice = TimedNotice(
            text,
            None,
            now + NOTICE_SECONDS,
            problem=True,
            reason=event.kind,
            card=event.raw or "",
            source=event.source,
            down=event.down,
        )
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        if self._on_change is not None:
            self._on_change()

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
        lit.update({self.joined[seat]: "blink" for seat in self.leaving()})  # asked to leave
        return lit


def _problem_of(notice: TimedNotice | None, source: str, down: bool) -> bool:
    """Whether `notice` is a problem of the device `source`: it is lost (`down`), or one of
    its inputs was bad."""
    return notice is not None and notice.problem and notice.down is down and notice.source == source


def unrefused(notice: TimedNotice | None) -> TimedNotice | None:
    """The notice that stays once an action is taken: a device's problem; a refusal goes."""
    return notice if notice is not None and notice.problem else None
