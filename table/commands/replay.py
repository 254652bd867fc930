"""`uno-table replay JOURNAL`: rebuild a game from its journal and show it, without changing it."""

from __future__ import annotations

import argparse
import json
import sys

from engine import Action, Game
from engine.events import Event
from table.files import NotAFile, TooBig
from table.flow.journal import Contents, Damage, JournalError, read

DIRECTIONS = {1: "+1 (to the left)", -1: "-1 (to the right)"}

SEAT_KEYS = frozenset({"seat", "target", "by", "challenger", "challenged", "winner", "dealer"})
"""The keys of actions and events that name a seat: shown from 1, as the screen numbers seats."""


def register(sub: argparse._SubParsersAction) -> None:
    """Register the `replay` subcommand on the CLI's subparsers."""
    parser = sub.add_parser("replay", help="rebuild a game from its journal and print it")
    parser.add_argument("journal", help="the journal file (JSON lines)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--step", action="store_true", help="print each action and its events")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out=None) -> int:
    """Print the rebuilt game; 1 when the journal cannot be read, or is damaged (then the game
    is printed up to the last good action and stderr says where the damage is)."""
    out = out or sys.stdout
    steps: list[tuple[int, Action | None, list[Event]]] = []
    try:
        contents = read(args.journal)
        game, damage = contents.play(lambda n, a, e: steps.append((n, a, e)))
    except JournalError as err:
        print(f"uno-table replay: {err}", file=sys.stderr)
        return 1
    except OSError as err:  # NotAFile and TooBig say where; open's own errors say it here
        why = err if isinstance(err, NotAFile | TooBig) else f"{args.journal}: {err.strerror}"
        print(f"uno-table replay: {why}", file=sys.stderr)
        return 1
    if damage is not None:
        print(
            f"uno-table replay: {contents.path}:{damage.line}: {damage.why}; "
            f"shown up to action {len(game.history)}",
            file=sys.stderr,
        )
    code = 0 if damage is None else 1
    if args.json:
        print(
            json.dumps(as_json(contents, game, steps if args.step else None, damage), indent=2),
            file=out,
        )
        return code
    if args.step:
        for n, action, events in steps:
            what = describe(action) if action else f"start ({contents.header['origin']['how']})"
            print(f"{n:4}. {what}", file=out)
            for event in events:
                print(f"        {describe(event)}", file=out)
        print(file=out)
    print(as_text(contents, game), file=out)
    return code


def as_json(contents: Contents, game: Game, steps=None, damage: Damage | None = None) -> dict:
    """The journal's header and the rebuilt game's public state and snapshot."""
    out = {
        "journal": str(contents.path),
        "header": contents.header,
        "actions": len(game.history),
        "torn_bytes": len(contents.torn),
        "damage": damage and {"line": damage.line, "why": damage.why},
        "public": game.public_state(),
        "snapshot": game.snapshot(),
    }
    if steps is not None:
        out["steps"] = [
            {"n": n, "action": a and a.to_json(), "events": [e.to_json() for e in events]}
            for n, a, events in steps
        ]
    return out


def as_text(contents: Contents, game: Game) -> str:
    """The rebuilt game for people: who holds what, what is on top, whose move it is."""
    header, origin = contents.header, contents.header["origin"]
    lines = [
        f"journal   {contents.path}: format {header['format']}, uno-table {header.get('app')}, "
        f"{len(game.history)} actions",
        f"rules     {game.rules.name}" + _changed_knobs(contents),
        f"origin    {origin.get('how')}: {game.players} players, first dealer "
        f"{_seat(origin.get('dealer'))}, seed {origin.get('seed')}",
    ]
    if contents.torn:
        lines.append(f"note      a torn last line ({len(contents.torn)} bytes) was dropped")
    color = game.color.name.lower() if game.color else "not named yet"
    top = game.top or "not turned yet"
    lines += [
        f"top       {top}   colour {color}   direction {DIRECTIONS[game.direction]}",
        f"piles     draw {game.draw_count}   discard {len(game.discard)}   "
        f"pending draw {game.pending_draw}",
        f"awaiting  {game.awaiting.kind}" + _from_seat(game.awaiting.seat),
        f"dealer    seat {_seat(game.dealer)}",
    ]
    for seat in range(game.players):
        lines.append(_seat_line(game, seat))
    if game.winner is not None:
        lines.append(f"round     won by seat {_seat(game.winner)}")
    if game.match_winner is not None:
        lines.append(f"match     won by seat {_seat(game.match_winner)}")
    return "\n".join(lines)


def _seat_line(game: Game, seat: int) -> str:
    """One seat: `>` marks the awaited one; the hand lists the cards the engine has seen."""
    count, seen = game.hand_count(seat), game.hand(seat)
    hand = " ".join(str(c) for c in seen)
    if len(seen) < count:
        hand = f"{hand} +{count - len(seen)} unseen" if seen else f"{count} unseen"
    marks = [m for m, on in (("UNO", game.uno_called(seat)), ("left", seat in game.left)) if on]
    cards = "card " if count == 1 else "cards"
    line = f"{'>' if game.awaiting.seat == seat else ' '} seat {_seat(seat)}  {count:3} {cards}  "
    line += f"score {game.scores[seat]:4}  hand {hand or '-'}"
    return line + (f"  [{', '.join(marks)}]" if marks else "")


def _from_seat(seat: int | None) -> str:
    return "" if seat is None else f" from seat {_seat(seat)}"


def _seat(seat: object) -> object:
    """An engine seat (from 0) as people count it (from 1); anything else as it is."""
    return seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat


def _changed_knobs(contents: Contents) -> str:
    """The knobs that differ from the named preset, if it is one."""
    knobs = contents.header["rules"]
    try:
        preset = type(contents.rules()).preset(knobs.get("name", "")).knobs()
    except ValueError:
        return ""
    changed = [f"{k}={v}" for k, v in knobs.items() if preset.get(k) != v]
    return f" ({', '.join(changed)})" if changed else ""


def describe(item: Action | Event) -> str:
    """One action or event on one line: its type, then its fields that are set (seats from 1)."""
    data = item.to_json()
    kind = data.pop("type")
    parts = []
    for key, value in data.items():
        if value is None or value == [] or (key == "auto" and value is False):
            continue
        if key in SEAT_KEYS:
            value = _seat(value)
        if isinstance(value, list):
            value = ",".join(str(v) for v in value)
        parts.append(f"{key}={value}")
    return " ".join([kind, *parts])
