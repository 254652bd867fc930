"""Helpers for the rule scenario tests (tests/engine/test_rules_*.py).

Every scenario names the preset, the RULES.md row and the rule document line it checks with
`@rule(preset, document, line, row)`. The tests use only the engine's public API
(engine/__init__.py).

Every scenario runs twice, `[seen]` and `[unseen]`: in the unseen run the games that `position`,
`deal` and `build` make are twins that also referee the same game with unseen hands (see
unseen.py). A scenario that cannot run unseen says why with `@hands("seen", why=...)`; one that
builds its own game of real cards runs once, `@hands("unseen")`.
"""

import copy
from collections import Counter

import pytest

from engine import Game, IllegalAction, RuleSet

from .unseen import SEEN, UNSEEN, Mode, Twin

OFFICIAL_DOC = "001_7de0782de58d94c8.txt"
REGLAMENTO_DOC = "000_4f59e59c717ebe96.txt"
PLAYONE_DOC = "002_4472cbb3b785f485.txt"
COOL_DOC = "003_6e3a6848a9139a6f.txt"
RULES_MD = "RULES.md"  # knobs beyond the presets have no rule document of their own
DOCS = (OFFICIAL_DOC, REGLAMENTO_DOC, PLAYONE_DOC, "004_beba888c69d67be2.txt", COOL_DOC, RULES_MD)

PRESETS = ("official", "reglamento", "playone", "cool")
# House-rule knobs a scenario may name instead of a preset (RULES.md "Knobs beyond the presets").
KNOBS = (
    "stacking",
    "seven_zero",
    "jump_in",
    "draw_to_match",
    "target_score",
    "match_end",
    "multi_play",
    "out_on_number",
    "open_wild",
    "validation",
)

# The rows of the RULES.md decision table, and the shared details, that a scenario may name.
ROWS = (
    "deck",
    "hand",
    "who starts",
    "matches",
    "W",
    "W4",
    "W4 challenge",
    "D2",
    "W4 effect",
    "stacking",
    "S",
    "R",
    "several cards at once",
    "first card W4",
    "first card W",
    "first card D2",
    "first card S",
    "first card R",
    "nothing playable",
    "drawing while holding a playable card",
    "UNO call",
    "going out",
    "players leaving",
    "scoring",
    "empty draw pile",
    "catch window",
    "a real deck is finite",
    "challenges under real cards",
    "points under real cards",
    "draw pile under real cards",
    "wild shuffle hands",
    "cool counters",
    "first card in `cool`",
    "several scans in one window",
    "a card dropped on the pile but not yet acknowledged",
    "knobs",
)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "rule(preset, doc, line, row): the preset, rule document line and RULES.md row "
        "that a scenario checks",
    )
    config.addinivalue_line(
        "markers",
        "hands(*modes, why=None): the hands a rule scenario runs with, seen and/or unseen "
        "(default both); `why` says why one is left out",
    )


def is_scenario(path):
    return path.name.startswith("test_rules_")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if is_scenario(item.path) and item.get_closest_marker("rule") is None:
            raise pytest.UsageError(f"{item.nodeid}: a rule scenario must name its rule (@rule)")


def pytest_generate_tests(metafunc):
    if is_scenario(metafunc.definition.path):
        mark = metafunc.definition.get_closest_marker("hands")  # the function's, or the module's
        modes = mark.args if mark else (SEEN, UNSEEN)
        metafunc.parametrize("hand_mode", modes, indirect=True)


@pytest.fixture(autouse=True)
def hand_mode(request):
    """Build the games of a scenario with seen hands, or as twins that also play them unseen."""
    Mode.current, Mode.built = getattr(request, "param", SEEN), 0
    yield Mode.current
    own = request.node.get_closest_marker("hands")  # @hands("unseen"): builds its own game
    if Mode.current == UNSEEN and Mode.built == 0 and own is None:
        pytest.fail(
            "this scenario built no game through position(), deal() or build(): "
            'mark it @hands("seen", why=...) or build its game with them'
        )
    Mode.current = SEEN


NO_GAME = "no game is played: nothing depends on the hands"
TRUSTED = "the rule needs the hand's content: unseen, the table trusts it (test_rules_unseen.py)"


def hands(*modes, why=None):
    """Run a scenario with only these hands; leaving `unseen` out needs a reason."""
    assert modes and set(modes) <= {SEEN, UNSEEN}, modes
    assert UNSEEN in modes or why, "say why the scenario cannot run with unseen hands"
    return pytest.mark.hands(*modes, why=why)


def rule(preset, doc, line, row):
    """Mark a scenario with the preset (or knob), rule document line (1-based) and RULES.md row."""
    assert preset in PRESETS or preset in KNOBS, preset
    assert doc in DOCS, doc
    assert row in ROWS, row
    return pytest.mark.rule(preset, doc, line, row=row)


# ---------------------------------------------------------------- cards


def codes(cards):
    """Card codes of a sequence of cards, in order."""
    return [str(card) for card in cards]


def held(game, seat):
    """The codes of the cards `seat` holds, sorted (a hand has no order)."""
    return sorted(codes(game.hand(seat)))


def is_number(code):
    return code[0] in "RYGB" and code[1:].isdigit()


def standard_deck(wilds):
    """The codes of a deck with one 0, two of 1-9, S, R and D2 per colour, `wilds` W and 4 W4."""
    deck = Counter()
    for color in "RYGB":
        deck[f"{color}0"] = 1
        for rank in (*"123456789", "S", "R", "D2"):
            deck[f"{color}{rank}"] = 2
    deck["W"] = wilds
    deck["W4"] = 4
    return deck


# 21 distinct number cards: seven for each of three seats.
TWENTY_ONE = [f"{color}{n}" for color in "BGY" for n in range(1, 8)]


def stacked_deck(rules, top):
    """The full deck of `rules` as codes, with `top` first (index 0 = top), the rest sorted."""
    full = Counter(codes(rules.deck()))
    assert Counter(top) <= full, f"more copies than the deck holds: {Counter(top) - full}"
    return [*top, *sorted((full - Counter(top)).elements())]


def build(rules, hands, top, **kwargs):
    """Game.from_position; a twin that also plays it with unseen hands in an [unseen] run."""
    if Mode.current == UNSEEN:
        return Twin.from_position(rules, hands, top, **kwargs)
    return Game.from_position(rules, hands=hands, top=top, **kwargs)


def build_deal(players, rules, deck, dealer=0):
    """Game.deal; in an [unseen] run a twin whose table is Game.referee turning the same cards."""
    if Mode.current == UNSEEN:
        return Twin.deal(players, rules, deck, dealer)
    return Game.deal(players=players, rules=rules, deck=deck, dealer=dealer)


def deal(preset, players, first, after=(), dealer=0):
    """Game.deal from a full deck ordered so that the hands are plain number cards, the first
    card turned is `first`, and the next cards of the draw pile are `after`."""
    rules = RuleSet.preset(preset)
    rest = Counter(codes(rules.deck())) - Counter([first, *after])
    numbers = [code for code in sorted(rest.elements()) if is_number(code)]
    hands = numbers[: players * 7]
    deck = stacked_deck(rules, [*hands, first, *after])
    return build_deal(players, rules, deck, dealer)


def position(preset, hands, top, turn=0, draw_pile=(), **kwargs):
    """Game.from_position with an explicit draw pile (index 0 = top)."""
    rules = RuleSet.preset(preset)
    used = [*(code for hand in hands for code in hand), top, *draw_pile]
    used += kwargs.get("discard_below", ())
    full = Counter(codes(rules.deck()))
    assert Counter(used) <= full, f"more copies than the deck holds: {Counter(used) - full}"
    hands = [list(hand) for hand in hands]
    return build(rules, hands, top, turn=turn, draw_pile=list(draw_pile), **kwargs)


# ---------------------------------------------------------------- state


def awaits(game, kind, seat):
    """Assert what the game waits for, and from whom."""
    assert (game.awaiting.kind, game.awaiting.seat) == (kind, seat)


def action_types(game):
    return {type(action) for action in game.legal_actions()}


def state(game):
    """Everything public about a game, to compare before and after a refused action."""
    seats = range(game.players)
    return {
        "awaiting": (game.awaiting.kind, game.awaiting.seat),
        "turn": game.turn,
        "top": str(game.top),
        "color": game.color,
        "direction": game.direction,
        "hands": [held(game, seat) for seat in seats],
        "counts": [game.hand_count(seat) for seat in seats],
        "draw_count": game.draw_count,
        "discard": codes(game.discard),
        "pending_draw": game.pending_draw,
        "uno_called": [game.uno_called(seat) for seat in seats],
        "winner": game.winner,
        "scores": copy.deepcopy(game.scores),
        "match_winner": game.match_winner,
        "history": list(game.history),
    }


def refused(game, action):
    """Assert that `action` is refused with a reason and leaves the game exactly as it was."""
    before = state(game)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(action)
    assert isinstance(refusal.value, ValueError)
    assert refusal.value.reason
    assert state(game) == before
