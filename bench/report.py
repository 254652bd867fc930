"""BENCHMARKS.md from the figures: the targets with their measured values, then the details."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from bench import camera_spot
from bench.engine import BATCHES, GAMES, Comparison
from bench.table import SCANS_PER_GAME
from engine import RuleSet

ENGINE_RATIO = 1.0
"""Our actions per second over rlcard's, same run, same policy (a target of BENCHMARKS.md)."""
MEDIAN_MS, P99_MS = 3.0, 16.0
IDLE_SHARE = 0.01
START_S = 1.0
PEAK_MB = {"1920x1080": 80.0, "800x480": 60.0}
"""Peak memory by screen size (a target of BENCHMARKS.md)."""
GROWTH_MB = 1.0  # over the second half of the matches at 1920x1080: flat over days
PIXEL_SHARE = 0.15  # of the screen handed to the display per frame, median, at 1920x1080
FRAME_INSTRUCTIONS = 8e6  # per frame, median, under callgrind
RESUME_S = 0.3
CAMERA_MS = 10.0
"""read_card's median per 640x480 frame (a target of BENCHMARKS.md)."""
CAMERA_RIGHT = 0.95
"""The share read right on an enrolled deck (a target of BENCHMARKS.md); none may be wrong."""
PATH_NAMES = {"gpio": "GPIO edge", "key": "key press", "serial": "serial scan"}


@dataclass(frozen=True)
class Verdict:
    target: str
    measured: str
    met: bool
    by: str = ""  # how far off, for a missed target; why, for a skipped one
    skipped: bool = False  # not measured here (valgrind not installed, a quick run)


def _ratio(c: Comparison) -> str:
    return "rlcard not installed" if c.action_ratio is None else f"{c.action_ratio:.2f}x"


def engine_verdicts(games: list[Comparison]) -> list[Verdict]:
    """The engine's targets: per action at least ENGINE_RATIO times rlcard's, each comparison."""
    out = []
    for c in games:
        ratio = c.action_ratio
        met = ratio is not None and ratio >= ENGINE_RATIO
        by = "" if met or ratio is None else f"{ENGINE_RATIO / ratio:.1f}x too slow"
        out.append(
            Verdict(
                f"engine, {c.players} players, {c.policy}: actions per second "
                f">= {ENGINE_RATIO:g}x rlcard's",
                _ratio(c),
                met,
                by,
            )
        )
    return out


def verdicts(games: list[Comparison], table: dict, start: dict, resumed: dict) -> list[Verdict]:
    out = engine_verdicts(games)
    idle = table["idle"]
    for path, figures in table["paths"].items():
        median, p99 = figures["median_ms"], figures["p99_ms"]
        out += [
            Verdict(
                f"input to frame, {PATH_NAMES[path]}: median < {MEDIAN_MS:.0f} ms",
                f"{median:.1f} ms",
                median < MEDIAN_MS,
                f"+{median - MEDIAN_MS:.1f} ms",
            ),
            Verdict(
                f"input to frame, {PATH_NAMES[path]}: p99 < {P99_MS:.0f} ms",
                f"{p99:.1f} ms",
                p99 < P99_MS,
                f"+{p99 - P99_MS:.1f} ms",
            ),
        ]
    out += [
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
            f"peak memory at {m['size']}, {m['matches']} bots' matches of {m['actions']:,} "
            f"actions in all < {PEAK_MB[m['size']]:.0f} MiB",
            f"{m['peak_rss_mb']:.1f} MiB",
            m["peak_rss_mb"] < PEAK_MB[m["size"]],
            f"+{m['peak_rss_mb'] - PEAK_MB[m['size']]:.1f} MiB",
        )
        for m in table["memory"]
    ]
    flat = table["memory"][0]
    half = flat["matches"] - flat["matches"] // 2
    out.append(
        Verdict(
            f"memory growth at {flat['size']} over the last {half} of {flat['matches']} "
            f"matches < {GROWTH_MB:g} MiB",
            f"{flat['growth_last_half_mb']:.2f} MiB",
            flat["growth_last_half_mb"] < GROWTH_MB,
            f"+{flat['growth_last_half_mb'] - GROWTH_MB:.2f} MiB",
        )
    )
    out += _frame_verdicts(table["frames"])
    out += [
        Verdict(
            f"resume a {resumed['actions']:,}-action journal < {RESUME_S} s",
            f"{resumed['median_s'] * 1000:.1f} ms (worst {resumed['max_s'] * 1000:.1f} ms)",
            resumed["max_s"] < RESUME_S,
            f"+{resumed['max_s'] - RESUME_S:.2f} s",
        ),
    ]
    return out


def _frame_verdicts(frames: dict) -> list[Verdict]:
    """Pixels and instructions per frame over a bots' match at 1920x1080."""
    pixels, counted = frames["pixels"], frames["instructions"]
    share = pixels["median_share"]
    out = [
        Verdict(
            f"pixels written per frame at {pixels['size']}: median <= {PIXEL_SHARE:.0%} of "
            "the screen",
            f"{share:.1%} (p90 {pixels['p90_share']:.0%})",
            share <= PIXEL_SHARE,
            f"+{(share - PIXEL_SHARE) * 100:.1f} points",
        )
    ]
    target = f"instructions per frame (callgrind): median <= {FRAME_INSTRUCTIONS / 1e6:g} M"
    if counted is None:
        why = "not measured: valgrind is not installed, or a quick run"
        return [*out, Verdict(target, "-", False, why, skipped=True)]
    median = counted["median_per_frame"]
    return [
        *out,
        Verdict(
            target,
            f"{median / 1e6:.1f} M (p90 {counted['p90_per_frame'] / 1e6:.1f} M)",
            median <= FRAME_INSTRUCTIONS,
            f"+{(median - FRAME_INSTRUCTIONS) / 1e6:.1f} M",
        ),
    ]


def camera_verdicts(camera: dict) -> list[Verdict]:
    """The recogniser's targets: right and never wrong on the enrolled deck, never wrong on a
    design never enrolled nor on what must be refused, and its time per frame."""
    out = []
    for s in camera["sets"]:
        if s["enrolled"]:
            share = s["right"] / s["images"]
            out.append(
                Verdict(
                    f"camera, {s['name']}: >= {CAMERA_RIGHT:.0%} right",
                    f"{share:.1%} ({s['right']} of {s['images']})",
                    share >= CAMERA_RIGHT,
                    f"{(CAMERA_RIGHT - share) * 100:.1f} points short",
                )
            )
        out.append(
            Verdict(
                f"camera, {s['name']}: none wrong",
                f"{s['wrong']} wrong",
                s["wrong"] == 0,
                f"{s['wrong']} wrong",
            )
        )
    median = camera["speed"]["median_ms"]
    out.append(
        Verdict(
            f"camera, read one 640x480 frame: median < {CAMERA_MS:.0f} ms",
            f"{median:.1f} ms",
            median < CAMERA_MS,
            f"+{median - CAMERA_MS:.1f} ms",
        )
    )
    return out


def spot_verdicts(spot: dict | None) -> list[Verdict]:
    """The camera spot's target (bench.camera_spot), when it was measured."""
    return [Verdict(*row) for row in camera_spot.verdict_rows(spot)] if spot else []


def verdicts_text(
    games, table, start, resumed, camera: dict | None = None, spot: dict | None = None
) -> str:
    """One line per target, for the terminal."""
    lines = []
    rows = verdicts(games, table, start, resumed) + (camera_verdicts(camera) if camera else [])
    for v in rows + spot_verdicts(spot):
        mark = "met   " if v.met else "skip  " if v.skipped else "MISSED"
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
    camera: dict | None = None,
    spot: dict | None = None,
) -> str:
    """The whole of BENCHMARKS.md; `camera`: the recogniser's figures (bench.recogniser),
    `spot`: a card laid on the camera's spot to its frame (bench.camera_spot), when measured."""
    today = datetime.date.today().isoformat()
    rows = verdicts(games, table, start, resumed) + (camera_verdicts(camera) if camera else [])
    rows += spot_verdicts(spot)
    out = [
        "# Benchmarks",
        "",
        f"Written by `make bench` (`python -m bench`) on {today}; every figure below comes from "
        "that one run. Rerun it to refresh this file; the targets are set in bench/report.py.",
    ]
    if quick:
        out += ["", "**A quick run (`--quick`): tiny counts, the figures mean nothing.**"]
    out += ["", "## Targets", "", "| target | measured | |", "| --- | --- | --- |"]
    out += [_row(v) for v in rows]
    out += ["", "## Machine", "", "| | |", "| --- | --- |"]
    out += [f"| {name} | {value} |" for name, value in facts.items()]
    out += _notes(rows, games, table)
    out += _engine_section(games, rlcard)
    out += _table_section(table, start, resumed)
    out += _frames_section(table["frames"])
    out += _camera_section(camera) if camera else []
    out += camera_spot.section(spot) if spot else []
    out += _commands()
    return "\n".join(out) + "\n"


def _row(v: Verdict) -> str:
    verdict = "met" if v.met else f"skipped ({v.by})" if v.skipped else f"**missed** ({v.by})"
    return f"| {v.target} | {v.measured} | {verdict} |"


def engine_rows(games: list[Comparison], rlcard: str | None) -> list[str]:
    """The engine's lines of BENCHMARKS.md alone (`python -m bench.engine --rows`): its
    target rows, the note on them, and its section."""
    return (
        [_row(v) for v in engine_verdicts(games)]
        + ["", _engine_why(games)]
        + (_engine_section(games, rlcard))
    )


def _engine_why(games: list[Comparison]) -> str:
    """What the engine does per action, this run's figures, then what profiling found."""
    return (
        "**Engine.** Per action our engine does more than rlcard's: it lists the legal "
        "actions (`apply_listed` takes one of them without checking it again; `apply` checks "
        "every action in full, so each refusal has a reason), moves the cards, returns frozen "
        "event values, records the action in the history, and keeps the UNO call and catch "
        "window, the challenge of a Wild Draw Four and the points that rlcard does not "
        "have." + _run_figures(games) + " Profiled by hand (cProfile, not part of this "
        "bench): on 2026-11-21, before and after `legal_actions()` was made to build only the "
        "moves the moment can accept, 40 us per action and 272 calls before, 16.6 us and 130 "
        "calls after; on 2026-11-22, before and after `apply` stopped checking a listed "
        "action again, 135 calls per action before and 106 after (2 players, plays first); on "
        "2026-11-25, before and after a card's hash was computed once, the deck's cards "
        "shared per face and a play at the turn tested in place, 111.4 calls per action and "
        "99.5 (2 players, plays first, the deal left out); later on 2026-11-25, measured as "
        "this section measures (the deal left out, CPU time interleaved, callgrind), before "
        "and after one object per card face (cards hashed and compared by identity, in C), "
        "the cards that fit the top as one cached set, actions and events shared as values "
        "(`values.shared`) and yes-or-no tests in the listing instead of raised refusals: "
        "0.45x rlcard's actions per CPU second before, 0.70x after; 120,322 instructions per "
        "action before, 71,687 after (rlcard: 66,540); 92.4 calls per action before, 64.8 "
        "after (counted from cProfile's raw entries: pstats merges the methods dataclasses "
        "write, all named `<string>:2`, so the counts above were low); 2 players, plays "
        "first. Each time with the same legal actions, events, refusals and golden traces. "
        "Then, before and after the per-action path stopped looking enum members up through "
        "Python 3.11's slow `EnumType.__getattr__` path (each seat's turn built once, "
        "candidate plays and the draw test looked up by moment, number cards first in a "
        "play's effects; 8.7 such lookups per action before, 2.3 after): 71,792 "
        "instructions per action before, 66,307 after, 2 players, plays first (rlcard: "
        "68,636 with its policy sifting its list as ours does, 66,572 without). Later, ours "
        "ran 1.4x fewer instructions than rlcard but 0.86-0.90x its actions per CPU second: "
        "more cycles per instruction. Not the cyclic GC (2 gen0 collections in 29k of our "
        "timed actions) nor allocation (rlcard allocates more); callgrind's cache and branch "
        "simulation (Linux perf has no hardware counters on this machine) gave 3,077 misses "
        "per action of ours (I1 and D1 misses, mispredicted branches) against rlcard's "
        "1,950: rlcard repeats one small loop per step, ours ran a wide path of steps Python "
        "3.11 could not specialize (a knob of RuleSet, whose class held an enum default; a "
        "rank's cached_property; Game's dispatch tables read through `self`; "
        "functools caches' calls) and some 31 Python calls (the policy's included). "
        "Before and after that path was made one Python 3.11 specializes, with fewer "
        "calls (RuleSet with slots, a "
        "rank's flags plain attributes, tables instead of cache calls): 49,876 instructions "
        "per action before, 40,257 after; misses 3,077 before, 2,226 after; 2 players, "
        "plays first. What is left: some 23 Python calls per action and its events and "
        "lists; Python 3.12 or later on the Pi, or a compiled core (mypyc over `engine/`, "
        "or a Rust core behind the same API) would do more."
    )


def _run_figures(games: list[Comparison]) -> str:
    """This run's per-action budget for the target, and how much longer uniform games are."""
    out = ""
    uniform = [c for c in games if c.theirs and c.policy == "uniform"]
    if uniform:
        longer = max(c.ours.actions_per_game / c.theirs.actions_per_game for c in uniform)
        out += (
            f" Under uniform play the official rules make games up to {longer:.0f}x longer "
            "than rlcard's (a player may draw instead of playing, then pass): that part is "
            "the rules, and the target is per action."
        )
    fastest = [c for c in games if c.theirs and c.policy == "plays first"]
    if fastest:
        c = max(fastest, key=lambda c: c.action_ratio)
        need = 1e6 / (ENGINE_RATIO * c.theirs.actions_per_s)
        out += (
            f" In this run, {ENGINE_RATIO:g}x rlcard's actions per second with {c.players} "
            f"players and plays first means {need:.1f} us per action of ours (rlcard takes "
            f"{c.theirs.us_per_action:.1f} us of CPU per action of its own, ours "
            f"{c.ours.us_per_action:.1f} us: {c.action_ratio:.2f}x its actions per "
            "second, the median batch)."
        )
    return out


WHY = {
    "idle": (
        "**Idle.** What wakes up while nothing happens: the loop, twice a second (for "
        "systemd's watchdog; every input source, SIGTERM included, wakes it at once). The "
        "card reader's thread sleeps in its read until bytes come (close() cancels the read), "
        "and gpiozero's `Button`, which polled ten times a second per button for 'held' "
        "events, is no longer used."
    ),
    "peak": (
        "**Memory.** Much of the peak is Python, pygame and the app before the first frame "
        "(at 1920x1080 the screen surface alone is 8 MB); the drawing caches are bounded in "
        "screens' worth of pixels (`table/screen/paint.py`; small texts' alpha too, a byte a "
        "pixel), the rest is each frame's own "
        "drawing. Every block of 8 KiB or more comes from mmap and goes back when freed "
        "(`table/screen/heap.py`): with glibc's default threshold the heap kept the holes "
        "that freed surfaces left, and memory crept up from match to match. The price is page "
        "faults, some 3 us each here: a small text drawn twice its size in colour and "
        "smoothscaled passed through three new blocks, about 100 fresh pages for a line of "
        "events. Taking the blocks that live only while a line is made from the heap instead "
        "(a scratch space kept there, or 1-2 MiB kept free at the heap's top) raised this peak "
        "to 83.5-85.2 MiB: blocks kept for long (glyphs, buffers SDL_ttf grows) landed in it. "
        "So a line is drawn a byte a pixel (its coverage) into buffers the painter keeps, and "
        "halved into the one new block it needs (`table/screen/halving.py`): 29 faults."
    ),
    "instructions": (
        "**Instructions per frame.** Profiled by hand (callgrind, one dump per frame, the "
        "frames about the median, 2026-11-27, at about 6.2 M): the Python that builds the "
        "View, lists again the parts whose facts changed and replays the calls is about 3.8 M "
        "of it; blending texts and images onto the screen about 1 M; texts drawn anew (twice "
        "the size, then halved) about 0.8 M; fills and copies the rest. Cut with the same "
        "pixels (tests/table/test_regions.py, the screen audit, the screenshots): a region the "
        "felt's edge crosses drawn from pieces of the edge kept one byte a pixel, a kept "
        "panel's opaque rows copied, not blended, the seat on turn's glow and box as one image, "
        "the felt one call, the last events' sentences kept (9.42 M to 8.63 M); pygame given "
        "rects, not (x, y) pairs, to blit and to test (8.37 M); what lies under a call that "
        "paints all of a region not drawn there, and a seat's glow drawn in parts about its "
        "box (8.13 M); the image cache at 2 screens and the deck's card parts made while the "
        "dealer deals (at 1.5 screens a match made each of the top card's ranks 6 times over: "
        "7.29 M); a small text the text cache let go made again from its alpha, kept a byte a "
        "pixel behind it (a match's halved renders 1107 to 348); the felt's regions that its "
        "edges cross kept as drawn (the seats' strips and the events' lines come back turn "
        "after turn: 6.15 M; then the alpha tier halved to keep the peak memory in bounds: "
        "6.5 M); a part's last few listings kept (a seat's box back as it was a turn ago is "
        "not listed again), each card part's ink found while the dealer deals, and the "
        "events' next shades made before the loop sleeps, outside any frame (6.15 M). "
        "Not worth it: a larger 32-bit text cache (twice the budget "
        "still makes 83% as many texts anew), nor the alpha of larger texts (drawing one "
        "again costs less than making it from bytes)."
    ),
    "camera, read": (
        "**Camera.** Reading a frame is finding the card's outline at 320 pixels wide (edges, "
        "blobs, the body's corners), warping its body to 56x90 and correlating its ink with "
        "every enrolled face in 18 placements (3x3 shifts, both half-turns). Cut before this "
        "run, with the same readings of 208 scenes (codes, reasons and outlines): a pixel's "
        "weakest or strongest channel taken in two element-wise passes (numpy's reduction "
        "over an axis of three was a quarter of the frame), percentiles of small integers "
        "counted rather than sorted, and the faces' product through BLAS on one thread "
        "(einsum took about 2.3 ms of it, BLAS about 0.6). What is left is spread over some "
        "twenty OpenCV and numpy calls."
    ),
}


def _input_why(table: dict) -> str:
    """Where an input's time goes in this run, stage by stage, and what would shorten it."""
    stages = "; ".join(
        f"{PATH_NAMES[path]}: wake {f['wake_ms']:.1f} ms, apply {f['apply_ms']:.1f} ms, "
        f"frame {f['frame_ms']:.1f} ms (drawing {f['draw_ms']:.1f}, then the disk "
        f"{f['disk_ms']:.1f})"
        for path, f in table["paths"].items()
    )
    return (
        "**Input to frame.** Medians of each stage in this run (the table below says what "
        f"each is): {stages}. The wake-up (the device's thread, then the one wait) is a "
        "fraction of a millisecond on every path; apply is the action applied and its "
        "journal line written; the frame is drawn while the line's fsync runs on glibc's AIO "
        "thread and shown once the fsync returned (nothing is shown that is not on disk), "
        "so the frame stage holds whichever of the two is longer: the drawing, then what is "
        "left of the fsync once it is drawn (with showing it, some 0.03 ms). The drawing itself "
        "is counted in instructions (the frame section below), which do not depend on how "
        "busy the machine is; wall-clock times do. Other engineers' jobs load this 2-core "
        "machine: "
        "the load average at the start is in the Machine table. A DRAW's frame is drawn "
        "ahead while the table waits; a scan's card is known only once it is read, so its "
        "frame is drawn when it comes, over the guess. Meanwhile the table lists, a play a "
        "loop turn, the parts of the frame of each card the awaited seat may play that the "
        "card decides (the top card, the colour, the events with the line it adds, drawn "
        "twice its size and halved): the scan's frame finds them listed, and draws the "
        "regions where it differs from the guess."
    )


def _notes(rows: list[Verdict], games: list[Comparison], table: dict) -> list[str]:
    """Why each missed target is missed and what would close it."""
    missed = [v for v in rows if not v.met and not v.skipped]
    if not missed:
        return ["", "Every target is met."]
    out = ["", "## Missed targets", ""]
    out += [f"- {v.target}: {v.measured}, {v.by}." for v in missed]
    why = {"engine": _engine_why(games), "input": _input_why(table), **WHY}
    for key, text in why.items():
        if any(v.target.startswith(key) for v in missed):
            out += ["", text]
    return out


def _deck_words(preset: str) -> str:
    """ "112 cards (8 Wild)": the preset's deck as the engine builds it."""
    deck = RuleSet.preset(preset).deck()
    wilds = sum(1 for card in deck if str(card) == "W")
    return f"{len(deck)} cards ({wilds} Wild)"


def _engine_row(c: Comparison) -> str:
    t, n = c.theirs, c.instructions
    spread = f"{c.spread[0]:.2f}-{c.spread[1]:.2f}x" if c.spread else "-"
    counted = f"{n.ours:,.0f} | {n.theirs:,.0f} | {n.ratio:.2f}x" if n else "not counted | - | -"
    return (
        f"| {c.players} | {c.policy} | {', '.join(map(str, GAMES[c.policy]))} "
        f"| {c.ours.actions:,} | {f'{t.actions:,}' if t else '-'} "
        f"| {c.ours.us_per_action:.2f} | {f'{t.us_per_action:.2f}' if t else '-'} "
        f"| {_ratio(c)} | {spread} | {counted} |"
    )


def _engine_section(games: list[Comparison], rlcard: str | None) -> list[str]:
    out = [
        "",
        "## Engine: random legal games, per action",
        "",
        "One game is one round from a seeded deal to the first player out, every move picked at "
        "random among the legal actions the engine lists. What is timed is the per-action path "
        "alone: listing the legal actions, the policy's pick, applying it (every game is dealt "
        "before the clock starts: ours with `Game.new`, rlcard's with `UnoGame()` and "
        "`init_game`). rlcard is played through its `UnoGame` object (not the RL environment, "
        "which also encodes every state as numpy arrays): the fastest way to run it.",
        "",
        f"How: one process, {BATCHES} batches a comparison, the two engines interleaved (a "
        "batch of ours, then one of rlcard's, then rlcard's first, and so "
        "on); each batch is timed in CPU seconds (`time.process_time`) and gives one ratio of "
        "actions per CPU second, ours over rlcard's; the median ratio counts, the lowest and "
        "highest are shown beside it. Other work on the machine slows a batch and its twin "
        "alike, and the median sets an odd batch aside. Instructions per action come from "
        "valgrind's callgrind over each side's play alone (`operator.call` around it, "
        "`--toggle-collect=_operator_call`), counted once each side has played the same games "
        "uncounted (caches warm, as in a table that has been on a while): they do not depend on "
        "load at all.",
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
        "| players | policy | games a batch (ours, rlcard) | ours: actions | rlcard: actions "
        "| ours: us/action | rlcard: us/action | ratio (median of batches) | batches' range "
        "| ours: instructions/action | rlcard: instructions/action | instructions ratio |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in games:
        out.append(_engine_row(c))
    out += [
        "",
        "us/action is CPU time over the actions played, all batches together; the ratios are "
        "rlcard's time (or instructions) per action over ours: above 1, ours is faster.",
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
        "- Peak memory (Linux's VmHWM of a process of its own per size, `python -m bench.memory "
        "WIDTH HEIGHT`; not `ru_maxrss`, which a child inherits from the big `python -m bench` "
        "process that starts it): sensible bots (the demo's DemoDriver) play 4-seat official "
        "matches one after the other into a Session with its journal, the language switching "
        "between English and Spanish from one match to the next, and the Window draws every change "
        "(the help overlay every 250 actions). " + sizes + ". "
        f"`uno-table run --headless` peaks at {start['peak_rss_mb']:.1f} MB.",
    ]


def _table_section(table: dict, start: dict, resumed: dict) -> list[str]:
    slow, idle = table["settle_30"], table["idle"]
    rows = [_path_row(PATH_NAMES[path], f) for path, f in table["paths"].items()]
    return [
        "## The table, headless at 1920x1080",
        "",
        "The app's own parts as `uno-table run` builds them (`open_inputs` on gpiozero's "
        "MockFactory, a pty card reader, a Session with its journal, the Window and its "
        "WindowWake, the Loop on an Inbox: one wait for every source; `python -m bench.table`) "
        "run a 4-seat official game on real cards. Another thread sends each input while the "
        "loop runs; the time runs from just before the input is sent to the moment its "
        "frame shown (`Window.present`: the loop draws the frame while the action's journal "
        "fsync runs and hands it to the display once the fsync returned). Every input is an "
        "action, on disk before its frame is shown:",
        "",
        "- **GPIO edge**: the awaited seat's DRAW on a mock pin, pressed and let go "
        "(`drive_low`, `drive_high`), which gpiozero's callback thread turns into a press and "
        "its release (DRAW goes in at its release, as a long press asks to leave: "
        "table/flow/holds.py; a draw, then a pass);",
        "- **key press**: the same seat's DRAW key as a KEYDOWN and its KEYUP posted into "
        "SDL's event queue "
        "(`pygame.event.post`), which the window pumps as it does a keyboard's or a "
        "keyboard-mode reader's key; SDL's dummy driver has no keyboard of its own;",
        "- **serial scan**: a card code and CRLF written to the pty the card reader's thread "
        "reads; the scan plays a number card that matches (the seat draws first, not "
        f"measured, so hands stay at 7; a fresh table every {SCANS_PER_GAME} scans, so no "
        "copy is played more often than the deck holds it).",
        "",
        "| input | inputs | median | p99 | worst | wake | apply | frame |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        *rows,
        _path_row("GPIO edge, `settle_ms = 30`", slow),
        _path_row("GPIO edge, no frame drawn ahead", table["not_ahead"]),
        "",
        "While the table waits, it draws ahead, unshown, the frame a DRAW by the awaited seat "
        "would bring (table/flow/foresee.py, `Display.guess`): DRAW is the one input whose "
        "outcome is known before it comes. The GPIO and key inputs above are such DRAWs: "
        "their frame stage is the View built and found equal to the one drawn ahead, then "
        "handed to the display. A press the table cannot foresee (UNO, CHALLENGE) costs about "
        "what the row without drawing ahead shows (a DRAW drawn once it came). A scan may be "
        "any card: its frame is drawn over the guess, and the display is handed only the "
        "regions where it differs from the frame shown. Meanwhile, a play a loop turn (an "
        "input waits for one at most), the table lists the parts of the frame each card the "
        "awaited seat may play would bring that the card decides (`Display.likely`: the top "
        "card, the colour, the events with its new line): the scan's frame finds them listed.",
        "",
        "The last three columns are medians of the stages: **wake** from the input sent to "
        "the loop handing it to the session (the device's thread: gpiozero's callback, "
        "SDL's queue, the reader's read; then the loop's one wait), **apply** from there to "
        "the frame's start (the action applied and its journal line written; the settle "
        "window too where there is one), **frame** the frame drawn while the line's fsync "
        "runs, then shown once the fsync returned. Medians of "
        "the stages need not add up to the median of the whole. The slowest input of each "
        "path, stage by stage (wake + apply + frame): "
        + "; ".join(
            f"{PATH_NAMES[path]}: " + " + ".join(f"{ms:.1f}" for ms in f["worst_stages_ms"]) + " ms"
            for path, f in table["paths"].items()
        )
        + ".",
        "",
        f"The table ships with `settle_ms = {table['settle_ms']:.0f}`. "
        "The settle window (`[gpio] settle_ms`) holds every press that long so that a press "
        "from another thread with an earlier edge, still on its way, is applied first. "
        "lgpio (the Pi's factory), rpigpio and pigpio report every edge from one thread in "
        "order, so presses already reach the table in the order of their edges and the table "
        "ships with no window; the last row is what a 30 ms window (a pin factory with a "
        "thread per pin) costs.",
        "",
        f"- Idle game screen: {idle['core_share'] * 100:.2f}% of one core over "
        f"{idle['seconds']:.0f} s (`time.process_time` of the whole process, every thread: "
        f"the loop, gpiozero's, the reader's), {idle['frames']} frames drawn meanwhile.",
        f"- Start to first frame: `uno-table run --headless` from the process start to its "
        f"`first frame` log line, median {start['median_s']:.2f} s, worst "
        f"{start['max_s']:.2f} s over {start['runs']} starts, with Python's bytecode written "
        "as an installed table has it (pip compiles it at `sudo make install`; here a bytecode "
        "cache of the bench's own, `PYTHONPYCACHEPREFIX`, since this environment sets "
        "`PYTHONDONTWRITEBYTECODE`). The first start, which compiles every module it loads "
        "(the standard library's too: that cache holds no other) and writes them there, took "
        f"{start['cold_s']:.2f} s.",
        *_memory_lines(table["memory"], start),
        f"- Resume: `Journal.resume` of a {resumed['actions']:,}-action 4-seat official match "
        f"({resumed['bytes']:,} bytes: read, check, replay every action, reopen): median "
        f"{resumed['median_s'] * 1000:.1f} ms, worst {resumed['max_s'] * 1000:.1f} ms over "
        f"{resumed['repeats']} resumes.",
        "",
    ]


PI = {
    # board: (CPU, clock GHz, instructions per cycle (low, high), memory bandwidth GB/s)
    "Raspberry Pi 4": ("Cortex-A72", 1.8, (0.8, 1.3), 4.0),
    "Raspberry Pi 5": ("Cortex-A76", 2.4, (1.6, 2.4), 8.0),
}
"""Clocks from the boards' product briefs (Pi 4: BCM2711, 4x Cortex-A72 at 1.8 GHz, LPDDR4-3200
on a 32-bit bus, 12.8 GB/s at its peak; Pi 5: BCM2712, 4x Cortex-A76 at 2.4 GHz, LPDDR4X-4267,
17 GB/s at its peak); the bandwidth a copy reaches is taken as about a third to half of that
peak, and the instructions per cycle for an interpreter's code are an assumption (the A76 does
about twice the A72's work per clock, by Arm's figures)."""
MEMORY = {
    "Raspberry Pi 4": "LPDDR4-3200, 12.8 GB/s peak",
    "Raspberry Pi 5": "LPDDR4X-4267, 17 GB/s peak",
}
ARM_PER_X86 = (1.0, 1.3)  # Arm64 instructions for one x86-64 instruction of the same code


def pi_estimate(instructions: float, pixels: float) -> dict[str, tuple[float, float]]:
    """A frame's time on each Pi, (best, worst) in ms: its x86 instruction count turned into
    Arm's and run at the board's clock and instructions per cycle, plus the frame's pixels
    read and written once each at the board's memory bandwidth."""
    out = {}
    for board, (_, ghz, (ipc_low, ipc_high), bandwidth) in PI.items():
        memory = pixels * 4 * 2 / (bandwidth * 1e9)
        best = instructions * ARM_PER_X86[0] / (ghz * 1e9 * ipc_high) + memory
        worst = instructions * ARM_PER_X86[1] / (ghz * 1e9 * ipc_low) + memory
        out[board] = (best * 1000, worst * 1000)
    return out


def _frames_section(frames: dict) -> list[str]:
    pixels, counted = frames["pixels"], frames["instructions"]
    out = [
        "## A frame: pixels and instructions",
        "",
        "`python -m bench.frames 1920 1080` plays a real bots' match (bench.memory's: a Session "
        "with its journal, every change drawn by the Window, the help overlay every 250 "
        f"actions): {pixels['actions']:,} actions, {pixels['frames']:,} frames. Each frame "
        "draws only the regions whose drawing calls changed and hands the display only those "
        f"(`pygame.display.update`): median {pixels['median_share']:.1%} of the screen, p90 "
        f"{pixels['p90_share']:.0%} (a full redraw at every screen change). Neither pixels nor "
        "instructions depend on this machine's speed.",
        "",
    ]
    if counted is None:
        return [*out, "Instructions per frame: not measured (valgrind is not installed).", ""]
    median, drawn = counted["median_per_frame"], counted["median_drawn_in_frame"]
    share = pixels["median_share"] * 1920 * 1080
    out += [
        f"Instructions per frame ({counted['valgrind']}, `--tool=callgrind` counting only "
        "inside `operator.call`, which wraps each frame as the table's loop draws it once an "
        "input is applied (`Window.draw` then `Window.present`, garbage collection held "
        "off): the View built from the session and compared with the one on screen, the "
        "parts whose facts changed listed again, the regions whose calls changed drawn and "
        "handed to the display; one dump per frame): median "
        f"{median / 1e6:.1f} M, p90 {counted['p90_per_frame'] / 1e6:.1f} M over "
        f"{counted['dumps']:,} frames"
        + (
            f" ({counted['undrawn_calls']:,} more calls found the View unchanged and drew "
            "nothing: not frames, not counted)."
            if counted.get("undrawn_calls")
            else "."
        )
        + f" {pixels['drawn_ahead']:,} of the frames had been drawn ahead while the table "
        "waited (a DRAW foreseen: table/flow/foresee.py), their instructions the View built, "
        "compared and handed on; the frames drawn when their input came: median "
        f"{drawn / 1e6:.1f} M.",
        "",
        "**On a Pi: a rough estimate, not a measurement (right within a factor of 2 at best, "
        "and only for the drawing: no Pi was used).** The median "
        f"frame drawn when its input came, {drawn / 1e6:.1f} M x86-64 instructions, taken as "
        f"{ARM_PER_X86[0]:g}-"
        f"{ARM_PER_X86[1]:g} Arm64 instructions each, at the board's clock and an assumed 0.8-"
        "2.4 instructions per cycle for an interpreter's branchy code, plus the frame's "
        f"{share / 1e6:.2f} M pixels read and written once at the board's memory bandwidth:",
        "",
        "| board | CPU | clock | instructions per cycle (assumed) | memory (published) "
        "| copy bandwidth (assumed) | a median frame |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for board, (low, high) in pi_estimate(drawn, share).items():
        cpu, ghz, (ipc_low, ipc_high), bandwidth = PI[board]
        out.append(
            f"| {board} | {cpu} | {ghz:g} GHz | {ipc_low:g}-{ipc_high:g} | {MEMORY[board]} "
            f"| ~{bandwidth:g} GB/s | {low:.1f}-{high:.1f} ms |"
        )
    out += [
        "",
        "Clocks and memory are the boards' published figures; the rest is assumed. What this "
        "leaves out: SDL's KMS/DRM path on the Pi (the regions handed to the display are "
        "copied to the screen by the GPU's driver, not counted here), the caches (a Pi's are "
        "smaller), NEON in place of SSE2/AVX2 in pygame's blitters and scaler, and the Pi's "
        "Python build. Time it on the board itself to know.",
        "",
    ]
    return out


def _path_row(name: str, f: dict) -> str:
    return (
        f"| {name} | {f['presses']} | {f['median_ms']:.1f} ms | {f['p99_ms']:.1f} ms "
        f"| {f['max_ms']:.1f} ms | {f['wake_ms']:.1f} ms | {f['apply_ms']:.1f} ms "
        f"| {f['frame_ms']:.1f} ms |"
    )


CAMERA_HEADING = "## Camera recogniser"


def splice_camera(text: str, camera: dict, note: str) -> str:
    """BENCHMARKS.md's text with its camera section replaced by (or given) one from a run of
    `python -m bench.recogniser` alone; `note` says when and how that run was made, and the
    section carries its own targets, since the file's table comes from another run."""
    lines = text.rstrip("\n").split("\n")
    if CAMERA_HEADING in lines:  # the blank line before it, to the blank line before the next
        start = lines.index(CAMERA_HEADING)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
                   len(lines) + 1) - 1  # fmt: skip
        del lines[start - 1 : end]
    at = lines.index("## Commands") - 1 if "## Commands" in lines else len(lines)
    own = ["", "| target | measured | |", "| --- | --- | --- |"]
    for v in camera_verdicts(camera):
        own.append(f"| {v.target} | {v.measured} | {'met' if v.met else f'**missed** ({v.by})'} |")
    section = _camera_section(camera)
    section[3:3] = [note, *own, ""]
    lines[at:at] = section
    return "\n".join(lines) + "\n"


def _camera_section(camera: dict) -> list[str]:
    """Each scene set the recogniser read: how it was made, how many, right / not sure / wrong."""
    speed = camera["speed"]
    out = [
        "",
        CAMERA_HEADING,
        "",
        "`bench/recogniser.py` (`python -m bench.recogniser`). The faces are enrolled from "
        f"{camera['enrol_per_face']} gentle scenes made from each of the 52 photos in "
        "`tests/data/cards` (one photo per face exists, so enrolment and test are different "
        "scenes made from the same photo; the `photos` set is the photos as taken, read with "
        "those faces). Every other scene is made by `bench/card_scenes.py` from seed "
        f"{camera['seed']}: nothing generated is stored. Right: the card's code, or no code "
        "where no code is right (empty mat, two cards, a card half off, a face not enrolled); "
        "not sure: no code for a card that could be read; wrong: any other code.",
        "",
        "| set | how it is made | images | right | not sure | wrong |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for s in camera["sets"]:
        out.append(
            f"| {s['name']} | {s['how']} | {s['images']} | {s['right']} "
            f"({s['right'] / s['images']:.1%}) | {s['unsure']} | {s['wrong']} |"
        )
    out += [
        "",
        f"Speed: `read_card` on {speed['frames']} frames of 640x480 with one card in view, one "
        f"at a time in this process: median {speed['median_ms']:.1f} ms, 90th percentile "
        f"{speed['p90_ms']:.1f} ms of wall time; {speed['cpu_median_ms']:.1f} ms median of the "
        "thread's own CPU time (the machine is shared: wall time includes waiting for a core).",
    ]
    return out


def _commands() -> list[str]:
    return [
        "## Commands",
        "",
        "```sh",
        "make bench                 # installs the bench extra (rlcard) and runs python -m bench",
        "python -m bench            # the same in an environment with '.[bench]' installed",
        "python -m bench.engine --rows  # the engine alone: its rows of this file (a minute)",
        "python -m bench.table 300 10   # the table part alone: inputs a path, idle s (JSON)",
        "python -m bench.recogniser # the camera recogniser alone: accuracy per set, speed (JSON)",
        "python -m bench.table 300 10 --one-wait=no   # the same with the loop of before",
        "python -m bench.camera_spot 30   # the camera: cards laid on the spot to the frame",
        "make soak                  # the reliability suite (pytest -m slow)",
        "```",
    ]
