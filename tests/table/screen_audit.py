"""What the screen audit checks in one rendered frame: shared by its test and by hand."""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Callable
from dataclasses import dataclass

from engine import Kind
from engine import events as ev
from hw.events import Button
from table.flow.session import Session
from table.screen.abridge import ELLIPSIS
from table.screen.display import Display
from table.screen.text import STRINGS, Text
from table.screen.view import View

MIN_TEXT = 0.028
"""The smallest line of text, as a share of the screen's height (a 7" screen read from 2 m)."""
MIN_PX = 13


def min_px(height: int) -> int:
    return max(MIN_PX, round(height * MIN_TEXT))


def _words(texts) -> set[str]:
    return {w.lower() for t in texts for w in re.findall(r"[A-Za-zÁÉÍÓÚÑáéíóúñü]{3,}", t)}


ENGLISH_ONLY = _words(STRINGS["en"].values()) - _words(STRINGS["es"].values())
"""Words only the English sentences use: one on a Spanish screen is a missing translation."""


BOXES = ("seat ", "row ", "verdict", "prompt", "status", "preset ", "uno ", "dealer ", "pending ")
"""Marks that are boxes with texts inside: a text partly in one overflows it."""


def _overflows(p) -> list[str]:
    boxes = [(name, rect) for name, rect in p.marks.items() if name.startswith(BOXES)]
    out = []
    for text, rect in p.placed:
        for name, box in boxes:
            if rect.colliderect(box) and not box.contains(rect):
                out.append(f"overflows {name}: {text!r} {rect} {box}")
    return out


def _shows(text: str, name: str) -> bool:
    """Whether `text` is `name`, whole or shortened with an ellipsis (its start and end, or a
    part of its middle between two)."""
    head, ellipsis, end = text.partition(ELLIPSIS)
    if not ellipsis:
        return text == name
    if not head and end.endswith(ELLIPSIS):  # a part of its middle
        return end[:-1] in name
    return len(head) + len(end) < len(name) and name.startswith(head) and name.endswith(end)


def _told_apart(p, view: View) -> list[str]:
    """Each seat's name in its box (and its row of a tally or scores), whole or shortened,
    unlike every other seat's."""
    out = []
    for mark in ("seat", "row"):
        shown = {}
        for seat in view.seats:
            box = p.marks.get(f"{mark} {seat.seat}")
            if box is None:
                continue
            texts = [t for t, rect in p.placed if box.contains(rect) and _shows(t, seat.name)]
            if not texts:
                out.append(f"{mark} {seat.seat}: no {seat.name!r} in it")
                continue
            shown[seat.name] = texts[0]
        for (a, shown_a), (b, shown_b) in itertools.combinations(shown.items(), 2):
            if shown_a == shown_b:
                out.append(f"{a!r} and {b!r} look alike: {shown_a!r}")
    return out


def problems(display: Display, view: View, names=()) -> list[str]:
    """Everything wrong with the frame `display` just drew for `view`."""
    p = display.painter
    screen = display.surface.get_rect()
    smallest = min_px(display.layout.scale)  # the height, or less on a narrow screen
    out = []
    for text, rect in p.placed:
        if rect.height < smallest:
            out.append(f"too small ({rect.height} px < {smallest}): {text!r}")
        if not screen.contains(rect):
            out.append(f"off the screen: {text!r} {rect}")
    out += [f"cut off: {text!r}" for text in p.cut]
    out += _told_apart(p, view)
    if not view.help:
        for (a, ra), (b, rb) in itertools.combinations(p.placed, 2):
            if ra.colliderect(rb):
                out.append(f"overlap: {a!r} and {b!r}")
        card = p.marks.get("top_card")
        for text, rect in p.placed:
            if card is not None and rect.colliderect(card):
                out.append(f"over the top card: {text!r}")
        out += _overflows(p)
    if view.lang == "es":
        own = {w.lower() for n in names for w in n.split()}
        for text, _ in p.placed:
            english = (_words([text]) & ENGLISH_ONLY) - own
            if english:
                out.append(f"not translated: {text!r} ({', '.join(sorted(english))})")
    refusal = view.refusal
    if refusal is not None and refusal.actions not in (None, view.actions):
        out.append(f"a refusal of another state drawn: {refusal}")
    return out


# --- every waiting state: does the prompt tell the truth about each button? ------------------

BUTTONS = ("draw", "challenge", "uno", "pad", "any", "others")
"""What a prompt may name: a seat's three buttons, the colour pad, any of a seat's buttons, or
the other buttons of the seat it asks."""

OTHER_WORDS = {
    "en": {"pad": ("pad",), "any": ("any seat's button",), "others": ("your other buttons",)},
    "es": {
        "pad": ("pulsador", "colores"),
        "any": ("cualquier botón de un asiento",),
        "others": ("tus otros botones",),
    },
}
"""How each language names the pad, "any seat's button" and a seat's other buttons (a seat's
buttons: by their names)."""


def named_buttons(prompt: str, text: Text) -> set[str]:
    """The buttons a prompt names, by the words the table prints on them."""
    words = {
        "draw": (text("button_draw"),),
        "challenge": (text("button_challenge"),),
        "uno": (text.call_word,),
    } | OTHER_WORDS[text.lang]
    return {button for button in BUTTONS if any(w in prompt for w in words[button])}


def prompt_key(prompt: str, text: Text) -> str:
    """Which prompt sentence `prompt` is (its key in STRINGS), whatever fills its blanks."""
    fixed = {"draw": text("button_draw"), "challenge": text("button_challenge")}
    fixed["call"] = text.call_word
    found = []
    for key, template in STRINGS[text.lang].items():
        if not key.startswith("prompt_") and key != "demo_over":
            continue
        pattern = ""
        for literal, blank, _, _ in string.Formatter().parse(template):
            pattern += re.escape(literal)
            if blank is not None:
                pattern += re.escape(fixed[blank]) if blank in fixed else ".+?"
        if re.fullmatch(pattern, prompt):
            found.append(key)
    assert len(found) == 1, f"{prompt!r} is {found or 'no prompt'}"
    return found[0]


@dataclass(frozen=True)
class Before:
    """What a state was, to judge what a press did to it."""

    phase: str
    kind: str | None
    seat: int | None  # the awaited game seat
    pending: int
    next_dealer: int | None
    asking: tuple[int, str] | None
    actions: int
    leaving: tuple[int, ...] = ()  # game seats asked whether they leave

    @classmethod
    def of(cls, session: Session) -> Before:
        game = session.game
        if game is None:
            return cls(str(session.phase), None, None, 0, None, None, 0)
        aw = game.awaiting
        over = aw.kind is Kind.ROUND_OVER
        return cls(
            str(session.phase),
            str(aw.kind),
            aw.seat,
            game.pending_draw,
            game.next_dealer if over else None,
            session.asking(),
            len(game.history),
            session.leaving(),
        )


Effect = Callable[[Before, Session, int | None], bool]
"""Whether a press by a physical seat (None: the pad) did what the prompt promised."""


def _events(session: Session) -> list:
    return list(session.game.last_events) if session.game is not None else []


def _has(session: Session, kind: type, **fields) -> bool:
    return any(
        isinstance(e, kind) and all(getattr(e, k) == v for k, v in fields.items())
        for e in _events(session)
    )


def _moved(before: Before, session: Session) -> bool:
    return session.game is not None and len(session.game.history) > before.actions


PROMISES: dict[str, dict[str, Effect]] = {
    "prompt_lobby": {
        "uno": lambda b, s, seat: seat in s.joined,
        "pad": lambda b, s, seat: s.preset == "cool",  # the pad's blue picks cool
    },
    "prompt_lobby_start": {
        "uno": lambda b, s, seat: seat in s.joined,
        "pad": lambda b, s, seat: s.preset == "cool",
        "draw": lambda b, s, seat: s.game is not None,
    },
    "prompt_resume": {
        "draw": lambda b, s, seat: s.game is not None,
        "challenge": lambda b, s, seat: s.game is None and not s.journal_path.exists(),
    },
    "prompt_flip": {},
    "prompt_flip_again": {},
    "prompt_turn": {"draw": lambda b, s, seat: _has(s, ev.Drew, seat=b.seat)},
    "prompt_turn_multi": {"draw": lambda b, s, seat: _has(s, ev.Drew, seat=b.seat)},
    "prompt_target": {
        "uno": lambda b, s, seat: _has(s, ev.HandsSwapped, seat=b.asking[0]) and _moved(b, s)
    },
    "prompt_color": {"pad": lambda b, s, seat: _has(s, ev.ColorChosen, seat=b.seat)},
    "prompt_color_open": {"pad": lambda b, s, seat: _has(s, ev.ColorChosen, seat=b.seat)},
    "prompt_color_shuffle": {"pad": lambda b, s, seat: _has(s, ev.ColorChosen, seat=b.seat)},
    "prompt_drawn": {"draw": lambda b, s, seat: _has(s, ev.Passed, seat=b.seat)},
    "prompt_drawn_more": {"draw": lambda b, s, seat: _has(s, ev.Drew, seat=b.seat, count=1)},
    "prompt_drawn_any": {"draw": lambda b, s, seat: _has(s, ev.Drew, seat=b.seat, count=1)},
    "prompt_respond": {"draw": lambda b, s, seat: _has(s, ev.Drew, seat=b.seat, count=b.pending)},
    "prompt_respond_cool": {
        "draw": lambda b, s, seat: _has(s, ev.Drew, seat=b.seat, count=b.pending)
    },
    "prompt_counter_S": {
        "draw": lambda b, s, seat: (
            _has(s, ev.CounterDeclined, seat=b.seat) and _has(s, ev.Skipped, seat=b.seat)
        )
    },
    "prompt_counter_R": {"draw": lambda b, s, seat: _has(s, ev.CounterDeclined, seat=b.seat)},
    "prompt_challenge": {
        "challenge": lambda b, s, seat: _has(s, ev.Challenged, challenger=b.seat),
        "draw": lambda b, s, seat: _has(s, ev.Drew, seat=b.seat, count=b.pending),
    },
    "prompt_reveal_challenge": {"draw": lambda b, s, seat: _has(s, ev.ChallengeSettled)},
    "prompt_reveal_points": {
        "draw": lambda b, s, seat: _moved(b, s) and s.game.awaiting.seat != b.seat
    },
    "prompt_round_over": {"draw": lambda b, s, seat: _has(s, ev.Dealt, dealer=b.next_dealer)},
    "prompt_match_done": {"any": lambda b, s, seat: s.game is None},
    "prompt_leave": {
        "uno": lambda b, s, seat: s.joined.index(seat) in s.game.left and _moved(b, s),
        "others": lambda b, s, seat: not s.leaving() and not _moved(b, s),
    },
}
"""What each prompt promises each button it names does, judged after the press."""

NOT_AT_THE_TABLE = {
    "prompt_match_over": "a View without a table; the table says prompt_match_done instead",
    "demo_over": "the demo's last word: no button is pressed after it",
}
"""Prompts no waiting state of a table shows, and why."""


def presser(button: str, session: Session, before: Before) -> int | None:
    """The physical seat that presses `button` where the prompt means it (None: the pad)."""
    if button == "pad":
        return None
    if session.game is None:
        if button == "uno":
            return next(s for s in range(len(session.config.seats)) if s not in session.joined)
        return session.joined[0] if session.joined else 0
    if button == "uno" and before.asking is not None:  # "that seat presses UNO": another seat
        return next(p for n, p in enumerate(session.joined) if n != before.asking[0])
    if before.leaving:  # "your other buttons": the seat asked presses them
        return session.joined[before.leaving[0]]
    seat = before.seat if before.seat is not None else 0
    return session.joined[seat]


PAD_BUTTON = Button.BLUE
SEAT_BUTTONS = {"draw": Button.DRAW, "challenge": Button.CHALLENGE, "uno": Button.UNO}


def press(table, button: str, before: Before) -> int | None:
    """Press `button` where the prompt means it; returns the seat."""
    seat = presser(button, table.session, before)
    table.press(seat, PAD_BUTTON if button == "pad" else SEAT_BUTTONS[button])
    return seat


def said_something(session: Session) -> bool:
    """A refusal on screen: the table told the seat why nothing happened."""
    return session.notice is not None and not session.notice.problem


def quiet(before: Before, session: Session) -> bool:
    """The press left the table as it was (or only called or caught UNO)."""
    if Before.of(session) == before:
        return True
    side = (ev.UnoCalled, ev.UnoCaught, ev.Drew)
    return _moved(before, session) and all(isinstance(e, side) for e in _events(session))


def prompt_problems(reach: Callable[[], object], lang: str) -> list[str]:
    """Drive every button in the state `reach()` builds; what the prompt got wrong."""
    table = reach()
    text = Text(lang, table.session.config.display.call_word)
    prompt = table.view().prompt
    key = prompt_key(prompt, text)
    promised = PROMISES[key]
    out = []
    named = named_buttons(prompt, text)
    if named != set(promised):
        out.append(f"{key}: names {sorted(named)}, promises {sorted(promised)}: {prompt!r}")
    for button in ("draw", "challenge", "uno", "pad"):
        table = reach()
        before = Before.of(table.session)
        seat = press(table, button, before)
        # "any seat's button": each of a seat's three; "your other buttons": those not named
        others = promised.get("any", promised.get("others"))
        effect = promised.get(button, others if button in SEAT_BUTTONS else None)
        if effect is not None:
            if not effect(before, table.session, seat) or said_something(table.session):
                footer = table.view().footer
                out.append(f"{key}: {button} did not do what {prompt!r} says ({footer!r})")
        elif not (said_something(table.session) or quiet(before, table.session)):
            out.append(f"{key}: {button} changed the table, unsaid in {prompt!r}")
    return out
