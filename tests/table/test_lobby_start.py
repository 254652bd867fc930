"""The lobby: DRAW at a joined seat starts the game (README, At the table); nowhere else."""

from tests.table.test_script import play


def test_draw_at_a_seat_that_has_not_joined_does_not_start_the_game(tmp_path):
    script = "0 press 1 uno\n0.5 press 2 uno\n1 press 3 draw\n"
    state = play(tmp_path, script)
    assert state["screen"] == "lobby" and state["actions"] == []
    assert state["notices"] == [
        "Seat 3: not joined yet: UNO joins, then DRAW at a joined seat starts"
    ]
    started = play(tmp_path, script + "2 press 2 draw\n")
    assert started["screen"] == "deal" and started["seats"] == [1, 2]


def test_the_refusal_in_spanish(tmp_path):
    state = play(tmp_path, "0 press 1 uno\n0.5 press 2 uno\n1 press 4 draw\n", 'language = "es"\n')
    assert state["screen"] == "lobby"
    assert state["notices"] == [
        "Asiento 4: aún no te has unido: UNO une, y ROBAR en un asiento unido empieza"
    ]
