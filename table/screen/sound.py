"""Short sounds made by the program (no files, no numpy); silent when there is no audio."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import logging
import math
import os
from array import array
from collections.abc import Iterable

import pygame

from engine import events as ev

log = logging.getLogger(__name__)

Note = tuple[float, float]  # (frequency in Hz, length in seconds)

TUNES: dict[str, tuple[Note, ...]] = {
    "play": ((880.0, 0.045), (1320.0, 0.07)),
    "uno": ((1047.0, 0.08), (1319.0, 0.08), (1568.0, 0.16)),
    "penalty": ((392.0, 0.11), (311.0, 0.11), (233.0, 0.22)),
    "round_end": ((523.0, 0.11), (659.0, 0.11), (784.0, 0.11), (1047.0, 0.34)),
}


def samples(notes: Iterable[Note], rate: int, volume: float = 0.5) -> array:
    """Mono samples from -1 to 1: each note a soft tone with a quick attack and a decay."""
    out = array("f")
    for freq, length in notes:
        count = int(rate * length)
        attack = max(1, int(rate * 0.004))
        decay = math.exp(-3.5 / count)  # the envelope falls to e^-3.5 over the note
        step, step2 = math.tau * freq / rate, math.tau * 2 * freq / rate
        envelope = volume / 1.25
        sin = math.sin
        note = array("f", bytes(4 * count))
        for i in range(count):
            note[i] = envelope * min(1.0, i / attack) * (sin(step * i) + 0.25 * sin(step2 * i))
            envelope *= decay
        out += note
    return out


def pcm(mono: array, fmt: int, channels: int) -> bytes | None:
    """The samples in the mixer's format (signed 16-bit or 32-bit float); None otherwise."""
    if fmt == -16:
        one = array("h", (int(s * 32767) for s in mono))
    elif fmt == 32:
        one = mono
    else:
        return None
    data = one * channels
    for c in range(channels):
        data[c::channels] = one  # interleave: every channel gets the same samples
    return data.tobytes()


def sound_for(events: Iterable[ev.Event]) -> str | None:
    """The one sound a batch of events deserves: round end, then penalty, UNO, play."""
    names = set()
    for e in events:
        if isinstance(e, ev.RoundOver | ev.MatchOver):
            names.add("round_end")
        elif (
            isinstance(e, ev.UnoCaught)
            or (isinstance(e, ev.Drew) and e.reason)
            or isinstance(e, ev.ChallengeSettled)
        ):
            names.add("penalty")
        elif isinstance(e, ev.UnoCalled):
            names.add("uno")
        elif isinstance(e, ev.Played | ev.FirstCard):
            names.add("play")
    for name in ("round_end", "penalty", "uno", "play"):
        if name in names:
            return name
    return None


@functools.cache
def quiet_alsa() -> bool:
    """Silence ALSA's own error lines: on a machine without a sound card it writes eight of
    them on stderr when the mixer looks for one. False without ALSA.

    The handler is C's `abs`, which reads only its first argument (the file name's address)
    as a number and returns: no Python may run there. ALSA calls its handler on its own
    threads too (SDL's hotplug thread), and a Python handler waits there for the
    interpreter's lock, which pygame holds while it waits for that thread to end: the table
    hung at start without a sound card, and could at exit."""
    try:
        alsa = ctypes.CDLL("libasound.so.2")
    except OSError:
        return False
    says_nothing = ctypes.cast(ctypes.CDLL(None).abs, ctypes.c_void_p)
    alsa.snd_lib_error_set_handler.argtypes = [ctypes.c_void_p]
    alsa.snd_lib_error_set_handler(says_nothing)
    return True


class Sounds:
    """The table's sounds, made at start; every method does nothing without an audio device."""

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        if not enabled or os.environ.get("SDL_AUDIODRIVER") == "dummy":
            return  # no speaker: stay silent and start no audio thread
        quiet_alsa()
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            rate, fmt, channels = pygame.mixer.get_init()
            for name, tune in TUNES.items():
                data = pcm(samples(tune, rate), fmt, channels)
                if data is None:
                    self._sounds = {}
                    return
                sound = pygame.mixer.Sound(buffer=data)
                sound.set_volume(max(0.0, min(1.0, volume)))
                self._sounds[name] = sound
        except (pygame.error, TypeError, OSError) as err:
            log.info("no sound: %s", err)
            self._sounds = {}

    @property
    def enabled(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        """Play a sound by name ("play", "uno", "penalty", "round_end")."""
        sound = self._sounds.get(name)
        if sound is None:
            return
        with contextlib.suppress(pygame.error):  # the device went away: carry on silently
            sound.play()

    def react(self, events: Iterable[ev.Event]) -> None:
        """Play the sound for what just happened, if any."""
        name = sound_for(events)
        if name:
            self.play(name)
