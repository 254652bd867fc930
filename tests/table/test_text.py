"""The screen's sentences: both languages complete, every event and refusal said."""

from __future__ import annotations

import dataclasses

import pytest

from engine import Card, Refusal, RuleSet
from engine import events as ev
from table.flow.refusals import TableRefusal
from table.screen.text import LANGUAGES, STRINGS, Text, default_language

SAMPLES = [
    ev.Dealt(0, 7),
    ev.FirstCard(Card.parse("R5")),
    ev.ReturnedToPile(Card.parse("W4")),
    ev.Played(1, (Card.parse("G7"),), None),
    ev.Played(1, (Card.parse("W4"),), "B"),
    ev.Played(1, (Card.parse("R5"), Card.parse("G5")), None),
    ev.Played(1, (Card.parse("Y2"),), None, auto=True),
    ev.ColorChosen(2, "Y"),
    ev.Drew(0, 1),
    ev.Drew(0, 0),
    ev.Drew(0, 4, reason="penalty"),
    ev.Drew(0, 2, reason="uno"),
    ev.Drew(0, 4, reason="guilty"),
    ev.Skipped(3),
    ev.Reversed(-1),
    ev.Passed(2),
    ev.DrawStacked(1, 6),
    ev.UnoCalled(0),
    ev.UnoCaught(0, 2),
    ev.Challenged(1, 0),
    ev.ChallengeSettled(1, 0, True),
    ev.ChallengeSettled(1, 0, False),
    ev.Reshuffled(40),
    ev.Revealed(2, (Card.parse("B1"),)),
    ev.Revealed(2, (Card.parse("B1"), Card.parse("W"))),
    ev.Left(3),
    ev.CounterOpen(1, "S", 2),
    ev.CounterOpen(1, "R", 1),
    ev.CounterDeclined(2, "R"),
    ev.ReverseCancelled(0, 1),
    ev.HandsSwapped(0, 2),
    ev.HandsPassed(-1),
    ev.HandsShuffled(3, (2, 3, 3, 2)),
    ev.RoundOver(0, 87),
    ev.MatchOver(0),
]


def test_both_languages_have_the_same_sentences():
    assert set(STRINGS) == set(LANGUAGES)
    assert set(STRINGS["en"]) == set(STRINGS["es"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_has_a_sentence_naming_its_seats(lang):
    text = Text(lang, call_word="UNO")
    names = ("Ana", "Bruno", "Carla", "Dani")
    for event in SAMPLES:
        line = text.event(event, names)
        assert line and "{" not in line, event
        for field in dataclasses.fields(event):
            if field.name in ("seat", "by", "winner", "challenger", "dealer"):
                assert names[getattr(event, field.name)] in line, (event, line)
    every_event = {c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event)}
    assert every_event - {ev.Event} == {type(e) for e in SAMPLES}


def test_sentences_read_well():
    text = Text()
    names = ("Ana", "Bruno", "Carla")
    assert text.event(ev.Drew(2, 4, reason="penalty"), names) == "Carla draws 4"
    assert text.event(ev.Played(0, (Card.parse("W4"),), "G"), names) == "Ana plays wild +4: green"
    assert Text("es").event(ev.UnoCalled(1), names) == "¡Bruno dice UNO!"
    assert Text(call_word="ONE").event(ev.UnoCalled(1), names) == "Bruno calls ONE!"
    assert text.event(ev.Skipped(7), names) == "Seat 8 is skipped"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name(lang):
    text = Text(lang)
    codes = {str(c) for p in RuleSet.PRESETS for c in RuleSet.preset(p).deck()} | {"WC"}
    names = {text.card(code) for code in codes}
    assert len(names) == len(codes)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_reason_has_a_sentence(lang):
    text = Text(lang)
    for reason in (*Refusal, *TableRefusal):
        assert text.has(reason), reason
        assert "{" not in text.refusal(reason, card="R7")
    assert text.refusal("no_match", card="G4").startswith(text.card("G4"))
    assert text.refusal("", message="press UNO to join") == "press UNO to join"


def test_a_reason_without_a_sentence_is_not_hidden():
    with pytest.raises(ValueError):
        Text().refusal("something_new", message="as the engine said")


def test_the_language_follows_the_locale():
    assert default_language("es_ES") == "es"
    assert default_language("es_MX.UTF-8") == "es"
    assert default_language("en_GB") == "en"
    assert default_language("C") == "en"
    assert default_language() in LANGUAGES


def test_colour_letters_differ_within_a_language():
    for lang in LANGUAGES:
        letters = [Text(lang).letter(c) for c in "RYGB"]
        assert len(set(letters)) == 4


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError):
        Text("fr")


def test_spanish_says_reverse_one_way_and_a_pending_draw_is_not_the_draw():
    es = Text("es")
    assert es.card("RR") == "reversa roja" and es.card("YS") == "bloqueo amarillo"
    said = " ".join(STRINGS["es"].values()).lower()
    assert "cambio de sentido" not in said
    for key in ("help_actions", "prompt_counter_R", "prompt_respond_cool", "must_counter"):
        assert "reversa" in STRINGS["es"][key]
    names = ("Ana", "Bruno", "Carla", "Dani")
    stacked = es.event(ev.DrawStacked(3, 2), names)
    drew = es.event(ev.Drew(3, 2, (), None), names)
    assert stacked == "Dani: 2 por robar" and stacked != drew == "Dani roba 2"
