"""Simulated players: a random bot and a sensible bot, both acting through `legal_actions()`
(and `out_of_turn_actions()` for jump-ins and plays made while a wild's colour is open)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from .actions import Action, CallUno, CatchUno, Challenge, ChooseColor, Draw, Play
from .cards import Color, Rank
from .game import Game, Kind


class RandomBot:
    """Picks any legal action; catches a forgotten UNO and moves out of turn now and then."""

    def __init__(
        self,
        seed: int = 0,
        catch_rate: float = 0.3,
        out_of_turn_rate: float = 0.3,
        play_bias: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.catch_rate = catch_rate
        self.out_of_turn_rate = out_of_turn_rate
        self.play_bias = play_bias  # chance to pick among plays only, when there are some

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        if self.play_bias and self.rng.random() < self.play_bias:
            legal = [a for a in legal if isinstance(a, Play)] or legal
        return self._maybe_open(game, self.rng.choice(legal))

    def _maybe_open(self, game: Game, action: Action) -> Action:
        """open_wild: now and then play a wild without naming its colour yet."""
        if not (isinstance(action, Play) and action.card.is_wild and game.rules.open_wild):
            return action
        if self.rng.random() < 0.3:
            return Play(action.seat, action.cards, target=action.target)
        return action

    def out_of_turn(self, game: Game, seat: int) -> Action | None:
        """A move by `seat` while another seat is awaited (a jump-in, a play meanwhile)."""
        options = game.out_of_turn_actions(seat)
        if not options or self.rng.random() >= self.out_of_turn_rate:
            return None
        return self.rng.choice(options)

    def catch(self, game: Game, seat: int) -> Action | None:
        """A CatchUno from `seat` if it spots a seat to catch (and feels like it)."""
        target = game.catchable
        if target is None or target == seat or self.rng.random() >= self.catch_rate:
            return None
        return CatchUno(seat)


class SensibleBot(RandomBot):
    """Plays like a careful person: keeps wilds, names its strongest colour, calls UNO."""

    def __init__(self, seed: int = 0, catch_rate: float = 0.9) -> None:
        super().__init__(seed, catch_rate, out_of_turn_rate=1.0)

    def out_of_turn(self, game: Game, seat: int) -> Action | None:
        """Jumps in whenever it can; plays its best card while a colour is open."""
        plays = [a for a in game.out_of_turn_actions(seat) if isinstance(a, Play)]
        plays = [p for p in plays if not p.card.is_wild]
        if not plays:
            return None
        return max(plays, key=lambda p: self._score(game, seat, p))

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        seat = game.awaiting.seat
        kind = game.awaiting.kind
        calls = [a for a in legal if isinstance(a, CallUno)]
        if calls:
            return calls[0]
        if kind is Kind.COLOR:
            best = self._best_color(game, seat)
            return next(a for a in legal if isinstance(a, ChooseColor) and a.color is best)
        if kind is Kind.CHALLENGE and self._worth_challenging(game):
            return next(a for a in legal if isinstance(a, Challenge))
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return max(plays, key=lambda p: self._score(game, seat, p))
        draws = [a for a in legal if isinstance(a, Draw)]
        return draws[0] if draws else legal[0]

    def _best_color(self, game: Game, seat: int) -> Color:
        counts = Counter(c.color for c in game.hand(seat) if c.color is not None)
        if not counts:
            return self.rng.choice(list(Color))
        return max(Color, key=lambda c: (counts[c], -list(Color).index(c)))

    def _worth_challenging(self, game: Game) -> bool:
        # The more cards the W4 player still holds, the likelier one follows the colour.
        culprit = game.w4_player
        held = game.hand_count(culprit) if culprit is not None else 0
        return 1 - 0.75**held > 0.45

    def _score(self, game: Game, seat: int, play: Play) -> float:
        card = play.card
        hand = game.hand(seat)
        colors = Counter(c.color for c in hand if c.color is not None)
        nxt = (seat + game.direction) % game.players
        danger = game.hand_count(nxt) <= 2
        score = 0.0
        if card.rank is Rank.WILD4:
            score -= 30 if any(c.color is game.color for c in hand) else 20
        elif card.is_wild:
            score -= 15
        else:
            score += colors[card.color]
            if card.rank.is_action:
                score += 6 if danger else 1
            score += card.points / 20
        if play.color is not None:
            score += colors[play.color] / 10
        score += 2 * (len(play.cards) - 1)  # shedding several cards at once is good
        if play.target is not None:
            # 7-0: swap with the seat holding the fewest cards.
            score += (len(hand) - game.hand_count(play.target)) / 2
        return score


def play_out(
    game: Game, bots: Sequence[RandomBot], seed: int = 0, max_actions: int = 100_000
) -> list[Action]:
    """Let the bots play until the match ends (or `max_actions`); returns the actions applied."""
    rng = random.Random(seed)
    applied: list[Action] = []
    while game.awaiting.kind is not Kind.MATCH_OVER and len(applied) < max_actions:
        action = choose_action(game, bots, rng)
        game.apply(action)
        applied.append(action)
    return applied


def choose_action(game: Game, bots: Sequence[RandomBot], rng: random.Random) -> Action:
    """The next action at a table of bots: a catch, a move out of turn, or the awaited move."""
    return (
        _someone_catches(game, bots, rng)
        or _someone_out_of_turn(game, bots, rng)
        or _awaited_move(game, bots)
    )


def _someone_catches(game: Game, bots: Sequence[RandomBot], rng: random.Random) -> Action | None:
    if game.catchable is None:
        return None
    seats = [s for s in range(game.players) if s not in game.left]
    return _first_taker(seats, rng, lambda seat: bots[seat].catch(game, seat))


def _someone_out_of_turn(
    game: Game, bots: Sequence[RandomBot], rng: random.Random
) -> Action | None:
    if not (game.rules.jump_in or game.meanwhile is not None):
        return None
    seats = [s for s in range(game.players) if s not in game.left and s != game.awaiting.seat]
    return _first_taker(seats, rng, lambda seat: bots[seat].out_of_turn(game, seat))


def _first_taker(
    seats: list[int], rng: random.Random, ask: Callable[[int], Action | None]
) -> Action | None:
    """The first action any seat takes, the seats asked in a random order (who is quicker)."""
    rng.shuffle(seats)
    for seat in seats:
        action = ask(seat)
        if action is not None:
            return action
    return None


def _awaited_move(game: Game, bots: Sequence[RandomBot]) -> Action:
    seat = game.awaiting.seat
    return bots[seat if seat is not None else 0].act(game)
