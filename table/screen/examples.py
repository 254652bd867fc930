"""Example Views of every screen, built from real engine games (for screenshots and tests)."""

from __future__ import annotations

from engine import (
    CallUno,
    Challenge,
    Game,
    Play,
    Reveal,
    RuleSet,
)
from engine import events as ev

from .text import Text
from .view import Devices, Refusal, Screen, TableFacts, View, build_view

NAMES = ("Ana", "Bruno", "Carla", "Dani")
KEYS = (
    ("q", "Seat 1 UNO"),
    ("a", "Seat 1 CHALLENGE"),
    ("z", "Seat 1 DRAW"),
    ("u", "Seat 2 UNO"),
    ("j", "Seat 2 CHALLENGE"),
    ("m", "Seat 2 DRAW"),
    ("i", "Seat 3 UNO"),
    ("k", "Seat 3 CHALLENGE"),
    (",", "Seat 3 DRAW"),
    ("o", "Seat 4 UNO"),
    ("l", "Seat 4 CHALLENGE"),
    (".", "Seat 4 DRAW"),
    ("F1", "colour pad: red"),
    ("F2", "colour pad: yellow"),
    ("F3", "colour pad: green"),
    ("F4", "colour pad: blue"),
    ("0-9 A-Z", "type a card code"),
    ("Enter", "scan the typed code"),
    ("F10", "help on / off"),
)


def _facts(**changes) -> TableFacts:
    base = dict(names=NAMES, lang="en", devices=Devices(reader=True, pin_factory="lgpio"))
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


def cool_examples() -> dict[str, View]:
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

    return {
        "cool_stack": cool(Play(0, ["RD2", "GD2"])),
        "cool_counter": cool(Play(0, "RS")),
        "cool_open_color": cool(Play(0, "W")),
        "cool_target": cool(asking=(0, "R7")),
    }


def examples() -> dict[str, View]:
    """One View per screen kind (and a few variants), by name."""
    views: dict[str, View] = {}
    views["lobby"] = build_view(
        None,
        _facts(joined=frozenset({0, 1, 3}), notes=(Text("en")("note_shared_reader"),)),
    )
    referee = Game.referee(4, RuleSet.preset("official"), dealer=2)
    views["deal"] = build_view(referee, _facts(events=tuple(referee.last_events)))

    game, events = game_official()
    views["game"] = build_view(game, _facts(events=tuple(events)))
    views["game_refusal"] = build_view(
        game,
        _facts(
            events=tuple(events),
            refusal=Refusal("green 4 doesn't fit: take it back", seat=0),
            devices=Devices(reader=False, pin_factory="mock", problem="reader: garbage line"),
            typed="G4",
        ),
    )
    views["help"] = build_view(game, _facts(events=tuple(events), help=True, keys=KEYS))

    stack = Game.from_position(
        RuleSet.preset("playone"),
        hands=[["GD2", "B3", "Y3"], ["R1", "W4", "B7"], ["G5", "G6"]],
        top="G2",
        turn=0,
    )
    events = _play(stack, Play(0, "GD2"))
    views["game_pending"] = build_view(stack, _facts(names=NAMES[:3], events=tuple(events)))
    views["game_es"] = build_view(
        stack, _facts(names=NAMES[:3], events=tuple(events), lang="es", call_word="UNO")
    )

    crowd = Game.new(8, RuleSet.preset("cool"), seed=11)
    names = ("Ana", "Bruno", "Carla", "Dani", "Elena", "Fede", "Guille", "Hugo")
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
    views.update(cool_examples())
    assert {v.screen for v in views.values()} == set(Screen)
    return views
