"""The one error the SDK raises for a refusal or failure of the service."""

from __future__ import annotations

from typing import Any


class ConveneError(Exception):
    """A refusal or failure of the service: `status` (0 when unreachable) and its `message`."""

    def __init__(self, status: int, message: str, body: Any = None) -> None:
        super().__init__(f"{status} {message}" if status else message)
        self.status = status
        self.message = message
        self.body = body
