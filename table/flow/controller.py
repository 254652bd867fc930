"""From presses and scans to engine actions, applied in the order the presses happened.

Presses wait a short settle window so that two seats pressing a few milliseconds apart are
applied in the order of their edge times, not in the order their threads woke up.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine import (
    Accept,
    Action,
    CallUno,
    Card,
    CardError,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Flip,
    Game,
    IllegalAction,
    Kind,
    Leave,
    NextRound,
    Pass,
    Play,
    Reveal,
)
from engine.events import Event
from hw.events import SEAT_BUTTONS, Button, ButtonPressed, ButtonReleased, CodeScanned
from table.flow import pile as pile_notes
from table.flow.holds import CONFIRM, Holds
from table.flow.pile import Pile
from table.flow.refusals import TableRefusal, Undone

SETTLE = 0.03  # seconds a press waits for an earlier edge from another thread
# Presses this close are at the same instant: edge times jitter, and a call exactly `uno_race`
# after a catch, or at the very instant of one, still wins (docs/rules.md, "Catch window").
INSTANT = 0.001
CATCHING = (Button.UNO, Button.CHALLENGE)  # another seat's press of either catches a seat at one

PAD_COLORS = {
    Button.RED: Color.RED,
    Button.YELLOW: Color.YELLOW,
    Button.GREEN: Color.GREEN,
    Button.BLUE: Color.BLUE,
}


@dataclass(frozen=True)
class Applied:
    """An action the game accepted (and the journal holds), with what it caused."""

    action: Action
    events: tuple[Event, ...]
    untaken: Play | None = None  # a 7 that waited for its seat, which the game moved on from


@dataclass(frozen=True)
class Refused:
    """An input the game refused: shown on screen, the seat's LED blinks, nothing changes."""

    seat: int | None
    reason: str
    message: str
    card: str = ""  # the card scanned (its code), for the screen's sentence
    pressed: str = ""  # the button pressed ("" for a scan)
    at_seat: int | None = None  # the physical seat it came from, a seat not in the game too


@dataclass(frozen=True)
class Asking:
    """A play held until a seat is named: a 7 under seven_zero waits for a seat's UNO press."""

    play: Play


@dataclass(frozen=True)
class MatchDone:
    """A seat's button pressed once the match is over: the table goes back to the lobby."""

    seat: int


@dataclass(frozen=True)
class LeaveAsked:
    """DRAW held at a seat: the table asks whether it leaves (UNO there says yes)."""

    seat: int


@dataclass(frozen=True)
class Stayed:
    """A seat asked whether it leaves stays: another of its buttons, or the question timed out."""

    seat: int


Outcome = Applied | Refused | Asking | MatchDone | LeaveAsked | Stayed


def _what(event: ButtonPressed | CodeScanned) -> tuple[str, str]:
    """(card code, button) of a refused input, for the screen to name."""
    if isinstance(event, CodeScanned):
        return (event.code, "")
    return ("", str(event.button))


@dataclass(order=True)
class _Held:
    key: float  # the order of application: the edge time, a call moved earlier in a race
    seq: int
    due: float = field(compare=False)  # when it may be applied
    event: ButtonPressed | CodeScanned = field(compare=False)
    cards: list[Card] = field(compare=False, default_factory=list)
    joined: list[CodeScanned] = field(compare=False, default_factory=list)  # the cards' scans


@dataclass(frozen=True)
class _Before:
    """What an applied input changed besides the game, as it was: undone if its save fails."""

    event: ButtonPressed | CodeScanned
    seat: int | None
    pile: Pile
    asking: Play | None
    scans: list[CodeScanned]


class Controller:
    """Maps input events to actions for what the game awaits, and applies them in order; the
    game in play is its own (`game`).

    `apply(game, action, note)` applies and journals an action with the note of its scans
    (the saved game's apply, or the game's own); when it raises `Undone` the controller holds
    the game it carries from then on; `seats` maps physical seats to game seats; `readers`
    maps reader names to a physical seat, or to None for a shared reader whose scans belong
    to the awaited seat;
    `scan_window` joins scans by one reader that close together into one play (0: never);
    `printed_repeat` is the window in which a printed code equal to the top card's, by the same
    reader, is that card read again (table.flow.pile).
    """

    def __init__(
        self,
        game: Game,
        apply: Callable[..., list[Event]] | None = None,
        seats: Mapping[int, int] | None = None,
        readers: Mapping[str, int | None] | None = None,
        settle: float = SETTLE,
        scan_window: float = 0.0,
        printed_repeat: float = 0.0,
    ) -> None:
        self.game = game
        self._apply = apply or _game_apply
        self._seats = dict(seats) if seats is not None else {s: s for s in range(game.players)}
        self._readers = dict(readers or {})
        self._settle = settle
        self._race = game.rules.uno_race  # a call this close after a catch still wins
        self._scan_window = scan_window
        self._held: list[_Held] = []
        self._open: dict[str, _Held] = {}  # by reader: the play its scans are joining
        self._seq = itertools.count()
        self.asking: Play | None = None  # a 7 scanned, waiting for the seat to swap with
        self._asking_scans: list[CodeScanned] = []
        self.pile = Pile(printed_repeat)
        self._before: _Before | None = None  # the last applied input's
        self.holds = Holds()
        self.leaving: dict[int, float] = {}  # game seats asked whether they leave: until when

    def push(self, event: ButtonPressed | ButtonReleased | CodeScanned) -> None:
        """Hold an input until its settle window has passed (a DRAW that waits for its
        release, until it is released or held long: table.flow.holds)."""
        if isinstance(event, ButtonReleased):
            self._released(event)
            return
        if isinstance(event, CodeScanned) and self._join_scan(event):
            return
        key, due = event.at, event.at + self._settle
        if isinstance(event, ButtonPressed) and Holds.waits(event):
            self.holds.press(event)
            due = event.at + self.holds.hold  # nothing later goes in before it
        elif isinstance(event, ButtonPressed) and self._answers(event):
            pass  # a seat's answer to "leave the game?" is neither a call nor a catch
        elif isinstance(event, ButtonPressed) and self._calls(event):
            key = self.game.rules.call_counts_at(event.at) - INSTANT  # a call wins its race
        elif isinstance(event, ButtonPressed) and event.button in CATCHING and self._race:
            due += self._race + INSTANT  # a catch waits for a call that may still win
        held = _Held(key, next(self._seq), due, event)
        if isinstance(event, CodeScanned):
            held.due += self._scan_window
            self._ended(event)
            self._open[event.reader] = held
        heapq.heappush(self._held, held)

    def _released(self, release: ButtonReleased) -> None:
        """A DRAW let go before it became a hold: it goes in now, in the order of its press."""
        press = self.holds.release(release)
        held = next((h for h in self._held if h.event is press), None)
        if held is not None:
            held.due = press.at + self._settle

    def _answers(self, press: ButtonPressed) -> bool:
        """Whether a press is its seat's answer to the question whether it leaves."""
        seat = self._seat_of(press)
        return seat in self.leaving and press.at <= self.leaving[seat]

    def _calls(self, press: ButtonPressed) -> bool:
        """Whether an UNO press is its seat's own call (else, in a race, another's: a catch)."""
        if press.button is not Button.UNO or self.asking is not None:
            return False  # while a 7 waits, an UNO press names the seat it swaps with
        seat = self._seat_of(press)
        return seat is not None and self.game.allows(CallUno(seat, at=press.at))

    def _join_scan(self, event: CodeScanned) -> bool:
        """A quick scan by one reader of the symbol it is scanning joins that play, where the
        rules allow several cards at once (docs/rules.md, "Several scans in one window")."""
        if not self._scan_window or self.game.awaiting.kind is Kind.FLIP:
            return False  # one first card at a time: another follows only a W4 sent back
        held = self._open.get(event.reader)
        if held is None or not self._joins(held, event):
            return False
        held.cards.append(Card.parse(event.code))
        held.joined.append(event)
        held.due = event.at + self._settle + self._scan_window
        return True

    def _joins(self, held: _Held, event: CodeScanned) -> bool:
        # Only a card of the same symbol within the window of the last scan joins.
        last = held.joined[-1] if held.joined else held.event
        card, symbol = self._card_or_none(event.code), self._card_or_none(held.event.code)
        in_time = event.at - last.at <= self._scan_window
        return in_time and card is not None and symbol is not None and card.rank is symbol.rank

    def _ended(self, event: CodeScanned) -> None:
        """A scan of another symbol ends the play its reader was scanning: it goes in as soon
        as its settle window allows, not a scan window later."""
        held = self._open.pop(event.reader, None)
        if held is not None:
            last = held.joined[-1] if held.joined else held.event
            held.due = min(held.due, last.at + self._settle)

    def next_due(self) -> float | None:
        """When the next held input may be applied (None when nothing is held)."""
        return self._held[0].due if self._held else None

    def question_due(self) -> float | None:
        """When the first question to leave ends unanswered (None when none is asked)."""
        return min((until + self._settle for until in self.leaving.values()), default=None)

    def release(self, now: float, stop: Callable[[], bool] | None = None) -> list[Outcome]:
        """Apply every held input whose window has passed, in the order of their keys; or
        only up to the first after which `stop()` says so (its save still runs)."""
        out: list[Outcome] = []
        # A later input waits for every earlier one, even one held longer (a catch in a race).
        while self._held and self._held[0].due <= now:
            out.append(self._settle_one(heapq.heappop(self._held)))
            if stop is not None and stop():
                return out  # the rest at the next turn, once this one is on disk
        # An answer pressed in time may still be settling: the question waits for it.
        for seat, until in list(self.leaving.items()):
            if until + self._settle <= now:
                del self.leaving[seat]
                out.append(Stayed(seat))
        return out

    def flush(self) -> list[Outcome]:
        """Apply everything held, whatever its window (shutting down, tests)."""
        return self.release(float("inf"))

    def _settle_one(self, held: _Held) -> Outcome:
        event = held.event
        if isinstance(event, CodeScanned) and self._open.get(event.reader) is held:
            del self._open[event.reader]  # a scan after this one is a play of its own
        seat = self._seat_of(event)
        scans = [event, *held.joined] if isinstance(event, CodeScanned) else []
        if isinstance(event, ButtonPressed) and self.holds.is_down(event):
            self.holds.take(event)
            if self._may_leave(seat):
                self.leaving[seat] = event.at + self.holds.hold + CONFIRM
                return LeaveAsked(seat)
        elif isinstance(event, ButtonPressed) and self._answers(event):
            return self._answer(event, seat)
        if self._ends_match(event, seat):
            return MatchDone(seat)
        try:
            action = self.action_for(event, seat, held.cards)
            if scans:
                self.pile.check(scans, len(self.game.history), isinstance(action, Reveal))
            if self._lacks_target(action):
                self.asking, self._asking_scans = action, scans
                return Asking(action)
            answer = self.asking is not None and isinstance(action, Play) and not scans
            if answer:
                scans = self._asking_scans  # the 7 goes onto the pile now
            before = _Before(event, seat, self.pile.copy(), self.asking, self._asking_scans)
            events = tuple(self._apply(self.game, action, pile_notes.note(scans)))
        except IllegalAction as refusal:
            if isinstance(refusal, Undone):
                self.game = refusal.game  # the game without what the journal could not record
            return self._refused(event, seat, refusal)
        self._before = before
        self.pile.applied(scans, events, len(self.game.history))
        if answer:
            self.asking = None
            return Applied(action, events)
        return Applied(action, events, self._moved_on(action))

    def _refused(
        self, event: ButtonPressed | CodeScanned, seat: int | None, refusal: IllegalAction
    ) -> Refused:
        at = event.seat if isinstance(event, ButtonPressed) else self._readers.get(event.reader)
        return Refused(seat, refusal.reason, refusal.message, *_what(event), at_seat=at)

    def unsaved(self, refusal: Undone) -> Refused:
        """The last action applied, undone after all (its save failed once it had returned):
        the game `refusal` carries, the pile and the 7 waiting as they were, and the input
        refused as if the save had failed at once."""
        before = self._before
        self.game = refusal.game
        self.pile, self.asking, self._asking_scans = before.pile, before.asking, before.scans
        return self._refused(before.event, before.seat, refusal)

    def _may_leave(self, seat: int | None) -> bool:
        """Whether a seat can be asked to leave (else its hold is a plain DRAW)."""
        over = self.game.awaiting.kind is Kind.MATCH_OVER
        return seat is not None and seat not in self.game.left and not over

    def _answer(self, press: ButtonPressed, seat: int) -> Outcome:
        """UNO at the asked seat leaves the game (journalled); any other of its buttons stays."""
        del self.leaving[seat]
        if press.button is not Button.UNO:
            return Stayed(seat)
        try:
            before = _Before(press, seat, self.pile.copy(), self.asking, self._asking_scans)
            events = tuple(self._apply(self.game, Leave(seat), pile_notes.note([])))
        except IllegalAction as refusal:
            if isinstance(refusal, Undone):
                self.game = refusal.game
            return Refused(seat, refusal.reason, refusal.message, pressed=str(press.button))
        self._before = before
        self.pile.applied([], events, len(self.game.history))
        return Applied(Leave(seat), events, self._moved_on(Leave(seat)))

    def _ends_match(self, event: ButtonPressed | CodeScanned, seat: int | None) -> bool:
        """A playing seat's own button once the match is over (the screen: any seat's button)."""
        return (
            self.game.awaiting.kind is Kind.MATCH_OVER
            and isinstance(event, ButtonPressed)
            and event.button in SEAT_BUTTONS
            and seat is not None
        )

    def _moved_on(self, action: Action) -> Play | None:
        """After `action`, not its answer: a 7 waiting for its seat is gone if its player's
        DRAW took it back; it waits on if it may still be played so (a call, another seat
        leaving); else it is given up and returned: it lies on the pile untaken, to be said."""
        waiting = self.asking
        if waiting is None:
            return None
        if isinstance(action, Draw | Pass) and action.seat == waiting.seat:
            self.asking = None  # taken back (docs/rules.md): nothing lies on the pile
            return None
        if self._lacks_target(waiting):
            return None
        self.asking = None
        return waiting

    def _lacks_target(self, action: Action) -> bool:
        """A play that only lacks the seat to swap with (a 7 under seven_zero)."""
        if not isinstance(action, Play) or action.target is not None or self.game.allows(action):
            return False
        others = (s for s in range(self.game.players) if s != action.seat)
        return any(self.game.allows(self._aimed(action, s)) for s in others)

    @staticmethod
    def _aimed(play: Play, target: int) -> Play:
        return Play(play.seat, play.cards, play.color, target)

    def _seat_of(self, event: ButtonPressed | CodeScanned) -> int | None:
        if isinstance(event, ButtonPressed):
            return None if event.seat is None else self._seats.get(event.seat)
        physical = self._readers.get(event.reader)
        if physical is None:
            return self._scanning_seat()
        return self._seats.get(physical)

    def _scanning_seat(self) -> int | None:
        """Whose scan a shared reader reads: the awaited seat's, or while a wild's player
        owes its colour (open_wild), the seat that may play meanwhile: nobody else may play."""
        meanwhile = self.game.meanwhile
        return meanwhile.seat if meanwhile is not None else self.game.awaiting.seat

    # --- the mapping ------------------------------------------------------------------------

    def action_for(
        self, event: ButtonPressed | CodeScanned, seat: int | None, extra: list | None = None
    ) -> Action:
        """The action an input stands for now; raises IllegalAction when it stands for none."""
        if isinstance(event, CodeScanned):
            return self._scan_action(event, seat, extra or [])
        if event.button in PAD_COLORS:
            return self._pad_action(PAD_COLORS[event.button])
        if seat is None:
            raise IllegalAction(TableRefusal.NO_SEAT, "that seat is not playing")
        if event.button is Button.DRAW:
            return self.draw_action(seat)
        if event.button is Button.CHALLENGE:
            return self._challenge_action(seat, event.at)
        if self.asking is not None and seat != self.asking.seat:
            return self._aimed(self.asking, seat)  # the seat that presses UNO is swapped with
        return self._uno_action(seat, event.at)

    def _scan_action(self, event: CodeScanned, seat: int | None, extra: list) -> Action:
        cards = [self._card(event.code), *extra]
        if None in cards:
            raise IllegalAction(TableRefusal.UNKNOWN_CARD, "one of those scans is not a card")
        kind = self.game.awaiting.kind
        if kind is Kind.FLIP:
            return Flip(cards[0])
        if seat is None:
            raise IllegalAction(TableRefusal.NO_SEAT, "that reader's seat is not playing")
        if kind is Kind.REVEAL:
            return Reveal(seat, cards)
        return Play(seat, cards)

    def _card(self, code: str) -> Card:
        card = self._card_or_none(code)
        if card is None:
            raise IllegalAction(TableRefusal.UNKNOWN_CARD, f"{code!r} is not a card")
        return card

    @staticmethod
    def _card_or_none(code: str) -> Card | None:
        try:
            return Card.parse(code)
        except CardError:
            return None

    def _pad_action(self, color: Color) -> Action:
        aw = self.game.awaiting
        if aw.kind is not Kind.COLOR:
            raise IllegalAction(TableRefusal.NO_COLOR_ASKED, "nobody has to name a colour now")
        return ChooseColor(aw.seat, color)

    def draw_action(self, seat: int) -> Action:
        """What a DRAW by `seat` stands for now: the next round, a draw, a pass or accepting."""
        if self.game.awaiting.kind is Kind.ROUND_OVER:
            return NextRound()
        options = (Draw(seat), Pass(seat), Accept(seat))
        return next((a for a in options if self.game.allows(a)), Draw(seat))

    def _challenge_action(self, seat: int, at: float) -> Action:
        aw = self.game.awaiting
        if self._challenges(seat):
            return Challenge(seat)
        if aw.kind is Kind.CHALLENGE and self.game.catchable in (None, seat):
            # Not "nobody to catch": the seat meant the +4, which only its victim challenges.
            raise IllegalAction(TableRefusal.NOT_CHALLENGER, "only the +4's victim challenges")
        return CatchUno(seat, at=at)

    def _uno_action(self, seat: int, at: float) -> Action:
        call = CallUno(seat, at=at)
        if self.game.allows(call) or self.game.catchable in (None, seat):
            return call
        if self._race or self._challenges(seat):
            # A seat that cannot call has nothing else to mean by UNO: in a race (cool) any
            # seat's, and the +4's victim's, whose CHALLENGE challenges the +4.
            return CatchUno(seat, at=at)
        return call

    def _challenges(self, seat: int) -> bool:
        """Whether `seat`'s CHALLENGE now challenges a +4 (so cannot catch a seat at one)."""
        aw = self.game.awaiting
        return aw.kind is Kind.CHALLENGE and aw.seat == seat


def _game_apply(game: Game, action: Action, _note: dict | None = None) -> list[Event]:
    """Apply without a journal: the note of the scans has nowhere to go."""
    return game.apply(action)
