"""The exception every refused action raises."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse. `reason` is a short machine word; str() is for people."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
