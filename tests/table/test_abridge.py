"""abridge: a seat name shortened to fit, still unlike every other seat's; a sentence that
shortens its names loses nothing else."""

from __future__ import annotations

import itertools
import random

from table.screen.abridge import ELLIPSIS, abridged, shortened


def test_a_name_keeps_its_start_and_what_tells_it_apart():
    family = ("Familia García Rodrígue1", "Familia García Rodrígue2", "Ana")
    assert abridged(family[0], 10, family) == "Familia G…1"
    assert abridged(family[1], 10, family) == "Familia G…2"
    assert abridged("Ana", 2, family) == "Ana"[:2] + ELLIPSIS
    assert abridged("Tío Fernando López Gómez", 13, ("Tío Fernando López Gómez",)) == (
        "Tío Fernando" + ELLIPSIS  # no space before the ellipsis
    )
    assert abridged("Ana", 3, family) == "Ana"  # short enough: whole


def test_names_alike_at_both_ends_show_their_middle():
    names = ("M" * 12 + " " + "M" * 11, "M" * 24)
    assert abridged(names[0], 9, names) == ELLIPSIS + "M" * 7 + " M" + ELLIPSIS
    assert abridged(names[1], 9, names) == "M" * 9 + ELLIPSIS


def _alike_everywhere(name: str, keep: int, others: list[str]) -> bool:
    """Whether no start, end or middle of `name` in `keep` letters is its own."""
    starts = (name[: keep - t].rstrip() for t in range(keep))
    ends = (name[len(name) - t :] if t else "" for t in range(keep))
    parts = (name[s : s + keep].strip() for s in range(1, len(name) - keep))
    return all(
        any(o.startswith(h) and o.endswith(e) for o in others)
        for h, e in zip(starts, ends, strict=True)
    ) and all(any(part in o for o in others) for part in parts)


def test_distinct_names_look_alike_only_where_no_part_of_either_is_its_own():
    rng = random.Random(7)
    for _ in range(300):
        names = {"".join(rng.choice("ab ") for _ in range(rng.randint(1, 24))) for _ in "xyz"}
        names = [n for n in names if n.strip() == n]
        for keep in range(1, 24):
            forms = {name: abridged(name, keep, names) for name in names}
            for a, b in itertools.combinations(names, 2):
                if forms[a] == forms[b]:
                    others = [n for n in names if n != a], [n for n in names if n != b]
                    assert _alike_everywhere(a, keep, others[0]), (a, b, keep)
                    assert _alike_everywhere(b, keep, others[1]), (a, b, keep)


def test_a_sentence_shortens_its_names_alone():
    names = ("Tío Fernando López Gómez", "Ana", "Ana Belén Núñez Castillo")
    text = "¡Tío Fernando López Gómez pilla a Ana Belén Núñez Castillo sin decir UNO!"
    short = shortened(text, names, lambda t: len(t) <= 50)
    assert short == "¡Tío Fernand… pilla a Ana Belén N… sin decir UNO!"  # 11 letters each
    longer = "¡Tío Fernando… pilla a Ana Belén Nú… sin decir UNO!"  # 12 each: the most that fit
    assert shortened(text, names, lambda t: len(t) <= 51) == longer
    assert shortened("Ana plays red 7", names, lambda t: len(t) <= 10) is None  # 3 letters
    assert shortened("Bruno plays red 7", names, lambda t: True) is None  # no name in it
    assert shortened(text, names, lambda t: False) is None
