import CatalogTestSupport
import Foundation
import Testing

/// Kills `catalog import` with SIGKILL at seeded random moments, some during the final commit,
/// and checks each time that the catalog opens, passes `PRAGMA integrity_check`, and holds the
/// collection either as it was before or complete, never partial. The imports take turns: a new
/// collection and a replaced one in a catalog that has one (written through the write-ahead log),
/// and a first import into a new catalog (written through the rollback journal).
///
/// CI runs six trials; `CATALOG_CRASH_TRIALS=30 swift test --filter CrashSafetyTests` runs more.
struct CrashSafetyTests {
  static let trials =
    ProcessInfo.processInfo.environment["CATALOG_CRASH_TRIALS"].flatMap(Int.init) ?? 6
  static let rowCount = 150_000

  @Test func importsKilledAtRandomMomentsLeaveTheCatalogBeforeOrComplete() throws {
    let runner = try CatalogRunner()
    try runner.write("small.csv", "name,state\nAnna,Texas\nBo,Ohio\n")
    #expect(try runner.run(["import", "small.csv", "-c", "people", "--quiet"]).status == 0)
    let rows = (0..<Self.rowCount).map { "Name \($0),State \($0 % 300)" }.joined(separator: "\n")
    try runner.write("big.csv", "name,state\n" + rows + "\n")
    let original = try Data(contentsOf: URL(filePath: runner.databasePath))

    let start = Date()
    #expect(
      try runner.run(["import", "big.csv", "-c", "timing", "--group-by", "state"]).status == 0)
    let fullDuration = Date().timeIntervalSince(start)

    var generator = SeededGenerator(seed: 2026)
    var outcomes: [String: Int] = [:]
    for trial in 0..<Self.trials {
      try original.write(to: URL(filePath: runner.databasePath))
      let kind = trial % 3
      let (replaces, first) = (kind == 1, kind == 2)
      let database = first ? runner.directory.path("first-\(trial).db") : runner.databasePath
      // Spread the kills over the whole import; the second three of every six land in its last
      // tenth, the commit.
      let fraction =
        trial / 3 % 2 == 1
        ? Double.random(in: 0.9...1.02, using: &generator)
        : Double.random(in: 0.05...0.9, using: &generator)
      let collection = replaces ? "people" : "big"
      let process = Process()
      process.executableURL = CatalogRunner.executable
      process.arguments =
        [
          "--db", database, "import", "big.csv", "-c", collection, "--group-by", "state",
          "--quiet",
        ] + (replaces ? ["--replace"] : [])
      process.currentDirectoryURL = runner.directory.url
      try process.run()
      Thread.sleep(forTimeInterval: fullDuration * fraction)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      let opened = try runner.run(["collections", "--format", "csv"], database: database)
      #expect(opened.status == 0, "trial \(trial): \(opened.standardError)")
      #expect(try TestCatalog.sqlite3(path: database, "PRAGMA integrity_check") == ["ok"])
      #expect(try TestCatalog.sqlite3(path: database, "PRAGMA journal_mode") == ["wal"])
      let header = "name,items,locale,title"
      let before = first ? [header] : [header, "people,2,en,name"]
      let complete =
        replaces
        ? [header, "people,\(Self.rowCount),en,name"]
        : [header, "big,\(Self.rowCount),en,name"] + before.dropFirst()
      let lines = opened.csvColumns("name", "items", "locale", "title")
      let state = lines == before ? "before" : lines == complete ? "complete" : "partial"
      #expect(state != "partial", "trial \(trial) at \(fraction): \(lines)")
      if state == "complete" {
        let listed = try runner.run(
          ["list", "-c", collection, "--group-by", "state", "--format", "csv"], database: database)
        #expect(listed.outputLines.count == Self.rowCount + 1, "trial \(trial): every item listed")
      }
      outcomes[state, default: 0] += 1
    }
    print("crash safety: \(Self.trials) trials, outcomes \(outcomes.sorted { $0.key < $1.key })")
  }

  /// The same for writes item by item: an append of 5,000 rows and a sync that changes, adds and
  /// removes thousands, into a collection of 10,000 with a column grouping and search keys. After
  /// each kill the catalog holds the old items or the new ones, its version says which, and the
  /// change log holds a change set of that version for each list exactly when the write landed.
  @Test func itemWritesKilledAtRandomMomentsLeaveTheCatalogBeforeOrComplete() throws {
    let runner = try CatalogRunner()
    let base = (0..<10_000).map { "k\($0),Name \($0),State \($0 % 300)" }
    try runner.write("base.csv", "id,name,state\n" + base.joined(separator: "\n") + "\n")
    #expect(
      try runner.run([
        "import", "base.csv", "-c", "people", "--key", "id", "--group-by", "state", "--quiet",
      ]).status == 0)
    #expect(try runner.run(["search", "name 1", "--limit", "1"]).status == 0)
    _ = try TestCatalog.sqlite3(path: runner.databasePath, "PRAGMA wal_checkpoint(TRUNCATE)")
    let original = try Data(contentsOf: URL(filePath: runner.databasePath))
    let appended = (10_000..<15_000).map { "k\($0),Name \($0),State \($0 % 300)" }
    try runner.write("append.csv", "id,name,state\n" + appended.joined(separator: "\n") + "\n")
    let synced = (2_000..<12_000).map { "k\($0),Renamed \($0),State \($0 % 250)" }
    try runner.write("sync.csv", "id,name,state\n" + synced.joined(separator: "\n") + "\n")

    func restore() throws {
      for suffix in ["-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: runner.databasePath + suffix)
      }
      try original.write(to: URL(filePath: runner.databasePath))
    }
    func arguments(_ trial: Int) -> [String] {
      [
        "--db", runner.databasePath, "import", trial % 2 == 0 ? "append.csv" : "sync.csv", "-c",
        "people", trial % 2 == 0 ? "--append" : "--sync", "--quiet",
      ]
    }
    var durations: [Double] = []
    for trial in 0..<2 {
      try restore()
      let start = Date()
      #expect(try runner.run(Array(arguments(trial).dropFirst(2))).status == 0)
      durations.append(Date().timeIntervalSince(start))
    }
    var generator = SeededGenerator(seed: 2027)
    var outcomes: [String: Int] = [:]
    for trial in 0..<Self.trials {
      try restore()
      // Pairs of trials take turns: killed during the write, near its end (the commit, on either
      // side of it), and after another process has seen the commit (while the writer closes).
      let moment = trial / 2 % 3
      let fraction =
        moment == 0
        ? Double.random(in: 0.1...0.85, using: &generator)
        : Double.random(in: 0.85...1.3, using: &generator)
      let process = Process()
      process.executableURL = CatalogRunner.executable
      process.arguments = arguments(trial)
      process.currentDirectoryURL = runner.directory.url
      try process.run()
      if moment == 2 {
        try TestCatalog.waitUntil(
          "SELECT version FROM catalog_state", at: runner.databasePath, reads: ["2"],
          whileRunning: process)
        Thread.sleep(forTimeInterval: durations[trial % 2] * (fraction - 0.85))
      } else {
        Thread.sleep(forTimeInterval: durations[trial % 2] * fraction)
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()

      #expect(
        try TestCatalog.sqlite3(path: runner.databasePath, "PRAGMA integrity_check") == ["ok"])
      let state = try TestCatalog.sqlite3(
        path: runner.databasePath,
        """
        SELECT (SELECT version FROM catalog_state), (SELECT item_count FROM collections),
          (SELECT count(*) FROM items), (SELECT count(DISTINCT group_by || locale) FROM change_sets
          WHERE version = (SELECT version FROM catalog_state))
        """)
      let expected = trial % 2 == 0 ? "15000" : "10000"
      // The import logged a reload of both lists at version 1; the write logs its change sets at 2.
      let outcome =
        state == ["1|10000|10000|2"]
        ? "before" : state == ["2|\(expected)|\(expected)|2"] ? "complete" : "partial"
      #expect(outcome != "partial", "trial \(trial) at \(fraction): \(state)")
      if moment == 2 { #expect(outcome == "complete", "trial \(trial): killed after its commit") }
      // Whichever it is, the lists count every item once.
      let sections = try runner.run(["sections", "--group-by", "state", "--format", "csv"])
      let counted = sections.outputLines.dropFirst().map { Int($0.split(separator: ",")[3])! }
      #expect("\(counted.reduce(0, +))" == state.first?.split(separator: "|")[1].description)
      outcomes[outcome, default: 0] += 1
    }
    #expect(outcomes["before", default: 0] > 0 && outcomes["complete", default: 0] > 0)
    print(
      "item write crash safety: \(Self.trials) trials, outcomes \(outcomes.sorted { $0.key < $1.key })"
    )
  }
}
