"""The lobby: seats join with UNO, a colour button picks the preset, DRAW starts the game.

The lobby decides nothing about files or the screen: a press gives a `Declined` (shown as a
refusal), a `Start` (the session starts the game) or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import RuleSet
from hw.events import Button, ButtonPressed
from table.flow.refusals import TableRefusal
from table.setup.config import Config

PRESET_BUTTONS = {
    Button.RED: "official",
    Button.YELLOW: "reglamento",
    Button.GREEN: "playone",
    Button.BLUE: "cool",
}
"""The colour button that picks each preset in the lobby."""


@dataclass(frozen=True)
class Declined:
    """A lobby press (or scan) that does nothing but say why."""

    reason: TableRefusal
    message: str
    seat: int | None = None  # the physical seat whose LED blinks
    pressed: str = ""


@dataclass(frozen=True)
class Start:
    """DRAW with two seats or more joined: the game starts with these physical seats."""

    seats: tuple[int, ...]


class Lobby:
    """Who has joined and which preset is chosen; `readers` maps reader names to their seat."""

    def __init__(self, config: Config, readers: dict[str, int | None]) -> None:
        self.config = config
        self.joined: list[int] = []
        self.preset = config.preset
        self._readers = readers

    def press(self, press: ButtonPressed) -> Declined | Start | None:
        """A press in the lobby: pick a preset, join or leave, start."""
        if press.button in PRESET_BUTTONS:
            return self._pick(PRESET_BUTTONS[press.button])
        if press.seat is None:
            return None
        if press.button is Button.CHALLENGE:
            message = "CHALLENGE does nothing in the lobby"
            return Declined(TableRefusal.LOBBY_CHALLENGE, message, press.seat, Button.CHALLENGE)
        if press.button is Button.UNO:
            self._toggle_join(press.seat)
        elif press.button is Button.DRAW:
            return self._start(press.seat)
        return None

    def _pick(self, preset: str) -> Declined | None:
        """Choose a preset, unless the configured knobs contradict it (the rules say why)."""
        misfit = self.misfit(preset)
        if misfit:
            message = f"the configured knobs do not fit {preset}: {misfit}"
            return Declined(TableRefusal.KNOBS_MISFIT, message)
        self.preset = preset
        return None

    def misfit(self, preset: str) -> str:
        """Why the configured knobs do not fit `preset` ("" when they do)."""
        try:
            self.config.rules(preset)
        except (ValueError, TypeError) as err:
            return str(err)
        return ""

    def _toggle_join(self, seat: int) -> None:
        if seat in self.joined:
            self.joined.remove(seat)
        else:
            self.joined.append(seat)
            self.joined.sort()

    def _start(self, seat: int) -> Declined | Start:
        if seat not in self.joined:  # README: DRAW at a joined seat starts the game
            message = "join first (press UNO): DRAW at a joined seat starts the game"
            return Declined(TableRefusal.JOIN_FIRST, message, seat, Button.DRAW)
        if len(self.joined) < 2:
            message = "two seats must join (press UNO) before the game starts"
            return Declined(TableRefusal.TWO_SEATS, message, seat, Button.DRAW)
        return Start(tuple(self.joined))

    def rules(self) -> RuleSet:
        """The chosen preset with the configured knobs, less what this table cannot referee."""
        rules = self.config.rules(self.preset)
        # A shared reader cannot tell who jumped in: the rule is off rather than misattributed.
        return rules.replace(jump_in=False) if self._loses_jump_in(rules) else rules

    def notes(self) -> list[str]:
        """Keys of the lobby's notes on what the chosen rules lose at this table."""
        return ["note_shared_reader"] if self._loses_jump_in(self.config.rules(self.preset)) else []

    def _loses_jump_in(self, rules: RuleSet) -> bool:
        """Jump-ins are on, but some seat (joined, or any while none is) has no own reader."""
        seats = self.joined or range(len(self.config.seats))
        own = {seat for seat in self._readers.values() if seat is not None}
        return rules.jump_in and not all(seat in own for seat in seats)
