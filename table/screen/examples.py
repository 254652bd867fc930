"""Example Views of every screen, built from real engine games (for screenshots and tests)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine import (
    CallUno,
    Challenge,
    ChooseColor,
    Game,
    Play,
    Reveal,
    RuleSet,
)
from engine import events as ev
from hw.events import (
    Button,
    ButtonPressed,
    ButtonReleased,
    CodeScanned,
    DeviceProblem,
    InputEvent,
    Problem,
)
from hw.keyboard import KeyMap
from table.flow.holds import HOLD
from table.flow.session import Session
from table.setup import config as configuration

from .frame import Local, key_grid, key_rows, session_view
from .text import Text
from .view import Devices, Notice, Screen, TableFacts, View, build_view

NAMES = ("Ana", "Bruno", "Carla", "Dani")
MORE_NAMES = ("Elena", "Fede", "Guille", "Hugo")  # the fifth to eighth seats'
KEYMAP = KeyMap.default(4)


def keys(lang: str = "en") -> tuple[tuple[str, str], ...]:
    """The help overlay's rows for the keyboard of four seats."""
    return key_rows(KEYMAP, Text(lang))


@dataclass(frozen=True)
class _Facts:
    lang: str

    def __call__(self, **changes) -> TableFacts:
        devices = Devices(reader=True, pin_factory="lgpio")
        base = dict(names=NAMES, lang=self.lang, devices=devices)
        return TableFacts(**(base | changes))


def _play(game: Game, *actions) -> list[ev.Event]:
    events: list[ev.Event] = [*game.last_events]
    for action in actions:
        events += game.apply(action)
    return events


def game_official() -> tuple[Game, list[ev.Event]]:
    """Four seats mid-round: Bruno called UNO, Dani just took a +2."""
    game = Game.from_position(
        RuleSet.preset("official"),
        hands=[
            ["R7", "G7", "B2", "Y5", "B8"],
            ["R2", "B9"],
            ["RD2", "G1", "G3"],
            ["Y1", "B4", "W"],
        ],
        top="R5",
        turn=0,
        scores=[120, 45, 300, 80],
    )
    events = _play(game, Play(0, "R7"), CallUno(1), Play(1, "R2"), Play(2, "RD2"))
    return game, events


def badges_example(_facts: _Facts) -> View:
    """Every badge on one seat (the dealer, who called UNO, a +2 to answer), under the shipped
    seat names: the longest in Spanish ("Asiento 2")."""
    game = Game.from_position(
        RuleSet.preset("playone"),
        hands=[["RD2", "G3"], ["R9", "B9"], ["R5", "G6", "G5"]],
        top="R2",
        turn=1,
        dealer=1,
    )
    events = _play(game, CallUno(1), Play(1, "R9"), Play(2, "R5"), Play(0, "RD2"))
    return build_view(game, _facts(names=(), events=tuple(events)))


def cool_examples(_facts: _Facts) -> dict[str, View]:
    """A cool game mid-play: a stack to answer, a counter, an open colour, a 7 asking."""
    rules = RuleSet.preset("cool").replace(seven_zero=True)
    names = NAMES[:3]

    def cool(*actions, **facts) -> View:
        game = Game.from_position(
            rules,
            hands=[["RD2", "GD2", "RS", "W", "R7", "B1"], 6, 4],
            top="R3",
            turn=0,
            scores=[40, 0, 115],
        )
        events = _play(game, *actions)
        return build_view(game, _facts(names=names, events=tuple(events), **facts))

    shuffle = Game.from_position(
        rules, hands=[["WS", "R1", "B2"], 6, 4, 5], top="R3", turn=0, scores=[40, 0, 115, 60]
    )
    events = _play(shuffle, Play(0, "WS"))
    default_names = _facts(names=(), events=tuple(events))  # the longest: "Asiento 2"
    asked = build_view(shuffle, default_names)
    events = _play(shuffle, ChooseColor(0, "G"))
    return {
        "cool_shuffle": asked,
        "cool_shuffled": build_view(shuffle, _facts(names=(), events=tuple(events))),
        "cool_stack": cool(Play(0, ["RD2", "GD2"])),
        "cool_counter": cool(Play(0, "RS")),
        "cool_open_color": cool(Play(0, "W")),
        "cool_target": cool(asking=(0, "R7")),
    }


def examples(lang: str = "en") -> dict[str, View]:
    """One View per screen kind (and a few variants), by name, in the language `lang`."""
    _facts = _Facts(lang)
    views: dict[str, View] = {}
    views["lobby"] = Table(lang).press(0, Button.UNO).press(1, Button.UNO).view()
    jump_in = Table(lang, "jump_in = true").press(0, Button.UNO).press(1, Button.UNO)
    views["lobby_note"] = jump_in.press(3, Button.UNO).view()  # one reader: no jump-ins
    referee = Game.referee(4, RuleSet.preset("official"), dealer=2)
    views["deal"] = build_view(referee, _facts(events=tuple(referee.last_events)))

    game, events = game_official()
    down = Text(lang)("device_down", names="pile")
    views["game"] = build_view(game, _facts(events=tuple(events)))
    views["game_refusal"] = build_view(
        game,
        _facts(
            events=tuple(events),
            notices=(Notice(Text(lang).refusal("no_match", "G4"), 0, actions=len(game.history)),),
            devices=Devices(reader=False, pin_factory="mock", problem=down),
            typed="G4",
        ),
    )
    grid = key_grid(KEYMAP, Text(lang), NAMES)
    help_facts = _facts(events=tuple(events), help=True, keys=keys(lang), key_grid=grid)
    views["help"] = build_view(game, help_facts)

    stack = Game.from_position(
        RuleSet.preset("playone"),
        hands=[["GD2", "B3", "Y3"], ["R1", "W4", "B7"], ["G5", "G6"]],
        top="G2",
        turn=0,
    )
    events = _play(stack, Play(0, "GD2"))
    views["game_pending"] = build_view(stack, _facts(names=NAMES[:3], events=tuple(events)))

    views["game_badges"] = badges_example(_facts)

    crowd = Game.new(8, RuleSet.preset("cool"), seed=11)
    names = (*NAMES, *MORE_NAMES)
    views["game_8"] = build_view(crowd, _facts(names=names, events=tuple(crowd.last_events)))

    wild = Game.from_position(
        RuleSet.preset("official"), hands=[["W", "R1"], ["B2"] * 3, ["G2"] * 4], top="Y7", turn=0
    )
    events = _play(wild, Play(0, "W"))
    views["color"] = build_view(wild, _facts(names=NAMES[:3], events=tuple(events)))

    w4 = Game.from_position(
        RuleSet.preset("official"), hands=[["W4", "G1", "B5"], 6, 5, 7], top="G8", turn=0
    )
    events = _play(w4, Play(0, "W4", color="B"))
    views["challenge"] = build_view(w4, _facts(events=tuple(events)))

    reveal = Game.from_position(RuleSet.preset("official"), hands=[4, 6, 5, 7], top="G8", turn=0)
    events = _play(reveal, Play(0, "W4", color="B"), Challenge(1), Reveal(0, ["B1", "Y7"]))
    views["challenge_reveal"] = build_view(reveal, _facts(events=tuple(events)))

    tally = Game.from_position(RuleSet.preset("official"), hands=[1, 4, 3, 2], top="R3", turn=0)
    events = _play(tally, Play(0, "R8"), Reveal(1, ["B7", "W", "R2"]))
    views["tally"] = build_view(tally, _facts(events=tuple(events)))

    over = Game.from_position(
        RuleSet.preset("official"),
        hands=[["R8"], ["B7", "W"], ["G3", "Y2", "YS"], ["B1"]],
        top="R3",
        turn=0,
        scores=[120, 45, 300, 80],
    )
    events = _play(over, Play(0, "R8"))
    views["scoreboard"] = build_view(over, _facts(events=tuple(events)))

    final = Game.from_position(
        RuleSet.preset("official"),
        hands=[["R8"], ["B7", "W"], ["G3", "Y2", "YS"], ["B1"]],
        top="R3",
        turn=0,
        scores=[460, 45, 300, 80],
    )
    events = _play(final, Play(0, "R8"))
    views["match_over"] = build_view(final, _facts(events=tuple(events)))
    views.update(cool_examples(_facts))
    views.update(table_examples(lang))
    assert {v.screen for v in views.values()} == set(Screen)
    return views


# --- whole frames from a Session: what the table shows after real inputs -------------------


class Table:
    """A four-seat table in `lang` fed inputs one second apart, as the window would show it;
    with `state_dir`, it keeps its game there (and offers one saved there)."""

    def __init__(self, lang: str, knobs: str = "", state_dir: Path | None = None) -> None:
        text = configuration.default_text().replace('language = "auto"', f'language = "{lang}"')
        text = text.replace("[knobs]", f"[knobs]\n{knobs}")
        for n, name in enumerate(NAMES):
            text = text.replace(f'name = "Seat {n + 1}"', f'name = "{name}"')
        self.session = Session(configuration.loads(text, "examples"), state_dir, settle=0.0)
        self.now = 0.0

    def send(self, *inputs: InputEvent) -> Table:
        for event in inputs:
            self.now += 1
            self.session.handle(event, self.now)
            self.session.tick(self.now + 0.9)  # past the scan window (cool joins scans)
        return self

    def press(self, seat: int | None, button: Button) -> Table:
        return self.send(ButtonPressed(seat, button, self.now + 1))

    def hold(self, seat: int, button: Button, seconds: float = HOLD + 0.5) -> Table:
        """Hold a seat's button down `seconds`, as a panel reports it (press, then release)."""
        self.now += 1
        self.session.handle(ButtonPressed(seat, button, self.now, released=True), self.now)
        self.now += seconds
        self.session.tick(self.now)
        self.session.handle(ButtonReleased(seat, button, self.now), self.now)
        self.session.tick(self.now + 0.1)
        return self

    def scan(self, *codes: str) -> Table:
        return self.send(
            *(CodeScanned(code, "pile", self.now + 1 + k) for k, code in enumerate(codes))
        )

    def started(self) -> Table:
        """Every seat joined, the game started, red 5 turned: Bruno's turn."""
        for seat in range(4):
            self.press(seat, Button.UNO)
        return self.press(0, Button.DRAW).scan("R5")

    def view(self, help: bool = False) -> View:
        """The frame on screen now (`help`: with the keyboard's help over it)."""
        local = Local(help=help, keymap=KEYMAP, pin_factory="LGPIOFactory")
        return session_view(self.session, local)


def table_examples(lang: str) -> dict[str, View]:
    """Frames of a table after real inputs: refusals, a bad code, a challenge's verdict."""
    views = {}
    views["refused_card"] = Table(lang).started().scan("G4").view()
    views["refused_press"] = Table(lang).started().press(2, Button.DRAW).view()
    refused = Table(lang).started().scan("W").press(2, Button.UNO)
    views["refused_uno"] = refused.view()
    views["refusal_gone"] = refused.press(None, Button.YELLOW).view()
    unknown = DeviceProblem("keyboard", Problem.UNKNOWN_CODE, "unknown code", "X9")
    bad = Table(lang).started().send(unknown)
    views["bad_code"] = bad.view()
    challenge = Table(lang).started().scan("W4").press(None, Button.BLUE)
    views["challenge_offer"] = challenge.view()
    challenge.press(2, Button.CHALLENGE).scan("G1", "B3")
    views["challenge_shown"] = challenge.view()
    views["challenge_verdict"] = challenge.scan("R2").view()
    views["leave_asked"] = Table(lang).started().hold(2, Button.DRAW).view()
    return views
