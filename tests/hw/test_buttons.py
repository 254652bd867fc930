import importlib.util
import time

import pytest

from hw.buttons import GpioUnavailable, PadPins, Panel, Refractory, SeatPins, make_pin_factory
from hw.events import PAD_BUTTONS, SEAT_BUTTONS, Button, ButtonPressed, ButtonReleased
from hw.sim import ClockedPin, SimButtons, StillClock, clocked_pins
from tests.hw.conftest import drain

SEATS = [
    SeatPins(17, 27, 22, 4),
    SeatPins(5, 6, 13, 12),
    SeatPins(23, 24, 25, 18),
    SeatPins(16, 20, 21, None),
]
PAD = PadPins(10, 9, 11, 8)


@pytest.fixture
def clock(mock_factory):
    """The time of the edges, the same for the pins and the panel; it moves when a test says."""
    clock = StillClock(100.0)
    mock_factory.pin_class = ClockedPin  # the pins stamp their edges with it
    mock_factory.ticks = clock
    return clock


@pytest.fixture
def panel(mock_factory, events, clock):
    with Panel(mock_factory, SEATS, PAD, events, refractory=0.04, clock=clock) as panel:
        yield panel


@pytest.fixture
def sim(mock_factory):
    return SimButtons(mock_factory, SEATS, PAD)


def test_a_press_is_seen_at_its_time_on_the_table_s_clock(events):
    """Simulated presses are edges at the time of the table's clock (a script's SECONDS), not
    of the machine's: gpiozero's MockPin stamps them on time.monotonic, and a press made half
    a second ahead of it was seen at the moment the machine happened to make it."""
    clock = StillClock(time.monotonic() + 0.5)
    pins = clocked_pins(clock)
    with Panel(pins, SEATS, PAD, events, refractory=0.04, clock=clock):
        SimButtons(pins, SEATS, PAD).press(0, Button.UNO)
        clock.now += 0.3
        SimButtons(pins, SEATS, PAD).press(1, Button.UNO)
    assert [e.at for e in drain(events)] == [clock.now - 0.3, clock.now]


def test_every_button_of_every_seat_and_the_pad(panel, sim, events):
    expected = [(seat, button) for seat in range(len(SEATS)) for button in SEAT_BUTTONS]
    expected += [(None, button) for button in PAD_BUTTONS]
    assert sorted(sim.buttons(), key=str) == sorted(expected, key=str)
    for seat, button in expected:
        sim.press(seat, button)
    got = drain(events)
    assert [(e.seat, e.button) for e in got] == expected
    assert all(isinstance(e, ButtonPressed) for e in got)


def test_a_burst_of_edges_counts_once(panel, sim, events):
    sim.press(1, Button.CHALLENGE, bounces=10)
    assert [(e.seat, e.button) for e in drain(events)] == [(1, Button.CHALLENGE)]


def test_a_second_press_after_the_refractory_period_counts(panel, sim, events, clock):
    sim.press(2, Button.DRAW, bounces=3)
    clock.now += 0.2  # well past the 40 ms refractory period
    sim.press(2, Button.DRAW, bounces=3)
    assert len(drain(events)) == 2


def test_bursts_on_different_buttons_each_count(panel, sim, events):
    sim.press(0, Button.UNO, bounces=5)
    sim.press(1, Button.UNO, bounces=5)
    sim.press(None, Button.RED, bounces=5)
    assert [(e.seat, e.button) for e in drain(events)] == [
        (0, Button.UNO),
        (1, Button.UNO),
        (None, Button.RED),
    ]


def test_two_seats_a_few_ms_apart_keep_their_order_by_edge_time(panel, sim, events, clock):
    sim.press(3, Button.UNO)
    clock.now += 0.003
    sim.press(0, Button.UNO)
    first, second = drain(events)
    assert second.at - first.at == pytest.approx(0.003)
    assert [e.seat for e in sorted([second, first], key=lambda e: e.at)] == [3, 0]


def test_edge_time_is_the_pins_edge_not_the_callback_time(mock_factory, events):
    """Edges driven before a slow consumer still carry their own times."""
    with Panel(mock_factory, SEATS, None, events):
        before = time.monotonic()
        SimButtons(mock_factory, SEATS, None).press(0, Button.UNO)
        after = time.monotonic()
    (event,) = drain(events)
    assert before <= event.at <= after


def test_refractory_drops_edges_close_to_the_last_one():
    gate = Refractory(0.05)
    assert gate.accept("a", 10.0)
    assert not gate.accept("a", 10.01)
    assert not gate.accept("a", 10.055)  # within 50 ms of the previous (dropped) edge
    assert gate.accept("b", 10.056)
    assert gate.accept("a", 10.2)


def test_leds_on_off_blink(panel, sim):
    assert panel.led_seats == [0, 1, 2]
    panel.on(1)
    assert sim.led_lit(12)  # seat 1's LED
    assert panel.is_lit(1)
    panel.off(1)
    assert not sim.led_lit(12)
    panel.blink(0, 0.01, 0.01)
    deadline = time.monotonic() + 60  # a hang guard: it blinks every 10 ms
    seen = set()
    while len(seen) < 2 and time.monotonic() < deadline:
        seen.add(sim.led_lit(4))
        time.sleep(0.002)
    assert seen == {True, False}
    panel.off(0)
    panel.on(3)  # no LED: nothing happens
    assert not panel.is_lit(3)


def test_show_sets_leds_from_states_and_leaves_a_blink_running(panel, sim):
    blinks = []
    real_blink = panel.blink
    panel.blink = lambda seat: (blinks.append(seat), real_blink(seat))
    panel.show({0: "on", 1: "off", 2: "blink"})
    assert sim.led_lit(4)
    assert not sim.led_lit(12)
    panel.show({0: "on", 1: "off", 2: "blink"})
    assert blinks == [2]  # the second frame did not restart the blink
    panel.show({0: "off", 2: "off"})
    assert not sim.led_lit(4)
    assert not sim.led_lit(18)
    with pytest.raises(KeyError):
        panel.show({1: "dim"})


def test_close_releases_the_pins(mock_factory, events):
    Panel(mock_factory, SEATS, PAD, events).close()
    with Panel(mock_factory, SEATS, PAD, events):
        pass


def test_a_pin_used_twice_fails_cleanly(mock_factory, events):
    from gpiozero import GPIOPinInUse

    with pytest.raises(GPIOPinInUse):
        Panel(mock_factory, [SeatPins(17, 27, 22), SeatPins(17, 5, 6)], None, events)
    with Panel(mock_factory, SEATS, PAD, events):  # the failed panel let go of its pins
        pass


def test_make_pin_factory():
    assert type(make_pin_factory("mock")).__name__ == "MockFactory"
    with pytest.raises(GpioUnavailable, match="no gpiozero pin factory"):
        make_pin_factory("nonsense")


def test_lgpio_on_a_pc_is_unavailable_not_a_crash():
    if importlib.util.find_spec("lgpio") is not None:
        pytest.skip("lgpio is installed here")
    with pytest.raises(GpioUnavailable, match="lgpio"):
        make_pin_factory("lgpio")


# --- bouncing contacts, edge by edge on a clock of the test's own (issue 21, case 5) ----------


@pytest.fixture
def clocked(mock_factory, events, clock, panel):
    """Edges at the times a test sets, on seat 0's UNO button."""
    pin = mock_factory.pin(SEATS[0].uno)

    def edges(*times_levels: tuple[float, str]) -> list[float]:
        """Drive the pin: ("down" pressed, "up" released) at each time (ms from 100 s); the
        times of the presses that came out."""
        for ms, level in times_levels:
            clock.now = 100.0 + ms / 1000
            pin.drive_low() if level == "down" else pin.drive_high()
        return [round((e.at - 100.0) * 1000, 3) for e in drain(events)]

    return edges


def bounce(start: float, level: str, edges: int = 6, gap: float = 0.7) -> list:
    """A contact chattering into `level`: `edges` edges `gap` ms apart, ending at `level`."""
    other = "up" if level == "down" else "down"
    levels = [level if k % 2 == 0 else other for k in range(edges - 1)] + [level]
    return [(start + k * gap, lv) for k, lv in enumerate(levels)]


@pytest.mark.parametrize("held", [45, 100, 300])
def test_a_press_that_bounces_counts_once_at_its_first_edge(clocked, held):
    assert clocked(*bounce(0, "down"), (held, "up")) == [0.0]


@pytest.mark.parametrize("held", [45, 100, 300])
def test_a_release_that_bounces_is_no_second_press(clocked, held):
    """Before: the release's bounce came more than 40 ms after the press and counted again."""
    assert clocked((0, "down"), *bounce(held, "up")) == [0.0]


@pytest.mark.parametrize("held", [45, 100, 300])
def test_a_press_and_a_release_that_both_bounce_count_once(clocked, held):
    assert clocked(*bounce(0, "down", 9), *bounce(held, "up", 11, 2.5)) == [0.0]


def test_a_second_press_once_the_release_settled_counts(clocked):
    first = clocked(*bounce(0, "down"), *bounce(80, "up"))
    second = clocked(*bounce(80 + 3.5 + 40, "down"), *bounce(200, "up"))
    assert first == [0.0] and second == [123.5]


def test_a_press_before_the_release_settled_is_part_of_it(clocked):
    assert clocked(*bounce(0, "down"), *bounce(80, "up"), (80 + 3.5 + 39, "down")) == [0.0]


# --- how long a press lasts: the releases of the buttons asked for ----------------------------


@pytest.fixture
def timed(mock_factory, events, clock):
    """A panel that reports the releases of DRAW (the table's long press), on the test's clock."""
    with Panel(
        mock_factory, SEATS, PAD, events, refractory=0.04, clock=clock, releases=[Button.DRAW]
    ) as panel:
        yield panel


def test_a_held_button_reports_its_press_and_its_release_with_their_edge_times(
    timed, sim, events, clock
):
    sim.down(2, Button.DRAW)
    clock.now = 102.5
    sim.up(2, Button.DRAW)
    assert drain(events) == [
        ButtonPressed(2, Button.DRAW, 100.0, released=True),
        ButtonReleased(2, Button.DRAW, 102.5),
    ]


def test_a_release_that_bounces_is_reported_once(timed, mock_factory, events, clock):
    pin = mock_factory.pin(SEATS[0].draw)
    for ms, level in [(0, "down"), *bounce(900, "up", 7)]:
        clock.now = 100.0 + ms / 1000
        pin.drive_low() if level == "down" else pin.drive_high()
    got = drain(events)
    assert [type(e) for e in got] == [ButtonPressed, ButtonReleased]
    assert round(got[1].at - 100.0, 4) == 0.9


def test_only_the_buttons_asked_for_report_their_releases(timed, sim, events):
    sim.press(0, Button.UNO)
    sim.press(None, Button.RED)
    assert drain(events) == [
        ButtonPressed(0, Button.UNO, 100.0),
        ButtonPressed(None, Button.RED, 100.0),
    ]
