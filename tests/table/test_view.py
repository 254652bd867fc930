"""Views built from real engine games: every preset, every kind the game can await."""

from __future__ import annotations

import random

import pygame
import pytest

from engine import Challenge, ChooseColor, Draw, Flip, Game, Kind, Leave, NextRound, Play, RuleSet
from engine import events as ev
from engine.bots import SensibleBot, choose_action
from hw.events import Button
from table.screen.display import Display
from table.screen.examples import Table, examples
from table.screen.text import Text
from table.screen.view import (
    EVENT_LINES,
    Notice,
    Screen,
    TableFacts,
    build_view,
    default_positions,
    event_lines,
    screen_for,
    shuffle_how,
)


def views_of_a_match(preset: str, players: int, seed: int) -> dict[Kind, object]:
    """Bots play a match; the first View of each kind the game awaited."""
    game = Game.new(players, RuleSet.preset(preset), seed=seed)
    bots = [SensibleBot(seed + s) for s in range(players)]
    rng = random.Random(seed)
    seen = {}
    events: list = list(game.last_events)
    for _ in range(4000):
        kind = game.awaiting.kind
        if kind not in seen:
            seen[kind] = build_view(game, TableFacts(lang="en", events=tuple(events[-5:])))
        if kind is Kind.MATCH_OVER:
            break
        events += game.apply(choose_action(game, bots, rng))
    return seen


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
def test_a_match_of_each_preset_renders_at_every_kind(preset):
    display = Display(pygame.Surface((800, 480)))
    seen = views_of_a_match(preset, 4, seed=5)
    assert {Kind.TURN, Kind.MATCH_OVER} <= set(seen)
    for kind, view in seen.items():
        assert view.screen is screen_for_kind(kind, view)
        display.render(view)
        assert display.painter.marks  # something was placed


def screen_for_kind(kind: Kind, view) -> Screen:
    return {
        Kind.TURN: Screen.GAME,
        Kind.DRAWN: Screen.GAME,
        Kind.RESPOND: Screen.GAME,
        Kind.COLOR: Screen.COLOR,
        Kind.CHALLENGE: Screen.CHALLENGE,
        Kind.ROUND_OVER: Screen.SCOREBOARD,
        Kind.MATCH_OVER: Screen.MATCH_OVER,
    }[kind]


def test_the_bots_reach_the_kinds_that_need_special_screens():
    kinds = set()
    for preset in ("official", "playone"):
        kinds |= set(views_of_a_match(preset, 4, seed=5))
    assert {Kind.COLOR, Kind.DRAWN, Kind.RESPOND, Kind.CHALLENGE, Kind.ROUND_OVER} <= kinds


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
def test_a_refereed_game_renders_from_deal_to_colour(preset):
    display = Display(pygame.Surface((800, 480)))
    game = Game.referee(3, RuleSet.preset(preset), dealer=1)
    views = [build_view(game)]
    game.apply(Flip("W4"))  # a Wild Draw Four goes back
    views.append(build_view(game, TableFacts(lang="en", events=tuple(game.last_events))))
    assert "Wild +4" in views[-1].prompt
    game.apply(Flip("R5"))
    views.append(build_view(game))
    seat = game.awaiting.seat
    game.apply(Draw(seat))
    views.append(build_view(game))
    game.apply(Play(seat, "W"))
    views.append(build_view(game))
    game.apply(ChooseColor(seat, "G"))
    views.append(build_view(game))
    screens = [v.screen for v in views]
    assert screens[:3] == [Screen.DEAL, Screen.DEAL, Screen.GAME]
    assert Screen.COLOR in screens
    for view in views:
        display.render(view)
    assert views[-1].game.color == "G" and views[-1].game.top == "W"


def test_the_examples_cover_every_screen():
    views = examples()
    assert {v.screen for v in views.values()} == set(Screen)
    assert views["challenge_reveal"].game.challenge.revealing
    assert views["challenge_reveal"].game.challenge.shown == ("B1", "Y7")
    tally = views["tally"].game.tally
    assert [r.seat for r in tally] == [1, 2, 3]
    assert tally[0].points == 7 + 50 + 2 and tally[0].unseen == 1


def test_a_game_view_says_what_the_engine_says():
    view = examples()["game"]
    assert view.game.top == "RD2" and view.game.color == "R" and view.game.direction == 1
    assert [s.cards for s in view.seats] == [4, 1, 2, 5]
    assert [s.uno for s in view.seats] == [False, True, False, False]
    assert [s.turn for s in view.seats] == [True, False, False, False]
    assert view.seats[3].dealer and view.game.awaited == 0
    assert view.prompt == "Ana: play a card or press DRAW"
    assert view.events[0] == "Dani is skipped"  # newest first
    assert [s.position for s in view.seats] == ["bottom", "left", "top", "right"]


def test_the_lobby_view_lists_seats_and_who_joined():
    facts = TableFacts(
        names=("Ana", "Bruno"), seats=3, joined=frozenset({1}), preset="cool", lang="en"
    )
    view = build_view(None, facts)
    assert view.screen is Screen.LOBBY
    assert [s.name for s in view.seats] == ["Ana", "Bruno", "Seat 3"]
    assert [s.joined for s in view.seats] == [False, True, False]
    assert view.preset == "cool" and "join" in view.prompt


def test_a_view_keeps_the_game_as_it_was_when_built():
    """The Display redraws when a View differs from the last one drawn: a View that read the
    live Game would change along with it and never differ."""
    rules = RuleSet.preset("official")
    game = Game.from_position(rules, hands=[["R7", "G2"], ["B1", "B2"]], top="R5", turn=0)
    facts = TableFacts(names=("Ana", "Bruno"), lang="en")
    view = build_view(game, facts)
    game.apply(Play(0, "R7"))
    assert (view.game.top, view.game.awaited, view.game.actions) == ("R5", 0, 0)
    assert [s.cards for s in view.seats] == [2, 2] and view.prompt.startswith("Ana")
    assert build_view(game, facts) != view


def test_the_controller_can_force_a_screen_and_a_prompt():
    game = Game.new(2, seed=1)
    facts = TableFacts(screen=Screen.LOBBY, prompt="Starting…", notices=(Notice("no", seat=1),))
    view = build_view(game, facts)
    assert view.screen is Screen.LOBBY and view.prompt == "Starting…"
    assert view.refusal == Notice("no", seat=1)


def test_event_lines_are_newest_first_and_few():
    text = Text()
    events = [ev.Passed(0)] * 10 + [ev.UnoCalled(1), "a line of the table's own", ev.Event()]
    lines = event_lines(events, ("Ana", "Bruno"), text)
    assert lines[:2] == ("a line of the table's own", "Bruno calls UNO!")
    assert len(lines) == EVENT_LINES


def test_default_positions_go_clockwise_from_the_bottom():
    assert default_positions(4) == ("bottom", "left", "top", "right")
    assert default_positions(2) == ("bottom", "top")
    assert len(set(default_positions(8))) == 8
    assert len(default_positions(10)) == 10


def test_the_language_defaults_to_the_locale(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")  # the locale asked for (generated or not)
    view = build_view(None, TableFacts())
    assert view.lang == "es" and view.seats[0].name == "Asiento 1"
    assert build_view(None, TableFacts(lang="en")).seats[0].name == "Seat 1"


def test_every_kind_has_a_screen():
    game = Game.new(2, seed=3)
    assert screen_for(game) in (Screen.GAME, Screen.COLOR)


def cool_prompt(hands, *actions, lang="en", **knobs):
    rules = RuleSet.preset("cool").replace(**knobs)
    game = Game.from_position(rules, hands=hands, top="R3", turn=0)
    for action in actions:
        game.apply(action)
    return build_view(game, TableFacts(names=("Ana", "Bruno", "Carla"), lang=lang)).prompt


def test_cool_prompts_name_what_the_awaited_seat_may_do():
    hands = [["RS", "RD2", "W", "B1"], ["G1", "G2"], ["Y1", "Y2"]]
    assert cool_prompt(hands) == "Ana: play a card, or several of one symbol, or press DRAW"
    skip = cool_prompt(hands, Play(0, "RS"))
    assert skip == "Bruno: counter the skip with S or R, or press DRAW to be skipped"
    stack = cool_prompt(hands, Play(0, "RD2"))
    assert stack == "Bruno: answer with +2, +4, R or S, or press DRAW to take 2"
    wild = cool_prompt(hands, Play(0, "W"))
    assert wild == "Ana: choose a colour on the pad · Bruno may play any colour now"
    assert "Bruno" in cool_prompt(hands, Play(0, "W"), lang="es")


def test_while_a_colour_is_open_both_seats_that_may_move_are_lit():
    game = Game.from_position(RuleSet.preset("cool"), hands=[["W", "B1"], 2, 2], top="R3", turn=0)
    game.apply(Play(0, "W"))
    assert [s.turn for s in build_view(game, TableFacts(lang="en")).seats] == [True, True, False]


def test_a_seven_waiting_for_its_target_asks_on_screen():
    game = Game.referee(3, RuleSet.preset("official").replace(seven_zero=True))
    game.apply(Flip("R5"))
    facts = TableFacts(names=("Ana", "Bruno", "Carla"), lang="en", asking=(1, "R7"))
    assert build_view(game, facts).prompt == (
        "Bruno plays red 7: who swaps hands? That seat presses UNO"
    )


def test_a_seven_waiting_for_its_target_is_out_of_its_player_s_hand():
    """Before: Bruno's box still counted the 7 lying on the pile (7 cards, not 6)."""
    game = Game.referee(3, RuleSet.preset("official").replace(seven_zero=True))
    game.apply(Flip("R5"))
    facts = TableFacts(names=("Ana", "Bruno", "Carla"), lang="en", asking=(1, "R7"))
    assert [s.cards for s in build_view(game, facts).seats] == [7, 6, 7]


@pytest.mark.parametrize(
    ("hands", "loser"), [([["W4", "W4", "R1"], ["B2"]], 0), ([["W4", "W4", "B1"], ["B2"]], 1)]
)
def test_the_challenge_screen_says_what_a_challenge_of_two_draw_fours_costs(hands, loser):
    rules = RuleSet.preset("official").replace(multi_play=True)
    game = Game.from_position(rules, hands=hands, top="R3", turn=0)
    game.apply(Play(0, ["W4", "W4"], color="B"))
    shown = build_view(game).game.challenge
    before = game.hand_count(loser)
    game.apply(Challenge(1))
    drawn = game.hand_count(loser) - before
    assert drawn == (shown.guilty_draw if loser == 0 else shown.innocent_draw)


def test_the_round_over_prompt_names_the_seat_the_engine_deals_from():
    hands = [["B5"], ["B2", "B3"], ["G1", "G2"], ["Y1"]]
    game = Game.from_position(RuleSet.preset("official"), hands=hands, top="B3", dealer=0)
    game.apply(Leave(1))  # the next seat round has left: it does not deal
    game.apply(Play(0, "B5"))
    prompt = build_view(game, TableFacts(names=("Ana", "Bruno", "Carla", "Dan"))).prompt
    game.apply(NextRound())
    assert game.dealer == 2 and "Carla deals" in prompt


def test_a_wild_shuffle_tells_the_table_how_to_deal_the_real_cards():
    view = examples("en")["cool_shuffle"]
    assert view.prompt == "Seat 1: deal the hands again as shown, then choose a colour on the pad"
    assert view.verdict.detail == (
        "Seat 1 gathers every hand, shuffles them and deals one card at a time, "
        "starting with Seat 2: 5 to Seat 2, 4 to the others"
    )
    shuffled = examples("es")["cool_shuffled"]
    assert shuffled.verdict is None  # the colour is chosen: play goes on
    assert shuffled.events[1] == "Asiento 1 reparte todas las manos de nuevo"


def test_the_odd_cards_of_a_wild_shuffle_go_to_the_first_seats_dealt():
    # docs/rules.md: dealt one at a time starting left of the seat that played it.
    names = ("Ana", "Bruno", "Carla", "Dani")
    how = shuffle_how(2, (5, 4, 4, 5), names, Text("en"))
    assert how.endswith("starting with Dani: 5 to Dani, Ana, 4 to the others")
    assert shuffle_how(1, (3, 3, 3, 3), names, Text("es")).endswith("por Carla: 3 a cada uno")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Nobody has to choose a colour now"), ("es", "Ahora nadie tiene que elegir color")],
)
def test_a_refusal_of_no_seat_starts_as_a_sentence(lang, said):
    """Before: the pad pressed out of time put 'nobody has to choose a colour now' in the bar,
    a sentence made to follow a seat's name, with no name before it."""
    assert Table(lang).started().press(None, Button.RED).view().footer == said
