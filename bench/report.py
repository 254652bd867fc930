"""BENCHMARKS.md from the figures: the targets with their measured values, then the details."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from bench.engine import REPEATS, Comparison
from engine import RuleSet

ENGINE_RATIO = 10.0
MEDIAN_MS, P99_MS = 5.0, 16.0
IDLE_SHARE = 0.01
START_S = 1.5
PEAK_MB = {"1920x1080": 80.0, "800x480": 60.0}
"""Peak memory by screen size (DESIGN.md, Targets)."""
RESUME_S = 0.3


@dataclass(frozen=True)
class Verdict:
    target: str
    measured: str
    met: bool
    by: str = ""  # how far off, for a missed target


def _ratio(c: Comparison) -> str:
    return "rlcard not installed" if c.ratio is None else f"{c.ratio:.2f}x"


def verdicts(games: list[Comparison], table: dict, start: dict, resumed: dict) -> list[Verdict]:
    out = []
    for c in games:
        met = c.ratio is not None and c.ratio >= ENGINE_RATIO
        by = "" if met or c.ratio is None else f"{ENGINE_RATIO / c.ratio:.0f}x too slow"
        out.append(
            Verdict(
                f"engine, {c.players} players, {c.policy}: >= {ENGINE_RATIO:.0f}x rlcard",
                _ratio(c),
                met,
                by,
            )
        )
    shipped, idle = table["shipped"], table["idle"]
    median, p99 = shipped["median_ms"], shipped["p99_ms"]
    out += [
        Verdict(
            f"edge to frame, median < {MEDIAN_MS:.0f} ms",
            f"{median:.1f} ms",
            median < MEDIAN_MS,
            f"+{median - MEDIAN_MS:.1f} ms",
        ),
        Verdict(
            f"edge to frame, p99 < {P99_MS:.0f} ms",
            f"{p99:.1f} ms",
            p99 < P99_MS,
            f"+{p99 - P99_MS:.1f} ms",
        ),
        Verdict(
            "idle game screen < 1% of a core",
            f"{idle['core_share'] * 100:.2f}%",
            idle["core_share"] < IDLE_SHARE,
            f"+{(idle['core_share'] - IDLE_SHARE) * 100:.2f} points",
        ),
        Verdict(
            f"start to first frame < {START_S} s",
            f"{start['median_s']:.2f} s (worst {start['max_s']:.2f} s)",
            start["max_s"] < START_S,
            f"+{start['max_s'] - START_S:.2f} s",
        ),
    ]
    out += [
        Verdict(
            f"peak memory at {m['size']}, a bots' match of {m['actions']:,} actions "
            f"< {PEAK_MB[m['size']]:.0f} MB",
            f"{m['peak_rss_mb']:.1f} MB",
            m["peak_rss_mb"] < PEAK_MB[m["size"]],
            f"+{m['peak_rss_mb'] - PEAK_MB[m['size']]:.1f} MB",
        )
        for m in table["memory"]
    ]
    out += [
        Verdict(
            f"resume a {resumed['actions']:,}-action journal < {RESUME_S} s",
            f"{resumed['median_s'] * 1000:.1f} ms (worst {resumed['max_s'] * 1000:.1f} ms)",
            resumed["max_s"] < RESUME_S,
            f"+{resumed['max_s'] - RESUME_S:.2f} s",
        ),
    ]
    return out


def verdicts_text(games, table, start, resumed) -> str:
    """One line per target, for the terminal."""
    lines = []
    for v in verdicts(games, table, start, resumed):
        mark = "met   " if v.met else "MISSED"
        lines.append(f"{mark} {v.target}: {v.measured}" + ("" if v.met else f" ({v.by})"))
    return "\n".join(lines)


def render(
    facts: dict,
    games: list[Comparison],
    table: dict,
    start: dict,
    resumed: dict,
    *,
    rlcard: str | None,
    quick: bool = False,
) -> str:
    """The whole of BENCHMARKS.md."""
    today = datetime.date.today().isoformat()
    rows = verdicts(games, table, start, resumed)
    out = [
        "# Benchmarks",
        "",
        f"Written by `make bench` (`python -m bench`) on {today}; every figure below comes from "
        "that one run. Rerun it to refresh this file; the targets are in DESIGN.md (Targets).",
    ]
    if quick:
        out += ["", "**A quick run (`--quick`): tiny counts, the figures mean nothing.**"]
    out += ["", "## Targets", "", "| target | measured | |", "| --- | --- | --- |"]
    for v in rows:
        verdict = "met" if v.met else f"**missed** ({v.by})"
        out.append(f"| {v.target} | {v.measured} | {verdict} |")
    out += ["", "## Machine", "", "| | |", "| --- | --- |"]
    out += [f"| {name} | {value} |" for name, value in facts.items()]
    out += _notes(rows, games)
    out += _engine_section(games, rlcard)
    out += _table_section(table, start, resumed)
    out += _commands()
    return "\n".join(out) + "\n"


def _engine_why(games: list[Comparison]) -> str:
    """Why the engine misses 10x rlcard: this run's figures, then what profiling found."""
    return (
        "**Engine.** Per action our engine does more than rlcard's: it lists the legal "
        "actions and `apply` checks the chosen one again (each refusal has a reason), moves "
        "the cards, returns frozen event values, records the action in the history, and keeps "
        "the UNO call and catch window, the challenge of a Wild Draw Four and the points that "
        "rlcard does not have." + _run_figures(games) + " Profiled by hand on 2026-11-21 "
        "(cProfile, not part of this bench), before and after `legal_actions()` was made to "
        "build only the moves the moment can accept: 40 us per action and 272 calls before, "
        "16.6 us and 130 calls after, with the same legal actions, events, refusals and "
        "golden traces. What is left is spread over those calls, with no single spot left to "
        "fix. What would close it: a compiled core (mypyc or Cython over `engine/`, or a Rust "
        "core behind the same API) winning more than 20x per action; short of that, a target "
        "in actions per second under the same policy is one this engine can be held to."
    )


def _run_figures(games: list[Comparison]) -> str:
    """This run's per-action budget for 10x, and how much longer uniform games are."""
    out = ""
    uniform = [c for c in games if c.theirs and c.policy == "uniform"]
    if uniform:
        longer = max(c.ours.actions_per_game / c.theirs.actions_per_game for c in uniform)
        out += (
            f" Under uniform play the official rules make games up to {longer:.0f}x longer "
            "than rlcard's (a player may draw instead of playing, then pass), so games per "
            "second fall much further than actions per second: that part is the rules."
        )
    fastest = [c for c in games if c.theirs and c.policy == "plays first"]
    if fastest:
        c = max(fastest, key=lambda c: c.ratio)
        need = 1e6 / (ENGINE_RATIO * c.theirs.games_per_s * c.ours.actions_per_game)
        out += (
            f" In this run, {ENGINE_RATIO:.0f}x rlcard with {c.players} players and plays first "
            f"means {need:.1f} us per action of ours (rlcard takes "
            f"{1e6 / c.theirs.actions_per_s:.1f} us per action of its own, ours "
            f"{1e6 / c.ours.actions_per_s:.1f} us: {c.action_ratio:.2f}x its actions per "
            "second)."
        )
    return out


WHY = {
    "edge": (
        "**Edge to frame.** What is left is the frame at 1920x1080 (2.5-3.5 ms when profiled "
        "by hand on 2026-11-21: the full-screen background blit and the text) and the "
        "journal's fsync (1.5-3 ms then, more on an SD card). Next: render the frame while "
        "the fsync runs on another thread and flip only once it returns (the journal's "
        "promise holds), and redraw only the regions that changed."
    ),
    "idle": (
        "**Idle.** What wakes up while nothing happens: the loop, twice a second (it pumps "
        "the window's events, so a key on a PC keyboard waits that long at most, notices "
        "SIGTERM and tells systemd's watchdog it is alive). The card reader's thread sleeps "
        "in its read until bytes come (close() cancels the read), and gpiozero's `Button`, "
        "which polled ten times a second per button for 'held' events, is no longer used. "
        "Next: a slower wake while the window has no keyboard (the Pi's buttons and readers "
        "already wake the loop through its queue)."
    ),
    "peak": (
        "**Memory.** Python, pygame and the app take about 41 MB before the first frame at "
        "1920x1080 (the screen surface alone is 8 MB); the drawing caches are bounded in "
        "screens' worth of pixels (`table/screen/paint.py`), the rest is each frame's own "
        "drawing."
    ),
}


def _notes(rows: list[Verdict], games: list[Comparison]) -> list[str]:
    """Why each missed target is missed and what would close it."""
    missed = [v for v in rows if not v.met]
    if not missed:
        return ["", "Every target is met."]
    out = ["", "## Missed targets", ""]
    out += [f"- {v.target}: {v.measured}, {v.by}." for v in missed]
    why = {"engine": _engine_why(games), **WHY}
    for key, text in why.items():
        if any(v.target.startswith(key) for v in missed):
            out += ["", text]
    return out


def _deck_words(preset: str) -> str:
    """ "112 cards (8 Wild)": the preset's deck as the engine builds it."""
    deck = RuleSet.preset(preset).deck()
    wilds = sum(1 for card in deck if str(card) == "W")
    return f"{len(deck)} cards ({wilds} Wild)"


def _engine_section(games: list[Comparison], rlcard: str | None) -> list[str]:
    out = [
        "",
        "## Engine: random legal games",
        "",
        "One game is one round from a seeded deal to the first player out, every move picked at "
        "random among the legal actions the engine lists. Both sides play the same count of "
        f"games from the same seeds in the same process, {REPEATS} times each, taking turns; "
        "each side's fastest run counts (the slower ones measure whatever else the machine "
        "was doing). rlcard is played through its `UnoGame` "
        "object (not the RL environment, which also encodes every state as numpy arrays): the "
        "fastest way to run it.",
        "",
        "- **uniform**: any legal action.",
        "- **plays first**: a random legal play when there is one, else any legal action "
        "(rlcard lists `draw` only when nothing plays, so for rlcard this is uniform).",
        "",
    ]
    if rlcard is None:
        out += [
            "rlcard is not installed here (`pip install '.[bench]'`), so there is no ratio.",
            "",
        ]
    out += [
        "| players | policy | games | ours: games/s | rlcard: games/s | ratio "
        "| ours: actions/game | rlcard: actions/game | ours: us/action | rlcard: us/action "
        "| actions/s ratio |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in games:
        t = c.theirs
        out.append(
            f"| {c.players} | {c.policy} | {c.ours.games} | {c.ours.games_per_s:,.1f} "
            f"| {f'{t.games_per_s:,.1f}' if t else '-'} | {_ratio(c)} "
            f"| {c.ours.actions_per_game:,.0f} | {f'{t.actions_per_game:,.0f}' if t else '-'} "
            f"| {1e6 / c.ours.actions_per_s:.1f} "
            f"| {f'{1e6 / t.actions_per_s:.1f}' if t else '-'} "
            f"| {f'{c.action_ratio:.2f}x' if t else '-'} |"
        )
    out += [
        "",
        "A game's time includes its deal (ours: `Game.new`; rlcard: `UnoGame()` and "
        "`init_game`); us/action is that time over the actions played.",
    ]
    out += [
        "",
        "What each side plays:",
        "",
        f"- **ours, `official`**: {_deck_words('official')}, "
        "7 each, the printed first-card rules; the player may "
        "draw instead of playing and may play the drawn card if it fits, else it passes; "
        "Draw Two and Wild Draw Four hit the next seat, who loses the turn; a Wild Draw Four "
        "can be challenged (the game knows the hand, so it settles it at once), a challenge "
        "is one more action; UNO is an action (a seat that does not call can be caught, "
        "which random play here never does); 2 players: Reverse acts as Skip. Points are "
        "counted at the round's end (no match to 500 here: one round per game).",
        "- **rlcard `UnoGame`**: 108 cards, 7 each; a wild first card gets a random colour; "
        "`draw` is legal only when nothing plays; a drawn card that matches the colour is "
        "played by the game itself, a drawn wild too (random colour); a Wild Draw Four is "
        "legal only when nothing else plays, so there is no challenge; no UNO call, no "
        "catching, no scoring; with 2 players Reverse just passes the turn.",
        "",
    ]
    return out


def _memory_lines(memory: list[dict], start: dict) -> list[str]:
    """How peak memory was measured, and what each size used."""
    sizes = "; ".join(
        f"{m['size']}: {m['peak_rss_mb']:.1f} MB over {m['actions']:,} actions in "
        f"{m['matches']} matches, {m['frames']:,} frames, {m['faces']} card faces on top, "
        f"screens {', '.join(m['screens'])}"
        for m in memory
    )
    return [
        "- Peak memory (`ru_maxrss` of a process of its own per size, `python -m bench.memory "
        "WIDTH HEIGHT`): sensible bots (the demo's DemoDriver) play 4-seat official matches "
        "one after the other into a Session with its journal, the language switching between "
        "English and Spanish from one match to the next, and the Window draws every change "
        "(the help overlay every 250 actions). " + sizes + ". "
        f"`uno-table run --headless` peaks at {start['peak_rss_mb']:.1f} MB.",
    ]


def _table_section(table: dict, start: dict, resumed: dict) -> list[str]:
    shipped, slow, idle = table["shipped"], table["settle_30"], table["idle"]
    return [
        "## The table, headless at 1920x1080",
        "",
        "The app's own parts (`open_inputs` on gpiozero's MockFactory, a pty card reader, a "
        "Session with its journal, the Window and the Loop; `python -m bench.table`) run a "
        "4-seat official game on real cards. Another thread presses the awaited seat's DRAW "
        "on a mock pin (`drive_low`) while the loop runs; the time runs from just before the "
        "edge to the end of `Window.frame` (`Display.show`: the frame drawn and flipped). "
        "Every press is an action (a draw, then a pass), journalled and fsync'd before its "
        "frame.",
        "",
        "| settle window | presses | median | p99 | worst |",
        "| --- | --- | --- | --- | --- |",
        f"| shipped: `settle_ms = {table['settle_ms']:.0f}` | {shipped['presses']} "
        f"| {shipped['median_ms']:.1f} ms | {shipped['p99_ms']:.1f} ms "
        f"| {shipped['max_ms']:.1f} ms |",
        f"| `settle_ms = 30` | {slow['presses']} | {slow['median_ms']:.1f} ms "
        f"| {slow['p99_ms']:.1f} ms | {slow['max_ms']:.1f} ms |",
        "",
        "The settle window (`[gpio] settle_ms`) holds every press that long so that a press "
        "from another thread with an earlier edge, still on its way, is applied first. "
        "lgpio (the Pi's factory), rpigpio and pigpio report every edge from one thread in "
        "order, so presses already reach the table in the order of their edges and the table "
        "ships with no window; the second row is what a 30 ms window (a pin factory with a "
        "thread per pin) costs.",
        "",
        f"- Idle game screen: {idle['core_share'] * 100:.2f}% of one core over "
        f"{idle['seconds']:.0f} s (`time.process_time` of the whole process, every thread: "
        f"the loop, gpiozero's, the reader's), {idle['frames']} frames drawn meanwhile.",
        f"- Start to first frame: `uno-table run --headless` from the process start to its "
        f"`first frame` log line, median {start['median_s']:.2f} s, worst "
        f"{start['max_s']:.2f} s over {start['runs']} starts.",
        *_memory_lines(table["memory"], start),
        f"- Resume: `Journal.resume` of a {resumed['actions']:,}-action 4-seat official match "
        f"({resumed['bytes']:,} bytes: read, check, replay every action, reopen): median "
        f"{resumed['median_s'] * 1000:.1f} ms, worst {resumed['max_s'] * 1000:.1f} ms over "
        f"{resumed['repeats']} resumes.",
        "",
    ]


def _commands() -> list[str]:
    return [
        "## Commands",
        "",
        "```sh",
        "make bench                 # installs the bench extra (rlcard) and runs python -m bench",
        "python -m bench            # the same in an environment with '.[bench]' installed",
        "python -m bench.table 300 10   # the table part alone: presses, idle seconds (JSON)",
        "make soak                  # the reliability suite (pytest -m slow)",
        "```",
    ]
