"""Generated sounds: the right bytes for the mixer, and silence without an audio device."""

from __future__ import annotations

import os

import pygame
import pytest

from engine import Card
from engine import events as ev
from table.screen import sound
from table.screen.sound import TUNES, Sounds, pcm, samples, sound_for


def test_silent_with_the_dummy_audio_driver():
    sounds = Sounds()
    assert not sounds.enabled
    sounds.play("uno")
    sounds.react([ev.RoundOver(0, 10)])


def test_silent_when_the_mixer_cannot_start(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", broken)
    sounds = Sounds()
    assert not sounds.enabled
    sounds.play("penalty")


def test_switched_off_by_configuration():
    assert not Sounds(enabled=False).enabled


def test_samples_are_short_and_within_range():
    for name, tune in TUNES.items():
        mono = samples(tune, 8000)
        seconds = len(mono) / 8000
        assert 0.05 < seconds < 1.0, name
        assert max(abs(s) for s in mono) <= 1.0
        assert max(abs(s) for s in mono) > 0.1


def test_pcm_matches_the_mixer_format():
    mono = samples(TUNES["play"], 8000)
    assert len(pcm(mono, -16, 2)) == len(mono) * 2 * 2
    assert len(pcm(mono, 32, 1)) == len(mono) * 4
    assert pcm(mono, 8, 1) is None
    stereo = pcm(mono, -16, 2)
    assert stereo[0:2] == stereo[2:4]  # both channels alike


def test_one_sound_per_batch_of_events():
    played = ev.Played(0, (Card.parse("R5"),), None)
    assert sound_for([played]) == "play"
    assert sound_for([played, ev.UnoCalled(0)]) == "uno"
    assert sound_for([played, ev.Drew(1, 2, reason="penalty")]) == "penalty"
    assert sound_for([ev.UnoCaught(1, 0), ev.Drew(1, 2, reason="uno")]) == "penalty"
    assert sound_for([played, ev.RoundOver(0, 30)]) == "round_end"
    assert sound_for([ev.Drew(1, 1)]) is None


def _alsa_or_skip():
    import ctypes

    try:
        return ctypes.CDLL("libasound.so.2")
    except OSError:
        pytest.skip("no ALSA library here")


def test_alsa_says_nothing_on_stderr_without_a_sound_device(tmp_path):
    """ALSA asked for a PCM it cannot open (as on a machine without a sound card) writes its
    error lines on stderr; the table silences them and says one line itself. The subprocess
    takes a second or two; its limit is a hang guard only."""
    import subprocess
    import sys

    _alsa_or_skip()
    code = (
        "import logging; logging.basicConfig(level=logging.INFO)\n"
        "from table.screen.sound import Sounds\n"
        "print(Sounds().enabled)\n"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "alsa", "AUDIODEV": "no_such_pcm_uno_table",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.stdout == "False\n"
    assert "ALSA lib" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("INFO:table.screen.sound:no sound: ")


def test_alsa_s_handler_runs_no_python(tmp_path):
    """ALSA calls its error handler on its own threads (SDL's hotplug thread), where Python
    may not run: pygame holds the interpreter's lock while it waits for that thread, so a
    Python handler hung the table now and then when the mixer could not start. Here ALSA
    meets a broken configuration once Python has gone (a C exit handler): a Python handler
    crashes the process, the table's says nothing and the process ends well."""
    import subprocess
    import sys

    _alsa_or_skip()
    (tmp_path / "asound.conf").write_text("this is { not an ALSA configuration\n")
    code = (
        "import ctypes\n"
        "from table.screen.sound import quiet_alsa\n"
        "assert quiet_alsa()\n"
        "alsa = ctypes.CDLL('libasound.so.2')\n"
        "ctypes.CDLL(None).__cxa_atexit(alsa.snd_config_update, None, None)\n"
    )
    env = {**os.environ, "ALSA_CONFIG_PATH": str(tmp_path / "asound.conf"),
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
