import CatalogTestSupport
import Foundation
import Testing

/// A catalog that its user cannot write (the file and its directory belong to another user, as an
/// app's shipped catalog does) answers every query whose keys are stored, writes nothing beside
/// it, and says what it lacks and how to store it. The tests run `catalog` as `nobody` through
/// `setpriv`, so they need root; they are skipped otherwise.
struct ReadOnlyCatalogTests {
  static let canRunAsAnotherUser =
    getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write(
      "cities.csv",
      "name,state,state_code\nHouston,Texas,TX\nBirmingham,Alabama,AL\nAustin,Texas,TX\n")
    #expect(try runner.run(["import", "cities.csv", "--group-by", "state", "--quiet"]).status == 0)
    #expect(
      try runner.run(["build", "--group-by", "state", "--index-by", "state_code", "--search"])
        .status == 0)
  }

  func runAsNobody(_ arguments: [String]) throws -> CatalogRunner.Result {
    try runner.run(arguments, user: "nobody")
  }

  func filesBesideTheCatalog() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: runner.directory.url.path)
      .filter { $0.hasPrefix("catalog.db") }.sorted()
  }

  @Test(.enabled(if: canRunAsAnotherUser))
  func storedQueriesAnswerAsOnAWritableCatalog() throws {
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: runner.directory.url.path)
    #expect(try filesBesideTheCatalog() == ["catalog.db"], "build moved the log into the file")
    for query in [
      ["sections", "--group-by", "state", "--index-by", "state_code"], ["list"], ["index"],
      ["search", "hou"], ["collections"],
    ] {
      let mine = try runner.run(query)
      let theirs = try runAsNobody(query)
      #expect(theirs.status == 0, "\(query): \(theirs.standardError)")
      #expect(theirs.standardOutput == mine.standardOutput, "\(query)")
    }
    #expect(try filesBesideTheCatalog() == ["catalog.db"], "nothing was written beside it")
  }

  @Test(.enabled(if: canRunAsAnotherUser))
  func aQueryThatWouldStoreKeysSaysWhichBuildStoresThem() throws {
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: runner.directory.url.path)
    let result = try runAsNobody(["sections", "--group-by", "state_code", "--locale", "sv"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: the catalog is read-only and does not store the column 'state_code' grouping "
        + "of 'cities' in sv\n  store them on a writable copy with: catalog build -c cities "
        + "--group-by state_code --locale sv\n")
  }

  @Test(.enabled(if: canRunAsAnotherUser))
  func aWriteSaysTheCatalogIsReadOnlyAndChangesNothing() throws {
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: runner.directory.url.path)
    let before = try Data(contentsOf: URL(filePath: runner.databasePath))
    let result = try runAsNobody(["add", "name=Dallas", "state=Texas"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: the catalog \(runner.databasePath) is read-only; nothing was changed\n")
    #expect(try Data(contentsOf: URL(filePath: runner.databasePath)) == before)
  }
}
