#!/usr/bin/env python3
"""Sends one GET request after another over one keep-alive connection and prints the requests
per second and the median latency: the client of Benchmarks/serve.sh.

Usage: http_client.py PORT PATH REQUESTS
Prints: REQUESTS_PER_SECOND MEDIAN_MILLISECONDS BYTES_OF_THE_LAST_BODY
"""
import http.client
import statistics
import sys
import time

port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
connection = http.client.HTTPConnection("127.0.0.1", port)
latencies = []
body = b""
started = time.perf_counter()
for _ in range(count):
    before = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    latencies.append(time.perf_counter() - before)
    if response.status != 200:
        sys.exit(f"{path}: status {response.status}: {body[:200]!r}")
elapsed = time.perf_counter() - started
print(f"{count / elapsed:.1f} {statistics.median(latencies) * 1000:.3f} {len(body)}")
