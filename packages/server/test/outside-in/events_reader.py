"""A Server-Sent Events reader in the Python standard library only, as docs/agents.md describes the
wire format: no SDK, no SSE library. Usage: events_reader.py URL COUNT [LAST_EVENT_ID]. Prints
"connected <status>" once the response starts, then each event as one JSON line {id, event, data},
and exits after COUNT events."""
import json
import sys
import urllib.request

url, count = sys.argv[1], int(sys.argv[2])
headers = {"Accept": "text/event-stream"}
if len(sys.argv) > 3:
    headers["Last-Event-ID"] = sys.argv[3]
with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as response:
    print("connected", response.status, flush=True)
    event = {"id": None, "event": "message", "data": []}
    seen = 0
    for raw in response:
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if event["data"]:
                print(json.dumps({**event, "data": json.loads("\n".join(event["data"]))}), flush=True)
                seen += 1
                if seen >= count:
                    break
            event = {"id": event["id"], "event": "message", "data": []}
        elif line.startswith(":"):
            continue
        else:
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "data":
                event["data"].append(value)
            elif field in ("id", "event"):
                event[field] = value
