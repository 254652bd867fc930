"""The systemd unit: what the kiosk needs, `systemd-analyze verify` on it as installed, and its
sandbox rated by `systemd-analyze security`."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.pi.test_install import install

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "uno-table.service"
GROUPS = {"gpio", "video", "render", "input", "dialout", "audio"}
EXPOSURE = 3.5
"""The highest exposure `systemd-analyze security` may rate the unit (0 is best, 10 worst)."""
ANALYZE = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (.ci/run installs the systemd package)",
)


def settings() -> dict[str, list[str]]:
    """Every `Key=value` of the unit, values in order (a key may come more than once)."""
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


def test_the_unit_asks_for_what_the_kiosk_needs():
    unit = settings()
    assert unit["Type"] == ["notify"]
    assert unit["Restart"] == ["always"]
    assert int(unit["WatchdogSec"][0]) >= 2  # the loop pings at least every 0.5 s
    assert unit["User"] == ["uno-table"]
    assert set(unit["SupplementaryGroups"][0].split()) == GROUPS
    assert unit["StateDirectory"] == ["uno-table"]
    assert unit["WorkingDirectory"] == ["/var/lib/uno-table"]
    env = dict(pair.split("=", 1) for pair in unit["Environment"][0].split())
    assert env == {"SDL_VIDEODRIVER": "kmsdrm", "GPIOZERO_PIN_FACTORY": "lgpio",
                   "PYTHONUNBUFFERED": "1"}  # fmt: skip
    assert unit["ExecStart"] == [
        "/opt/uno-table/venv/bin/uno-table run --config /etc/uno-table/table.toml"
    ]
    # The console kept off the screen: tty1 is the app's, its output goes to the journal.
    assert unit["TTYPath"] == ["/dev/tty1"] and unit["StandardInput"] == ["tty"]
    assert unit["StandardOutput"] == unit["StandardError"] == ["journal"]
    assert unit["Conflicts"] == ["getty@tty1.service"]


def test_the_installer_makes_the_groups_and_user_the_unit_names():
    script = (ROOT / "systemd" / "install.sh").read_text()
    groups = re.search(r'^EXTRA_GROUPS="([^"]*)"', script, re.M)
    assert groups and set(groups.group(1).split()) == GROUPS
    assert re.search(r"^ACCOUNT=uno-table$", script, re.M)


@ANALYZE
def test_systemd_analyze_verify_passes_on_the_installed_unit(tmp_path):
    root = tmp_path / "root"
    install(root, "install")
    # The unit's dependencies (multi-user.target, getty@.service...) from this machine's systemd,
    # and a stand-in for the program that the venv step would install.
    units = Path("/usr/lib/systemd/system")
    units = units if units.is_dir() else Path("/lib/systemd/system")
    shutil.copytree(units, root / "usr/lib/systemd/system", symlinks=True)
    program = root / "opt/uno-table/venv/bin/uno-table"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    done = subprocess.run(
        ["systemd-analyze", "verify", f"--root={root}", "uno-table.service"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    # Unknown keys and bad values are only warnings: none may name our unit.
    assert "uno-table" not in output, output


def security_report() -> str:
    """`systemd-analyze security --offline=yes` on the unit: a line a directive, then the score."""
    done = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(UNIT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if "--offline" in done.stderr and "unrecognized" in done.stderr:
        pytest.skip("this systemd-analyze has no --offline (systemd 250 and later have it)")
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@ANALYZE
def test_the_sandbox_rates_at_most_the_target():
    report = security_report()
    score = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", report)
    assert score, report
    assert float(score.group(1)) <= EXPOSURE, report


@ANALYZE
def test_the_unit_says_why_each_opening_is_there():
    comments = "\n".join(line for line in UNIT.read_text().splitlines() if line.startswith("#"))
    open_ = [line.split()[1] for line in security_report().splitlines() if line.startswith("✗")]
    assert open_  # the report lists them (devices and groups at least stay open)
    for directive in open_:
        # "PrivateNetwork=", "RestrictAddressFamilies=~AF_NETLINK", "RootDirectory=/RootImage="
        name = directive.split("~")[1] if "~" in directive else directive.split("/")[0]
        assert name in comments, f"the unit does not say why {directive} is left open"


def test_the_sandbox_leaves_the_devices_reachable():
    unit = settings()
    # PrivateDevices= or a device allow-list would hide the screen, GPIO, input, serial, sound.
    assert "PrivateDevices" not in unit and "DeviceAllow" not in unit
    assert unit.get("DevicePolicy", ["auto"]) == ["auto"]
    assert unit["ProtectSystem"] == ["strict"]  # all read-only but the state directory
    assert set(unit["RestrictAddressFamilies"][0].split()) == {"AF_UNIX", "AF_NETLINK"}
    assert "PrivateNetwork" not in unit and "ProcSubset" not in unit
