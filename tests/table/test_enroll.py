import queue
import random
import re
import subprocess
import sys
import threading
import time
import tomllib
from collections import Counter

import pytest

from engine import RuleSet
from hw.events import CodeScanned, DeviceProblem, DeviceReady, Problem
from table.commands import cli
from table.commands.enroll import run_enroll
from table.setup import deckmap
from table.setup.config import ConfigError
from table.setup.deckmap import DeckMap
from tests.table.conftest import Lines

DECK = [str(card) for card in RuleSet.preset("playone").deck()]


def scans(tags):
    """The reader opens, then sends these tags."""
    events = queue.Queue()
    events.put(DeviceReady("enroll", "/dev/test"))
    for tag in tags:
        events.put(CodeScanned(tag, "enroll", 0.0))
    return events


def enroll_through_the_cli(argv, sim_reader, first: bytes, rest: bytes, out) -> int | None:
    """`uno-table enroll` on a thread: `first` sent until the deck map exists, then `rest`."""
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("rc", cli.main(argv)))
    thread.start()
    # The port drops what came before it was open: repeat the first scan until it is recorded.
    deadline = time.monotonic() + 120  # a hang guard: the reader opens, then it is recorded
    while not out.exists() and time.monotonic() < deadline:
        sim_reader.send(first)
        time.sleep(0.05)
    sim_reader.send(rest)
    thread.join(timeout=700)  # a hang guard: --seconds ends it before
    return result.get("rc")


def test_enroll_a_whole_deck(tmp_path):
    out = tmp_path / "deck.toml"
    say = Lines()
    tags = [f"04{n:06X}" for n in range(len(DECK))]
    assert run_enroll("playone", out, scans(tags), say=say) == 0
    written = deckmap.read(out, set(DECK))
    assert written.preset == "playone"
    assert list(written.tags) == tags
    assert Counter(written.tags.values()) == Counter(DECK)
    assert say.lines[:2] == ["reader ready on /dev/test", f"[1/{len(DECK)}] scan {DECK[0]}"]
    assert say.lines[-1].startswith("done: all")


def test_a_tag_seen_twice_is_refused(tmp_path):
    out = tmp_path / "deck.toml"
    say = Lines()
    events = scans(["AA", "AA", "BB", "AA", "CC"])
    events.put(DeviceProblem("enroll", Problem.DISCONNECTED, "reader disconnected"))
    assert run_enroll("playone", out, events, seconds=0.2, say=say) == 1
    assert deckmap.read(out).tags == {"AA": DECK[0], "BB": DECK[1], "CC": DECK[2]}
    assert say.text.count(f"tag AA is already {DECK[0]}: nothing saved") == 2
    assert "reader: disconnected: nothing saved" in say.text
    assert say.lines[-1].startswith(f"stopped: 3 of {len(DECK)} cards")


def test_stop_and_resume(tmp_path):
    out = tmp_path / "deck.toml"
    tags = [f"T{n}" for n in range(len(DECK))]
    assert run_enroll("playone", out, scans(tags[:5]), seconds=0.1, say=Lines()) == 1
    assert len(deckmap.read(out).tags) == 5
    say = Lines()
    events = scans([tags[0], *tags[5:]])  # an enrolled tag again first: refused
    assert run_enroll("playone", out, events, say=say) == 0
    assert say.lines[0].startswith(f"{out}: 5 of {len(DECK)} cards already enrolled")
    assert say.lines[2] == f"[6/{len(DECK)}] scan {DECK[5]}"
    assert f"tag T0 is already {DECK[0]}" in say.text
    assert say.lines[4] == say.lines[2]  # the refusal, then the same card asked for again
    assert Counter(deckmap.read(out).tags.values()) == Counter(DECK)


def test_resume_refuses_another_preset(tmp_path):
    out = tmp_path / "deck.toml"
    deckmap.write(out, DeckMap("cool", {"A": "WS"}))
    with pytest.raises(ConfigError, match="preset: expected 'playone', got 'cool'"):
        run_enroll("playone", out, scans([]), seconds=0, say=Lines())


def test_enroll_from_the_command_line_with_a_pty_reader(tmp_path, sim_reader, capsys):
    out = tmp_path / "deck.toml"
    deck = [str(card) for card in RuleSet.preset("official").deck()]
    tags = [f"04:{n:02X}:B2" for n in range(len(deck))]
    argv = ["enroll", "--out", str(out), "--preset", "official", "--reader", str(sim_reader.path),
            "--seconds", "600"]  # fmt: skip
    lines = [f"{tag}\r\n".encode() for tag in tags]
    assert enroll_through_the_cli(argv, sim_reader, lines[0], b"".join(lines[1:]), out) == 0
    assert list(deckmap.read(out).tags) == tags
    assert "done: all" in capsys.readouterr().out


def test_the_writer_quotes_what_toml_needs(tmp_path):
    out = tmp_path / "deck.toml"
    odd = {'a"b': "R1", "c\\d": "R2", "e\x01f": "R3", "ñ": "R4", "": "R5"}
    deckmap.write(out, DeckMap("official", odd))
    assert tomllib.loads(out.read_text())["tags"] == odd
    assert deckmap.read(out).tags == odd


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("preset = 1", "preset: expected the preset's name"),
        ('preset = "official"\ntags = 3', "tags: expected a table"),
        ('preset = "official"\n[tags]\nA = "Z9"', "tags.\"A\": expected a card code, got 'Z9'"),
        ('preset = "official"\nextra = 1', "extra: unknown key"),
        ("preset = ", "not valid TOML"),
        # Before: taken, and a printed R5 played as G7 (the map wins over the code it reads as)
        ('preset = "official"\n[tags]\nr5 = "G7"', 'tags."r5": reads as the card R5, not G7'),
        # Before: taken, and the one tag was B1 typed in lower case, Y9 read in upper case
        ('preset = "official"\n[tags]\n04a1 = "B1"\n04A1 = "Y9"', 'tags."04A1": the tag 04a1'),
    ],
)
def test_a_bad_deck_map_is_a_clear_error(tmp_path, text, message):
    path = tmp_path / "deck.toml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(".", r"\.")):
        deckmap.read(path, set(DECK))


def test_enroll_with_an_rdm6300_tags_lying_on_it_count_once(tmp_path, sim_reader, capsys):
    """The module repeats a tag's frame while it lies there: each card is asked for once."""
    from hw.framing import rdm6300_frame

    out = tmp_path / "deck.toml"
    deck = [str(card) for card in RuleSet.preset("playone").deck()]
    tags = [f"{n:010X}" for n in range(1, len(deck) + 1)]
    argv = ["enroll", "--out", str(out), "--preset", "playone", "--reader", str(sim_reader.path),
            "--protocol", "rdm6300", "--seconds", "600"]  # fmt: skip
    rest = b"".join(rdm6300_frame(tag) * 5 for tag in tags[1:])
    assert enroll_through_the_cli(argv, sim_reader, rdm6300_frame(tags[0]), rest, out) == 0
    assert list(deckmap.read(out).tags) == tags
    assert "already" not in capsys.readouterr().out


def test_a_full_disk_stops_enrolling_with_one_line(tmp_path):
    from .small_disk import fill, tmpfs

    with tmpfs(tmp_path / "disk", "64k") as disk:
        out = disk / "deck.toml"
        tags = [f"T{n}" for n in range(len(DECK))]
        assert run_enroll("playone", out, scans(tags[:3]), seconds=0.1, say=Lines()) == 1
        fill(disk)
        say = Lines()
        assert run_enroll("playone", out, scans(tags[3:]), say=say) == 1
        assert say.lines[-2] == f"cannot save {out}: No space left on device"
        assert say.lines[-1].startswith(f"stopped: 3 of {len(DECK)} cards in {out}")
        assert len(deckmap.read(out).tags) == 3


PROMPT = re.compile(r"\[(\d+)/(\d+)\] scan (\w+)$")


def test_a_whole_deck_over_a_pty_with_refused_reads_stays_in_step(tmp_path, sim_reader):
    """As a person enrols: read the last line shown, scan the card it names. Between good scans
    come a tag already enrolled, a garbled read and a tag that is a card code; every one is
    refused and the last line names the card again, so the map holds each tag as the card that
    was asked for when it was scanned."""
    out, conf = tmp_path / "deck.toml", tmp_path / "table.toml"
    # repeat_ms 0: a tag read again is a scan, never "the same card still lying there".
    conf.write_text(f'[[reader]]\nname = "pile"\ndevice = "{sim_reader.path}"\nrepeat_ms = 0\n')
    argv = [sys.executable, "-m", "table.commands.cli", "enroll", "--config", str(conf),
            "--out", str(out), "--preset", "official", "--seconds", "600"]  # fmt: skip
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in proc.stdout]).start()
    rng, asked_as, shown = random.Random(24), {}, []
    try:
        while True:
            line = lines.get(timeout=120)  # a hang guard: each line answers a scan
            shown.append(line)
            if line.startswith(("done:", "stopped:")):
                break
            if not (ask := PROMPT.match(line)):
                continue
            bad = rng.random() < 0.3 and asked_as
            if bad and (kind := rng.choice(["again", "garbled", "code"])) == "again":
                sim_reader.scan(rng.choice(list(asked_as)))
            elif bad and kind == "garbled":
                sim_reader.send(b"\xff\xfe" + bytes([rng.randrange(0x80, 0xFF)]) + b"\r\n")
            elif bad:
                sim_reader.scan("G7" if ask[3] != "G7" else "B2")
            else:
                tag = f"04{len(asked_as):06X}"
                asked_as[tag] = ask[3]
                sim_reader.scan(tag)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=60)
    deck = [str(card) for card in RuleSet.preset("official").deck()]
    assert shown[-1].startswith(f"done: all {len(deck)} cards"), shown[-5:]
    assert deckmap.read(out).tags == asked_as
    assert Counter(asked_as.values()) == Counter(deck)
    refusals = [line for line in shown if line.endswith("nothing saved")]
    assert len(refusals) >= 10
    for n, line in enumerate(shown[:-1]):  # every refusal is followed by the card asked again
        if line.endswith("nothing saved"):
            assert PROMPT.match(shown[n + 1]), shown[n - 1 : n + 2]


def test_enroll_without_its_reader_says_so_and_stops(tmp_path, capsys):
    """No reader at that path: one line says so and enrol ends, it does not wait for ever
    (the thread's join is a hang guard)."""
    out, result = tmp_path / "deck.toml", {}
    argv = ["enroll", "--out", str(out), "--reader", str(tmp_path / "nothing")]
    thread = threading.Thread(target=lambda: result.setdefault("rc", cli.main(argv)))
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive(), "enroll waited for a reader that is not there"
    said = capsys.readouterr().out.splitlines()
    assert result["rc"] == 1
    assert said[0] == (f"reader: not found: {tmp_path / 'nothing'}: "
                       "plug it in and run the same command again")  # fmt: skip
    assert said[1].startswith("stopped: 0 of 112 cards")
    assert not out.exists()


def test_a_photo_name_is_read_in_capitals_of_ascii_letters_alone():
    """As a reader's code (hw.codebook.fold): a long s is not an S, so `rſ.jpg` is no red skip."""
    from pathlib import Path

    from table.commands.photos import code_of

    assert code_of(Path("r5_front.jpg")) == "R5"
    assert code_of(Path("r\u017f.jpg")) == "R\u017f"
