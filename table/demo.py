"""The demo: sensible bots play a world game, and their moves reach the table as hardware input.

Every move becomes a press on a MockFactory pin or a scan written into the pty that the real
card reader reads, one input at a time. After each world action the table's public state must
equal the world's: that is the demo's consistency check.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import dataclass

from engine import (
    Accept,
    Action,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Game,
    Kind,
    NextRound,
    Pass,
    Play,
    RuleSet,
)
from engine import events as ev
from engine.bots import SensibleBot, choose_action
from hw.events import Button
from table.controller import Outcome, Refused
from table.session import Session

log = logging.getLogger(__name__)

PAD = {"R": Button.RED, "Y": Button.YELLOW, "G": Button.GREEN, "B": Button.BLUE}
TIMEOUT = 5.0  # seconds an input may take to reach the game before the demo gives up


@dataclass(frozen=True)
class Press:
    seat: int | None  # physical seat; None is the colour pad
    button: Button


@dataclass(frozen=True)
class Scan:
    code: str


Input = Press | Scan


class DemoDriver:
    """Plays the world game through simulated hardware into a Session, one input at a time.

    `press(seat, button)` and `scan(code)` are the simulated devices; the app calls `step`
    in its loop and `observe` with the outcomes the session applied.
    """

    def __init__(
        self, session: Session, press, scan, *, players: int, seed: int = 0, rounds: int = 1
    ) -> None:
        self.session = session
        self._press, self._scan = press, scan
        self.players, self.rounds = players, rounds
        self.rules = RuleSet.preset(session.preset).replace(**session.config.knobs)
        self.world = Game.new(players=players, rules=self.rules, seed=seed)
        self.bots = [SensibleBot(seed * 101 + s) for s in range(players)]
        self.rng = random.Random(seed)
        self._todo: deque[Input] = deque(Press(s, Button.UNO) for s in range(players))
        self._todo.append(Press(0, Button.DRAW))
        self._flips = deque(self._flip_codes(self.world.last_events))
        self._guilty_draws: dict[int, int] = {}
        self._in_flight: tuple[bool, int, float] | None = None  # (in game, mark, sent at)
        self.rounds_played = 0
        self.actions = 0
        self.consistent = True
        self.problem = ""
        self.done = False

    @staticmethod
    def _flip_codes(events) -> list[str]:
        flips = (ev.ReturnedToPile, ev.FirstCard)
        return [str(e.card) for e in events if isinstance(e, flips)]

    # --- the loop --------------------------------------------------------------------------

    def observe(self, outcomes: list[Outcome]) -> None:
        """Outcomes the session applied: a refusal means the table and the world disagree."""
        for outcome in outcomes:
            if isinstance(outcome, Refused):
                self._fail(f"the table refused an input: {outcome.message}")

    def step(self, now: float) -> None:
        """Send the next input when the previous one has reached the game."""
        if self.done or not self._arrived(now):
            return
        if not self._todo:
            self._plan_next()
        if self._todo and not self.done:
            self._send(self._todo.popleft(), now)

    def _arrived(self, now: float) -> bool:
        if self._in_flight is None:
            return True
        in_game, mark, sent = self._in_flight
        # A lobby press shows as a change of the session; a game input as a new action.
        reached = self._history_length() > mark if in_game else self.session.version > mark
        if reached:
            self._in_flight = None
            return True
        if now - sent > TIMEOUT:
            self._fail("an input did not reach the game in time")
        return False

    def _history_length(self) -> int:
        game = self.session.game
        return len(game.history) if game is not None else 0

    def _send(self, item: Input, now: float) -> None:
        in_game = self.session.game is not None
        mark = self._history_length() if in_game else self.session.version
        self._in_flight = (in_game, mark, now)
        if isinstance(item, Press):
            self._press(item.seat, item.button)
        else:
            self._scan(item.code)

    def _fail(self, problem: str) -> None:
        if self.consistent:
            log.error("demo: %s", problem)
        self.consistent, self.problem, self.done = False, problem, True

    # --- planning ----------------------------------------------------------------------------

    def _plan_next(self) -> None:
        table = self.session.game
        if table is None:
            return
        if self._follow_up(table):
            return
        if not self._same_state(table):
            return
        if self.world.awaiting.kind is Kind.MATCH_OVER or self._rounds_done():
            self.done = True
            return
        action = choose_action(self.world, self.bots, self.rng)
        events = self.world.apply(action)
        self.actions += 1
        self._todo.extend(self._inputs_for(action, events))

    def _rounds_done(self) -> bool:
        return self.world.awaiting.kind is Kind.ROUND_OVER and self.rounds_played >= self.rounds

    def _follow_up(self, table: Game) -> bool:
        """Flips and reveals the table asks for after a world action."""
        kind = table.awaiting.kind
        if kind is Kind.FLIP and self._flips:
            self._todo.append(Scan(self._flips.popleft()))
            return True
        if kind is Kind.REVEAL:
            seat = table.awaiting.seat
            self._todo.append(Scan(self._unseen_cards(table, seat)[0]))
            return True
        return False

    def _unseen_cards(self, table: Game, seat: int) -> list[str]:
        hand = self.world.hand(seat)
        drawn_after = self._guilty_draws.get(seat, 0) if table.winner is None else 0
        rest = hand[: len(hand) - drawn_after]
        for card in table.hand(seat):
            rest.remove(card)
        return [str(c) for c in rest]

    def _same_state(self, table: Game) -> bool:
        if table.public_state() == self.world.public_state():
            return True
        self._fail(
            f"after {self.actions} actions the table shows {table.public_state()} "
            f"but the world is {self.world.public_state()}"
        )
        return False

    def _inputs_for(self, action: Action, events: list) -> list[Input]:
        seat = getattr(action, "seat", None)
        self._guilty_draws = {
            e.seat: e.count for e in events if isinstance(e, ev.Drew) and e.reason == "guilty"
        }
        if any(isinstance(e, ev.RoundOver) for e in events):
            self.rounds_played += 1
        if isinstance(action, Play):
            out: list[Input] = [Scan(str(c)) for c in action.cards]
            if action.card.is_wild and action.color is not None:
                out.append(Press(None, PAD[str(action.color)]))
            return out
        if isinstance(action, ChooseColor):
            return [Press(None, PAD[str(action.color)])]
        if isinstance(action, Draw):
            return [Press(seat, Button.DRAW), *self._after_draw(seat, events)]
        if isinstance(action, Pass | Accept):
            return [Press(seat, Button.DRAW)]
        if isinstance(action, Challenge | CatchUno):
            return [Press(seat, Button.CHALLENGE)]
        if isinstance(action, CallUno):
            return [Press(seat, Button.UNO)]
        if isinstance(action, NextRound):
            self._flips.extend(self._flip_codes(events))
            return [Press(0, Button.DRAW)]
        raise ValueError(f"the demo cannot play {action!r} with buttons")

    @staticmethod
    def _after_draw(seat: int, events: list) -> list[Input]:
        """What the player does by hand that the world's engine did for them."""
        for e in events:
            if isinstance(e, ev.Played) and e.auto:
                return [Scan(str(c)) for c in e.cards]
            if isinstance(e, ev.Passed):
                return [Press(seat, Button.DRAW)]
        return []

    def summary(self) -> dict:
        """The figures the headless demo prints as its last line."""
        world = self.world
        winner = world.match_winner if world.match_winner is not None else world.winner
        return {
            "preset": self.rules.name,
            "players": self.players,
            "rounds": self.rounds_played,
            "actions": self.actions,
            "winner": winner,
            "scores": world.scores,
            "consistent": self.consistent and self.done,
        }
