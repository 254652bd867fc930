"""The screen audit: every example screen, at three sizes, in both languages, checked by machine.

A frame fails on text below the smallest size for its screen, text off the screen, over
another text or over the top card, text cut to fit, an English word on a Spanish screen, or a
refusal drawn in a state other than the one it refused in.
"""

from __future__ import annotations

import dataclasses
import tempfile
import types
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from engine import CatchUno, Challenge, Game, Play, Reveal, RuleSet
from hw.events import Button, DeviceProblem, Problem
from table.screen import examples as examples_module
from table.screen import screens
from table.screen import theme as th
from table.screen.display import Display
from table.screen.examples import MORE_NAMES, NAMES, Table, examples
from table.screen.text import STRINGS, Text
from table.screen.view import Notice, SeatView, TableFacts, View, build_view
from table.setup.config import MAX_SEATS, NAME_LEN
from tests.table.screen_audit import (
    NOT_AT_THE_TABLE,
    PROMISES,
    Before,
    _told_apart,
    min_px,
    press,
    problems,
    prompt_key,
    prompt_problems,
)

SIZES = [(800, 480), (1280, 720), (1920, 1080)]
LANGS = ["en", "es"]
VIEWS = {lang: examples(lang) for lang in LANGS}
OWN_WORDS = (*NAMES, "Elena", "Fede", "Guille", "Hugo", "pile", "lgpio")
"""Names of seats, readers and pin factories: the table's own, in no language."""


MORE_SIZES = [(1024, 600), (1024, 768), (1280, 1024), (1280, 800)]
"""A 7" HDMI panel, and 4:3, 5:4 and 16:10 monitors, where lengths follow the width
(table/screen/layout.py)."""


@pytest.fixture(scope="module")
def displays():
    return {size: Display(pygame.Surface(size)) for size in SIZES}


def audit(display: Display, views: dict[str, View], names=OWN_WORDS) -> list[str]:
    """The audit's findings over `views`, each named by its example."""
    found = []
    for name, view in views.items():
        display.render(view)
        found += [f"{name}: {problem}" for problem in problems(display, view, names)]
    return found


@pytest.mark.parametrize("size", SIZES + MORE_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_passes_the_audit(displays, size, lang):
    display = displays.get(size) or Display(pygame.Surface(size))
    found = audit(display, VIEWS[lang])
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_default_seat_names_pass_the_audit_at_every_size(monkeypatch, lang):
    """Before: 'Seat 1 wins the challen...' at 1280x800 (and worse on 4:3)."""
    default = tuple(Text(lang, "UNO").seat_name(n) for n in range(len(NAMES)))
    monkeypatch.setattr(examples_module, "NAMES", default)
    views = examples(lang)
    for size in SIZES + MORE_SIZES:
        found = audit(Display(pygame.Surface(size)), views, (*OWN_WORDS, *default))
        assert not found, f"{size}: " + "\n".join(found)


# --- the longest names the configuration accepts ------------------------------------------


def longest(name: str, between: str = " ") -> str:
    """`name` said again and again, to the longest a seat's name may be."""
    return ((name + between) * NAME_LEN)[:NAME_LEN]


FAMILY = longest("Familia García")[:-1]
LONGEST = {
    "narrow": (
        *(longest(n) for n in ("Tío Fernando López", "Mª José Rodríguez", "Juan Ignacio Pérez")),
        *(longest(n) for n in ("Ana Belén Núñez", "Íñigo Peña", "Inés Ibáñez")),
        FAMILY + "1",
        FAMILY + "2",
        longest("Ramón Jiménez Ruiz"),
        FAMILY + "3",
    ),
    "wide": (
        longest("W", ""),
        longest("W", "")[:-1] + "M",
        longest("M", ""),
        longest("M", "")[:-1] + "W",
        longest("MMMMMMMMMMMM", " "),
        longest("WM", ""),
        longest("Ñ", ""),
        longest("WWWWW"),
        longest("MW", ""),
        longest("Ñ", "")[:-1] + "W",
    ),
}
"""Ten names (more than MAX_SEATS) as long as the configuration accepts: of narrow letters
with accents, and of the widest; some alike but for their last letter."""

SEATED = (2, 4, 7, MAX_SEATS)
"""Seat counts: the fewest, the shipped, the most that each sit alone on a side, the most."""


def own_words(names) -> tuple[str, ...]:
    return (*OWN_WORDS, *(w for name in names for w in name.split()))


@pytest.fixture(params=sorted(LONGEST))
def long_names(request, monkeypatch):
    """The examples' seats named with the longest names of a kind."""
    names = LONGEST[request.param]
    monkeypatch.setattr(examples_module, "NAMES", names[:4])
    monkeypatch.setattr(examples_module, "MORE_NAMES", names[4:8])
    return names


@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_names_pass_the_audit_on_every_screen(long_names, lang):
    """Before: 'Tío Fernando López Gómez' cut in every seat box, 'Reparte WWWWWWWWWW…',
    'Ibáñez bluffed and d…': the verb of a verdict lost."""
    views = examples(lang)
    found = []
    for size in SIZES + MORE_SIZES:
        found += [
            f"{size} {p}"
            for p in audit(Display(pygame.Surface(size)), views, own_words(long_names))
        ]
    assert not found, "\n".join(found)


def seated(lang: str, names: tuple[str, ...], n: int) -> dict[str, View]:
    """Every screen that lists the seats, with `n` seats: the lobby, a deal, a caught UNO, a
    challenge, the tally, the scores, the match's end."""
    facts = TableFacts(names=names[:n], lang=lang, seats=n)
    rules = RuleSet.preset("official")
    views = {"lobby": build_view(None, dataclasses.replace(facts, joined=frozenset({0, 1})))}

    def view(game: Game, *actions) -> View:
        events = [*game.last_events]
        for action in actions:
            events += game.apply(action)
        return build_view(game, dataclasses.replace(facts, events=tuple(events)))

    views["deal"] = view(Game.referee(n, rules, dealer=n - 1))
    hands = [["R7", "G7"], *[["R2", "B9", "G1"]] * (n - 1)]
    views["caught"] = view(Game.from_position(rules, hands=hands, top="R5", turn=0),
                           Play(0, "R7"), CatchUno(1, target=0))  # fmt: skip
    w4 = Game.from_position(rules, hands=[["W4", "G1", "B5"], *[6] * (n - 1)], top="G8", turn=0)
    views["challenge"] = view(w4, Play(0, "W4", color="B"))
    shown = Game.from_position(rules, hands=[4, *[6] * (n - 1)], top="G8", turn=0)
    views["challenged"] = view(shown, Play(0, "W4", color="B"), Challenge(1), Reveal(0, ["B1"]))
    tally = Game.from_position(rules, hands=[1, *[3] * (n - 1)], top="R3", turn=0)
    views["tally"] = view(tally, Play(0, "R8"), Reveal(1, ["B7", "W", "R2"]))
    # The others' hands: 7 points each leaves a scoreboard, 57 each ends the match.
    for name, first, hand in (("scoreboard", 120, ["B7"]), ("match_over", 460, ["B7", "W"])):
        hands = [["R8"], *[hand] * (n - 1)]
        scores = [first, *range(45, 45 + 10 * (n - 1), 10)]
        game = Game.from_position(rules, hands=hands, top="R3", turn=0, scores=scores)
        views[name] = view(game, Play(0, "R8"))
        assert views[name].screen == name, (name, n)
    return views


@pytest.mark.parametrize("n", SEATED)
@pytest.mark.parametrize("kind", sorted(LONGEST))
@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_names_pass_the_audit_at_every_seat_count(lang, kind, n):
    names = LONGEST[kind]
    views = seated(lang, names, n)
    found = []
    for size in SIZES + MORE_SIZES:
        display = Display(pygame.Surface(size))
        found += [f"{size} {p}" for p in audit(display, views, own_words(names))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_most_seats_names_are_whole_in_a_tally_and_the_scores(displays, lang):
    """Before: 'Mª José Rodríguez…' and 'Familia García Fa…1' in a tally whose rows were
    half empty (the names had 22% of a row, the scores' 30%)."""
    names = LONGEST["narrow"][:MAX_SEATS]
    views = seated(lang, names, MAX_SEATS)
    for size in ((800, 480), (1920, 1080)):
        for screen in ("tally", "scoreboard", "match_over"):
            display = displays[size]
            display.render(views[screen])
            placed = {text for text, _ in display.painter.placed}
            shown = names[1:] if screen == "tally" else names  # the winner has no row there
            assert set(shown) <= placed, (size, screen, set(shown) - placed)


@pytest.mark.parametrize("n", (4, 7))
@pytest.mark.parametrize("lang", LANGS)
def test_a_caught_uno_says_who_caught_whom(displays, lang, n):
    """Before: the banner '¡Tío Fernando López lo p…' lost its verb: the table no longer
    said what happened."""
    names = (longest("Mª José Rodríguez"), longest("Tío Fernando López"), *NAMES, *MORE_NAMES)
    view = seated(lang, names, n)["caught"]  # the second seat catches the first
    verb = {"en": "catches it!", "es": "lo pilla!"}[lang]
    for size in ((800, 480), (1920, 1080)):
        display = displays[size]
        display.render(view)
        p = display.painter
        said = " ".join(text for text, rect in p.placed if p.marks["verdict"].contains(rect))
        assert verb in said and not p.cut, (size, said, p.cut)


def test_the_audit_sees_seats_that_look_alike():
    seats = (SeatView(0, FAMILY + "1"), SeatView(1, FAMILY + "2"))
    view = dataclasses.replace(VIEWS["en"]["game"], seats=seats)
    boxes = {"seat 0": pygame.Rect(0, 0, 100, 40), "seat 1": pygame.Rect(200, 0, 100, 40)}
    alike = FAMILY[:6] + "…"
    first, second = pygame.Rect(5, 5, 50, 20), pygame.Rect(205, 5, 50, 20)
    p = types.SimpleNamespace(marks=boxes, placed=[(alike, first), (alike, second)])
    assert _told_apart(p, view) == [f"{FAMILY + '1'!r} and {FAMILY + '2'!r} look alike: {alike!r}"]
    p.placed[1] = (FAMILY[:5] + "…2", second)
    assert _told_apart(p, view) == []
    p.placed[1] = ("Bruno", second)
    assert _told_apart(p, view) == [f"seat 1: no {FAMILY + '2'!r} in it"]


def test_the_audit_sees_small_cut_and_untranslated_text():
    display = Display(pygame.Surface((800, 480)))
    view = VIEWS["es"]["game"]
    display.render(view)
    p = display.painter
    p.text("tiny", 9, th.TEXT, topleft=(0, 0))
    p.text("a line far too long for its box " * 3, 20, th.TEXT, max_w=100, topleft=(0, 200))
    p.text("take the card back", 20, th.TEXT, topleft=(300, 440))
    p.text("over the edge", 20, th.TEXT, topleft=(20, display.layout.bar.top - 10))
    found = " | ".join(problems(display, view))
    assert "too small" in found and "cut off" in found and "not translated" in found
    assert "overflows prompt" in found
    assert min_px(480) >= 13


def test_a_refusal_is_not_drawn_once_the_game_moved_on(displays):
    game = Game.from_position(
        RuleSet.preset("official"), hands=[["R7", "G2"], ["B1", "B2"]], top="R5", turn=0
    )
    stale = Notice("green 2 doesn't fit: take it back", 0, actions=len(game.history))
    game.apply(Play(0, "R7"))
    view = build_view(game, TableFacts(names=NAMES[:2], lang="en", notices=(stale,)))
    assert view.refusal is None and "doesn't fit" not in view.footer
    display = displays[(800, 480)]
    display.render(view)
    bar = display.layout.bar
    assert (
        pygame.mask.from_threshold(
            display.surface.subsurface(bar), th.ALERT, (1, 1, 1, 255)
        ).count()
        == 0
    )
    drawn = dataclasses.replace(view, notices=(stale,))
    assert problems(display, drawn)  # the audit itself would catch one drawn


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_examples_say_what_happened(lang):
    views = VIEWS[lang]
    card = {"en": "green 4", "es": "4 verde"}[lang]
    assert card in views["refused_card"].footer
    assert views["refused_press"].refusal is not None
    assert ("DRAW" if lang == "en" else "ROBAR") in views["refused_press"].footer
    assert ("card" if lang == "en" else "carta") not in views["refused_press"].footer
    assert views["refused_uno"].refusal is not None
    assert views["refusal_gone"].refusal is None and not views["refusal_gone"].notices
    assert views["challenge_verdict"].verdict is not None
    assert "X9" in views["bad_code"].footer and "'" not in views["bad_code"].footer


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_with_badges_shows_its_whole_name(displays, lang):
    view = VIEWS[lang]["game_badges"]
    seat = view.seats[1]
    assert seat.uno and seat.dealer and seat.pending  # every badge on the shipped name
    for size in SIZES:
        display = displays[size]
        display.render(view)
        p = display.painter
        assert seat.name in [text for text, _ in p.placed], size
        assert seat.name not in p.cut and "uno 1" in p.marks, size


TOO_NARROW = {((800, 480), "es")}
"""Where a seat box cannot hold UNO!, "reparte" and a draw beside the count: the dealer goes
(UNO! is the seat's alone; the draw shows by the top card too)."""


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_with_three_badges_keeps_the_dealer_s(displays, lang):
    """Before: the dealer's badge went first, at every size (UNO! and +2 took the room)."""
    view = VIEWS[lang]["game_badges"]
    for size in SIZES:
        display = displays[size]
        display.render(view)
        marks = display.painter.marks
        assert "uno 1" in marks and ("dealer 1" in marks) != ((size, lang) in TOO_NARROW), size
        assert ("pending 1" in marks) or (size, lang) in TOO_NARROW, size


LONG_READER = "Lector de la mesa grande"  # as long as a reader's name may be


@pytest.mark.parametrize(
    "down", [("pile", "seat 1"), ("seat 1", "seat 2", "seat 3"), (LONG_READER,)]
)
@pytest.mark.parametrize("lang", LANGS)
def test_the_corner_names_every_reader_that_is_down(displays, lang, down):
    """Before: 'Not working: pile, seat…' at every size, 'Not working: seat 1…' with three
    down: which readers to look at was lost. A name too long for the corner is shortened
    (abridge.py), never cut."""
    table = Table(lang).started()
    table.send(*(DeviceProblem(name, Problem.DISCONNECTED, "gone", down=True) for name in down))
    view = table.view()
    for size in SIZES:
        display = displays[size]
        display.render(view)
        p = display.painter
        corner = " ".join(t for t, rect in p.placed if p.marks["status"].contains(rect))
        whole = [name for name in down if name != LONG_READER]
        assert all(name in corner for name in whole) and not p.cut, (size, corner, p.cut)
        assert "Lector de" in corner or LONG_READER not in down, (size, corner)


# --- every waiting state of a table, reached with real presses and scans -------------------

PAD = {"official": Button.RED, "reglamento": Button.YELLOW, "playone": Button.GREEN}
PAD["cool"] = Button.BLUE


def at_table(lang: str, preset: str = "official", knobs: str = "", folder=None) -> Table:
    table = Table(lang, knobs, folder)
    return table.press(None, PAD[preset]) if preset != "official" else table


def two_seats(table: Table) -> Table:
    """Ana and Bruno play; red 5 turned: Bruno's turn."""
    table.press(0, Button.UNO).press(1, Button.UNO)
    return table.press(0, Button.DRAW).scan("R5")


def bruno_goes_out(table: Table) -> Table:
    """Bruno plays his seven cards (and calls UNO); Ana keeps one: the tally waits for it."""
    table.scan("R1", "R2", "R3", "R4", "R6", "R7", "R8", "R9", "R1", "R2", "R3")
    return table.press(1, Button.UNO).scan("R4", "R6")


def saved_game(lang: str, base) -> Table:
    folder = Path(tempfile.mkdtemp(dir=base))
    at_table(lang, folder=folder).started()
    return Table(lang, state_dir=folder)


def waiting_states(base) -> dict[str, Callable[[str], Table]]:
    """Every state a table waits in, by the prompt it shows: how to reach it from a fresh table."""
    return {
        "prompt_lobby": lambda lang: at_table(lang),
        "prompt_lobby_start": lambda lang: at_table(lang).press(0, Button.UNO).press(1, Button.UNO),
        "prompt_resume": lambda lang: saved_game(lang, base),
        "prompt_flip": lambda lang: (
            at_table(lang).press(0, Button.UNO).press(1, Button.UNO).press(0, Button.DRAW)
        ),
        "prompt_flip_again": lambda lang: (
            at_table(lang)
            .press(0, Button.UNO)
            .press(1, Button.UNO)
            .press(0, Button.DRAW)
            .scan("W4")
        ),
        "prompt_turn": lambda lang: at_table(lang).started(),
        "prompt_turn_multi": lambda lang: at_table(lang, "cool").started(),
        "prompt_target": lambda lang: (
            at_table(lang, knobs="seven_zero = true").started().scan("R7")
        ),
        "prompt_color": lambda lang: at_table(lang).started().scan("W"),
        "prompt_color_open": lambda lang: at_table(lang, "cool").started().scan("W"),
        "prompt_color_shuffle": lambda lang: at_table(lang, "cool").started().scan("WS"),
        "prompt_drawn": lambda lang: at_table(lang).started().press(1, Button.DRAW),
        "prompt_drawn_more": lambda lang: (
            at_table(lang, "reglamento").started().press(1, Button.DRAW)
        ),
        "prompt_drawn_any": lambda lang: at_table(lang, "cool").started().press(1, Button.DRAW),
        "prompt_respond": lambda lang: at_table(lang, "playone").started().scan("RD2"),
        "prompt_respond_cool": lambda lang: at_table(lang, "cool").started().scan("RD2"),
        "prompt_counter_S": lambda lang: at_table(lang, "cool").started().scan("RS"),
        "prompt_counter_R": lambda lang: at_table(lang, "cool").started().scan("RR"),
        "prompt_challenge": lambda lang: (
            at_table(lang).started().scan("W4").press(None, Button.BLUE)
        ),
        "prompt_reveal_challenge": lambda lang: (
            at_table(lang).started().scan("W4").press(None, Button.BLUE).press(2, Button.CHALLENGE)
        ),
        "prompt_reveal_points": lambda lang: bruno_goes_out(two_seats(at_table(lang))),
        "prompt_round_over": lambda lang: bruno_goes_out(two_seats(at_table(lang))).press(
            0, Button.DRAW
        ),
        "prompt_match_done": lambda lang: bruno_goes_out(
            two_seats(at_table(lang, knobs="target_score = 1"))
        ).scan("B9"),
        "prompt_leave": lambda lang: at_table(lang).started().hold(2, Button.DRAW),
    }


HOUSE_RULES = {
    "cool": "hand_size = 5\nuno_penalty = 4\ntarget_score = 250",
    "reglamento": "seven_zero = true\nopen_wild = true\nhand_size = 10\nuno_penalty = 4\n"
    "uno_race_ms = 300",
    "official": 'matching = "strict"\nforced_play = true\nautoplay_drawn = true\n'
    "counters = true\nopen_wild = true\nseven_zero = true\nhand_size = 15\njump_in = true",
}
"""Knobs over a preset that make the lobby's rules line long (the last: with its note, jump-ins
off with one reader)."""


@pytest.mark.parametrize("preset", HOUSE_RULES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_says_every_house_rule(lang, preset):
    """Before: "..., 10 cartas cada uno, olvidar UNO cue...": the knobs said last were cut."""
    table = at_table(lang, preset, HOUSE_RULES[preset]).press(0, Button.UNO)
    view = table.press(1, Button.UNO).view()
    found = []
    for size in SIZES + MORE_SIZES:
        found += [f"{size}: {p}" for p in audit(Display(pygame.Surface(size)), {"": view})]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("preset", HOUSE_RULES)
def test_the_lobby_draws_its_rows_at_the_heights_it_fits_the_rules_with(preset):
    """One sum of the lobby's rows (screens.lobby_rows): the room left for the rules line is
    the room the drawing leaves it."""
    view = at_table("es", preset, HOUSE_RULES[preset]).press(0, Button.UNO).view()
    for size in SIZES + MORE_SIZES:
        display = Display(pygame.Surface(size))
        display.render(view)
        lay, p = display.layout, display.painter
        rows = screens.lobby_rows(p, lay, view.table)
        tops = {text: rect.top for text, rect in p.placed}
        y = rows.top(lay)
        assert tops[Text("es")("title")] == round(y), size
        y += rows.heights["title"] + rows.heights["presets"]
        assert tops[rows.rules[0]] == round(y), size
        y += rows.heights["rules"]
        assert tops[Text("es")("player_ready")] == round(y), size
        assert y + rows.heights["count"] + rows.heights["notes"] <= lay.center.bottom, size


def test_every_prompt_is_a_waiting_state_of_the_table(tmp_path):
    prompts = {k for k in STRINGS["en"] if k.startswith("prompt_")} | {"demo_over"}
    assert prompts == set(waiting_states(tmp_path)) | set(NOT_AT_THE_TABLE)
    assert set(PROMISES) == set(waiting_states(tmp_path))
    for key, reach in waiting_states(tmp_path).items():
        for lang in LANGS:
            view = reach(lang).view()
            assert prompt_key(view.prompt, Text(lang)) == key, (lang, view.prompt)


@pytest.mark.parametrize("lang", LANGS)
def test_each_prompt_tells_the_truth_about_each_button(tmp_path, lang):
    found = []
    for reach in waiting_states(tmp_path).values():
        found += prompt_problems(lambda reach=reach: reach(lang), lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("kind", ["shipped", *sorted(LONGEST)])
@pytest.mark.parametrize("lang", LANGS)
def test_no_waiting_state_is_cut_on_a_small_or_a_square_screen(
    displays, tmp_path, monkeypatch, lang, kind
):
    names = LONGEST.get(kind, NAMES)[:4]
    monkeypatch.setattr(examples_module, "NAMES", names)
    screens = [displays[(800, 480)], Display(pygame.Surface((1024, 768)))]
    found = []
    for key, reach in waiting_states(tmp_path).items():
        table = reach(lang)
        frames = {"": table.view(), " help": table.view(help=True)}
        for button in ("draw", "challenge", "uno", "pad"):  # what each press says (refusals)
            pressed = reach(lang)
            press(pressed, button, Before.of(pressed.session))
            frames[f" after {button}"] = pressed.view()
        for name, view in frames.items():
            for display in screens:
                display.render(view)
                size = "x".join(map(str, display.surface.get_size()))
                found += [
                    f"{size} {key}{name}: {p}" for p in problems(display, view, own_words(names))
                ]
    assert not found, "\n".join(found)
