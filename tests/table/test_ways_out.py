"""No dead ends: every state the table waits in is left with the table's buttons or a scan."""

from __future__ import annotations

from engine import Kind
from hw.events import Button, ButtonPressed, CodeScanned
from table.flow.session import Phase, Session
from table.setup import config as configuration

PAD = None


class Walk:
    """Drives a Session one input at a time; every input must leave the state it was in."""

    def __init__(self, session: Session, seen: set[str]) -> None:
        self.session, self.seen, self.at = session, seen, 0.0

    def state(self) -> tuple[str, int | None]:
        """(what the table waits for, from which game seat)."""
        session = self.session
        if session.phase is not Phase.GAME:
            return (str(session.phase), None)
        if session.asking() is not None:
            return ("asking", session.asking()[0])
        aw, game = session.game.awaiting, session.game
        if aw.kind is Kind.REVEAL:
            return ("tally" if game.winner is not None else "reveal", aw.seat)
        return (str(aw.kind), aw.seat)

    def out(self, what: str, *args) -> tuple[str, int | None]:
        """Leave the present state with a press (`press`, seat, button) or a scan (`scan`, code)."""
        before = self.state()
        self.seen.add(before[0])
        after = self.send(what, *args)
        assert after != before, f"{what} {args} left {before} as it was"
        return after

    def send(self, what: str, *args) -> tuple[str, int | None]:
        """One input, applied; the state after it."""
        self.at += 1.0
        if what == "press":
            event = ButtonPressed(args[0], Button(args[1]), self.at)
        else:
            event = CodeScanned(args[0], "pile", self.at)
        self.session.handle(event, self.at)
        self.session.tick(self.at + 10.0)
        return self.state()


def test_every_waiting_state_has_a_way_out(tmp_path):
    seen: set[str] = set()
    # A match of two short rounds: the tally's hand never shown in full (DRAW: no more).
    short = configuration.loads("[knobs]\nhand_size = 2\ntarget_score = 6\n")
    walk = Walk(Session(short, tmp_path / "a"), seen)
    walk.send("press", 0, "uno")  # joining: still the lobby
    walk.send("press", 1, "uno")
    assert walk.out("press", 0, "draw") == ("flip", 0)
    assert walk.out("scan", "R1") == ("turn", 1)
    assert walk.out("press", 1, "draw") == ("drawn", 1)
    assert walk.out("press", 1, "draw") == ("turn", 0)
    for round_ in (1, 2):
        walk.out("scan", "R2")
        walk.out("press", 1, "draw")
        walk.out("press", 1, "draw")
        assert walk.out("scan", "R3") == ("tally", 1)  # seat 0 is out
        walk.send("scan", "R5")  # five points shown, the rest cannot be
        state = walk.out("press", 1, "draw")
        if round_ == 1:
            assert state == ("round_over", None)
            assert walk.out("press", 0, "draw") == ("flip", 1)
            walk.out("scan", "R1")
    assert state == ("match_over", None)
    assert walk.out("press", 1, "uno") == ("lobby", None)

    # A seven that waits for a seat, a stack, a colour, a challenge and the culprit's reveal.
    rich = configuration.loads('[knobs]\nseven_zero = true\nstacking = "cross"\n')
    walk = Walk(Session(rich, tmp_path / "b"), seen)
    walk.send("press", 0, "uno")  # joining: still the lobby
    walk.send("press", 1, "uno")
    walk.out("press", 0, "draw")
    walk.out("scan", "R1")
    assert walk.out("scan", "R7") == ("asking", 1)
    assert walk.out("press", 1, "draw") == ("drawn", 1)  # DRAW takes the seven back
    walk.out("press", 1, "draw")
    assert walk.out("scan", "RD2") == ("respond", 1)
    assert walk.out("press", 1, "draw") == ("turn", 0)
    assert walk.out("scan", "W4") == ("color", 0)
    assert walk.out("press", PAD, "blue") == ("challenge", 1)
    assert walk.out("press", 1, "challenge") == ("reveal", 0)
    assert walk.out("press", 0, "draw") == ("turn", 1)  # cannot show the hand: guilty
    assert walk.session.game.hand_count(0) == 7 - 2 + 4

    # A restart offers the game: DRAW resumes it, CHALLENGE sets it aside.
    walk.session.journal.close()
    walk = Walk(Session(rich, tmp_path / "b"), seen)
    assert walk.out("press", 0, "draw") == ("turn", 1)
    walk.session.journal.close()
    walk = Walk(Session(rich, tmp_path / "b"), seen)
    assert walk.out("press", 0, "challenge") == ("lobby", None)

    every = {str(kind) for kind in Kind} - {"reveal"} | {"tally", "reveal", "asking"}
    assert seen >= every | {str(phase) for phase in Phase} - {"game"}
