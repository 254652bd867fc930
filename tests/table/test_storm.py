"""Storms: random presses and scans from every seat, every button, at any moment, per preset.

The table (a Session with its journal) must never crash, every refusal must carry a reason
and change nothing, and after every input the counts must add up: hands, draw pile, discard
and the cards out of play are always the whole deck, no count below zero, the awaited seat
still playing. At the end the journal replays to the very same game.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import Kind, RuleSet
from hw.events import PAD_BUTTONS, SEAT_BUTTONS, Button, ButtonPressed, CodeScanned
from table.commands.demo import demo_config_text
from table.flow.controller import Applied, MatchDone, Refused
from table.flow.journal import read
from table.flow.lobby import PRESET_BUTTONS
from table.flow.session import Phase, Session
from table.setup import config as configuration

SEATS = 6  # seats at the table; the storm's games have 2 to 6 of them
NONSENSE = ["", "R10", "X5", "W44", "g7 ", "?", "BD", "1"]


def table_config(preset: str, state_dir: Path):
    text = demo_config_text(SEATS, preset, Path("/nonexistent/reader"), state_dir)
    return configuration.loads(text, "storm configuration")


class Storm:
    """One table under a storm; counts what happened."""

    def __init__(self, preset: str, state_dir, seed: int) -> None:
        self.preset = preset
        self.rng = random.Random(seed)
        self.session = Session(table_config(preset, state_dir), state_dir)
        self.codes = [str(c) for c in RuleSet.preset(preset).deck()] + NONSENSE
        self.now = 0.0
        self.applied = self.refused = self.games = 0
        self.kinds: set[str] = set()

    def press(self, seat: int | None, button: Button) -> None:
        self.now += 0.05
        self.session.handle(ButtonPressed(seat, button, self.now), self.now)
        self.settle(self.now + 1)

    def start_game(self) -> None:
        """Back in the lobby: pick the preset, seat 2 to 6 players, start."""
        session = self.session
        if session.phase is Phase.RESUME:
            self.press(0, Button.CHALLENGE)  # set the old game aside
        pad = {name: button for button, name in PRESET_BUTTONS.items()}
        self.press(None, pad[self.preset])
        wanted = set(self.rng.sample(range(SEATS), self.rng.randint(2, SEATS)))
        for seat in range(SEATS):
            if (seat in wanted) != (seat in session.joined):  # UNO joins, or leaves again
                self.press(seat, Button.UNO)
        self.press(session.joined[0], Button.DRAW)
        assert session.phase is Phase.GAME and session.preset == self.preset
        self.games += 1

    def random_input(self):
        """Any seat (joined or not, or the pad), any button, or a scan, at any moment."""
        self.now += self.rng.choice([0.0, 0.001, 0.004, 0.02, 0.2])
        at = self.now - self.rng.uniform(0, 0.01)  # edges arrive a little late, out of order
        if self.rng.random() < 0.45:
            return CodeScanned(self.rng.choice(self.codes), "pile", at)
        if self.rng.random() < 0.15:
            return ButtonPressed(None, self.rng.choice(PAD_BUTTONS), at)
        return ButtonPressed(self.rng.randrange(SEATS), self.rng.choice(SEAT_BUTTONS), at)

    def settle(self, now: float) -> list:
        outcomes = self.session.tick(now)
        for outcome in outcomes:
            if isinstance(outcome, Refused):
                assert outcome.reason and outcome.message, outcome
                self.refused += 1
            elif not isinstance(outcome, MatchDone):  # a match's end: the lobby comes next
                assert isinstance(outcome, Applied) and outcome.events
                self.applied += 1
        return outcomes

    def run(self, events: int) -> None:
        for _ in range(events):
            if self.session.phase is not Phase.GAME:
                self.start_game()
            game = self.session.game
            before = game.snapshot()
            self.session.handle(self.random_input(), self.now)
            # Sometimes let presses pile up in the settle window before they are applied.
            if self.rng.random() < 0.7:
                outcomes = self.settle(self.now + self.rng.choice([0.0, 0.01, 0.05]))
                if outcomes and all(isinstance(o, Refused) for o in outcomes):
                    assert game.snapshot() == before, "a refusal changed the game"
            if self.session.game is game:
                self.check(game)
                self.kinds.add(str(game.awaiting.kind))
        self.settle(self.now + 1)

    def check(self, game) -> None:
        counts = [game.hand_count(s) for s in range(game.players)]
        assert min(counts) >= 0, counts
        snap = game.snapshot()
        total = sum(counts) + game.draw_count + len(game.discard) + len(snap["out_of_play"])
        assert total == len(game.rules.deck()), (counts, game.draw_count, len(game.discard))
        seat = game.awaiting.seat
        assert seat is None or (0 <= seat < game.players and seat not in game.left)
        if game.awaiting.kind in (Kind.TURN, Kind.DRAWN, Kind.COLOR):
            assert seat is not None
        if self.session.notice is not None and not self.session.notice.problem:
            assert self.session.notice.text  # a refusal on screen says why


def storm(preset: str, tmp_path, events: int, seed: int) -> Storm:
    table = Storm(preset, tmp_path / "state", seed)
    table.run(events)
    session = table.session
    # The journal holds exactly what the table applied: it replays to the same game.
    if session.game is not None:
        replayed = read(session.journal_path).replay()
        assert replayed.snapshot() == session.game.snapshot()
    assert table.applied > 0 and table.refused > 0
    print(
        f"\n{preset}: {events} random inputs over {table.games} games: {table.applied} "
        f"applied, {table.refused} refused with a reason; moments seen: {sorted(table.kinds)}"
    )
    return table


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
def test_storm_1500_inputs(preset, tmp_path):
    storm(preset, tmp_path, 1500, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("preset", RuleSet.PRESETS)
@pytest.mark.parametrize("seed", [2, 3, 4])
def test_storm_20000_inputs(preset, seed, tmp_path):
    table = storm(preset, tmp_path, 20000, seed=seed)
    assert len(table.kinds) >= 4  # a storm reaches many moments, not just one
