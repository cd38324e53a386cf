#!/usr/bin/env python3
"""The time from a `catalog add` commit to its change set arriving over `catalog serve`'s
/changes stream (DESIGN §8 wants a watcher to see a write within 100 ms): the client of
Benchmarks/serve.sh.

One stream, and one `catalog add` process after another; each added item is removed again
afterwards, so that the catalog is left as it was. The commit's moment is seen by a connection
of this script's own that reads the catalog's version every 0.2 ms; the event's, by the reader of
the stream as its line arrives.

Usage: sse_latency.py PORT DB CATALOG COLLECTION WRITES
Prints: MEDIAN_MS P90_MS MAX_MS
"""
import http.client
import json
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

port, db, binary, collection, writes = (int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4],
                                        int(sys.argv[5]))


def catalog(*arguments):
    result = subprocess.run([binary, "--db", db, *arguments, "--format", "json"],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


arrived = {}  # version → when its change set's event arrived
arrival = threading.Condition()


def read_stream():
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", f"/api/collections/{collection}/changes")
    response = connection.getresponse()
    if response.status != 200:
        sys.exit(f"/changes: status {response.status}: {response.read()[:200]!r}")
    while True:
        line = response.readline()
        if not line:
            return
        if line.startswith(b"data: {"):
            now = time.perf_counter()
            with arrival:
                arrived[json.loads(line[6:])["version"]] = now
                arrival.notify_all()


threading.Thread(target=read_stream, daemon=True).start()
time.sleep(0.5)  # the stream is open and waiting

watcher = sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None)


def version():
    return watcher.execute("SELECT version FROM catalog_state").fetchone()[0]


latencies = []
for number in range(writes):
    before = version()
    adding = subprocess.Popen([binary, "--db", db, "add", "-c", collection,
                               f"name=Latency {number}", "--format", "json"],
                              stdout=subprocess.PIPE, text=True)
    while version() == before:
        if adding.poll() is not None and version() == before:
            sys.exit(f"catalog add failed with status {adding.returncode}")
        time.sleep(0.0002)
    committed = time.perf_counter()
    summary = json.loads(adding.communicate()[0])
    with arrival:
        if not arrival.wait_for(lambda: summary["version"] in arrived, timeout=5):
            sys.exit(f"no event for version {summary['version']} within 5 s")
        latencies.append(arrived[summary["version"]] - committed)
    catalog("remove", "-c", collection, str(summary["added"][0]))
    time.sleep(0.05)

latencies.sort()
print(f"{statistics.median(latencies) * 1000:.1f} "
      f"{latencies[int(0.9 * (len(latencies) - 1))] * 1000:.1f} {latencies[-1] * 1000:.1f}")
