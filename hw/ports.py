"""Serial ports by the names people give them: a path, a by-id or by-path name, a USB VID:PID."""

from __future__ import annotations

import os
import re
from pathlib import Path

from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

BY_ID = Path("/dev/serial/by-id")
BY_PATH = Path("/dev/serial/by-path")
VID_PID = re.compile(r"^([0-9a-fA-F]{4}):([0-9a-fA-F]{4})$")


class AmbiguousPort(LookupError):
    """A name that fits more than one port (two identical bridges without a serial number)."""


def find_port(device: str) -> str | None:
    """The port `device` names, None when absent; AmbiguousPort when it fits several.

    `device` is a path, a name in /dev/serial/by-id or /dev/serial/by-path, or a USB 'VID:PID'.
    """
    usb = vid_pid(device)
    if usb is not None:
        return _one(device, [p for p in list_ports.comports() if (p.vid, p.pid) == usb])
    if "/" in device:
        path = Path(device)
    else:
        path = next((d / device for d in (BY_ID, BY_PATH) if (d / device).exists()), BY_ID / device)
    if not path.exists():
        return None
    if path.parent == BY_ID:
        _check_unique_id(device, os.path.realpath(path))
    return str(path)


def vid_pid(device: str) -> tuple[int, int] | None:
    """The USB vendor and product ids a 'VID:PID' name gives, or None for any other name."""
    match = VID_PID.match(device)
    return (int(match[1], 16), int(match[2], 16)) if match else None


def _one(device: str, ports: list[ListPortInfo]) -> str | None:
    if len(ports) > 1:
        raise AmbiguousPort(_ambiguous(device, ports))
    return ports[0].device if ports else None


def _check_unique_id(device: str, real: str) -> None:
    # udev names a bridge without a serial number by its model alone: with two of them the
    # by-id link points at whichever came last, so the name says nothing about which is which.
    ports = list_ports.comports()
    port = next((p for p in ports if os.path.realpath(p.device) == real), None)
    if port is None or port.vid is None or port.serial_number:
        return
    twins = [p for p in ports if (p.vid, p.pid) == (port.vid, port.pid) and not p.serial_number]
    if len(twins) > 1:
        raise AmbiguousPort(_ambiguous(device, twins))


def _ambiguous(device: str, ports: list[ListPortInfo]) -> str:
    names = ", ".join(by_path_name(p.device) or p.device for p in ports)
    return (
        f"{device} fits {len(ports)} ports (identical adapters without a serial number): "
        f"name each by its /dev/serial/by-path name: {names}"
    )


def by_path_name(port: str) -> str | None:
    """The /dev/serial/by-path link to `port` (where it is plugged in), or None."""
    if not BY_PATH.is_dir():
        return None
    real = os.path.realpath(port)
    return next(
        (str(link) for link in sorted(BY_PATH.iterdir()) if os.path.realpath(link) == real), None
    )


def found_ports() -> list[str]:
    """Every serial port this machine sees, with its description and by-path name, for people."""
    found = []
    for p in list_ports.comports():
        where = by_path_name(p.device)
        found.append(f"{p.device} ({p.description}, {p.hwid}" + (f", {where})" if where else ")"))
    return found
