#!/usr/bin/env python3
"""POSTs one item after another to `catalog serve` from CLIENTS clients at once, each over one
keep-alive connection of its own and in a process of its own (so that no client waits for
another's turn in Python), and prints the writes per second of them all together and the median
latency of one write: the write client of Benchmarks/serve.sh.

Every answer must be a 201 with the write's summary. Each client's first write is not timed (it
opens the connection); the timed ones start together.

Usage: http_writes.py PORT COLLECTION TOKEN CLIENTS WRITES_PER_CLIENT
Prints: WRITES_PER_SECOND MEDIAN_MILLISECONDS
"""
import http.client
import json
import multiprocessing
import statistics
import sys
import time


def client(arguments):
    port, collection, token, number, writes, start_at = arguments
    connection = http.client.HTTPConnection("127.0.0.1", port)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    path = f"/api/collections/{collection}/items"

    def post(write):
        body = json.dumps({"name": f"Posted {number}-{write}-{time.time_ns()}",
                           "state": "State 0042"})
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        if response.status != 201:
            raise SystemExit(f"POST {path}: status {response.status}: {answer[:200]!r}")

    post("warm-up")
    while time.time() < start_at:
        time.sleep(0.001)
    latencies = []
    began = time.time()
    for write in range(writes):
        before = time.perf_counter()
        post(write)
        latencies.append(time.perf_counter() - before)
    return latencies, began, time.time()


if __name__ == "__main__":
    port, collection, token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    clients, writes = int(sys.argv[4]), int(sys.argv[5])
    start_at = time.time() + 0.5 + clients * 0.05
    with multiprocessing.Pool(clients) as pool:
        results = pool.map(client, [(port, collection, token, number, writes, start_at)
                                    for number in range(clients)])
    latencies = [latency for result in results for latency in result[0]]
    elapsed = max(result[2] for result in results) - min(result[1] for result in results)
    print(f"{len(latencies) / elapsed:.1f} {statistics.median(latencies) * 1000:.3f}")
