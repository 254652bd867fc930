"""What the screen shows, as one frozen value: built from a Game and the table's own facts."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine import Card, Game, Kind, Outcome, Rank, RuleSet, Stacking
from engine import events as ev
from table.positions import default_positions

from .text import Text, default_language

EVENT_LINES = 5
"""How many recent events a View keeps (the screen shows as many as fit)."""


class Screen(StrEnum):
    """Which screen is up."""

    LOBBY = "lobby"
    DEAL = "deal"
    GAME = "game"
    COLOR = "color"
    CHALLENGE = "challenge"
    TALLY = "tally"
    SCOREBOARD = "scoreboard"
    MATCH_OVER = "match_over"


@dataclass(frozen=True)
class Devices:
    """Device status for the corner: the card reader, the pin factory, the last problem."""

    reader: bool = True
    pin_factory: str = ""
    problem: str = ""
    typing: bool = False  # card codes may be typed on the keyboard
    down: tuple[str, ...] = ()  # the devices `problem` names, as it names them


class NoticeKind(StrEnum):
    """What a notice is about; the screen colours each kind its own way."""

    REFUSAL = "refusal"  # the game refused an input: red, and the seat's box too
    PROBLEM = "problem"  # a device sent something unusable, or failed


@dataclass(frozen=True)
class Notice:
    """A message over the prompt, in the table's language: the seat it concerns (a game seat),
    and the count of game actions it belongs to (None: any), so that it never outlives them."""

    text: str
    seat: int | None = None
    kind: NoticeKind = NoticeKind.REFUSAL
    actions: int | None = None


@dataclass(frozen=True)
class SeatView:
    """One seat as the screen shows it."""

    seat: int
    name: str
    position: str = "bottom"
    cards: int | None = None  # None in the lobby
    score: int = 0
    uno: bool = False  # called UNO
    turn: bool = False  # the game waits for this seat
    dealer: bool = False
    joined: bool = True
    left: bool = False
    pending: int = 0  # a penalty draw waiting on this seat


@dataclass(frozen=True)
class ChallengeView:
    """A Wild Draw Four challenge: deciding it, or the culprit showing the hand."""

    challenger: int
    challenged: int
    follow: str | None  # the colour letter the +4 was played on
    revealing: bool = False
    shown: tuple[str, ...] = ()
    unseen: int = 0
    guilty_draw: int = 4  # what the culprit draws if guilty
    innocent_draw: int = 6  # what the challenger draws if the +4 was fair


@dataclass(frozen=True)
class TallyRow:
    """One seat's hand at the end of a round: cards scanned, how many are still to scan."""

    seat: int
    shown: tuple[str, ...] = ()
    unseen: int = 0
    points: int = 0


@dataclass(frozen=True)
class Verdict:
    """The ruling of the last action, shown until the next one: a challenge, a caught UNO."""

    title: str
    detail: str
    seat: int  # the seat the ruling goes against
    good: bool = False  # for the seat that asked for it (a challenge won, a catch)


@dataclass(frozen=True)
class TableFacts:
    """What the controller knows besides the game: seats, language, devices, messages."""

    names: tuple[str, ...] = ()  # seat names; missing ones are "Seat n"
    positions: tuple[str, ...] = ()  # missing ones follow default_positions
    seats: int = 4  # seats shown in the lobby when there is no game yet
    joined: frozenset[int] = frozenset()
    preset: str = "official"  # the lobby's chosen preset (a game's own rules say its own)
    lang: str = field(default_factory=default_language)  # from the locale unless given
    call_word: str = "UNO"
    events: tuple[ev.Event | str, ...] = ()  # recent events, oldest first
    notices: tuple[Notice, ...] = ()
    devices: Devices = Devices()
    help: bool = False
    keys: tuple[tuple[str, str], ...] = ()  # (key, meaning) rows of the help overlay
    key_grid: tuple[tuple[str, tuple[str, ...]], ...] = ()  # seats' keys; the first row: heads
    typed: str = ""  # a card code being typed on the keyboard
    notes: tuple[str, ...] = ()
    preset_colors: tuple[tuple[str, str], ...] = ()  # (preset, the pad colour that picks it)
    resume: bool = False  # the lobby offers to resume a saved game
    presets: tuple[str, ...] = RuleSet.PRESETS  # the chips the lobby shows
    rules_line: str = ""  # the lobby: the rule set in force (or the saved game's), in a line
    progress: str = ""  # the lobby offering a saved game: how far it got
    scores: tuple[int | None, ...] = ()  # the lobby: each seat's score in the saved game
    points: bool = True  # the lobby's saved game scores points
    screen: Screen | None = None  # force a screen (the lobby); else the game decides
    prompt: str | None = None  # replace the prompt the game's state suggests
    asking: tuple[int, str] | None = None  # (seat, card): a 7 waiting for the seat to swap with
    leaving: tuple[int, ...] = ()  # seats asked whether they leave the game (DRAW held)


@dataclass(frozen=True)
class GameFacts:
    """What the screen shows of a game, read from it as the View is built (a Game changes as
    play goes on; a View does not)."""

    rules: RuleSet
    top: str | None  # the top card's code
    color: str | None  # the colour letter to follow
    direction: int  # +1: clockwise (to the left)
    pending: int  # the draw waiting on the awaited seat
    awaited: int | None
    dealer: int
    actions: int  # the game's actions so far: a refusal belongs to this count
    outcome: Outcome | None  # how the round just over ended
    challenge: ChallengeView | None
    tally: tuple[TallyRow, ...]

    @classmethod
    def of(cls, game: Game, asking: tuple[int, str] | None = None) -> GameFacts:
        """The facts of `game`; with a 7 `asking` who swaps, that 7 on top (it lies on the
        pile while the table asks)."""
        top, color = game.top and str(game.top), game.color and str(game.color)
        if asking is not None:
            top = asking[1]
            color = str(Card.parse(top).color)
        return cls(
            rules=game.rules,
            top=top,
            color=color,
            direction=game.direction,
            pending=game.pending_draw,
            awaited=game.awaiting.seat,
            dealer=game.dealer,
            actions=len(game.history),
            outcome=game.outcome,
            challenge=challenge_view(game),
            tally=tally_rows(game),
        )


@dataclass(frozen=True)
class View:
    """Everything one frame shows; the Display draws it and nothing else: the screen, the
    table's facts and the game's as given, and what they make together in the table's words."""

    screen: Screen
    table: TableFacts
    game: GameFacts | None  # None: the lobby
    seats: tuple[SeatView, ...]
    prompt: str
    events: tuple[str, ...]  # newest first
    notices: tuple[Notice, ...]  # those of the present state; the first shows over the prompt
    verdict: Verdict | None = None

    @functools.cached_property  # read by the parts that say names, once a frame
    def names(self) -> tuple[str, ...]:
        """Every seat's name, by seat."""
        return tuple(seat.name for seat in self.seats)

    @property
    def lang(self) -> str:
        """The table's language."""
        return self.table.lang

    @property
    def help(self) -> bool:
        """Whether the help overlay is up."""
        return self.table.help

    @property
    def preset(self) -> str:
        """The preset in force: the game's, else the one chosen in the lobby."""
        return self.game.rules.name if self.game else self.table.preset

    @property
    def points(self) -> bool:
        """Whether rounds score points: the game's rules, else the lobby's saved game."""
        return self.game.rules.points if self.game else self.table.points

    @property
    def actions(self) -> int:
        """The game's actions so far (0 in the lobby)."""
        return self.game.actions if self.game else 0

    @property
    def refusal(self) -> Notice | None:
        """The refusal on screen, if any."""
        return next((n for n in self.notices if n.kind is NoticeKind.REFUSAL), None)

    @property
    def footer(self) -> str:
        """The line in the bar at the bottom, as shown: the first notice, else the prompt."""
        if not self.notices:
            return self.prompt
        notice = self.notices[0]
        who = self.seats[notice.seat].name if notice.seat in range(len(self.seats)) else ""
        if who:
            return f"{who}: {notice.text}"
        if notice.kind is NoticeKind.REFUSAL:  # made to follow a name: here it starts the line
            return notice.text[:1].upper() + notice.text[1:]
        return notice.text


def build_view(game: Game | None, facts: TableFacts = TableFacts()) -> View:
    """The View of a game (or of the lobby when `game` is None) at this table."""
    text = Text(facts.lang, facts.call_word)
    count = game.players if game else max(facts.seats, len(facts.names))
    names = seat_names(facts, count, text)
    events = event_lines(facts.events, names, text)
    notices = current_notices(facts.notices, game)
    if game is None or facts.screen is Screen.LOBBY:
        prompt = facts.prompt or text("prompt_lobby")
        return View(Screen.LOBBY, facts, None, lobby_seats(facts, names), prompt, events, notices)
    if facts.asking is not None:
        # The 7 lies on the pile while the table asks who swaps: say it.
        seat, card = facts.asking
        played = text("ev_played", name=names[seat], card=text.card(card))
        events = (played, *events)[:EVENT_LINES]
    prompt = (
        facts.prompt
        or leaving_prompt(facts.leaving, names, text)
        or prompt_for(game, names, text, facts.events, facts.asking)
    )
    return View(
        screen=facts.screen or screen_for(game),
        table=facts,
        game=GameFacts.of(game, facts.asking),
        seats=game_seats(game, facts, names),
        prompt=prompt,
        events=events,
        notices=notices,
        verdict=verdict_of(game.last_events, names, text),
    )


def current_notices(notices: Sequence[Notice], game: Game | None) -> tuple[Notice, ...]:
    """The notices that belong to the game's present state: a refusal is gone after an action."""
    actions = len(game.history) if game else 0
    return tuple(n for n in notices if n.actions is None or n.actions == actions)


def verdict_of(events: Sequence, names: tuple[str, ...], text: Text) -> Verdict | None:
    """A banner for a settled challenge or a caught UNO among the last action's events."""
    drawn = {e.seat: e.count for e in events if isinstance(e, ev.Drew)}
    for event in events:
        match event:
            case ev.ChallengeSettled(challenger, challenged, guilty):
                loser = challenged if guilty else challenger
                key = "verdict_guilty" if guilty else "verdict_fair"
                detail = text(
                    f"{key}_detail",
                    culprit=names[challenged],
                    challenger=names[challenger],
                    n=drawn.get(loser, 0),
                )
                title = text(key, challenger=names[challenger])
                return Verdict(title, detail, loser, good=guilty)
            case ev.UnoCaught(seat, by):
                detail = text("verdict_caught_detail", name=names[seat], n=drawn.get(seat, 0))
                return Verdict(text("verdict_caught", by=names[by]), detail, seat, good=True)
            case ev.HandsShuffled(seat, counts):
                detail = shuffle_how(seat, counts, names, text)
                return Verdict(text("shuffle_title"), detail, seat, good=True)
    return None


def shuffle_how(seat: int, counts: Sequence[int], names: Sequence[str], text: Text) -> str:
    """What the table does with the real cards after a Wild shuffle hands (docs/rules.md):
    `seat` gathers and deals one at a time from its left; the first seats dealt to get the
    odd cards."""
    players = len(counts)
    order = [(seat + k) % players for k in range(1, players + 1)]
    dealt = [s for s in order if counts[s] > 0]  # a seat that left is dealt nothing
    most, least = max(counts[s] for s in dealt), min(counts[s] for s in dealt)
    if most == least:
        share = text("shuffle_even", n=most)
    else:
        more = ", ".join(names[s] for s in dealt if counts[s] == most)
        share = text("shuffle_odd", n=most, more=more, less=least)
    return text("shuffle_how", name=names[seat], first=names[dealt[0]], share=share)


def screen_for(game: Game) -> Screen:
    """The screen for what the game waits for."""
    kind = game.awaiting.kind
    if kind is Kind.REVEAL:
        return Screen.CHALLENGE if game.winner is None else Screen.TALLY
    return {
        Kind.FLIP: Screen.DEAL,
        Kind.COLOR: Screen.COLOR,
        Kind.CHALLENGE: Screen.CHALLENGE,
        Kind.ROUND_OVER: Screen.SCOREBOARD,
        Kind.MATCH_OVER: Screen.MATCH_OVER,
    }.get(kind, Screen.GAME)


def seat_names(facts: TableFacts, count: int, text: Text) -> tuple[str, ...]:
    given = facts.names
    return tuple(given[s] if s < len(given) else text.seat_name(s) for s in range(count))


def seat_positions(facts: TableFacts, count: int) -> tuple[str, ...]:
    given, default = facts.positions, default_positions(count)
    return tuple(given[s] if s < len(given) else default[s] for s in range(count))


def lobby_seats(facts: TableFacts, names: tuple[str, ...]) -> tuple[SeatView, ...]:
    places = seat_positions(facts, len(names))
    scores = dict(enumerate(facts.scores))
    return tuple(
        SeatView(
            seat=s,
            name=names[s],
            position=places[s],
            joined=s in facts.joined,
            score=scores.get(s) or 0,
        )
        for s in range(len(names))
    )


def game_seats(game: Game, facts: TableFacts, names: tuple[str, ...]) -> tuple[SeatView, ...]:
    places = seat_positions(facts, game.players)
    aw = game.awaiting
    moving = game.to_move  # the awaited seat, and one that may play meanwhile
    penalty_kinds = (Kind.RESPOND, Kind.CHALLENGE)
    scores = game.scores
    # A 7 waiting for the seat to swap with lies on the pile, out of its player's hand.
    asker = facts.asking[0] if facts.asking is not None else None
    return tuple(
        SeatView(
            seat=s,
            name=names[s],
            position=places[s],
            cards=game.hand_count(s) - (s == asker),
            score=scores[s],
            uno=game.uno_called(s),
            turn=s in moving,
            dealer=game.dealer == s,
            left=s in game.left,
            pending=game.pending_draw if aw.seat == s and aw.kind in penalty_kinds else 0,
        )
        for s in range(game.players)
    )


def event_lines(events: Sequence, names: tuple[str, ...], text: Text) -> tuple[str, ...]:
    """The newest events as sentences, newest first (strings are kept as they are)."""
    lines = []
    for event in reversed(events):
        line = event if isinstance(event, str) else sentence(text, event, names)
        if line:
            lines.append(line)
        if len(lines) == EVENT_LINES:
            break
    return tuple(lines)


@functools.lru_cache(maxsize=4 * EVENT_LINES)
def sentence(text: Text, event: ev.Event, names: tuple[str, ...]) -> str | None:
    """`text.event(event, names)`, kept: every frame words the last few events again, and
    they stay the same until the next one (events, names and Text are values)."""
    return text.event(event, names)


def leaving_prompt(seats: Sequence[int], names: tuple[str, ...], text: Text) -> str:
    """The question to the seats that held DRAW: do they leave? ("" when none is asked)."""
    if not seats:
        return ""
    return text("prompt_leave", name=", ".join(names[s] for s in seats))


def prompt_for(
    game: Game,
    names: tuple[str, ...],
    text: Text,
    events: Sequence = (),
    asking: tuple[int, str] | None = None,
) -> str:
    """What the awaited seat should do, as one sentence; with a 7 `asking` (seat, card) who
    swaps hands with the seat, that question."""
    if asking is not None:
        seat, card = asking
        return text("prompt_target", name=names[seat], card=text.card(card))
    aw = game.awaiting
    name = names[aw.seat] if aw.seat is not None else ""
    n = game.pending_draw
    match aw.kind:
        case Kind.FLIP:
            returned = events and isinstance(events[-1], ev.ReturnedToPile)
            return text("prompt_flip_again" if returned else "prompt_flip", name=name)
        case Kind.COLOR if any(isinstance(e, ev.HandsShuffled) for e in game.last_events):
            return text("prompt_color_shuffle", name=name)
        case Kind.COLOR if game.meanwhile is not None:
            return text("prompt_color_open", name=name, other=names[game.meanwhile.seat])
        case Kind.COLOR:
            return text("prompt_color", name=name)
        case Kind.DRAWN:
            return text(_drawn_key(game.rules), name=name)
        case Kind.RESPOND if game.counter is not None:
            return text(f"prompt_counter_{game.counter.against}", name=name)
        case Kind.RESPOND:
            cool = game.rules.stacking is Stacking.COOL
            key = "prompt_respond_cool" if cool else "prompt_respond"
            return text(key, name=name, n=n)
        case Kind.CHALLENGE:
            return text("prompt_challenge", name=name, n=n)
        case Kind.REVEAL:
            key = "prompt_reveal_challenge" if game.winner is None else "prompt_reveal_points"
            return text(key, name=name)
        case Kind.ROUND_OVER:
            return text("prompt_round_over", name=names[game.next_dealer])
        case Kind.MATCH_OVER:
            return text("prompt_match_over")
    return text("prompt_turn_multi" if game.rules.multi_play else "prompt_turn", name=name)


def _drawn_key(rules: RuleSet) -> str:
    if rules.draw_until_play:
        return "prompt_drawn_any"
    return "prompt_drawn_more" if rules.draw_to_match else "prompt_drawn"


def challenge_view(game: Game) -> ChallengeView | None:
    """The challenge being decided or revealed, if any."""
    w4 = game.challenge
    if w4 is None:
        return None
    culprit, challenger = w4.seat, w4.challenger
    follow = str(w4.follow) if w4.follow is not None else None
    kind = game.awaiting.kind
    draws = dict(
        guilty_draw=Rank.WILD4.draws * w4.count,  # several W4 in one play
        innocent_draw=game.pending_draw + game.rules.challenge_penalty,
    )
    if kind is Kind.CHALLENGE:
        return ChallengeView(
            challenger=game.awaiting.seat, challenged=culprit, follow=follow, **draws
        )
    shown = game.hand(culprit)
    return ChallengeView(
        challenger=challenger,
        challenged=culprit,
        follow=follow,
        revealing=True,
        shown=tuple(str(c) for c in shown),
        unseen=game.hand_count(culprit) - len(shown),
        **draws,
    )


def tally_rows(game: Game) -> tuple[TallyRow, ...]:
    """At a round's end under points rules, each other seat's hand in the order they show it."""
    winner = game.winner
    if winner is None or not game.rules.points:
        return ()
    rows = []
    for seat in game.show_order():
        shown = game.hand(seat)
        rows.append(
            TallyRow(
                seat=seat,
                shown=tuple(str(c) for c in shown),
                unseen=game.hand_count(seat) - len(shown),
                points=game.hand_points(seat),
            )
        )
    return tuple(rows)
