"""One scan a card: a reader that sees the same card again while it lies there reports it once."""

from __future__ import annotations

from collections.abc import Hashable


class Presence:
    """A reading the same as one seen less than `repeat` s before is the same card, still there.

    Every sighting renews the card's presence, so a tag left on an RDM6300 (a frame every tenth
    of a second or so) or under an NFC reader that polls it stays one scan for as long as it
    lies there; it counts again once the reader has not seen it for `repeat` seconds. Two
    different readings are always two scans. `repeat` 0 makes every reading a scan.
    """

    def __init__(self, repeat: float) -> None:
        self.repeat = repeat
        self._seen: dict[Hashable, float] = {}

    def new(self, reading: Hashable, at: float) -> bool:
        """Whether `reading`, seen at monotonic time `at`, is a new scan (and note it as seen)."""
        last = self._seen.get(reading)
        # Forget what has gone, so that the map holds only the cards lying there now.
        self._seen = {r: t for r, t in self._seen.items() if at - t < self.repeat}
        if self.repeat > 0:
            self._seen[reading] = at
        return last is None or at - last >= self.repeat
