"""`language = "auto"`: the locale the environment asks for, generated on the system or not."""

import pytest

from table.screen.text import asked_locale, default_language, language_said
from tests.table.test_script import play


@pytest.fixture
def asks(monkeypatch):
    """Set the locale variables a user sets: only those given."""

    def set_(**variables):
        for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
            monkeypatch.delenv(name, raising=False)
        for name, value in variables.items():
            monkeypatch.setenv(name, value)

    return set_


def test_a_spanish_locale_the_system_lacks_still_makes_a_spanish_table(tmp_path, asks):
    """es_ES.UTF-8 not generated (Python's locale then says en_US): the table's sentences are
    its own, so it speaks Spanish all the same, through the whole table."""
    for folder in "abc":
        (tmp_path / folder).mkdir()
    asks(LANG="es_ES.UTF-8")
    spanish = play(tmp_path / "a", "0 wait\n")["prompt"]
    asks(LANG="en_GB.UTF-8")
    english = play(tmp_path / "b", "0 wait\n")["prompt"]
    asks()
    configured = play(tmp_path / "c", "0 wait\n", 'language = "es"\n')["prompt"]
    assert spanish == configured != english


def test_the_first_variable_set_wins(asks):
    asks(LANG="en_US.UTF-8", LC_MESSAGES="es_MX.UTF-8")
    assert asked_locale() == ("LC_MESSAGES", "es_MX.UTF-8")
    assert default_language() == "es"
    asks(LANG="es_ES.UTF-8", LC_ALL="C")
    assert default_language() == "en"


@pytest.mark.parametrize(
    ("setting", "env", "said"),
    [
        ("es", {}, "language: es (configured)"),
        ("auto", {"LANG": "es_AR.UTF-8"}, "language: es (auto: LANG=es_AR.UTF-8)"),
        ("auto", {"LANG": "fr_FR.UTF-8"}, "language: en (auto: LANG=fr_FR.UTF-8 is neither "
         'English nor Spanish; set language = "es" or "en" in the configuration)'),
    ],
)  # fmt: skip
def test_the_log_says_the_language_and_why(setting, env, said):
    assert language_said(setting, env) == said
