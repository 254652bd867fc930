"""The table's flow: lobby, start, journal before the screen, resume after a restart."""

from __future__ import annotations

from engine import Kind, Leave
from hw.events import Button, ButtonPressed, CodeScanned, DeviceProblem, DeviceReady, Problem
from table.flow.session import Phase, Session
from table.setup import config as configuration

CONFIG = configuration.load()


def press(seat, button, at):
    return ButtonPressed(seat, Button(button), at)


def feed(session, *events):
    """Hand the events over, then let their settle windows pass."""
    last = 0.0
    for event in events:
        last = getattr(event, "at", last)
        session.handle(event, last)
    return session.tick(last + 1.0)


def lobby_to_game(session, seats=(0, 2), at=0.0):
    for n, seat in enumerate(seats):
        session.handle(press(seat, "uno", at + n), at + n)
    session.handle(press(seats[0], "draw", at + 5), at + 5)


def test_seats_join_with_uno_and_leave_with_another_press(tmp_path):
    session = Session(CONFIG, tmp_path)
    feed(session, press(2, "uno", 1), press(0, "uno", 2), press(3, "uno", 3), press(3, "uno", 4))
    assert session.phase is Phase.LOBBY and session.joined == [0, 2]


def test_the_colour_pad_picks_the_preset_in_the_lobby(tmp_path):
    session = Session(CONFIG, tmp_path)
    feed(session, press(None, "green", 1))
    assert session.preset == "playone"
    feed(session, press(None, "yellow", 2))
    assert session.preset == "reglamento"


def test_a_preset_the_configured_knobs_do_not_fit_is_refused_in_the_lobby():
    session = Session(configuration.loads("[knobs]\ndraw_to_match = true\n"), None)
    feed(session, press(None, "blue", 1))  # cool draws until it plays: not with draw_to_match
    assert session.preset == "official" and session.notice.reason == "knobs_misfit"
    assert "draw_until_play" in session.notice.text and session.notes() == []


def test_a_game_needs_two_seats(tmp_path):
    session = Session(CONFIG, tmp_path)
    feed(session, press(1, "uno", 1), press(1, "draw", 2))
    assert session.phase is Phase.LOBBY and session.notice is not None
    assert session.notice.seat == 1 and session.leds()[1] == "blink"


def test_start_then_every_applied_action_is_in_the_journal(tmp_path):
    session = Session(CONFIG, tmp_path)
    lobby_to_game(session)
    assert session.phase is Phase.GAME and session.game.players == 2
    outcomes = feed(session, CodeScanned("R5", "pile", 10.0), CodeScanned("R7", "pile", 11.0))
    assert len(outcomes) == 2
    assert session.journal.count == len(session.game.history) == 2
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    assert len(lines) == 3  # the header and both actions
    # The awaited seat (game seat 0 = physical seat 0 after R7 from seat 1 = physical 2).
    assert session.game.turn == 0 and session.leds()[0] == "on" and session.leds()[2] == "off"


def test_a_refused_scan_blinks_the_seat_and_changes_nothing(tmp_path):
    session = Session(CONFIG, tmp_path)
    lobby_to_game(session)
    feed(session, CodeScanned("R5", "pile", 10.0))
    before = session.game.snapshot()
    (refused,) = feed(session, CodeScanned("G7", "pile", 11.0))
    assert refused.reason == "no_match"
    assert session.game.snapshot() == before and session.journal.count == 1
    assert session.leds()[2] == "blink"  # game seat 1 sits at physical seat 2
    session.tick(12.0 + 10)
    assert session.notice is None and session.leds()[2] == "on"


def test_a_restart_offers_the_game_and_draw_resumes_it(tmp_path):
    first = Session(CONFIG, tmp_path)
    lobby_to_game(first, seats=(1, 3))
    feed(first, CodeScanned("B2", "pile", 10.0), CodeScanned("B9", "pile", 11.0))
    state = first.game.snapshot()
    first.journal.close()  # the power goes

    again = Session(CONFIG, tmp_path)
    assert again.phase is Phase.RESUME
    feed(again, press(0, "draw", 1.0))
    assert again.phase is Phase.GAME and again.joined == [1, 3]
    assert again.game.snapshot() == state


def test_challenge_at_the_offer_sets_the_saved_game_aside(tmp_path):
    first = Session(CONFIG, tmp_path)
    lobby_to_game(first)
    first.journal.close()
    again = Session(CONFIG, tmp_path)
    feed(again, press(2, "challenge", 1.0))
    assert again.phase is Phase.LOBBY
    assert not (tmp_path / "game.jsonl").exists()
    assert (tmp_path / "game.jsonl.discarded-1").exists()


def test_a_corrupt_journal_is_kept_aside_and_reported(tmp_path):
    (tmp_path / "game.jsonl").write_text("not a journal\n")
    session = Session(CONFIG, tmp_path)
    assert session.phase is Phase.LOBBY
    (alert,) = session.alerts
    assert alert.kind == "unreadable" and alert.file == "game.jsonl.corrupt-1"
    assert (tmp_path / "game.jsonl.corrupt-1").read_text() == "not a journal\n"


def test_device_problems_show_and_change_nothing(tmp_path):
    session = Session(CONFIG, tmp_path)
    lobby_to_game(session)
    before = session.game.snapshot()
    feed(session, DeviceReady("pile", "/dev/ttyUSB0"))
    feed(session, DeviceProblem("pile", Problem.UNKNOWN_CODE, "unknown code", "ZZZ"))
    assert session.notice.problem and "ZZZ" in session.notice.text
    assert session.devices["pile"] == (True, "/dev/ttyUSB0")  # one bad scan: the reader is fine
    feed(session, DeviceProblem("pile", Problem.DISCONNECTED, "reader disconnected", down=True))
    assert session.devices["pile"] == (False, "reader disconnected")
    assert session.game.snapshot() == before


def test_after_the_match_a_press_returns_to_the_lobby(tmp_path):
    session = Session(CONFIG, tmp_path)
    feed(session, press(None, "green", 0.5))  # playone: no points, the first out wins
    lobby_to_game(session)
    game = session.game
    assert game.awaiting.kind is Kind.FLIP
    feed(session, CodeScanned("R5", "pile", 10.0))
    session.journal.apply(game, Leave(1))  # the quickest way to a match's end
    assert game.awaiting.kind is Kind.MATCH_OVER
    feed(session, press(0, "draw", 20.0))
    assert session.phase is Phase.LOBBY
    assert (tmp_path / "game.jsonl.done-1").exists()


def test_several_cards_scanned_quickly_are_one_play_where_the_rules_allow():
    cool = configuration.loads('preset = "cool"\n')
    plays = {}
    for name, config in (("cool", cool), ("official", CONFIG)):
        session = Session(config, None)
        lobby_to_game(session)
        feed(session, CodeScanned("R5", "pile", 10))
        outcomes = feed(session, CodeScanned("G5", "pile", 11), CodeScanned("B5", "pile", 11.2))
        plays[name] = [o.action for o in outcomes]
    assert [len(p.cards) for p in plays["cool"]] == [2]
    assert [len(p.cards) for p in plays["official"]] == [1, 1]


def test_jump_ins_need_a_reader_at_every_joined_seat():
    jump = configuration.loads("[knobs]\njump_in = true\n")
    shared = Session(jump, None)
    assert shared.notes() == ["note_shared_reader"] and not shared.rules().jump_in
    own = Session(jump, None, readers={"pile": None, "left": 0, "right": 2})
    assert own.notes() == ["note_shared_reader"]  # seats 2 and 4 have none yet
    lobby_to_game(own, seats=(0, 2))
    assert own.notes() == [] and own.game.rules.jump_in
    assert Session(CONFIG, None).notes() == []  # no jump-ins, nothing lost


def test_a_seven_waits_for_the_seat_to_swap_with():
    session = Session(configuration.loads("[knobs]\nseven_zero = true\n"), None)
    lobby_to_game(session, seats=(0, 1, 3))
    feed(session, CodeScanned("R5", "pile", 10), CodeScanned("R7", "pile", 11))
    assert session.asking() == (1, "R7") and session.game.hand_count(1) == 7
    feed(session, press(3, "uno", 12))  # physical seat 3 is game seat 2
    assert session.asking() is None and session.game.hand_count(2) == 6


def test_while_a_colour_is_open_the_next_seat_is_lit_too():
    session = Session(configuration.loads('preset = "cool"\n'), None)
    lobby_to_game(session, seats=(0, 1, 3))
    feed(session, CodeScanned("R5", "pile", 10), CodeScanned("W", "pile", 11))
    assert session.game.meanwhile is not None
    assert session.leds() == {0: "off", 1: "on", 2: "off", 3: "on"}
