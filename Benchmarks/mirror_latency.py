#!/usr/bin/env python3
"""The time from a server write's commit to its change set in `catalog watch` on a device that
follows the server with `catalog sync --follow` (DESIGN §8 wants it within 100 ms, median): the
client of Benchmarks/sync.sh.

The server is a SQLite catalog served by `catalog serve`; each write is a `catalog add` process
on it, whose item is removed again afterwards, so that the collection is left as it was. The
commit's moment is seen by a connection of this script's own that reads the server catalog's
version every 0.2 ms; the change set's, by the reader of the device's `watch` as its line
arrives. The token comes from $CATALOG_TOKEN, as for `sync`.

Usage: mirror_latency.py SERVER_DB DEVICE_DB CATALOG COLLECTION WRITES
Prints: MEDIAN_MS P90_MS MAX_MS
"""
import json
import queue
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

server_db, device_db, binary, collection, writes = (sys.argv[1], sys.argv[2], sys.argv[3],
                                                     sys.argv[4], int(sys.argv[5]))

follower = subprocess.Popen([binary, "--db", device_db, "sync", "--follow"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
watch = subprocess.Popen([binary, "--db", device_db, "watch", "-c", collection],
                         stdout=subprocess.PIPE, text=True)
arrivals = queue.Queue()  # when each change set line of the device's watch arrived


def read_watch():
    for line in watch.stdout:
        if line.startswith("{"):
            arrivals.put(time.perf_counter())


threading.Thread(target=read_watch, daemon=True).start()
time.sleep(1.0)  # the follower has synced and opened the change stream; the watcher waits

watcher = sqlite3.connect(f"file:{server_db}?mode=ro", uri=True, isolation_level=None)


def version():
    return watcher.execute("SELECT version FROM catalog_state").fetchone()[0]


def write(*arguments):
    """Runs a write on the server; returns when it committed, as this script saw it."""
    before = version()
    process = subprocess.Popen([binary, "--db", server_db, *arguments, "-c", collection,
                                "--format", "json"], stdout=subprocess.PIPE, text=True)
    while version() == before:
        if process.poll() is not None and version() == before:
            sys.exit(f"catalog {arguments[0]} failed with status {process.returncode}")
        time.sleep(0.0002)
    committed = time.perf_counter()
    return committed, json.loads(process.communicate()[0])


def arrival():
    try:
        return arrivals.get(timeout=5)
    except queue.Empty:
        sys.exit("no change set on the device within 5 s")


latencies = []
try:
    for number in range(writes):
        committed, summary = write("add", f"name=Latency {number}")
        latencies.append(arrival() - committed)
        write("remove", str(summary["added"][0]))
        arrival()
        time.sleep(0.05)
finally:
    follower.terminate()
    watch.terminate()

latencies.sort()
print(f"{statistics.median(latencies) * 1000:.1f} "
      f"{latencies[int(0.9 * (len(latencies) - 1))] * 1000:.1f} {latencies[-1] * 1000:.1f}")
