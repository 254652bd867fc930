"""The journal: round trips, torn last lines, corrupt files moved aside."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

import pytest

from engine import (
    CallUno,
    Draw,
    Flip,
    Game,
    IllegalAction,
    NextRound,
    Pass,
    Play,
    Reveal,
    RuleSet,
)
from engine.bots import SensibleBot, choose_action, play_out
from table.flow.journal import (
    FORMAT,
    Damage,
    Journal,
    JournalError,
    NotSaved,
    _crc_of,
    _line,
    move_aside,
    read,
)
from tests.engine.unseen import Twin


def bot_game(preset: str, seed: int, players: int = 4, max_actions: int = 100_000) -> Game:
    game = Game.new(players, RuleSet.preset(preset), seed=seed, dealer=seed % players)
    play_out(game, [SensibleBot(seed + s) for s in range(players)], seed, max_actions)
    return game


def journaled(path, game: Game) -> Journal:
    """Journal a copy of `game` action by action, as the table does."""
    fresh = Game.from_origin(game.origin, game.rules)
    journal = Journal.create(path, fresh)
    for action in game.history:
        journal.apply(fresh, action)
    return journal


@pytest.mark.parametrize("preset", RuleSet.PRESETS)
@pytest.mark.parametrize("seed", [1, 2])
def test_round_trip_of_bot_games(tmp_path, preset, seed):
    game = bot_game(preset, seed)
    path = tmp_path / "game.jsonl"
    journaled(path, game).close()
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.history == game.history
    assert resumed.snapshot() == game.snapshot()
    assert resumed.public_state() == game.public_state()
    assert journal.count == len(game.history)


def test_every_action_is_recorded_next_round_too(tmp_path):
    game = bot_game("official", 1)
    assert any(isinstance(a, NextRound) for a in game.history)
    path = tmp_path / "game.jsonl"
    journaled(path, game).close()
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + len(game.history)
    header = json.loads(lines[0])
    assert header["format"] == FORMAT
    assert header["rules"] == game.rules.knobs()
    assert header["origin"] == {"how": "new", "players": 4, "seed": 1, "dealer": 1}
    assert [json.loads(line)["n"] for line in lines[1:]] == list(range(1, len(lines)))
    assert {json.loads(line)["action"]["type"] for line in lines[1:]} >= {"Play", "NextRound"}


def test_resume_then_append_then_resume(tmp_path):
    game = bot_game("cool", 4)
    half = len(game.history) // 2
    path = tmp_path / "game.jsonl"
    fresh = Game.from_origin(game.origin, game.rules)
    with Journal.create(path, fresh) as journal:
        for action in game.history[:half]:
            journal.apply(fresh, action)
    resumed, journal = Journal.resume(path)
    with journal:
        for action in game.history[half:]:
            journal.apply(resumed, action)
    again, journal = Journal.resume(path)
    journal.close()
    assert again.snapshot() == game.snapshot()


def test_create_writes_the_history_a_game_already_has(tmp_path):
    game = bot_game("reglamento", 5, max_actions=30)
    Journal.create(tmp_path / "j", game).close()
    resumed, journal = Journal.resume(tmp_path / "j")
    journal.close()
    assert resumed.snapshot() == game.snapshot()
    assert not (tmp_path / "j.new").exists()


def test_the_table_keeps_its_notes_in_the_header(tmp_path):
    path = tmp_path / "j"
    Journal.create(path, Game.new(seed=2), meta={"seats": [0, 2, 5], "preset": "official"}).close()
    assert read(path).header["table"] == {"seats": [0, 2, 5], "preset": "official"}


def test_a_refereed_game_round_trips(tmp_path):
    """Real cards: Flip, Reveal and NextRound go through the journal like every action."""
    rules = RuleSet.preset("official").replace(target_score=150)
    world = Game.new(3, rules, seed=5)
    twin = Twin.of_dealt(world)  # the same game refereed with unseen hands
    bots = [SensibleBot(5 + s) for s in range(3)]
    rng = random.Random(5)
    while world.awaiting.kind != "match_over":
        twin.apply(choose_action(world, bots, rng))
    table = twin.table
    kinds = {type(a) for a in table.history}
    assert {Flip, Reveal, NextRound} <= kinds
    path = tmp_path / "j"
    journaled(path, table).close()
    assert read(path).header["origin"]["how"] == "referee"
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.history == table.history
    assert resumed.snapshot() == table.snapshot()


def test_create_never_replaces_a_journal(tmp_path):
    path = tmp_path / "j"
    path.write_text("precious")
    with pytest.raises(FileExistsError):
        Journal.create(path, Game.new(seed=1))
    assert path.read_text() == "precious"


def test_from_position_with_unseen_hands_round_trips(tmp_path):
    rules = RuleSet.preset("official")
    game = Game.from_position(rules, hands=[3, 4, 5], top="R3", turn=1, scores=[10, 0, 0])
    path = tmp_path / "j"
    with Journal.create(path, game) as journal:
        journal.apply(game, Draw(1))
        journal.apply(game, Pass(1))
        journal.apply(game, Play(2, "R7"))
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.snapshot() == game.snapshot()
    assert resumed.hand_count(2) == 4


def test_a_recorded_action_is_in_the_file_at_once(tmp_path):
    game = Game.new(seed=15)
    path = tmp_path / "j"
    with Journal.create(path, game) as journal:
        for n in range(1, 6):
            journal.apply(game, game.legal_actions()[0])
            assert len(read(path).actions) == n  # not left in a buffer


def test_a_refused_action_is_not_written(tmp_path):
    game = Game.new(seed=3)
    path = tmp_path / "j"
    with Journal.create(path, game) as journal:
        before = path.read_bytes()
        with pytest.raises(IllegalAction):
            journal.apply(game, Pass(game.turn))
        assert path.read_bytes() == before
        assert journal.count == 0


def test_apply_refuses_a_game_out_of_step_with_the_journal(tmp_path):
    game = bot_game("official", 1, max_actions=3)
    with Journal.create(tmp_path / "j", Game.new(seed=1)) as journal, pytest.raises(ValueError):
        journal.apply(game, game.legal_actions()[0])


def test_a_game_without_origin_cannot_be_journaled(tmp_path):
    with pytest.raises(ValueError, match="no origin"):
        Journal.create(tmp_path / "j", Game(2, RuleSet.preset("official")))


class HalfWrites:
    """A file whose writes stop halfway with a full disk."""

    def __init__(self, file) -> None:
        self.file = file

    def write(self, data) -> int:
        self.file.write(data[: len(data) // 2])
        raise OSError(28, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.file, name)


def test_a_failed_record_refuses_the_action_and_the_next_one_cuts_the_half_line(tmp_path):
    game = Game.new(seed=14)
    path = tmp_path / "j"
    journal = Journal.create(path, game)
    journal.apply(game, game.legal_actions()[0])
    before, saved = game.snapshot(), path.read_bytes()
    action = game.legal_actions()[0]
    journal._file = HalfWrites(journal._file)
    with pytest.raises(NotSaved, match="No space") as caught:
        journal.apply(game, action)
    assert caught.value.reason == "not_saved"
    assert caught.value.game.snapshot() == before  # the game without the refused action
    assert journal.count == 1 and path.read_bytes() != saved  # half a line is on disk
    game = caught.value.game
    journal.apply(game, action)  # the disk has room again: the half line is cut first
    journal.close()
    assert read(path).damage is None and read(path).replay().snapshot() == game.snapshot()
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.snapshot() == game.snapshot()


def test_a_journal_removed_while_open_is_written_again(tmp_path):
    """Appending to a file that was removed (or whose folder was) would save nothing."""
    game = bot_game("official", 2, max_actions=6)
    folder = tmp_path / "state"
    folder.mkdir()
    path = folder / "j"
    journal = journaled(path, game)
    for name in os.listdir(folder):
        os.remove(folder / name)
    folder.rmdir()
    journal.apply(game, game.legal_actions()[0])
    journal.close()
    assert read(path).replay().snapshot() == game.snapshot()


def test_real_cards_actions_survive_the_json_round_trip(tmp_path):
    """Flip and Reveal (real-cards mode) are written and read back like every action."""
    from table.flow.journal import _action

    for action in (Flip("G3"), Reveal(2, ["R1", "B7"]), CallUno(1, at=12.503), NextRound()):
        record = json.loads(json.dumps({"n": 3, "action": action.to_json()}))
        assert _action(record, 3) == action


# --- torn last lines --------------------------------------------------------------------------


def test_a_torn_last_line_is_dropped_and_cut_at_every_offset(tmp_path):
    game = bot_game("official", 6, max_actions=20)
    good = tmp_path / "good"
    journaled(good, game).close()
    whole = good.read_bytes()
    last = whole.rstrip(b"\n").rsplit(b"\n", 1)[1] + b"\n"
    keep = whole[: -len(last)]
    for cut in range(1, len(last)):  # any prefix of the last record, newline excluded
        path = tmp_path / f"torn-{cut}"
        path.write_bytes(keep + last[:cut])
        resumed, journal = Journal.resume(path)
        assert resumed.history == game.history[:-1]
        assert path.read_bytes() == keep  # cut away, so the next record starts clean
        journal.apply(resumed, game.history[-1])
        journal.close()
        assert path.read_bytes() == whole


TORN = [b"\0" * 300, b'{"n":21,"act', b"\xff\xfe"]  # no newline: a torn line
WHOLE_BAD = [b"\0\0\0\n", b'{"n":21,"act\n', b"\n"]  # a whole bad line: damage


@pytest.mark.parametrize("tail", TORN + WHOLE_BAD)
def test_garbage_at_the_end_is_cut_and_only_a_whole_bad_line_kept_aside(tmp_path, tail):
    game = bot_game("playone", 7, max_actions=20)
    path = tmp_path / "j"
    journaled(path, game).close()
    whole = path.read_bytes()
    path.write_bytes(whole + tail)
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.snapshot() == game.snapshot()
    assert path.read_bytes() == whole
    if tail in TORN:  # never acknowledged: dropped without a word on screen
        assert journal.set_aside is None
    else:
        assert journal.set_aside.kept_as.read_bytes() == whole + tail
        assert journal.set_aside.damage.line == 22


def test_read_does_not_cut_the_torn_line(tmp_path):
    game = bot_game("official", 8, max_actions=10)
    path = tmp_path / "j"
    journaled(path, game).close()
    path.write_bytes(path.read_bytes() + b'{"n":11')
    contents = read(path)
    assert contents.torn == b'{"n":11'
    assert len(contents.actions) == 10
    assert path.read_bytes().endswith(b'{"n":11')


# --- damaged journals: resumed at the last good action, the file kept whole ----------------


def damaged(tmp_path, edit, actions: int = 12) -> tuple:
    """A journal of a short game with its lines changed by `edit`, resumed: the resumed game,
    its journal, the good game and the file's lines before the edit."""
    game = bot_game("official", 9, max_actions=actions)
    path = tmp_path / "j"
    journaled(path, game).close()
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(edit(list(lines))))
    original = path.read_bytes()
    resumed, journal = Journal.resume(path)
    aside = journal.set_aside
    assert aside is not None and aside.damage is not None
    assert aside.kept_as == tmp_path / "j.damaged-1"
    assert aside.kept_as.read_bytes() == original  # kept, byte for byte
    kept = aside.actions
    assert resumed.history == game.history[:kept]  # a prefix of the true game
    assert (
        resumed.snapshot() == Game.replay(game.origin, game.rules, game.history[:kept]).snapshot()
    )
    assert path.read_bytes() == b"\n".join(lines[: kept + 1]) + b"\n"  # the good part
    assert read(path).damage is None
    for action in game.history[kept:]:  # and the game goes on from there
        journal.apply(resumed, action)
    journal.close()
    assert read(path).replay().snapshot() == game.snapshot()
    return aside.damage, kept, lines


def set_line(n: int, text: bytes):
    def edit(lines):
        lines[n] = text
        return lines

    return edit


def set_record(n: int, record: dict):
    """Line `n` made `record`, its checksum chained on from the line before as the journal
    writes it: a line the checksums take, whatever it says."""

    def edit(lines):
        lines[n] = _line(record, _crc_of(lines[n - 1]))[:-1]
        return lines

    return edit


def test_a_garbled_line_in_the_middle_resumes_at_the_last_good_action(tmp_path):
    damage, kept, _ = damaged(tmp_path, set_line(4, b"#garbled#"))
    assert (damage.line, kept) == (5, 3)
    assert "no checksum" in damage.why


def test_a_changed_card_is_found_by_its_checksum(tmp_path):
    def edit(lines):
        lines[6] = re.sub(rb'"type":"(\w+)"', rb'"type":"\1 "', lines[6], count=1)
        return lines

    damage, kept, _ = damaged(tmp_path, edit)
    assert (damage.line, kept) == (7, 5)
    assert "checksum does not match" in damage.why


@pytest.mark.parametrize("edit", ["blank", "duplicate", "missing"])
def test_a_blank_duplicated_or_missing_line_is_damage(tmp_path, edit):
    edits = {
        "blank": lambda lines: [*lines[:4], b"", *lines[4:]],
        "duplicate": lambda lines: [*lines[:4], lines[3], *lines[4:]],
        "missing": lambda lines: lines[:3] + lines[4:],
    }
    damage, kept, _ = damaged(tmp_path, edits[edit])
    assert (damage.line, kept) == (5 if edit != "missing" else 4, 3 if edit != "missing" else 2)


def test_an_action_the_engine_refuses_is_damage(tmp_path):
    damage, kept, _ = damaged(tmp_path, set_record(6, {"n": 6, "action": {"type": "NextRound"}}))
    assert (damage.line, kept) == (7, 5)
    assert "refuses action 6 (round_not_over" in damage.why


def test_an_unknown_action_is_damage(tmp_path):
    damage, kept, _ = damaged(
        tmp_path, set_record(2, {"n": 2, "action": {"type": "Teleport", "seat": 1}})
    )
    assert (damage.line, kept) == (3, 1)
    assert "not an action" in damage.why


def test_a_damaged_last_line_with_its_newline_is_damage_not_a_torn_write(tmp_path):
    """It was written whole, so it may have been shown: the screen must say it was set aside."""

    def edit(lines):
        lines[-2] = lines[-2].replace(b'"n":12', b'"n":13')
        return lines

    damage, kept, lines = damaged(tmp_path, edit)
    assert (damage.line, kept) == (len(lines) - 1, 11)


def test_every_single_bit_flip_is_found(tmp_path):
    """No flipped bit anywhere makes another game: it is damage (or, the header's, a journal
    set aside whole; the very last newline's, a torn last line)."""
    game = bot_game("cool", 3, max_actions=5)
    good = tmp_path / "good"
    journaled(good, game).close()
    data = good.read_bytes()
    header_end = data.index(b"\n")
    path = tmp_path / "j"
    found = {"damage": 0, "header": 0, "torn": 0}
    for byte in range(len(data)):
        for bit in range(8):
            flipped = bytearray(data)
            flipped[byte] ^= 1 << bit
            path.write_bytes(flipped)
            try:
                contents = read(path)
            except JournalError:
                assert byte <= header_end
                found["header"] += 1
                continue
            played, damage = contents.play()
            if damage is None:
                assert byte == len(data) - 1 and contents.torn  # the last newline
                assert played.history == game.history[:-1]
                found["torn"] += 1
                continue
            line = data[:byte].count(b"\n") + 1
            assert damage.line <= line + 1
            assert played.history == game.history[: damage.line - 2]
            found["damage"] += 1
    assert sum(found.values()) == 8 * len(data) and found["torn"] == 8
    print(f"\n{8 * len(data)} single-bit flips: {found}")


def corrupt(tmp_path, edit) -> tuple:
    """A journal whose header is changed by `edit`: set aside whole; the JournalError."""
    game = bot_game("official", 9, max_actions=12)
    path = tmp_path / "j"
    journaled(path, game).close()
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(edit(lines)))
    original = path.read_bytes()
    with pytest.raises(JournalError) as caught:
        Journal.resume(path)
    err = caught.value
    assert not path.exists()
    assert err.moved_to == tmp_path / "j.corrupt-1"
    assert err.moved_to.read_bytes() == original  # kept, byte for byte
    assert str(path) in str(err)
    return err, lines


def edit_header(**changes):
    def edit(lines):
        header = json.loads(lines[0])
        del header["crc"]
        header.update(changes)
        lines[0] = _line(header)[:-1]
        return lines

    return edit


def test_another_format_version_is_moved_aside(tmp_path):
    err, _ = corrupt(tmp_path, edit_header(format=FORMAT + 1, app="9.9.9"))
    assert err.line == 1
    assert f"journal format {FORMAT + 1}" in str(err)
    assert "9.9.9" in str(err)
    assert "moved aside to" in str(err)


@pytest.mark.parametrize(
    "header, why",
    [
        (b"not json", "not JSON"),
        (b'{"hello": 1}', "not an uno-table journal"),
        (b"", "not JSON"),
        (b"[" * 100_000, "not JSON"),
    ],
)
def test_a_bad_header_is_corruption(tmp_path, header, why):
    err, _ = corrupt(tmp_path, set_line(0, header))
    assert err.line == 1
    assert why in str(err)


def test_a_header_with_a_flipped_bit_is_corruption(tmp_path):
    err, _ = corrupt(
        tmp_path, lambda lines: [lines[0].replace(b'"seed":9', b'"seed":8'), *lines[1:]]
    )
    assert "the header: the checksum does not match" in str(err)


@pytest.mark.parametrize(
    "changes",
    [
        {"rules": {"name": "x", "knob": 1}},
        {"origin": {"how": "?"}},
        {"origin": {"how": "new", "players": "4"}},
    ],
)
def test_a_header_that_builds_no_game_is_corruption(tmp_path, changes):
    err, _ = corrupt(tmp_path, edit_header(**changes))
    assert err.line == 1
    assert "does not describe a game" in str(err)


@pytest.mark.parametrize("name", [["x"], "evil\x00", "x" * 3000, "house"])
def test_rules_of_no_preset_are_corruption(tmp_path, name):
    """Before: the rule set's name was taken as it was: a list resumed a game that refused
    its first action, a NUL or a long text was a traceback on the screen that shows it."""
    rules = RuleSet.preset("official").knobs() | {"name": name}
    err, _ = corrupt(tmp_path, edit_header(rules=rules))
    assert err.line == 1
    assert "does not describe a game" in str(err)


def test_table_notes_that_are_not_a_table_are_corruption(tmp_path):
    err, _ = corrupt(tmp_path, edit_header(table=[1, 2]))
    assert "table notes are not a table" in str(err)


def test_an_empty_file_is_corruption(tmp_path):
    path = tmp_path / "j"
    path.write_bytes(b"")
    with pytest.raises(JournalError, match="no header"):
        Journal.resume(path)
    assert (tmp_path / "j.corrupt-1").exists()


# --- format 1 (before checksums) ------------------------------------------------------------


def old_format(path, game: Game, version: int) -> bytes:
    """`game` journaled as an older format wrote it: 1 without checksums, 2 with each line's
    checksum its own (not chained) and no game id."""
    header = {
        "journal": "uno-table journal",
        "format": version,
        "app": f"0.{version}",
        "rules": game.rules.knobs(),
    }
    lines = [{**header, "origin": game.origin, "table": {}}]
    lines += [{"n": n, "action": a.to_json()} for n, a in enumerate(game.history, 1)]
    if version == 1:
        data = b"".join(json.dumps(x, separators=(",", ":")).encode() + b"\n" for x in lines)
    else:
        data = b"".join(_line(x) for x in lines)
    path.write_bytes(data)
    return data


def format_1(path, game: Game) -> bytes:
    return old_format(path, game, 1)


def test_a_format_1_journal_is_resumed_and_rewritten_with_checksums(tmp_path):
    game = bot_game("playone", 4, max_actions=15)
    path = tmp_path / "game.jsonl"
    old = format_1(path, game)
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.snapshot() == game.snapshot()
    assert journal.set_aside.damage is None and journal.set_aside.actions == 15
    assert journal.set_aside.kept_as.read_bytes() == old
    assert journal.set_aside.kept_as.name == "game.jsonl.format1-1"
    assert read(path).header["format"] == FORMAT
    assert all(b'"crc":"' in line for line in path.read_bytes().splitlines())


def test_a_format_1_journal_with_a_bad_line_resumes_before_it(tmp_path):
    game = bot_game("playone", 4, max_actions=15)
    path = tmp_path / "game.jsonl"
    lines = format_1(path, game).split(b"\n")
    lines[5] = lines[5].replace(b'"n":5', b'"n":50')
    path.write_bytes(b"\n".join(lines))
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.history == game.history[:4]
    assert journal.set_aside.damage.line == 6


def test_move_aside_numbers_the_files_and_deletes_none(tmp_path):
    path = tmp_path / "j"
    for n in (1, 2, 3):
        path.write_text(f"copy {n}")
        assert move_aside(path) == tmp_path / f"j.corrupt-{n}"
    path.write_text("finished")
    assert move_aside(path, "done") == tmp_path / "j.done-1"
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["j.corrupt-1", "j.corrupt-2", "j.corrupt-3", "j.done-1"]
    assert (tmp_path / "j.corrupt-2").read_text() == "copy 2"


# --- cost and isolation ---------------------------------------------------------------------


def test_resume_of_a_thousand_actions(tmp_path):
    """Its time is measured in bench/, not asserted here."""
    rules = RuleSet.preset("official").replace(target_score=2000)
    game = Game.new(4, rules, seed=13)
    play_out(game, [SensibleBot(s) for s in range(4)], 13, max_actions=1000)
    assert len(game.history) == 1000
    path = tmp_path / "j"
    Journal.create(path, game).close()
    resumed, journal = Journal.resume(path)
    journal.close()
    assert resumed.snapshot() == game.snapshot()


def test_the_journal_does_not_import_hw():
    code = (
        "import sys, table.flow.journal; print([m for m in sys.modules if m.split('.')[0] == 'hw'])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_deeply_nested_line_of_an_old_journal_is_damage(tmp_path):
    game = bot_game("official", 9, max_actions=4)
    path = tmp_path / "j"
    lines = format_1(path, game).split(b"\n")
    lines[2] = b"[" * 100_000
    path.write_bytes(b"\n".join(lines))
    assert read(path).damage == Damage(3, "not a JSON line")
