"""From a Session to the View of one frame: everything the window shows, without pygame.

A frame flows one way: session -> `session_view` -> Display -> pixels. The window adds only
what it alone knows (`Local`: the help overlay, the keyboard); a script without a screen asks
`session_view(session).footer` and `.notices` for exactly what the table shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Kind, NextRound
from hw.events import SEAT_BUTTONS, Button
from hw.keyboard import HELP_KEY, KeyMap
from table.flow.alerts import UNTIL_SAVED
from table.flow.lobby import PRESET_BUTTONS
from table.flow.session import Phase, Session, TimedNotice
from table.setup.config import Config

from .rules_line import rules_line
from .text import Text, default_language
from .view import (
    Devices,
    Notice,
    NoticeKind,
    Screen,
    TableFacts,
    View,
    build_view,
    prompt_for,
)

HELP_ROWS = ("help_colors", "help_codes", "help_actions")
"""How to type card codes, in the help (each has a `_keys` sentence: the codes it shows); the
wilds' row follows, built from the deck in force."""


@dataclass(frozen=True)
class Local:
    """What only the window knows: the help overlay, the keyboard, the pin factory's name."""

    help: bool = False
    keymap: KeyMap | None = None
    typed: str = ""
    pin_factory: str = ""
    ending: str = ""  # the key of the window's last word (the demo's end), over the prompt


def language(config: Config) -> str:
    """The table's language: the configured one, or the locale's for "auto"."""
    return default_language() if config.language == "auto" else config.language


def session_view(session: Session, local: Local = Local()) -> View:
    """The View of the session's present state, as the screen draws it."""
    return build_view(session.game, table_facts(session, local))


def table_facts(session: Session, local: Local = Local()) -> TableFacts:
    """What the screen shows besides the game: seats, notices, devices, the keyboard."""
    config = session.config
    lang = language(config)
    text = Text(lang, config.display.call_word)
    in_game = session.game is not None
    physical = session.joined if in_game else range(len(config.seats))
    notice = notice_of(session, text)
    notices = alert_notices(session, text) + ((notice,) if notice else ())
    all_names = tuple(seat_name(config, p, text) for p in range(len(config.seats)))
    return TableFacts(
        names=tuple(seat_name(config, p, text) for p in physical),
        positions=tuple(str(config.seats[p].position) for p in physical),
        seats=len(config.seats),
        **({} if in_game else lobby_facts(session, text)),
        lang=lang,
        call_word=config.display.call_word,
        events=tuple(line.event or text.line(line.text) for line in session.lines),
        notices=notices,
        devices=devices(session, local, text),
        help=local.help,
        keys=key_rows(local.keymap, text, wilds(session)) if local.help else (),
        key_grid=key_grid(local.keymap, text, all_names) if local.help else (),
        typed=local.typed,
        resume=session.phase is Phase.RESUME,
        screen=None if in_game else Screen.LOBBY,
        asking=session.asking(),
        leaving=session.leaving(),
        prompt=text(local.ending) if local.ending else table_prompt(session, text),
    )


def lobby_facts(session: Session, text: Text) -> dict:
    """The lobby's middle and seats: the rules in force; or, while a saved game is offered,
    that game's preset and rules, who played it with their scores, and how far it got."""
    offer = session.saved.offered
    if offer is None or offer.game is None:  # no saved game, or none that can be read
        return dict(
            joined=frozenset(session.joined),
            preset=session.preset,
            rules_line=rules_line(session.rules(), text),
            notes=tuple(text(key) for key in session.notes()),
            preset_colors=tuple((p, str(b)[0].upper()) for b, p in PRESET_BUTTONS.items()),
        )
    game = offer.game
    seats = offer.seats or ()  # seats that do not fit this table: DRAW says so
    scores: list[int | None] = [None] * len(session.config.seats)
    for n, physical in enumerate(seats):
        scores[physical] = game.scores[n]
    rounds = 1 + sum(isinstance(action, NextRound) for action in game.history)
    return dict(
        joined=frozenset(seats),
        preset=offer.preset,
        presets=(offer.preset,),
        rules_line=rules_line(game.rules, text),
        scores=tuple(scores),
        points=game.rules.points,
        progress=text("saved_progress", round=rounds, moves=len(game.history)),
    )


def seat_name(config: Config, seat: int, text: Text) -> str:
    """A physical seat's name: as configured, in the table's language if it is the shipped
    file's "Seat n"."""
    name = config.seats[seat].name
    return text.seat_name(seat) if name == f"Seat {seat + 1}" else name


def notice_of(session: Session, text: Text) -> Notice | None:
    """The session's notice in the table's language, with the game seat it concerns."""
    notice = session.notice
    if notice is None:
        return None
    if notice.problem:
        return Notice(problem_text(notice, text), kind=NoticeKind.PROBLEM)
    seat = notice.seat
    if session.game is not None and seat is not None:
        seat = session.joined.index(seat) if seat in session.joined else None
    blanks = refusal_blanks(session, notice, text)
    sentence = text.refusal(notice.reason, notice.card, notice.text, notice.pressed, **blanks)
    return Notice(sentence, seat, NoticeKind.REFUSAL, notice.actions)


def refusal_blanks(session: Session, notice: TimedNotice, text: Text) -> dict[str, str]:
    """What a refusal may name: the seat it came from (one not playing too), the awaited
    seat, and what the game waits for (the prompt, without the awaited seat's name)."""
    config = session.config
    blanks = {"who": seat_name(config, notice.seat, text)} if notice.seat is not None else {}
    game = session.game
    if game is None:
        return blanks
    names = tuple(seat_name(config, p, text) for p in session.joined)
    events = tuple(line.event for line in session.lines if line.event is not None)
    prompt = prompt_for(game, names, text, events, session.asking())
    awaited = game.awaiting.seat
    if awaited is None:
        return blanks | {"waiting": prompt}
    return blanks | {
        "awaited": names[awaited],
        "waiting": prompt.removeprefix(f"{names[awaited]}: "),
    }


def alert_notices(session: Session, text: Text) -> tuple[Notice, ...]:
    """The saved game's problems (table/flow/alerts.py), first: they stay until cleared.
    Those still going on (nothing is saved) come before what happened: where the bar cannot
    hold them all, what is cut is the past."""
    alerts = sorted(session.alerts, key=lambda a: a.kind not in UNTIL_SAVED)
    said = [text.alert(a.kind, a.cause, **a.blanks()) for a in alerts]
    return (Notice(" · ".join(said), kind=NoticeKind.PROBLEM),) if said else ()


def problem_text(notice: TimedNotice, text: Text) -> str:
    """A device problem as a sentence: each kind of hw.events.Problem has its `problem_KIND`."""
    return text(f"problem_{notice.reason}", source=text.source(notice.source), code=notice.card)


def devices(session: Session, local: Local, text: Text) -> Devices:
    """The corner: whether the card readers work, the pin factory, the devices that are down."""
    readers = [ok for name, (ok, _) in session.devices.items() if name != "keyboard"]
    down = [text.source(name) for name, (ok, _) in session.devices.items() if not ok]
    return Devices(
        reader=all(readers) if readers else False,
        # gpiozero's class name as the configuration names it: "MockFactory" is "mock".
        pin_factory=local.pin_factory.removesuffix("Factory").lower(),
        problem=text("device_down", names=", ".join(down)) if down else "",
        typing=local.keymap is not None,
        down=tuple(down),
    )


def key_grid(
    keymap: KeyMap | None, text: Text, names: Sequence[str] = ()
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The help's grid: a row of button names, then each seat's keys for them, the seat named
    as the table names it (`names`, by physical seat; else "Seat n")."""
    if keymap is None:
        return ()
    seats: dict[int, dict[Button, str]] = {}
    for key, (seat, button) in keymap.buttons.items():
        if seat is not None:
            seats.setdefault(seat, {})[button] = key.upper()
    heads = tuple(text.button(b) for b in SEAT_BUTTONS)
    rows = [
        (
            names[s] if s < len(names) else text.seat_name(s),
            tuple(keys.get(b, "") for b in SEAT_BUTTONS),
        )
        for s, keys in sorted(seats.items())
    ]
    return (("", heads), *rows)


def wilds(session: Session) -> tuple[str, ...]:
    """The codes of the wild cards in the deck in force (the game's, or the lobby's choice)."""
    rules = session.game.rules if session.game is not None else session.rules()
    return tuple(dict.fromkeys(str(card) for card in rules.deck() if card.is_wild))


def key_rows(
    keymap: KeyMap | None, text: Text, wild_codes: tuple[str, ...] = ("W", "W4")
) -> tuple[tuple[str, str], ...]:
    """The help's rows under the grid: the colour pad, how to type a card code (the wilds of
    the deck in force), how a seat leaves the game, the help key."""
    rows: list[tuple[str, str]] = []
    if keymap is not None:
        pad = [(key, button) for key, (seat, button) in keymap.buttons.items() if seat is None]
        if pad:
            keys = " ".join(key.upper() for key, _ in pad)
            colours = ", ".join(text.button(button).lower() for _, button in pad)
            rows.append((keys, f"{text('pad')}: {colours}"))
        rows += [(text(f"{row}_keys"), text(row)) for row in HELP_ROWS]
        rows.append((" ".join(wild_codes), ", ".join(text.card(c) for c in wild_codes)))
        rows.append(("Enter", text("help_send")))
    rows.append((text("help_leave_keys"), text("help_leave")))  # buttons and keys alike
    rows.append((HELP_KEY.upper(), text("help_toggle")))
    return tuple(rows)


def table_prompt(session: Session, text: Text) -> str | None:
    """The prompts that name the table's own buttons (the game's own come from the View)."""
    if session.phase is Phase.RESUME:
        return text("prompt_resume")
    if session.phase is Phase.LOBBY:
        ready = len(session.joined) >= 2
        return text("prompt_lobby_start" if ready else "prompt_lobby")
    if session.game.awaiting.kind is Kind.MATCH_OVER:
        return text("prompt_match_done")
    return None
