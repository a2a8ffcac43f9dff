"""The one error the SDK raises for a refusal or failure of the service."""

from __future__ import annotations

from typing import Any, Optional


class ConveneError(Exception):
    """A refusal or failure of the service: `status` (0 when unreachable), its `message` and `code`.

    `code` is the body's stable error code (`window_closed`, `cap_reached`, ...: docs/errors.md
    lists them), None when the answer carried none. Key decisions on `code`, not on the message.
    """

    def __init__(self, status: int, message: str, body: Any = None) -> None:
        super().__init__(f"{status} {message}" if status else message)
        self.status = status
        self.message = message
        self.body = body
        code = body.get("code") if isinstance(body, dict) else None
        self.code: Optional[str] = code if isinstance(code, str) else None
