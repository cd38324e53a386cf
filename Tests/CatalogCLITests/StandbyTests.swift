import CatalogTestSupport
import Foundation
import Testing

/// A catalog read on a streaming hot standby of its primary (DESIGN §17), against the real
/// clusters the tests start (`PostgreSQLTestServer.replicated`).
@Suite(.enabled(if: PostgreSQLTestServer.replicated != nil))
struct StandbyTests {
  var primary: PostgreSQLTestServer { PostgreSQLTestServer.replicated!.primary }
  var standby: PostgreSQLTestServer { PostgreSQLTestServer.replicated!.standby }

  /// The clusters themselves: the standby replays what the primary commits, and the server
  /// refuses writes there.
  @Test func theStandbyReplaysThePrimaryAndTakesNoWrites() throws {
    let table = "t_" + UUID().uuidString.prefix(8).lowercased()
    try primary.psql("CREATE TABLE \(table) (a int); INSERT INTO \(table) VALUES (7)")
    try primary.waitUntilReplayed(by: standby)
    #expect(try standby.psql("SELECT pg_is_in_recovery(), a FROM \(table)") == ["t|7"])
    #expect(throws: (any Error).self) { try standby.psql("INSERT INTO \(table) VALUES (8)") }
    #expect(try primary.psql("SELECT pg_is_in_recovery()") == ["f"])
  }

  /// A new catalog on the primary, and the same catalog's URI on the standby.
  func newCatalog() -> (primary: String, standby: String) {
    let uri = primary.newCatalogURI()
    return (
      uri,
      uri.replacingOccurrences(of: "host=\(primary.directory)", with: "host=\(standby.directory)")
    )
  }

  /// A runner whose catalog, on the primary, holds `people`, keyed by `id`, grouped by city,
  /// with search keys and an index by city stored; its URIs.
  func peopleOnPrimary() throws -> (CatalogRunner, primary: String, standby: String) {
    let runner = try CatalogRunner()
    let (primaryURI, standbyURI) = newCatalog()
    try runner.write(
      "people.csv",
      "id,name,city\na1,Anna,Lund\nb2,Bo,Malmö\nc3,Örjan,Lund\nd4,Åsa,Umeå\ne5,Zoë,Malmö\n")
    let imported = try runner.run(
      ["import", "people.csv", "--key", "id", "--group-by", "city", "--locale", "sv", "--quiet"],
      database: primaryURI)
    #expect(imported.status == 0, "\(imported.standardError)")
    let built = try runner.run(
      ["build", "--group-by", "city", "--index-by", "city", "--search"], database: primaryURI)
    #expect(built.status == 0, "\(built.standardError)")
    return (runner, primaryURI, standbyURI)
  }

  /// The reads a catalog answers from stored keys.
  static let reads: [[String]] = [
    ["list"], ["list", "--group-by", "city", "--format", "json"],
    ["list", "--offset", "2", "--limit", "2", "--format", "csv"],
    ["sections", "--group-by", "city", "--format", "json"], ["sections"],
    ["index", "--group-by", "city", "--index-by", "city", "--format", "json"], ["index"],
    ["search", "ö"], ["search", "a", "--format", "json"], ["export"],
    ["export", "--format", "json"],
    ["collections"],
  ]

  @Test func readsOnTheStandbyAreThePrimarysByteForByte() throws {
    let (runner, primaryURI, standbyURI) = try peopleOnPrimary()
    // Swedish order, known apart from the code: Å after Z, Ö after Å.
    #expect(
      try runner.run(["list"], database: primaryURI).outputLines
        == ["A", "  Anna", "B", "  Bo", "Z", "  Zoë", "Å", "  Åsa", "Ö", "  Örjan"])
    try primary.waitUntilReplayed(by: standby)
    for read in Self.reads {
      let onPrimary = try runner.run(read, database: primaryURI)
      let onStandby = try runner.run(read, database: standbyURI)
      #expect(onPrimary.status == 0 && !onPrimary.standardOutput.isEmpty, "\(read)")
      #expect(onStandby.status == 0, "\(read): \(onStandby.standardError)")
      #expect(onStandby.standardOutput == onPrimary.standardOutput, "\(read)")
    }
  }

  @Test func aWriteOrAQueryThatWouldStoreKeysOnTheStandbyNamesThePrimary() throws {
    let (runner, primaryURI, standbyURI) = try peopleOnPrimary()
    try primary.waitUntilReplayed(by: standby)
    let standbyWrites =
      "Error: the catalog \(standbyURI) is read-only: its server is a standby, "
      + "which takes no writes; write to its primary; nothing was changed\n"
    let added = try runner.run(["add", "id=f6", "name=Fred"], database: standbyURI)
    #expect(added.status == 1)
    #expect(added.standardError == standbyWrites)
    let removed = try runner.run(["remove", "a1"], database: standbyURI)
    #expect(removed.standardError == standbyWrites)
    let verbose = try runner.run(["--verbose", "add", "id=f6", "name=Fred"], database: standbyURI)
    #expect(verbose.standardError.hasPrefix(standbyWrites + "  PostgreSQL error 25006: "))
    let sections = try runner.run(["sections", "--group-by", "name"], database: standbyURI)
    #expect(sections.status == 1)
    #expect(
      sections.standardError
        == "Error: the catalog is read-only and does not store the column 'name' grouping of "
        + "'people' in sv\n  store them on its primary with: catalog build -c people --group-by "
        + "name --locale sv\n")
    #expect(
      try runner.run(["list", "--format", "csv"], database: primaryURI).outputLines.count == 6)
  }

  @Test func watchOnTheStandbyPrintsEachWriteAsThePrimarysWatchDoes() throws {
    let (runner, primaryURI, standbyURI) = try peopleOnPrimary()
    let schema = primaryURI.split(separator: "schema=").last!
    let version = Int(try primary.psql("SELECT version FROM \(schema).catalog_state")[0])!
    try primary.waitUntilReplayed(by: standby)
    let watch = Process()
    watch.executableURL = CatalogRunner.executable
    watch.arguments = [
      "--db", standbyURI, "watch", "--group-by", "city", "--count", "3",
    ]
    let watched = Pipe()
    watch.standardOutput = watched
    try watch.run()
    Thread.sleep(forTimeInterval: 0.3)
    for (id, name, city) in [("f6", "Fred", "Lund"), ("g7", "Gun", "Visby"), ("a1", "Ann", "")] {
      let write =
        id == "a1"
        ? try runner.run(["update", "a1", "name=Ann"], database: primaryURI)
        : try runner.run(["add", "id=\(id)", "name=\(name)", "city=\(city)"], database: primaryURI)
      #expect(write.status == 0, "\(write.standardError)")
    }
    let output = String(decoding: watched.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    watch.waitUntilExit()
    let expected = try runner.run(
      ["watch", "--group-by", "city", "--since", "\(version)", "--count", "3"],
      database: primaryURI)
    #expect(output == expected.standardOutput)
    #expect(output.split(separator: "\n").count == 3)
  }
}
