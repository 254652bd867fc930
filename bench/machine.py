"""What the figures were measured on: CPU, cores, OS, Python and the libraries' versions."""

from __future__ import annotations

import os
import platform
from importlib import metadata

PACKAGES = ("uno-table", "pygame-ce", "gpiozero", "pyserial", "rlcard", "numpy")


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo (a Pi names its board), else the platform's."""
    try:
        with open("/proc/cpuinfo") as info:
            fields = dict(
                (key.strip().lower(), value.strip())
                for key, _, value in (line.partition(":") for line in info)
            )
    except OSError:
        fields = {}
    for key in ("model name", "hardware", "model"):
        if fields.get(key) and not fields[key].isdigit():
            return fields[key]
    return platform.processor() or platform.machine()


def version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def describe() -> dict[str, str]:
    """The machine as name: value lines for the report."""
    facts = {
        "CPU": cpu_model(),
        "cores": str(os.cpu_count()),
        "OS": f"{platform.system()} {platform.release()} ({platform.machine()})",
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
    }
    facts.update({package: version(package) for package in PACKAGES})
    return facts
