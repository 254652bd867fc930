"""Seat names shortened with an ellipsis where a text cannot hold them whole: the rest of a
sentence is never cut, and two seats never look alike."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

ELLIPSIS = "…"


def abridged(name: str, keep: int, names: Sequence[str]) -> str:
    """`name` in `keep` characters and an ellipsis, told apart from each other of `names`: its
    start, and as much of its end as that takes ("Mesa 1 - Jug…2" beside "Mesa 1 - Jug…3");
    else a part of its middle no other name holds."""
    if len(name) <= keep:
        return name
    others = [o for o in names if o != name]
    # Told apart as shown: a space before the ellipsis would not show.
    for tail in range(keep):
        head, end = name[: keep - tail].rstrip(), name[len(name) - tail :]
        if not any(o.startswith(head) and o.endswith(end) for o in others):
            return head + ELLIPSIS + end
    # Alike at both ends ("MMMMMMMMMMMM MMMMMMMMMMM" beside "MMMMMMMMMMMMMMMMMMMMMMMM"): the
    # part in between that no other name holds, if there is one.
    for start in range(1, len(name) - keep):
        part = name[start : start + keep].strip()
        if not any(part in o for o in others):
            return ELLIPSIS + part + ELLIPSIS
    return name[:keep].rstrip() + ELLIPSIS  # no `keep` characters tell it apart


def shortened(text: str, names: Sequence[str], fits: Callable[[str], bool]) -> str | None:
    """`text` with the `names` in it shortened alike (`abridged`), as little as `fits` lets
    them be; None when it holds none of them, or even one letter of each is too much."""
    inside = sorted((n for n in set(names) if n and n in text), key=len, reverse=True)
    if not inside:
        return None
    # The longest first: a name inside another ("Ana" in "Ana Belén") is not taken for it.
    pattern = re.compile("|".join(map(re.escape, inside)))

    def at(keep: int) -> str:
        forms = {name: abridged(name, keep, names) for name in inside}
        return pattern.sub(lambda found: forms[found.group()], text)

    best, low, high = None, 1, len(inside[0]) - 1
    while low <= high:  # the most kept that fits: a shorter name is never wider
        keep = (low + high) // 2
        candidate = at(keep)
        if fits(candidate):
            best, low = candidate, keep + 1
        else:
            high = keep - 1
    return best
