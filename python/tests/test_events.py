"""The SSE reader against a stand-in server (http.server) speaking the events wire contract:
ids, types, one-line JSON data, heartbeats, `retry:`, resumption with Last-Event-ID, ?types=."""

from __future__ import annotations

import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, List, Optional

from convene import EVENT_TYPES, EventStream
from convene.events import parse_lines

seen_requests: List[tuple[str, Optional[str]]] = []


class StandIn(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        last = self.headers.get("last-event-id")
        seen_requests.append((self.path, last))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        if last is None:
            body = (
                "retry: 10\n\n"
                ": heartbeat\n\n"
                'id: c1\nevent: session-opened\ndata: {"sessionId":"s1"}\n\n'
                'id: c2\r\nevent: take-accepted\r\ndata: {"takeId":"t1","revision":1}\r\n\r\n'
                "id: c3\nevent: take-accepted\ndata: {\"takeId\":"  # cut mid-event: never dispatched
            )
        elif last == "c2":
            body = 'id: c3\nevent: take-accepted\ndata: {"takeId":"t2","revision":2}\n\n'
        else:
            body = "event: reset\ndata: {}\n\n"
        self.wfile.write(body.encode("utf-8"))


class Events(unittest.TestCase):
    def test_reconnects_with_the_last_id_and_honours_retry(self) -> None:
        server = ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            slept: List[float] = []
            stream = EventStream(
                f"http://127.0.0.1:{server.server_address[1]}/api/swarm/events",
                types=["session-opened", "take-accepted"],
                max_reconnects=3,
                sleep=slept.append,
            )
            events = []
            for event in stream:
                events.append(event)
                if len(events) == 3:
                    break
        finally:
            server.shutdown()
        self.assertEqual([(e.id, e.type) for e in events],
                         [("c1", "session-opened"), ("c2", "take-accepted"), ("c3", "take-accepted")])
        self.assertEqual(events[2].data, {"takeId": "t2", "revision": 2})
        self.assertEqual(slept, [0.01])
        self.assertEqual(stream.last_event_id, "c3")
        self.assertEqual(seen_requests[0], ("/api/swarm/events?types=session-opened%2Ctake-accepted", None))
        self.assertEqual(seen_requests[1][1], "c2")

    def test_line_rules(self) -> None:
        lines = ["data:no-space", "data: two", "", "event: checkpoint", "id: 9", "data: {\"size\": 3}", "",
                 "id", "data: x", ""]
        events = list(parse_lines(lines))
        self.assertEqual([(e.id, e.type, e.data) for e in events],
                         [(None, "message", "no-space\ntwo"), ("9", "checkpoint", {"size": 3}), ("", "message", "x")])
        self.assertIn("member-key", EVENT_TYPES)


if __name__ == "__main__":
    unittest.main()
