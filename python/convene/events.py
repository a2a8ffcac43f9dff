"""A reader of the swarm's Server-Sent Events stream (`GET /api/swarm/events`, text/event-stream).

Each event has an opaque cursor `id`, a `type` (session-opened, take-accepted, session-aggregated,
session-published, checkpoint, member-key, or reset) and one line of JSON `data`. The reader
skips `: heartbeat` comments, follows `retry:`, and when the connection drops reconnects after
that delay with `Last-Event-ID` set to the last id seen, so no event is missed or repeated.

>>> for event in EventStream("http://localhost:8080/api/swarm/events", types=["take-accepted"]):
...     print(event.id, event.type, event.data)
"""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence

from .errors import ConveneError

EVENT_TYPES = (
    "session-opened",
    "take-accepted",
    "session-aggregated",
    "session-published",
    "checkpoint",
    "member-key",
    "reset",
)


@dataclass(frozen=True)
class Event:
    id: Optional[str]
    type: str
    #: The event's JSON (a dict for every Convene event); the raw text when it is not JSON.
    data: Any


@dataclass
class SseParser:
    """The text/event-stream line rules (WHATWG HTML §9.2.6), fed one line at a time."""

    last_event_id: Optional[str] = None
    retry_ms: Optional[int] = None
    _data: List[str] = field(default_factory=list)
    _type: str = ""
    _id: Optional[str] = None

    def __post_init__(self) -> None:
        self._id = self.last_event_id

    def restart(self) -> None:
        """Drops a half-received event (the connection ended inside it) before reconnecting."""
        self._data, self._type, self._id = [], "", self.last_event_id

    def feed(self, line: str) -> Optional[Event]:
        """One line without its line ending; returns the event a blank line completes."""
        if line == "":
            return self._dispatch()
        if line.startswith(":"):
            return None
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._type = value
        elif name == "id" and "\0" not in value:
            self._id = value
        elif name == "retry" and value.isdigit():
            self.retry_ms = int(value)
        return None

    def _dispatch(self) -> Optional[Event]:
        data, kind = self._data, self._type or "message"
        self._data, self._type, self.last_event_id = [], "", self._id
        if not data:
            return None
        text = "\n".join(data)
        try:
            parsed: Any = json.loads(text)
        except ValueError:
            parsed = text
        return Event(self.last_event_id, kind, parsed)


def parse_lines(lines: Iterable[str], parser: Optional[SseParser] = None) -> Iterator[Event]:
    """Events of an already split stream (e.g. a recorded one)."""
    parser = parser or SseParser()
    for line in lines:
        event = parser.feed(line.rstrip("\r\n"))
        if event is not None:
            yield event


class EventStream:
    """Iterates the events of a stream forever (or until `max_reconnects` reconnections)."""

    def __init__(
        self,
        url: str,
        types: Optional[Sequence[str]] = None,
        last_event_id: Optional[str] = None,
        retry_ms: int = 3000,
        read_timeout: float = 90.0,
        max_reconnects: Optional[int] = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.url = url
        self.types = list(types) if types else None
        self.parser = SseParser(last_event_id=last_event_id)
        self.retry_ms = retry_ms
        self.read_timeout = read_timeout
        self.max_reconnects = max_reconnects
        self.connections = 0
        self._sleep = sleep

    @property
    def last_event_id(self) -> Optional[str]:
        return self.parser.last_event_id

    def _open(self) -> Any:
        url = self.url
        if self.types:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode({"types": ",".join(self.types)})
        headers: Dict[str, str] = {"accept": "text/event-stream", "cache-control": "no-cache"}
        if self.parser.last_event_id is not None:
            headers["last-event-id"] = self.parser.last_event_id
        return urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=self.read_timeout)

    def __iter__(self) -> Iterator[Event]:
        while True:
            self.connections += 1
            self.parser.restart()
            try:
                with self._open() as response:
                    if response.status == 204:
                        return  # the server asks us to stop
                    while True:
                        raw = response.readline()
                        if not raw:
                            break
                        event = self.parser.feed(raw.decode("utf-8").rstrip("\r\n"))
                        if event is not None:
                            yield event
            except urllib.error.HTTPError as error:
                if error.code < 500:
                    raise ConveneError(error.code, f"the event stream answered HTTP {error.code}") from None
            except (urllib.error.URLError, socket.timeout, ConnectionError, OSError):
                pass
            if self.max_reconnects is not None and self.connections > self.max_reconnects:
                return
            self._sleep((self.parser.retry_ms if self.parser.retry_ms is not None else self.retry_ms) / 1000)
