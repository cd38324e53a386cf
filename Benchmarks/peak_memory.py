"""Peak memory of one run of a command: its peak resident set, and the peak of its own memory.

The resident set also counts the pages of files the process maps that it has touched. A reader
of a catalog maps the catalog file (SQLite's memory-mapped I/O), so a list that reads every item
touches the whole file: those pages are the kernel's page cache, which holds them as well when
the file is read without the map, shared with every other reader and dropped under pressure. Its
own memory, the anonymous pages it allocates, is what grows if a program keeps what it reads.
The resident peak is exact (the kernel's); the anonymous peak is sampled every 2 ms.

Usage: peak_memory.py COMMAND…   prints "RESIDENT OWN" in MiB, the command's output discarded.
"""

import os
import subprocess
import sys
import time


def anonymous_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def main():
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
    own = 0
    while True:
        own = max(own, anonymous_kib(process.pid))
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.002)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{sys.argv[1]} failed")
    print(f"{usage.ru_maxrss / 1024:.1f} {own / 1024:.1f}")


if __name__ == "__main__":
    main()
