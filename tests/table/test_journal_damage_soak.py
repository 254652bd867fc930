"""Soak: damage random lines of real journals in every way a disk or a person can, resume each,
and check that every resume is a prefix of the true game, cut exactly at the first damage.

Real journals: bot matches of every preset written by the table's Journal. Damages: flipped
bits, bytes overwritten, lines cut, emptied, duplicated, dropped, swapped, joined, garbage added
(with and without its newline). The damaged file must be kept whole beside the journal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from engine import Game, RuleSet
from engine.bots import SensibleBot, play_out
from table.flow.journal import Journal, JournalError, read

from .test_journal import journaled


def flip_bits(lines: list[bytes], rng: random.Random) -> None:
    n = rng.randrange(len(lines))
    line = bytearray(lines[n] or b"\0")
    for _ in range(rng.randint(1, 3)):
        line[rng.randrange(len(line))] ^= 1 << rng.randrange(8)
    lines[n] = bytes(line)


def overwrite(lines: list[bytes], rng: random.Random) -> None:
    n = rng.randrange(len(lines))
    line = bytearray(lines[n])
    start = rng.randrange(len(line))
    for k in range(start, min(len(line), start + rng.randint(1, 16))):
        line[k] = rng.choice(b'\0 x{}:",0123456789abcdef')
    lines[n] = bytes(line)


def cut(lines: list[bytes], rng: random.Random) -> None:
    n = rng.randrange(len(lines))
    lines[n] = lines[n][: rng.randrange(len(lines[n]))]


def duplicate(lines: list[bytes], rng: random.Random) -> None:
    n = rng.randrange(len(lines))
    lines.insert(n + 1, lines[n])


def drop(lines: list[bytes], rng: random.Random) -> None:
    del lines[rng.randrange(len(lines))]


def swap(lines: list[bytes], rng: random.Random) -> None:
    a, b = sorted(rng.sample(range(len(lines)), 2))
    lines[a], lines[b] = lines[b], lines[a]


def join(lines: list[bytes], rng: random.Random) -> None:
    n = rng.randrange(len(lines) - 1)
    lines[n : n + 2] = [lines[n] + lines[n + 1]]


def blank(lines: list[bytes], rng: random.Random) -> None:
    lines.insert(rng.randrange(1, len(lines) + 1), b"")


def garbage(lines: list[bytes], rng: random.Random) -> None:
    lines.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 80))).replace(b"\n", b""))


DAMAGES = [flip_bits, overwrite, cut, duplicate, drop, swap, join, blank, garbage]


@dataclass
class Tally:
    resumes: int = 0
    header: int = 0  # the header was hit: the whole file set aside, a new game next
    damaged: int = 0  # resumed at the last good action, the file kept beside
    torn: int = 0  # only the last line lost its newline: dropped as a torn write
    clean: int = 0  # the damage left a shorter good journal (the last line dropped)
    kinds: dict[str, int] = field(default_factory=dict)


def true_games(count: int) -> list[Game]:
    games = []
    for k in range(count):
        preset = RuleSet.PRESETS[k % len(RuleSet.PRESETS)]
        game = Game.new(4, RuleSet.preset(preset), seed=100 + k, dealer=k % 4)
        play_out(game, [SensibleBot(k * 10 + s) for s in range(4)], k, max_actions=250)
        games.append(game)
    return games


def run(tmp_path, trials: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    games = true_games(8)
    originals = []
    for k, game in enumerate(games):
        path = tmp_path / f"true-{k}.jsonl"
        journaled(path, game).close()
        originals.append(path.read_bytes())
    for trial in range(trials):
        k = rng.randrange(len(games))
        game, data = games[k], originals[k]
        lines = data.split(b"\n")[:-1]
        damage = rng.choice(DAMAGES)
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            damage(lines, rng)
        tally.kinds[damage.__name__] = tally.kinds.get(damage.__name__, 0) + 1
        torn = rng.random() < 0.2  # the last newline lost as well, as in a crash
        damaged = b"\n".join(lines) + (b"" if torn else b"\n")
        if damaged == data:
            continue
        folder = tmp_path / f"trial-{trial}"
        folder.mkdir()
        path = folder / "game.jsonl"
        path.write_bytes(damaged)
        check(path, damaged, data, game, tally)
        tally.resumes += 1
    return tally


def check(path, damaged: bytes, data: bytes, game: Game, tally: Tally) -> None:
    """Resume `path` and hold it to what the first damaged line allows, no less, no more."""
    good = data.split(b"\n")[:-1]
    whole = damaged.split(b"\n")[:-1]  # complete lines: the tail after the last newline is torn
    same = 0
    while same < min(len(good), len(whole)) and good[same] == whole[same]:
        same += 1
    try:
        resumed, journal = Journal.resume(path)
    except JournalError as err:
        assert same == 0, f"a good header refused: {err}"
        assert err.moved_to.read_bytes() == damaged
        tally.header += 1
        return
    journal.close()
    assert same >= 1, "a damaged header was accepted"
    kept = same - 1  # every action before the first damaged line, and none after it
    assert resumed.history == game.history[:kept], (len(resumed.history), kept)
    assert (
        resumed.snapshot() == Game.replay(game.origin, game.rules, game.history[:kept]).snapshot()
    )
    assert path.read_bytes() == b"".join(line + b"\n" for line in good[:same])
    aside = journal.set_aside
    if aside is None:
        # Nothing whole was damaged: a torn tail, or the true journal's good prefix.
        assert len(whole) == same
        tally.torn += damaged.endswith(b"\n") is False
        tally.clean += damaged.endswith(b"\n")
        return
    assert aside.kept_as.read_bytes() == damaged  # nothing is ever deleted
    assert aside.actions == kept
    tally.damaged += 1


def test_damaged_journals_resume_a_prefix_of_the_true_game_200(tmp_path):
    tally = run(tmp_path, 200, seed=1)
    assert tally.resumes > 150 and tally.damaged > 100 and tally.header > 0


@pytest.mark.slow
def test_damaged_journals_resume_a_prefix_of_the_true_game_3000(tmp_path):
    tally = run(tmp_path, 3000, seed=2)
    assert tally.resumes > 2500 and tally.header > 0 and tally.torn > 0
    assert set(tally.kinds) == {d.__name__ for d in DAMAGES}
    print(f"\n{tally}")


def test_read_alone_never_changes_a_damaged_file(tmp_path):
    game = true_games(1)[0]
    path = tmp_path / "j"
    journaled(path, game).close()
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 4
    path.write_bytes(data)
    contents = read(path)
    assert contents.damage is not None
    assert path.read_bytes() == data and list(tmp_path.iterdir()) == [path]
