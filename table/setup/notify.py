"""The app's side of systemd: sd_notify readiness, watchdog and stopping; journald log levels.

Both are no-ops outside systemd: without $NOTIFY_SOCKET nothing is sent, and without
$JOURNAL_STREAM log lines carry no priority prefix.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


class Notifier:
    """Tells the service manager READY=1, WATCHDOG=1 and STOPPING=1 over its datagram socket."""

    def __init__(
        self,
        address: str | None,
        watchdog: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        # An address starting with '@' names a socket in the abstract namespace.
        self.address = "\0" + address[1:] if address and address[0] == "@" else address
        self.every = watchdog / 2 if watchdog else None  # ping at twice the rate systemd needs
        self.clock = clock
        self.ready_sent = False
        self.last_ping: float | None = None
        self.sock: socket.socket | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Notifier:
        """The notifier systemd's environment asks for (a silent one when there is none)."""
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        ours = not pid or pid == str(os.getpid())  # the watchdog may be meant for another process
        number = usec.isascii() and usec.isdigit()  # isdigit() alone takes "²", int() does not
        watchdog = int(usec) / 1e6 if number and int(usec) > 0 and ours else None
        return cls(env.get("NOTIFY_SOCKET") or None, watchdog)

    def send(self, *fields: str) -> bool:
        """Send one notification ("READY=1", ...); False when there is no socket or it failed."""
        if not self.address:
            return False
        try:
            if self.sock is None:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self.sock.sendto("\n".join(fields).encode(), self.address)
        except OSError as exc:  # the table goes on; systemd will notice what is missing
            log.warning("sd_notify to %s failed: %s", self.address.lstrip("\0"), exc)
            return False
        return True

    def ready(self) -> None:
        """READY=1, once: the first frame is on the screen."""
        if not self.ready_sent:
            self.ready_sent = self.send("READY=1", "STATUS=showing the table")

    def alive(self) -> None:
        """WATCHDOG=1 when half the watchdog time has passed since the last one."""
        if self.every is None:
            return
        now = self.clock()
        if self.last_ping is None or now - self.last_ping >= self.every:
            self.last_ping = now
            self.send("WATCHDOG=1")

    def stopping(self) -> None:
        """STOPPING=1: the app is on its way out."""
        self.send("STOPPING=1")

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


PRIORITIES = ((logging.ERROR, 3), (logging.WARNING, 4), (logging.INFO, 6))
"""Python levels and the syslog priority journald gives each (at or above); below: 7, debug."""


def priority(level: int) -> int:
    """The syslog priority of a Python logging level: ERROR 3, WARNING 4, INFO 6, DEBUG 7."""
    return next((prio for floor, prio in PRIORITIES if level >= floor), 7)


class JournalFormatter(logging.Formatter):
    """Prefixes each line with "<N>", the priority journald reads from a service's stderr."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        prefix = f"<{priority(record.levelno)}>"
        return "\n".join(prefix + line for line in text.splitlines())


def under_journal(stream=None, env: Mapping[str, str] = os.environ) -> bool:
    """Whether `stream` (stderr) is the journal stream systemd named in $JOURNAL_STREAM."""
    stream = sys.stderr if stream is None else stream
    try:
        device, inode = (int(n) for n in env.get("JOURNAL_STREAM", "").split(":"))
        st = os.fstat(stream.fileno())
    except (ValueError, OSError, AttributeError):
        return False
    return (st.st_dev, st.st_ino) == (device, inode)


def log_formatter(fmt: str, env: Mapping[str, str] = os.environ) -> logging.Formatter:
    """A formatter for stderr: with journald levels when stderr goes to the journal."""
    return JournalFormatter(fmt) if under_journal(env=env) else logging.Formatter(fmt)
