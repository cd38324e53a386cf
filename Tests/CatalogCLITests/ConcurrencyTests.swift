import CatalogTestSupport
import Foundation
import Testing

/// Readers while an import commits, and two imports at once (issue 6). CI runs a short import;
/// `CATALOG_CONCURRENCY_ROWS=1000000 swift test --filter ConcurrencyTests` runs the long one.
@Suite(.serialized) struct ConcurrencyTests {
  static let rowCount =
    ProcessInfo.processInfo.environment["CATALOG_CONCURRENCY_ROWS"].flatMap(Int.init) ?? 100_000

  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write("people.csv", "name,state\nAnna,Texas\nBo,Ohio\n")
    #expect(try runner.run(["import", "people.csv", "--group-by", "state", "--quiet"]).status == 0)
    let rows = (0..<Self.rowCount).map { "Name \($0),State \($0 % 300)" }.joined(separator: "\n")
    try runner.write("big.csv", "name,state\n" + rows + "\n")
  }

  func startImport(
    _ arguments: [String], environment: [String: String] = [:], input: Pipe? = nil
  ) throws -> Process {
    let process = Process()
    if let input { process.standardInput = input }
    process.executableURL = CatalogRunner.executable
    process.arguments = ["--db", runner.databasePath, "import"] + arguments
    process.currentDirectoryURL = runner.directory.url
    process.environment = ["LANG": "C"].merging(environment) { $1 }
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test func fourReadersThroughAnImportSeeBeforeOrAfterAndNoErrors() throws {
    // The import holds its transaction open while it waits for the rest of its input, which comes
    // once every reader has read at least once. So the readers certainly run during the import,
    // and go on through its commit.
    let importer = try startHeldImport(["-c", "people", "--append", "--group-by", "state"])
    let before = "people,2,en,name"
    let after = "people,\(Self.rowCount + 2),en,name"
    let firstReads = DispatchSemaphore(value: 0)
    let readersDone = DispatchGroup()
    let results = ReaderResults()
    for reader in 0..<4 {
      readersDone.enter()
      Thread.detachNewThread { [runner] in
        defer { readersDone.leave() }
        var reads = 0
        var sawBefore = false
        var errors: [String] = []
        while errors.count <= 10 {
          let command =
            reader % 2 == 0
            ? ["list", "-c", "people", "--limit", "3"] : ["sections", "--group-by", "state"]
          guard let result = try? runner.run(command),
            let collections = try? runner.run(["collections", "--format", "csv"]).csvColumns(
              "name", "items", "locale", "title")
          else {
            errors.append("could not run catalog")
            continue
          }
          reads += 1
          if reads == 1 { firstReads.signal() }
          if result.status != 0 || !result.standardError.isEmpty {
            errors.append(result.standardError)
          }
          if collections.last != before && collections.last != after {
            errors.append("a mixed state: \(collections)")
          }
          sawBefore = sawBefore || collections.last == before
          if collections.last == after { break }
        }
        results.add(reads: reads, sawBefore: sawBefore, errors: errors)
      }
    }
    for _ in 0..<4 { #expect(firstReads.wait(timeout: .now() + 120) == .success) }
    try importer.finish()
    readersDone.wait()
    #expect(importer.process.terminationStatus == 0)
    #expect(results.errors == [])
    #expect(results.readersThatSawBefore == 4)
    print("concurrency: 4 readers, \(results.reads) reads, \(results.errors.count) errors")
  }

  /// Starts an import of `big.csv` from standard input and feeds it three quarters of the file,
  /// more than the reader's first 1 MiB chunk, then waits until the import holds the catalog's write lock: it is then
  /// inside its transaction, waiting for the rest. `finish` sends the rest and waits for the end.
  func startHeldImport(_ arguments: [String]) throws -> (
    process: Process, finish: () throws -> Void
  ) {
    let input = Pipe()
    let process = try startImport(["-"] + arguments, input: input)
    let csv = try Data(contentsOf: runner.directory.url.appending(path: "big.csv"))
    let cut = csv.count * 3 / 4
    input.fileHandleForWriting.write(csv.prefix(cut))
    try waitForWriteLock()
    return (
      process,
      {
        input.fileHandleForWriting.write(csv.suffix(from: cut))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
      }
    )
  }

  /// Waits until another process holds the catalog's write lock: until `BEGIN IMMEDIATE` in the
  /// sqlite3 shell, with no busy timeout, fails.
  func waitForWriteLock() throws {
    for _ in 0..<500 {
      let process = Process()
      process.executableURL = URL(filePath: "/usr/bin/sqlite3")
      process.arguments = [runner.databasePath, "BEGIN IMMEDIATE; ROLLBACK;"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
    Issue.record("the import never took the write lock")
  }

  @Test func aSecondImportWaitsForTheFirst() throws {
    let first = try startHeldImport(["-c", "first", "--quiet"])
    let secondDone = DispatchSemaphore(value: 0)
    let results = ReaderResults()
    Thread.detachNewThread { [runner] in
      let second = try? runner.run(
        ["import", "people.csv", "-c", "second", "--quiet"],
        environment: ["CATALOG_BUSY_TIMEOUT_MS": "600000"])
      results.add(
        reads: 1, sawBefore: false, errors: second?.status == 0 ? [] : ["the second failed"])
      secondDone.signal()
    }
    let waited = secondDone.wait(timeout: .now() + 1) == .timedOut
    #expect(waited, "the second import waits")
    try first.finish()
    if waited { #expect(secondDone.wait(timeout: .now() + 120) == .success) }
    #expect(first.process.terminationStatus == 0)
    #expect(results.errors == [])
    let names = try runner.run(["collections", "--format", "csv"]).csvColumns(
      "name", "items", "locale", "title")
    #expect(
      names == [
        "name,items,locale,title", "first,\(Self.rowCount),en,name", "people,2,en,name",
        "second,2,en,name",
      ])
  }

  @Test func aSecondImportGivesUpClearlyAfterTheBusyTimeout() throws {
    let first = try startHeldImport(["-c", "first", "--quiet"])
    let second = try runner.run(
      ["import", "people.csv", "-c", "second", "--quiet"],
      environment: ["CATALOG_BUSY_TIMEOUT_MS": "50"])
    try first.finish()
    #expect(second.status == 1)
    #expect(
      second.standardError.hasPrefix("Error: catalog is busy: another process is writing to "))
    #expect(try TestCatalog.sqlite3(path: runner.databasePath, "PRAGMA integrity_check") == ["ok"])
    let names = try runner.run(["collections", "--format", "csv"]).csvColumns(
      "name", "items", "locale", "title")
    #expect(
      names == ["name,items,locale,title", "first,\(Self.rowCount),en,name", "people,2,en,name"])
  }
}

/// Writes from several processes at once, a watcher of them, and readers through them.
@Suite(.serialized) struct WriteConcurrencyTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write("people.csv", "id,name,state\na,Anna,Texas\nb,Bo,Ohio\n")
    #expect(
      try runner.run(["import", "people.csv", "--key", "id", "--group-by", "state", "--quiet"])
        .status == 0)
  }

  /// Two threads each run `count` `catalog add` processes, with a long busy timeout.
  func addFromTwoWriters(count: Int) -> [String] {
    let done = DispatchGroup()
    let results = ReaderResults()
    for writer in 0..<2 {
      done.enter()
      Thread.detachNewThread { [runner] in
        defer { done.leave() }
        var errors: [String] = []
        for number in 0..<count {
          let added = try? runner.run(
            ["add", "id=w\(writer)-\(number)", "name=Writer \(writer) \(number)", "--quiet"],
            environment: ["CATALOG_BUSY_TIMEOUT_MS": "60000"])
          if added?.status != 0 { errors.append(added?.standardError ?? "did not run") }
        }
        results.add(reads: count, sawBefore: false, errors: errors)
      }
    }
    done.wait()
    return results.errors
  }

  @Test func twoWritersAtOnceLoseNothing() throws {
    #expect(addFromTwoWriters(count: 25) == [])
    let ids = try runner.run(["list", "--format", "csv"]).outputLines.dropFirst()
      .map { $0.split(separator: ",")[5] }
    #expect(ids.count == 52)
    #expect(Set(ids).count == 52)
    #expect(
      try TestCatalog.sqlite3(path: runner.databasePath, "SELECT version FROM catalog_state") == [
        "51"
      ])
  }

  @Test func aWatcherSeesEveryVersionOnceInOrder() throws {
    let watch = Process()
    watch.executableURL = CatalogRunner.executable
    watch.arguments = [
      "--db", runner.databasePath, "watch", "--group-by", "state", "--count", "30",
    ]
    let output = Pipe()
    watch.standardOutput = output
    try watch.run()
    Thread.sleep(forTimeInterval: 0.5)
    #expect(addFromTwoWriters(count: 15) == [])
    let data = output.fileHandleForReading.readDataToEndOfFile()
    watch.waitUntilExit()
    let versions = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      line.split(separator: ",")[0].split(separator: ":")[1]
    }.map { Int($0)! }
    #expect(versions == Array(2...31))
  }

  @Test func readersThroughWritesSeeOneVersionEach() throws {
    let writing = DispatchGroup()
    writing.enter()
    let results = ReaderResults()
    Thread.detachNewThread { [self] in
      defer { writing.leave() }
      results.add(reads: 0, sawBefore: false, errors: addFromTwoWriters(count: 20))
    }
    var reads = 0
    while writing.wait(timeout: .now()) == .timedOut || reads == 0 {
      let listed = try runner.run(["list", "--group-by", "state", "--format", "csv"])
      let sections = try runner.run(["sections", "--group-by", "state", "--format", "csv"])
      let ids = listed.outputLines.dropFirst().map { $0.split(separator: ",")[5] }
      let counted = sections.outputLines.dropFirst().map { Int($0.split(separator: ",")[3])! }
      #expect(listed.status == 0 && sections.status == 0)
      #expect(Set(ids).count == ids.count, "no item twice in one list")
      #expect((2...42).contains(ids.count) && (2...42).contains(counted.reduce(0, +)))
      reads += 1
    }
    #expect(results.errors == [])
    print("write concurrency: \(reads) reads through 40 writes")
  }
}

/// What the reader threads saw, gathered under a lock.
final class ReaderResults: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var reads = 0
  private(set) var readersThatSawBefore = 0
  private(set) var errors: [String] = []

  func add(reads: Int, sawBefore: Bool, errors: [String]) {
    lock.withLock {
      self.reads += reads
      readersThatSawBefore += sawBefore ? 1 : 0
      self.errors += errors
    }
  }
}
