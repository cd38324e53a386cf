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
      let state =
        opened.outputLines == before
        ? "before" : opened.outputLines == complete ? "complete" : "partial"
      #expect(state != "partial", "trial \(trial) at \(fraction): \(opened.outputLines)")
      if state == "complete" {
        let listed = try runner.run(
          ["list", "-c", collection, "--group-by", "state", "--format", "csv"], database: database)
        #expect(listed.outputLines.count == Self.rowCount + 1, "trial \(trial): every item listed")
      }
      outcomes[state, default: 0] += 1
    }
    print("crash safety: \(Self.trials) trials, outcomes \(outcomes.sorted { $0.key < $1.key })")
  }
}
