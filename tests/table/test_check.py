import threading
import time

from hw.events import Button
from hw.sim import SimButtons, StillClock, clocked_pins
from table.commands import cli
from table.commands.check import run_check
from tests.table.conftest import Lines


def start_check(config, seconds, clock=time.monotonic):
    """run_check on mock pins in a thread: its factory, its lines, the thread, its result."""
    factory, say, result = clocked_pins(clock), Lines(), {}

    def run():
        result["rc"] = run_check(
            config, factory, seconds=seconds, led_seconds=0.01, say=say, clock=clock
        )

    thread = threading.Thread(target=run)
    thread.start()
    say.wait_for("open on")  # the reader is open: scans now reach it
    return factory, say, thread, result


def test_check_passes_when_every_device_answers(sim_config, sim_reader):
    factory, say, thread, result = start_check(sim_config, seconds=3600)
    sim = SimButtons(factory, [s.pins for s in sim_config.seats], sim_config.color_pad)
    for seat, button in sim.buttons():
        sim.press(seat, button)
    sim_reader.scan("R5")
    thread.join(timeout=120)  # a hang guard: the check ends once everything answered
    assert result["rc"] == 0, say.text
    assert "pin factory: MockFactory" in say.text
    assert say.wait_for("Seat 3 draw")
    assert say.wait_for("colour pad blue")
    assert say.wait_for("reader pile: R5 (for the turn's seat)")
    assert say.text.count(": lit") == 4
    assert say.lines[-1] == "verdict: PASS: every button, LED and reader answered"


def test_check_is_incomplete_when_something_is_missing(sim_config, sim_reader):
    """--seconds end the check, naming what did not answer. They run on the check's clock,
    moved past them once the check has shown the press and the scan, however long those
    took to get there."""
    clock = StillClock(time.monotonic())
    factory, say, thread, result = start_check(sim_config, seconds=1, clock=clock)
    SimButtons(factory, [s.pins for s in sim_config.seats], None).press(1, Button.UNO)
    sim_reader.scan("nonsense")  # an unknown code still shows the reader reads
    say.wait_for("Seat 2 uno")
    say.wait_for("reader pile: unknown code 'nonsense'")
    clock.now += 1  # the check sees its time is up within a second (its longest wait)
    thread.join(timeout=120)  # a hang guard
    assert result["rc"] == 1
    assert "Seat 2 uno" not in say.wait_for("not pressed:")
    assert "Seat 1 uno" in say.wait_for("not pressed:")
    assert "no scan from" not in say.text
    assert say.lines[-1] == "verdict: INCOMPLETE (see above)"


def test_check_without_gpio_fails_clearly(sim_config):
    say = Lines()
    rc = run_check(sim_config, None, "no lgpio here", seconds=0.2, led_seconds=0, say=say)
    assert rc == 1
    assert "pin factory: none (no lgpio here)" in say.text
    assert say.lines[-1] == "verdict: FAIL (no GPIO)"


def test_the_command_runs_on_a_pc_with_mock_pins_and_a_pty_reader(sim_reader, capsys):
    rc = cli.main(["check", "--pin-factory", "mock", "--reader", str(sim_reader.path),
                   "--seconds", "0.5", "--led-seconds", "0"])  # fmt: skip
    out = capsys.readouterr().out
    assert rc == 1  # nobody pressed anything
    assert "pin factory: MockFactory" in out
    assert f"reader 1 (lines): {sim_reader.path} -> {sim_reader.path}" in out
    assert "reader reader" not in out
    assert "verdict: INCOMPLETE" in out


def test_the_mock_factory_from_the_environment(monkeypatch, capsys):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    rc = cli.main(["check", "--seconds", "0.1", "--led-seconds", "0"])
    assert rc == 1
    assert "pin factory: MockFactory" in capsys.readouterr().out


def test_a_bad_configuration_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("[gpio]\nbounce_ms = 'x'\n")
    assert cli.main(["check", "--config", str(bad)]) == 2
    err = capsys.readouterr().err
    expected = 'gpio.bounce_ms: expected a whole number from 0 to 1000, got "x"'
    assert err == f"uno-table: {bad}: {expected}\n"


def test_check_reads_every_kind_of_reader(sim_reader, tmp_path):
    """An RDM6300 on the pty, a scanner without a suffix on a second one, an NFC reader and a
    keyboard-mode reader that are not plugged in: each is named with its protocol. Once every
    button and the two plugged readers have answered, nothing else can: the check ends then."""
    from hw.framing import rdm6300_frame
    from hw.sim import SimReader
    from table.setup import config

    scanner = SimReader(tmp_path / "scanner")
    text = (
        f'[[reader]]\nname = "pile"\nprotocol = "rdm6300"\ndevice = "{sim_reader.path}"\n'
        f'[[reader]]\nname = "gun"\nprotocol = "gap"\ndevice = "{scanner.path}"\n'
        '[[reader]]\nname = "nfc"\nprotocol = "nfc"\ndevice = "tty:NOPE7:pn532"\n'
        '[[reader]]\nname = "kbd"\nprotocol = "hid"\ndevice = "/nonexistent/event-kbd"\n'
    )
    try:
        table = config.loads(text, "test.toml")
        factory, say, thread, result = start_check(table, seconds=3600)
        say.wait_for("reader gun: open on")  # both ports open: bytes written before are lost
        say.wait_for("reader pile: open on")
        sim_reader.send(rdm6300_frame("0A1B2C3D4E") * 10)  # a tag, not a card code: unknown
        scanner.send(b"R5")
        sim = SimButtons(factory, [s.pins for s in table.seats], table.color_pad)
        for seat, button in sim.buttons():
            sim.press(seat, button)
        thread.join(timeout=120)  # a hang guard: the check ends on its own
    finally:
        scanner.close()
    assert f"reader pile (rdm6300): {sim_reader.path} -> {sim_reader.path}" in say.text
    assert "reader nfc (nfc): tty:NOPE7:pn532 -> opened by its driver" in say.text
    assert say.text.count("reader pile: unknown code '0A1B2C3D4E'") == 1  # the tag lay there: once
    assert "reader gun: R5 (for the turn's seat)" in say.text
    assert "reader nfc: not found: tty:NOPE7:pn532" in say.text
    assert "reader kbd: not found: /nonexistent/event-kbd" in say.text
    assert say.wait_for("no scan from:") == "no scan from: kbd, nfc"
    assert "nothing left that can answer" in say.text
    assert result["rc"] == 1


def test_check_with_nothing_attached_fails_at_once(tmp_path, capsys):
    """No GPIO and a reader not found: nothing can answer, so the verdict comes now, not after
    --seconds (the thread's join is a hang guard only)."""
    result = {}
    argv = ["check", "--pin-factory", "keyboard", "--reader", str(tmp_path / "nothing"),
            "--seconds", "3600"]  # fmt: skip
    thread = threading.Thread(target=lambda: result.setdefault("rc", cli.main(argv)))
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive(), "check waited for a reader that is not there"
    out = capsys.readouterr().out
    assert result["rc"] == 1
    assert f"reader 1: not found: {tmp_path / 'nothing'}" in out
    assert "nothing left that can answer: no buttons to press and no reader found" in out
    assert out.splitlines()[-1].startswith("verdict: FAIL (no GPIO)")
