#!/usr/bin/env python3
"""Read-your-writes through a `catalog serve` that reads a standby and writes through its
primary (`serve --write-db`, DESIGN §17): each turn adds an item with a POST, then reads the
collection's first row with `Catalog-Min-Version` set to the version the POST answered; prints
the median and worst time of that read, from the POST's answer to the read's.

Usage: min_version.py PORT COLLECTION TOKEN WRITES
Prints: MEDIAN_MILLISECONDS WORST_MILLISECONDS
"""
import http.client
import json
import statistics
import sys
import time

port, collection, token, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
connection = http.client.HTTPConnection("127.0.0.1", port)
headers = {"Authorization": f"Bearer {token}"}
latencies = []
for number in range(count):
    body = json.dumps({"name": f"Min Version {number}", "state": "Texas"})
    connection.request(
        "POST", f"/api/collections/{collection}/items", body,
        {**headers, "Content-Type": "application/json"})
    response = connection.getresponse()
    answer = response.read()
    if response.status != 201:
        sys.exit(f"POST: status {response.status}: {answer[:200]!r}")
    version = json.loads(answer)["version"]
    written = time.perf_counter()
    connection.request(
        "GET", f"/api/collections/{collection}/rows?limit=1",
        headers={**headers, "Catalog-Min-Version": str(version)})
    response = connection.getresponse()
    answer = response.read()
    latencies.append(time.perf_counter() - written)
    if response.status != 200 or int(response.getheader("Catalog-Version")) < version:
        sys.exit(f"GET: status {response.status}: {answer[:200]!r}")
    time.sleep(0.05)
print(f"{statistics.median(latencies) * 1000:.1f} {max(latencies) * 1000:.1f}")
