"""A frame lists again only the parts whose facts changed (table/screen/listing.py), and the
frame it gives is the one listing every part gives: the same calls, rects and texts."""

from __future__ import annotations

import dataclasses
import hashlib

import pygame
import pytest

from bench.memory import HELP_EVERY, Match
from table.screen import parts
from table.screen.display import Display
from table.screen.examples import examples
from table.screen.frame import Local, session_view
from table.screen.listing import PART_HISTORY, Listing, Part
from table.screen.paint import Painter
from table.screen.screens import frame_parts
from table.screen.text import Text
from table.screen.view import EVENT_LINES

VIEWS = examples()


@pytest.fixture
def seat_boxes(monkeypatch) -> list:
    """The seat boxes listed, as each call of parts.seat_box."""
    calls = []
    real = parts.seat_box

    def counted(p, lay, text, box):
        calls.append(box.seat.seat)
        real(p, lay, text, box)

    monkeypatch.setattr(parts, "seat_box", counted)
    return calls


def test_a_new_prompt_lists_no_seat_again(seat_boxes):
    display = Display(pygame.Surface((800, 480)))
    view = VIEWS["game"]
    display.draw(view)
    assert sorted(seat_boxes) == [s.seat for s in view.seats]  # the first frame lists all
    seat_boxes.clear()
    regions = display.draw(dataclasses.replace(view, prompt="Something else to do"))
    assert seat_boxes == []
    assert display.listing.lists["prompt"] == 2 and display.listing.lists["pile"] == 1
    assert all(r.colliderect(display.layout.bar) for r in regions)  # only the bar is drawn


def test_a_seat_whose_count_changed_is_the_only_one_listed_again(seat_boxes):
    display = Display(pygame.Surface((1920, 1080)))
    view = VIEWS["game"]
    display.draw(view)
    seat_boxes.clear()
    seats = list(view.seats)
    seats[2] = dataclasses.replace(seats[2], cards=seats[2].cards + 1)
    display.draw(dataclasses.replace(view, seats=tuple(seats)))
    assert seat_boxes == [seats[2].seat]


def test_a_seat_box_back_as_it_was_a_few_frames_ago_is_not_listed_again(seat_boxes):
    display = Display(pygame.Surface((1920, 1080)))
    view = VIEWS["game"]
    seats = list(view.seats)

    def counted(cards: int):
        seats[2] = dataclasses.replace(seats[2], cards=cards)
        return dataclasses.replace(view, seats=tuple(seats))

    display.draw(counted(3))
    display.draw(counted(4))
    seat_boxes.clear()
    display.draw(counted(3))  # as it was two frames ago
    assert seat_boxes == []
    for cards in range(5, 5 + PART_HISTORY):
        display.draw(counted(cards))
    seat_boxes.clear()
    display.draw(counted(3))  # as it was more listings ago than are kept
    assert seat_boxes == [seats[2].seat]


def test_two_parts_of_one_name_in_a_frame_are_refused():
    p = Painter(pygame.Surface((80, 48)))
    twice = [Part("pile", True, parts.background), Part("pile", False, parts.background)]
    with pytest.raises(ValueError, match="pile"):
        Listing().frame(p, Display(p.surface).layout, Text("en"), twice)


def _frame(p: Painter) -> tuple:
    """The frame `p` listed, its images by their pixels (a kept image and one made again
    draw the same)."""

    def plain(value):
        if isinstance(value, pygame.Surface):
            return value.get_size(), hashlib.sha1(pygame.image.tobytes(value, "RGBA")).digest()
        if isinstance(value, tuple):
            return tuple(plain(v) for v in value)
        return value

    ops = [(op.kind, op.box, plain(op.args)) for op in p.ops]
    marks = {name: tuple(rect) for name, rect in p.marks.items()}
    placed = [(text, tuple(rect)) for text, rect in p.placed]
    return ops, marks, placed, list(p.cut)


def test_parts_kept_over_a_match_list_what_listing_every_part_lists(tmp_path):
    size = (800, 480)
    p = Painter(pygame.Surface(size))
    lay = Display(p.surface).layout
    match = Match(tmp_path, "es", size, seed=5)
    kept, frames, shown, last = Listing(), 0, 0, None
    try:
        while not match.driver.done and frames < 400:
            match.step()
            local = Local(help=match.driver.actions % HELP_EVERY == HELP_EVERY - 1)
            view = session_view(match.session, local)
            if view == last:
                continue
            last, frames = view, frames + 1
            text = Text(view.lang, view.table.call_word)
            frame = frame_parts(lay, view)
            shown += len(frame)
            kept.frame(p, lay, text, frame)
            reused = _frame(p)
            Listing().frame(p, lay, text, frame_parts(lay, view))
            assert reused == _frame(p), f"frame {frames} ({view.screen})"
    finally:
        match.close()
    assert sum(kept.lists.values()) < shown / 2  # most parts were kept, not listed again


def test_ahead_makes_the_texts_of_the_next_events_and_draws_nothing():
    display = Display(pygame.Surface((1920, 1080)))
    view = dataclasses.replace(VIEWS["game"], verdict=None)
    assert len(view.events) >= 2
    display.draw(view)
    before = pygame.image.tobytes(display.surface, "RGB")
    display.ahead()
    assert pygame.image.tobytes(display.surface, "RGB") == before
    assert display.listing.lists["events"] == 1  # set aside, not listed as a frame's
    made = set(display.painter.texts.keys())
    display.ahead()  # once a frame
    assert set(display.painter.texts.keys()) == made
    texts = display.painter.texts
    new = dataclasses.replace(view, events=("A new event", *view.events)[:EVENT_LINES])
    display.draw(new)
    lines = {text for text, *_ in set(texts.keys()) - made}
    assert lines == {"A new event"}  # every older line was made ahead, in its next shade


def test_a_frame_listed_ahead_pushes_no_listing_out_until_it_comes():
    """A frame listed ahead (Display.guess) may never come: the last frames' listings stay;
    the next frame may take its parts; once it came (`came`) it is kept like any frame."""
    p = Painter(pygame.Surface((80, 48)))
    lay, text, listing = Display(p.surface).layout, Text("en"), Listing()

    def square(p: Painter, lay, text, color: tuple) -> None:
        p.rect(color, pygame.Rect(0, 0, 8, 8))

    def frame(color: tuple, ahead: bool = False) -> None:
        listing.frame(p, lay, text, [Part("bg", color, square)], ahead)

    shades = [(n, n, n) for n in range(PART_HISTORY + 3)]
    for shade in shades[:PART_HISTORY]:
        frame(shade)
    before = listing.lists["bg"]
    frame(shades[PART_HISTORY], ahead=True)
    frame(shades[0])  # the oldest kept: not pushed out by the frame listed ahead
    assert listing.lists["bg"] == before + 1
    frame(shades[PART_HISTORY + 1], ahead=True)
    frame(shades[PART_HISTORY + 1])  # the frame listed ahead came: its part is taken
    assert listing.lists["bg"] == before + 2
    frame(shades[PART_HISTORY + 2], ahead=True)
    listing.came()
    frame(shades[PART_HISTORY + 2])
    assert listing.lists["bg"] == before + 3
