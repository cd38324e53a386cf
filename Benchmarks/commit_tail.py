"""How long an import goes on after its commit (issue 22, item 10).

Runs the command given after `--` (a `catalog import` into CATALOG that makes COLLECTION) while
another process looks for the collection every few milliseconds, each time through a connection
of its own, as any reader of the catalog would; prints three figures in seconds: when the
collection was first seen, when the command exited, and the difference (the tail).

Usage: commit_tail.py CATALOG COLLECTION -- COMMAND…
"""

import sqlite3
import subprocess
import sys
import time

POLL_SECONDS = 0.005


def collection_is_there(path, name):
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0)
    except sqlite3.Error:
        return False
    try:
        row = connection.execute("SELECT 1 FROM collections WHERE name = ?", (name,)).fetchone()
        return row is not None
    except sqlite3.Error:  # no file or no table yet, or the writer holds the file
        return False
    finally:
        connection.close()


def main():
    separator = sys.argv.index("--")
    path, name = sys.argv[1:separator]
    command = sys.argv[separator + 1 :]
    start = time.monotonic()
    process = subprocess.Popen(command)
    seen = None
    while process.poll() is None:
        if seen is None and collection_is_there(path, name):
            seen = time.monotonic() - start
        time.sleep(POLL_SECONDS)
    exited = time.monotonic() - start
    if process.returncode != 0:
        sys.exit(f"the command failed with status {process.returncode}")
    if seen is None:
        seen = exited  # committed between the last look and the exit
    print(f"{seen:.3f} {exited:.3f} {exited - seen:.3f}")


if __name__ == "__main__":
    main()
