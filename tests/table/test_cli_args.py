"""Numbers on the command line: what each option takes, one clear line for anything else."""

from __future__ import annotations

import argparse

import pytest

from table.commands import cli


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--seconds", "inf"],  # before: OverflowError from a lock's wait
        ["check", "--seconds", "nan"],
        ["check", "--led-seconds", "-5"],  # before: ValueError from time.sleep
        ["run", "--seconds", "nan"],  # before: it never stopped
        ["run", "--seconds", "-1"],
        ["enroll", "--seconds", "inf"],
        ["demo", "--pace", "nan"],  # before: it never stopped
        ["demo", "--pace", "-1"],
        ["demo", "--rounds", "0"],  # before: one round played, "rounds": 1 said
        ["demo", "--rounds", "-3"],
    ],
)
def test_a_number_out_of_its_range_is_one_usage_line(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err.startswith(f"uno-table {argv[0]}: error: argument {argv[1]}: "), err


@pytest.mark.parametrize(
    ("argv", "key", "value"),
    [
        (["check", "--seconds", "0.5"], "seconds", 0.5),
        (["check", "--led-seconds", "0"], "led_seconds", 0.0),
        (["run", "--seconds", "3"], "seconds", 3.0),
        (["demo", "--pace", "0"], "pace", 0.0),
        (["demo", "--rounds", "2"], "rounds", 2),
    ],
)
def test_a_number_in_its_range_is_taken(argv, key, value):
    assert getattr(cli.build_parser().parse_args(argv), key) == value


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Each `uno-table` subcommand's own parser, by name."""
    parser = cli.build_parser()
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def options() -> list[tuple[str, argparse.Action]]:
    """Every option and argument of every subcommand but -h, with its command's name."""
    return [
        (name, action)
        for name, parser in subcommands().items()
        for action in parser._actions
        if not isinstance(action, argparse._HelpAction)
    ]


@pytest.mark.parametrize(("command", "action"), options(), ids=lambda v: getattr(v, "dest", v))
def test_every_option_says_what_it_is_and_its_default(command, action):
    """`uno-table CMD --help` is the first thing a newcomer reads: every option is described,
    and a default the option has is said (what happens without it)."""
    assert action.help, f"{command} {action.dest}: no help"
    if action.default not in (None, False, [], argparse.SUPPRESS):
        default = action.default
        shown = f"{default:g}" if isinstance(default, float) else str(default)  # 60.0 is 60
        assert f"default {shown}" in action.help.replace(": ", " "), (
            f"{command} {action.dest}: the default {shown} is not said: {action.help!r}"
        )


CONFIGURED = [name for name, p in subcommands().items() if "--config" in p._option_string_actions]


@pytest.mark.parametrize("command", CONFIGURED)
def test_the_config_option_names_the_environment_variable_too(command):
    """Without --config the file $UNO_TABLE_CONFIG names is read (the Pi's `uno-table` sets
    it), not the shipped default alone: --help says so."""
    action = subcommands()[command]._option_string_actions["--config"]
    assert "$UNO_TABLE_CONFIG" in action.help
