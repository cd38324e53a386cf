import CatalogLocations
import CatalogStore
import Foundation

/// Times single writes through the library, each in its own transaction, on an existing catalog
/// (a file, or a `postgresql://` URI), how soon `catalog watch` in another process prints a
/// write's change set after its commit, and how many adds one writer commits per second. Prints
/// medians; `Benchmarks/writes.sh` and `postgresql.sh` run it on the million-item catalog.
///
///     WriteBenchmark writes CATALOG COLLECTION COUNT [STATE]
///     WriteBenchmark watch CATALOG COLLECTION COUNT CATALOG_BINARY
///     WriteBenchmark throughput CATALOG COLLECTION COUNT
///     WriteBenchmark stream CATALOG COLLECTION COUNT PORT   (a `catalog serve` on 127.0.0.1)
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("WriteBenchmark: \(message)\n".utf8))
  exit(64)
}

let arguments = CommandLine.arguments
guard arguments.count >= 5, let count = Int(arguments[4]) else {
  fail("usage: WriteBenchmark writes|watch CATALOG COLLECTION COUNT [CATALOG_BINARY]")
}
let (path, collection) = (arguments[2], arguments[3])

/// The CPU time this thread used, in milliseconds: the figure to compare on a busy machine.
func threadMilliseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

nonisolated(unsafe) var cpuTimes: [Double] = []

/// The wall time of `body` in milliseconds; its CPU time goes to `cpuTimes`.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  let cpuStart = threadMilliseconds()
  try body()
  cpuTimes.append(threadMilliseconds() - cpuStart)
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The state every write files under (`writes … STATE`), or nil for one among the benchmark's.
let fixedState = arguments[1] == "writes" && arguments.count == 6 ? arguments[5] : nil

/// A write's fields: a name that files under one letter, a state among the benchmark's.
func fields(_ number: Int) -> [String: String] {
  [
    "name": "Benchmark \(["Anna", "Zoë", "Ödön", "Mia"][number % 4]) \(number)",
    "state": fixedState ?? "State \(String(format: "%04d", number * 7 % 3000))",
    "country": "Country 1",
    "population": "\(number)",
  ]
}

do {
  let catalog = try Catalog(at: CatalogAddress(path).location(), creating: false)
  switch arguments[1] {
  case "writes":
    var adds: [Double] = []
    var updates: [Double] = []
    var removes: [Double] = []
    var added: [Int] = []
    for number in 0..<count {
      adds.append(
        try milliseconds { added.append(try catalog.add(fields(number), to: collection).item) })
    }
    for (number, item) in added.enumerated() {
      updates.append(
        try milliseconds {
          try catalog.update(
            .number(item), in: collection, setting: fields(number + 1))
        })
    }
    for item in added {
      removes.append(try milliseconds { try catalog.remove([.number(item)], from: collection) })
    }
    print(
      String(
        format: "add %.3f ms  update %.3f ms  remove %.3f ms  (medians of %d; CPU %.3f %.3f %.3f)",
        median(adds), median(updates), median(removes), count,
        median(Array(cpuTimes[0..<count])), median(Array(cpuTimes[count..<2 * count])),
        median(Array(cpuTimes[(2 * count)...]))))
  case "watch":
    guard arguments.count == 6 else { fail("watch needs the catalog binary") }
    let watcher = Process()
    watcher.executableURL = URL(filePath: arguments[5])
    // From the version before the first write: a watcher slower to start than the second given
    // to it still prints every write (late), instead of waiting for one it missed.
    watcher.arguments = [
      "--db", path, "watch", "-c", collection, "--count", String(count),
      "--since", String(try catalog.version()),
    ]
    let output = Pipe()
    watcher.standardOutput = output
    try watcher.run()
    Thread.sleep(forTimeInterval: 1)
    var latencies: [Double] = []
    let reader = output.fileHandleForReading
    for number in 0..<count {
      _ = try catalog.add(fields(number), to: collection)
      let committed = DispatchTime.now().uptimeNanoseconds
      var line = Data()
      while line.last != UInt8(ascii: "\n") {
        let byte = try reader.read(upToCount: 1) ?? Data()
        guard !byte.isEmpty else { fail("watch ended early") }
        line += byte
      }
      latencies.append(Double(DispatchTime.now().uptimeNanoseconds - committed) / 1e6)
      Thread.sleep(forTimeInterval: 0.05)
    }
    watcher.waitUntilExit()
    print(
      String(
        format: "watch latency %.1f ms median, %.1f ms worst (%d writes)", median(latencies),
        latencies.max() ?? 0, count))
  case "stream":
    // The same as `watch`, through a `catalog serve`'s change stream: from a write's commit to
    // its event at a client of /changes.
    guard arguments.count == 6, let port = UInt16(arguments[5]) else { fail("stream needs a port") }
    let stream = try ChangeStreamReader(port: port, collection: collection)
    try stream.waitForStart()
    var latencies: [Double] = []
    for number in 0..<count {
      let version = try catalog.add(fields(number), to: collection).summary.version
      let committed = DispatchTime.now().uptimeNanoseconds
      try stream.waitForEvent(version: version)
      latencies.append(Double(DispatchTime.now().uptimeNanoseconds - committed) / 1e6)
      Thread.sleep(forTimeInterval: 0.05)
    }
    print(
      String(
        format: "stream latency %.1f ms median, %.1f ms worst (%d writes)", median(latencies),
        latencies.max() ?? 0, count))
  case "throughput":
    // Adds as fast as one writer can, each in its own transaction: writes per second.
    let start = DispatchTime.now().uptimeNanoseconds
    for number in 0..<count { _ = try catalog.add(fields(number), to: collection) }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "%.1f", Double(count) / seconds))
  default:
    fail("unknown mode '\(arguments[1])'")
  }
} catch {
  fail("\(error)")
}
