import CatalogTestSupport
import Foundation
import Testing

/// What only a catalog on PostgreSQL does (DESIGN §14), against the real server the tests start:
/// URIs and masked passwords, the faults of a server and its roles, many writers at once, killed
/// and cut-off writers, and the ICU agreement rule. The behaviour shared with SQLite is tested on
/// both engines by the other suites.
@Suite(.enabled(if: PostgreSQLTestServer.shared != nil))
struct PostgreSQLTests {
  var server: PostgreSQLTestServer { PostgreSQLTestServer.shared! }

  /// A runner whose catalog holds `people`, keyed by `id`, grouped by city.
  func peopleRunner() throws -> CatalogRunner {
    let runner = try CatalogRunner(engine: .postgreSQL)
    try runner.write(
      "people.csv", "id,name,city\na1,Anna,Lund\nb2,Bo,Malmö\nc3,Örjan,Lund\n")
    let result = try runner.run(
      ["import", "people.csv", "--key", "id", "--group-by", "city", "--quiet"])
    #expect(result.status == 0, "\(result.standardError)")
    return runner
  }

  /// The schema of a runner's catalog, from its URI.
  func schema(of runner: CatalogRunner) -> String {
    String(runner.databasePath.split(separator: "schema=").last!)
  }

  // MARK: - URIs

  @Test func aPasswordInTheURIIsNeverPrinted() throws {
    let runner = try peopleRunner()
    // The test server trusts its socket, so any password opens it.
    let uri = runner.databasePath.replacingOccurrences(
      of: "postgresql:///", with: "postgresql://postgres:s3cret@/")
    let withParameter = runner.databasePath + "&password=s3cret"
    for database in [uri, withParameter] {
      let info = try runner.run(["info"], database: database)
      #expect(info.status == 0)
      #expect(info.outputLines.first?.contains("***") == true)
      let refused = try runner.run(
        ["--verbose", "add", "-c", "people", "id=a1", "name=X"], database: database)
      #expect(refused.status == 1)
      let missing = try runner.run(
        ["--verbose", "list", "-c", "nobody"], database: database + "x")
      for output in [info, refused, missing] {
        #expect(!(output.standardOutput + output.standardError).contains("s3cret"))
      }
    }
  }

  @Test func infoNamesTheServerDatabaseAndSchema() throws {
    let runner = try peopleRunner()
    let lines = try runner.run(["info"]).outputLines
    #expect(lines.contains { $0.hasPrefix("server") && $0.contains("PostgreSQL 15") })
    #expect(lines.contains { $0 == "database        \(PostgreSQLTestServer.database)" })
    #expect(lines.contains { $0 == "schema          \(schema(of: runner))" })
    #expect(lines.contains { $0 == "schema version  7" })
  }

  @Test func aSchemaWithoutACatalogIsMissingUntilTheFirstImport() throws {
    let runner = try CatalogRunner(engine: .postgreSQL)
    let listed = try runner.run(["list"])
    #expect(listed.status == 1)
    #expect(
      listed.standardError
        == "Error: no catalog at \(runner.databasePath) (create one with 'catalog import FILE')\n")
    try server.psql(
      "CREATE SCHEMA \(schema(of: runner)); CREATE TABLE \(schema(of: runner)).x (a int)")
    let other = try runner.run(["import", "-", "-c", "x"], input: "name\nA\n")
    #expect(other.status == 1)
    #expect(
      other.standardError
        == "Error: \(runner.databasePath) is not a catalog: its schema '\(schema(of: runner))' "
        + "holds tables of another application; it was left untouched\n")
  }

  // MARK: - Faults

  @Test func aServerThatCannotBeReachedIsNamed() throws {
    let runner = try CatalogRunner()
    let result = try runner.run(
      ["list"], database: "postgresql://app:pw@127.0.0.1:1/places")
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: cannot open the catalog postgresql://app:***@127.0.0.1:1/places: the server "
        + "127.0.0.1:1 cannot be reached (Connection refused)\n")
    // What libpq said (it has no SQLSTATE), trimmed of the newline it ends with.
    let verbose = try runner.run(
      ["--verbose", "list"], database: "postgresql://app:pw@127.0.0.1:1/places")
    #expect(
      verbose.standardError
        == """
        Error: cannot open the catalog postgresql://app:***@127.0.0.1:1/places: the server \
        127.0.0.1:1 cannot be reached (Connection refused)
          PostgreSQL error: connection to server at "127.0.0.1", port 1 failed: Connection refused
        \tIs the server running on that host and accepting TCP/IP connections?

        """)
  }

  @Test func aRefusedLoginAndAMissingDatabaseAreNamed() throws {
    let runner = try CatalogRunner()
    let socket = server.directory
    let login = try runner.run(
      ["list"],
      database: "postgresql:///\(PostgreSQLTestServer.database)?host=\(socket)&user=nobody")
    #expect(login.status == 1)
    #expect(
      login.standardError.hasSuffix(
        ": the server \(socket):5432 refused the login of 'nobody'\n"))
    let database = try runner.run(
      ["list"], database: "postgresql:///no_such_db?host=\(socket)&user=postgres")
    #expect(database.status == 1)
    #expect(
      database.standardError
        == "Error: cannot open the catalog postgresql:///no_such_db?host=\(socket)&user=postgres: "
        + "the server \(socket):5432 has no database 'no_such_db'\n")
  }

  @Test func aRoleThatMayOnlyReadAnswersQueriesAndRefusesWrites() throws {
    let runner = try peopleRunner()
    let role = "reader_\(schema(of: runner))"
    try server.psql(
      """
      CREATE ROLE \(role) LOGIN; GRANT USAGE ON SCHEMA \(schema(of: runner)) TO \(role);
      GRANT SELECT ON ALL TABLES IN SCHEMA \(schema(of: runner)) TO \(role);
      """)
    let reader = server.uri(user: role, schema: schema(of: runner))
    let listed = try runner.run(["list", "--group-by", "city"], database: reader)
    #expect(listed.status == 0)
    #expect(listed.outputLines == ["Lund", "  Anna", "  Örjan", "Malmö", "  Bo"])
    let before = try runner.contents()
    let added = try runner.run(["add", "id=d4", "name=Dan"], database: reader)
    #expect(added.status == 1)
    #expect(
      added.standardError == "Error: the catalog \(reader) is read-only; nothing was changed\n")
    let verbose = try runner.run(["--verbose", "add", "id=d4", "name=Dan"], database: reader)
    #expect(verbose.status == 1)
    #expect(
      verbose.standardError
        == """
        Error: the catalog \(reader) is read-only; nothing was changed
          PostgreSQL error 42501: permission denied for table items
          in: INSERT INTO items (collection_id, item, title, fields, version, key) VALUES (?, ?, ?, ?, ?, ?)

        """)
    let built = try runner.run(["sections", "--group-by", "name"], database: reader)
    #expect(built.status == 1)
    #expect(
      built.standardError
        == "Error: the catalog is read-only and does not store the column 'name' grouping of "
        + "'people' in en\n  store them as a role that may write the catalog with: catalog build "
        + "-c people --group-by name --locale en\n")
    #expect(try runner.contents() == before)
  }

  // MARK: - Many writers

  /// Runs `script` with `sh`, its `$CATALOG` and `$CATALOG_DB` set; returns the process.
  func shell(_ script: String, runner: CatalogRunner) throws -> Process {
    let process = Process()
    process.executableURL = URL(filePath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = [
      "PATH": "/usr/bin:/bin", "CATALOG": CatalogRunner.executable.path,
      "CATALOG_DB": runner.databasePath, "CATALOG_BUSY_TIMEOUT_MS": "30000",
    ]
    process.currentDirectoryURL = runner.directory.url
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test func writersOnManyProcessesLoseNothingAndTakeConsecutiveVersions() throws {
    let runner = try peopleRunner()
    try runner.write("empty.csv", "id,name\n")
    #expect(try runner.run(["import", "empty.csv", "-c", "other", "--key", "id"]).status == 0)
    let watch = Process()
    watch.executableURL = CatalogRunner.executable
    watch.arguments = ["--db", runner.databasePath, "watch", "-c", "people", "--count", "30"]
    let watched = Pipe()
    watch.standardOutput = watched
    try watch.run()
    Thread.sleep(forTimeInterval: 0.5)
    // Three processes add to `people`, two to `other`, ten items each, all at once.
    let writers = try (0..<5).map { writer in
      try shell(
        """
        for i in 0 1 2 3 4 5 6 7 8 9; do
          "$CATALOG" add -c \(writer < 3 ? "people" : "other") id=w\(writer)-$i name=N$i --quiet \
            || echo failed >&2
        done
        """, runner: runner)
    }
    for writer in writers {
      writer.waitUntilExit()
      #expect(writer.terminationStatus == 0)
    }
    let output = String(decoding: watched.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    watch.waitUntilExit()
    #expect(
      try runner.rows("SELECT name, item_count, next_item FROM collections ORDER BY name")
        == ["other|20|20", "people|33|33"])
    #expect(try runner.rows("SELECT version FROM catalog_state") == ["52"])
    // Every version was used once: one change set of the letter list each (the two imports'
    // reloads, then the adds').
    let logged = try runner.rows(
      "SELECT version FROM change_sets WHERE group_by = '' ORDER BY version")
    #expect(logged == (1...52).map(String.init))
    // The watcher of `people` saw its 30 writes once each, in order.
    let versions = output.split(separator: "\n").compactMap { line in
      line.firstRange(of: #/"version":(\d+)/#).map { Int(line[$0].dropFirst(10))! }
    }
    #expect(versions.count == 30)
    #expect(versions == versions.sorted() && Set(versions).count == 30)
  }

  @Test func anImportKilledAtAnyMomentIsAbsentOrCompleteAndOthersGoOn() throws {
    let runner = try peopleRunner()
    let rows = (0..<20_000).map { "Name \($0),State \($0 % 50)" }.joined(separator: "\n")
    try runner.write("big.csv", "name,state\n" + rows + "\n")
    let start = Date()
    #expect(
      try runner.run(["import", "big.csv", "-c", "timing", "--group-by", "state"]).status == 0)
    let fullDuration = Date().timeIntervalSince(start)
    var generator = SeededGenerator(seed: 14)
    var outcomes: Set<String> = []
    for trial in 0..<4 {
      let process = Process()
      process.executableURL = CatalogRunner.executable
      process.arguments = [
        "--db", runner.databasePath, "import", "big.csv", "-c", "big\(trial)", "--group-by",
        "state", "--quiet",
      ]
      process.currentDirectoryURL = runner.directory.url
      try process.run()
      // Spread over the import, the last of every two in its last tenth, the commit.
      let fraction =
        trial % 2 == 1
        ? Double.random(in: 0.9...1.1, using: &generator)
        : Double.random(in: 0.1...0.9, using: &generator)
      Thread.sleep(forTimeInterval: fullDuration * fraction)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let items = try runner.rows(
        "SELECT item_count FROM collections WHERE name = 'big\(trial)'")
      #expect(items == [] || items == ["20000"], "trial \(trial): \(items)")
      outcomes.insert(items.isEmpty ? "absent" : "complete")
      // The killed writer's transaction is gone with its connection: another writer goes on.
      let added = try runner.run(["add", "-c", "people", "id=t\(trial)", "name=T"])
      #expect(added.status == 0, "\(added.standardError)")
    }
    print("killed imports: \(outcomes)")
  }

  @Test func aServerStoppedInTheMiddleOfAnImportKeepsNothingOfIt() throws {
    let privateServer = try PostgreSQLTestServer.makePrivate()
    let runner = try CatalogRunner()
    let database = privateServer.newCatalogURI()
    try runner.write("small.csv", "name\nAnna\n")
    #expect(try runner.run(["import", "small.csv", "-c", "small"], database: database).status == 0)
    let rows = (0..<200_000).map { "Name \($0),State \($0 % 50)" }.joined(separator: "\n")
    try runner.write("big.csv", "name,state\n" + rows + "\n")
    let process = Process()
    process.executableURL = CatalogRunner.executable
    process.arguments = ["--db", database, "import", "big.csv", "-c", "big", "--quiet"]
    process.currentDirectoryURL = runner.directory.url
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    Thread.sleep(forTimeInterval: 1)
    try privateServer.stop()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message.hasPrefix("Error: the connection to the catalog \(database) was lost ("))
    #expect(message.hasSuffix("nothing of a write under way was kept\n"))
    try privateServer.start()
    let collections = try runner.run(["collections", "--format", "csv"], database: database)
    #expect(
      collections.outputLines.map { $0.split(separator: ",").first ?? "" } == ["name", "small"])
    try privateServer.stop()
  }

  // MARK: - ICU agreement

  @Test func keysOfAnotherICUAreRebuiltOnlyByBuildRekey() throws {
    let runner = try peopleRunner()
    let fresh = try runner.run(["list", "--group-by", "city"]).outputLines
    try server.psql("UPDATE \(schema(of: runner)).groupings SET icu_version = '60.1'")
    let refused = try runner.run(["list", "--group-by", "city"])
    #expect(refused.status == 1)
    #expect(
      refused.standardError.hasPrefix(
        "Error: the keys of \(runner.databasePath) were made by ICU 60.1"))
    #expect(refused.standardError.contains("'catalog build --rekey'"))
    #expect(try runner.run(["add", "id=d4", "name=Dan"]).status == 1)
    for command in [["info"], ["collections"], ["export"]] {
      #expect(try runner.run(command).status == 0, "\(command)")
    }
    let rebuilt = try runner.run(["build", "--rekey"])
    #expect(rebuilt.status == 0, "\(rebuilt.standardError)")
    #expect(rebuilt.standardError.contains("rebuilding 2 groupings for ICU"))
    #expect(try runner.run(["list", "--group-by", "city"]).outputLines == fresh)
    // Watchers of the rebuilt lists are told to reload.
    let watched = try runner.run(["watch", "--group-by", "city", "--since", "1", "--count", "1"])
    #expect(watched.outputLines.first?.hasSuffix(#""reload":true}"#) == true)
  }
}
