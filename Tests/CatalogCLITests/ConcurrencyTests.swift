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

  func startImport(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = CatalogRunner.executable
    process.arguments = ["--db", runner.databasePath, "import"] + arguments
    process.currentDirectoryURL = runner.directory.url
    process.environment = ["LANG": "C"].merging(environment) { $1 }
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test func fourReadersThroughAnImportSeeBeforeOrAfterAndNoErrors() async throws {
    let importer = try startImport(["big.csv", "-c", "people", "--append", "--group-by", "state"])
    let before = "people,2,en,name"
    let after = "people,\(Self.rowCount + 2),en,name"
    let runner = self.runner
    let results = try await withThrowingTaskGroup(
      of: (reads: Int, sawBefore: Bool, errors: [String]).self
    ) {
      group in
      for reader in 0..<4 {
        group.addTask {
          var reads = 0
          var errors: [String] = []
          var sawAfter = false
          var sawBefore = false
          while !sawAfter {
            let command =
              reader % 2 == 0
              ? ["collections", "--format", "csv"] : ["sections", "--group-by", "state"]
            let result = try runner.run(command)
            reads += 1
            if result.status != 0 || !result.standardError.isEmpty {
              errors.append(result.standardError)
            }
            let collections = try runner.run(["collections", "--format", "csv"]).outputLines
            if collections.last != before && collections.last != after {
              errors.append("a mixed state: \(collections)")
            }
            sawBefore = sawBefore || collections.last == before
            sawAfter = collections.last == after || errors.count > 10
          }
          return (reads, sawBefore, errors)
        }
      }
      var all: [(reads: Int, sawBefore: Bool, errors: [String])] = []
      for try await result in group { all.append(result) }
      return all
    }
    importer.waitUntilExit()
    #expect(importer.terminationStatus == 0)
    #expect(results.flatMap(\.errors) == [])
    #expect(results.contains { $0.sawBefore }, "some reader ran while the import was under way")
    print("concurrency: 4 readers, \(results.map(\.reads).reduce(0, +)) reads, 0 errors")
  }

  @Test func aSecondImportWaitsForTheFirst() throws {
    let first = try startImport(["big.csv", "-c", "first", "--quiet"])
    Thread.sleep(forTimeInterval: 0.3)
    let second = try runner.run(
      ["import", "people.csv", "-c", "second", "--quiet"],
      environment: ["CATALOG_BUSY_TIMEOUT_MS": "600000"])
    first.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(second.status == 0, "\(second.standardError)")
    let names = try runner.run(["collections", "--format", "csv"]).outputLines
    #expect(
      names == [
        "name,items,locale,title", "first,\(Self.rowCount),en,name", "people,2,en,name",
        "second,2,en,name",
      ])
  }

  @Test func aSecondImportGivesUpClearlyAfterTheBusyTimeout() throws {
    let first = try startImport(["big.csv", "-c", "first", "--quiet"])
    Thread.sleep(forTimeInterval: 0.3)
    let second = try runner.run(
      ["import", "people.csv", "-c", "second", "--quiet"],
      environment: ["CATALOG_BUSY_TIMEOUT_MS": "50"])
    first.waitUntilExit()
    #expect(second.status == 1)
    #expect(
      second.standardError.hasPrefix("Error: catalog is busy: another process is writing to "))
    #expect(try TestCatalog.sqlite3(path: runner.databasePath, "PRAGMA integrity_check") == ["ok"])
    let names = try runner.run(["collections", "--format", "csv"]).outputLines
    #expect(
      names == ["name,items,locale,title", "first,\(Self.rowCount),en,name", "people,2,en,name"])
  }
}
