"""Every rule scenario played twice: with seen hands, and at a table of real cards.

In the `unseen` run of a scenario (see `hand_mode` in conftest.py) the scenario's game is a
`Twin`: the seen game it builds (the "world", what is really in the hands) and a game with the
same position whose hands are only counts (`Game.from_position` with int hands, or
`Game.referee` for a dealt game), the way the table referees real cards. Every action applied to
the twin goes to both, translated the way a table makes it (engine/game.py, `Game.referee`):

- a drawn card is never seen: `Draw` always awaits `drawn`; the player scans the card the seen
  game played for them (playone's auto-play) or presses DRAW again to pass;
- a challenged W4 player shows the cards of their hand one by one (`Reveal`) until the game
  rules (RULES.md, "Challenges under real cards");
- at the end of a round every other seat shows what it holds (RULES.md, "Points under real
  cards");
- a dealt game turns its first card with `Flip`.

After each action both games must show the same public state (`Game.public_state`): the
scenario's own assertions check the seen game, the twin checks that the table agrees. An action
that the seen game refuses must be refused by the table too, with the same reason: a rule that
needs a hand's content (the table trusts the player there) cannot run unseen, and its scenario
says so with `@hands("seen", why=...)`.
"""

from __future__ import annotations

import copy

from engine import Challenge, Draw, Flip, Game, IllegalAction, NextRound, Pass, Play, Reveal
from engine import events as ev

SEEN, UNSEEN = "seen", "unseen"


class Mode:
    """The hands the scenario being run plays with; set by the `hand_mode` fixture."""

    current = SEEN
    built = 0  # twins built by the current scenario


def flips(events) -> list[Flip]:
    """The Flip actions a table makes for the first cards a dealt seen game turned over."""
    return [Flip(e.card) for e in events if isinstance(e, ev.ReturnedToPile | ev.FirstCard)]


def unseen_part(world_hand, table_hand) -> list:
    """The cards of a seen hand that the table has not seen yet."""
    rest = list(world_hand)
    for card in table_hand:
        rest.remove(card)
    return rest


class Twin:
    """A seen game (`world`) and the same game refereed with unseen hands (`table`).

    Reading an attribute reads the seen game; `apply` applies to both and compares."""

    def __init__(self, world: Game, table: Game) -> None:
        self.world = world
        self.table = table
        Mode.built += 1
        self._check("built")

    @classmethod
    def from_position(cls, rules, hands, top, draw_pile=None, **kwargs) -> Twin:
        world = Game.from_position(rules, hands=hands, top=top, draw_pile=draw_pile, **kwargs)
        counts = [len(hand) if not isinstance(hand, int) else hand for hand in hands]
        table = Game.from_position(rules, hands=counts, top=top, **kwargs)
        # The table holds as many cards to draw as the seen scenario (from_position has no
        # argument for the size of a counted pile).
        table._s.pile_unseen = world.draw_count
        return cls(world, table)

    @classmethod
    def deal(cls, players, rules, deck, dealer=0) -> Twin:
        return cls.of_dealt(Game.deal(players=players, rules=rules, deck=deck, dealer=dealer))

    @classmethod
    def of_dealt(cls, world: Game) -> Twin:
        """A freshly dealt seen game, and the table turning the same first cards."""
        table = Game.referee(players=world.players, rules=world.rules, dealer=world.dealer)
        for flip in flips(world.last_events):
            table.apply(flip)
        return cls(world, table)

    def __getattr__(self, name):
        return getattr(self.world, name)

    # ------------------------------------------------------------------ applying

    def apply(self, action):
        try:
            events = self.world.apply(action)
        except IllegalAction as refusal:
            self._table_refuses(action, refusal)
            raise
        culprit_hand = None
        if isinstance(action, Challenge) and self.table.w4_player is not None:
            culprit_hand = self._hand_before_penalty(events)
        self.table.apply(action)
        self._follow(action, events)
        if culprit_hand is not None:
            self._challenge_reveals(culprit_hand)
        self._round_reveals()
        self._check(action)
        return events

    def _table_refuses(self, action, refusal: IllegalAction) -> None:
        probe = copy.deepcopy(self.table)
        try:
            probe.apply(action)
        except IllegalAction as table_refusal:
            assert table_refusal.reason == refusal.reason, (action, refusal, table_refusal)
            return
        raise AssertionError(
            f"with unseen hands the table accepts {action!r}, refused with seen hands "
            f"({refusal.reason}): the rule needs the hand's content; run the scenario "
            '@hands("seen", why=...) and show the trust in an unseen scenario'
        )

    def _follow(self, action, events) -> None:
        """What the table does after the seen game's action: scan or pass a drawn card."""
        if isinstance(action, Draw):
            for event in events:
                if isinstance(event, ev.Played) and event.auto:
                    self.table.apply(Play(event.seat, event.cards))  # the drawn card is scanned
                if isinstance(event, ev.Passed):
                    self.table.apply(Pass(event.seat))  # DRAW again: the card does not fit
        if isinstance(action, NextRound):
            for flip in flips(events):
                self.table.apply(flip)

    def _hand_before_penalty(self, events) -> list:
        """The W4 player's seen hand as it was when challenged (before a guilty draw)."""
        seat = self.table.w4_player
        hand = list(self.world.hand(seat))
        for event in events:
            if isinstance(event, ev.Drew) and event.seat == seat and event.reason == "guilty":
                hand = hand[: len(hand) - event.count]
        return hand

    def _challenge_reveals(self, hand) -> None:
        """The challenged W4 player scans the hand card by card until the table rules."""
        while self.table.awaiting.kind == "reveal" and self.table.winner is None:
            seat = self.table.awaiting.seat
            card = unseen_part(hand, self.table.hand(seat))[0]
            self.table.apply(Reveal(seat, [card]))

    def _round_reveals(self) -> None:
        """At the round's end every other seat shows what it holds."""
        while self.table.awaiting.kind == "reveal" and self.table.winner is not None:
            seat = self.table.awaiting.seat
            shown = unseen_part(self.world.hand(seat), self.table.hand(seat))
            self.table.apply(Reveal(seat, shown))

    def _check(self, after) -> None:
        world, table = self.world.public_state(), self.table.public_state()
        assert table == world, f"after {after!r}: unseen {table} != seen {world}"
