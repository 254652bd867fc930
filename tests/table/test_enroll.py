import queue
import threading
import time
import tomllib
from collections import Counter

import pytest

from engine import RuleSet
from hw.events import CodeScanned, DeviceProblem
from table.commands import cli
from table.commands.enroll import run_enroll
from table.setup import deckmap
from table.setup.config import ConfigError
from table.setup.deckmap import DeckMap
from tests.table.conftest import Lines

DECK = [str(card) for card in RuleSet.preset("playone").deck()]


def scans(tags):
    events = queue.Queue()
    for tag in tags:
        events.put(CodeScanned(tag, "enroll", 0.0))
    return events


def enroll_through_the_cli(argv, sim_reader, first: bytes, rest: bytes, out) -> int | None:
    """`uno-table enroll` on a thread: `first` sent until the deck map exists, then `rest`."""
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("rc", cli.main(argv)))
    thread.start()
    # The port drops what came before it was open: repeat the first scan until it is recorded.
    deadline = time.monotonic() + 10
    while not out.exists() and time.monotonic() < deadline:
        sim_reader.send(first)
        time.sleep(0.05)
    sim_reader.send(rest)
    thread.join(timeout=60)
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
    assert say.lines[0] == f"[1/{len(DECK)}] scan {DECK[0]}"
    assert say.lines[-1].startswith("done: all")


def test_a_tag_seen_twice_is_refused(tmp_path):
    out = tmp_path / "deck.toml"
    say = Lines()
    events = scans(["AA", "AA", "BB", "AA", "CC"])
    events.put(DeviceProblem("enroll", "reader disconnected"))
    assert run_enroll("playone", out, events, seconds=0.2, say=say) == 1
    assert deckmap.read(out).tags == {"AA": DECK[0], "BB": DECK[1], "CC": DECK[2]}
    assert say.text.count("tag AA is already") == 2
    assert "reader: reader disconnected" in say.text
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
    assert say.lines[1] == f"[6/{len(DECK)}] scan {DECK[5]}"
    assert f"tag T0 is already {DECK[0]}" in say.text
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
            "--seconds", "60"]  # fmt: skip
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
            "--protocol", "rdm6300", "--seconds", "60"]  # fmt: skip
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
