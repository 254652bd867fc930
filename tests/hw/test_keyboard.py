import pytest

from hw.codebook import CodeBook
from hw.events import (
    PAD_BUTTONS,
    SEAT_BUTTONS,
    Button,
    ButtonPressed,
    ButtonReleased,
    CodeScanned,
    DeviceProblem,
    Problem,
)
from hw.keyboard import SEAT_KEYS, Keyboard, KeyMap

BOOK = CodeBook({"R5", "RD2", "W4", "G0"}, {"TAG9": "W4"})


@pytest.fixture
def keyboard():
    return Keyboard(KeyMap.default(4), BOOK.decode)


def type_keys(keyboard, keys):
    return [e for key in keys if (e := keyboard.key(key, 1.0)) is not None]


def test_every_seat_button_and_the_pad_have_a_key(keyboard):
    buttons = sorted(keyboard.keymap.buttons.values(), key=str)
    expected = [(s, b) for s in range(4) for b in SEAT_BUTTONS] + [(None, b) for b in PAD_BUTTONS]
    assert buttons == sorted(expected, key=str)
    assert keyboard.key("j", 2.5) == ButtonPressed(1, Button.CHALLENGE, 2.5)
    assert keyboard.key("F3", 3.0) == ButtonPressed(None, Button.GREEN, 3.0)
    assert keyboard.key(",", 3.0) == ButtonPressed(2, Button.DRAW, 3.0)


def test_no_button_key_is_a_letter_of_a_card_code():
    code_chars = set("RYGBWSDC0123456789")
    keys = {key.upper() for column in SEAT_KEYS for key in column}
    assert not keys & code_chars


def test_typing_a_code_then_enter_is_a_scan(keyboard):
    assert type_keys(keyboard, ["r", "d", "[2]"]) == []
    assert keyboard.typed == "RD2"
    assert keyboard.key("return", 4.0) == CodeScanned("RD2", "keyboard", 4.0)
    assert keyboard.typed == ""


def test_button_keys_do_not_disturb_a_code_being_typed(keyboard):
    events = type_keys(keyboard, ["w", "q", "4", "enter"])
    assert events == [ButtonPressed(0, Button.UNO, 1.0), CodeScanned("W4", "keyboard", 1.0)]


def test_editing_and_unknown_codes(keyboard):
    assert type_keys(keyboard, ["r", "9", "backspace", "5", "return"])[0].code == "R5"
    assert type_keys(keyboard, ["g", "escape", "return"]) == []
    assert type_keys(keyboard, ["x", "x", "return"]) == [
        DeviceProblem("keyboard", Problem.UNKNOWN_CODE, "unknown code", "XX")
    ]


def test_unused_keys_do_nothing(keyboard):
    assert type_keys(keyboard, ["left shift", "space", "f12", "tab"]) == []
    assert keyboard.typed == ""


def test_the_map_covers_at_most_five_seats():
    assert len(KeyMap.default(5).buttons) == 5 * 3 + 4
    with pytest.raises(ValueError, match="1 to 5 seats"):
        KeyMap.default(6)
    assert "seat 1 uno: q" in KeyMap.default(2).describe()
    assert "colour pad red: f1" in KeyMap.default(2).describe()


def test_a_key_held_reports_its_release_where_the_button_is_asked_for():
    keyboard = Keyboard(KeyMap.default(2), BOOK.decode, releases=[Button.DRAW])
    assert keyboard.key("m", 1.0) == ButtonPressed(1, Button.DRAW, 1.0, released=True)
    assert keyboard.key_up("m", 3.0) == ButtonReleased(1, Button.DRAW, 3.0)
    assert keyboard.key_up("m", 3.1) is None
    assert keyboard.key("q", 4.0) == ButtonPressed(0, Button.UNO, 4.0)
    assert keyboard.key_up("q", 4.1) is None  # UNO's release is not asked for


def test_keys_still_down_when_the_window_loses_the_keyboard_are_released():
    keyboard = Keyboard(KeyMap.default(3), BOOK.decode, releases=[Button.DRAW])
    keyboard.key("z", 1.0)
    keyboard.key(",", 1.2)
    keyboard.key_up("z", 1.5)
    assert keyboard.release_all(4.0) == [ButtonReleased(2, Button.DRAW, 4.0)]
    assert keyboard.release_all(5.0) == []
    assert keyboard.key(",", 6.0) == ButtonPressed(2, Button.DRAW, 6.0, released=True)


def test_a_code_typed_past_a_lines_length_is_said_too_long_up_to_its_enter(keyboard):
    """Before: the text grew with every key, a key stuck down (or a reader that sends no
    Enter) made it thousands long, and every frame drew it: 0.6 s a frame at 20,000."""
    from hw.framing import MAX_LINE

    assert type_keys(keyboard, ["r"] * MAX_LINE) == []
    (too_long,) = type_keys(keyboard, ["r"])
    assert too_long == DeviceProblem("keyboard", Problem.GARBLED, "line too long", "R" * 64)
    assert keyboard.typed == ""
    assert type_keys(keyboard, ["r", "5"] * 500) == [] and keyboard.typed == ""
    assert type_keys(keyboard, ["return"]) == []  # the end of the line said too long
    assert type_keys(keyboard, ["r", "5", "return"]) == [CodeScanned("R5", "keyboard", 1.0)]
    type_keys(keyboard, ["r"] * (MAX_LINE + 1))
    assert type_keys(keyboard, ["escape", "g", "0", "return"]) == [  # Esc: a fresh start
        CodeScanned("G0", "keyboard", 1.0)
    ]


def test_a_key_of_a_letter_outside_ascii_types_nothing(keyboard):
    """Before: a long s key (U+017F, whose capital is S) typed an S, and a German sharp s
    typed SS: a layout's letters are no code's letters."""
    assert type_keys(keyboard, ["r", "\u017f", "\u00df", "\u0665", "return"]) == [
        DeviceProblem("keyboard", Problem.UNKNOWN_CODE, "unknown code", "R")
    ]
