import CatalogTestSupport
import Foundation
import Testing

/// Every error a user can reach from the command line: its message, its exit status, and that
/// the catalog is left as it was.
struct ErrorTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write("cities.csv", "name,state\nAustin,Texas\nBoston,Massachusetts\n")
    #expect(try runner.run(["import", "cities.csv", "--group-by", "state", "--quiet"]).status == 0)
  }

  func catalogBytes() throws -> Data { try Data(contentsOf: URL(filePath: runner.databasePath)) }

  func expectFailure(
    _ arguments: [String], status: Int32 = 1, environment: [String: String] = [:],
    message: String, input: String = ""
  ) throws {
    let result = try runner.run(arguments, input: input, environment: environment)
    #expect(result.status == status)
    #expect(result.standardOutput == "")
    #expect(result.standardError == message + "\n")
  }

  @Test func aMissingCatalog() throws {
    let missing = runner.directory.path("absent.db")
    let process = try runner.run(["--db", missing, "sections"])
    #expect(process.status == 1)
    #expect(
      process.standardError
        == "Error: no catalog at \(missing) (create one with 'catalog import FILE')\n")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func anUnknownCollection() throws {
    try expectFailure(
      ["list", "-c", "towns"],
      message: "Error: no collection named 'towns'; the collections are: cities")
  }

  @Test func severalCollectionsNeedANameAndTheErrorListsThem() throws {
    #expect(try runner.run(["import", "cities.csv", "-c", "towns", "--quiet"]).status == 0)
    try expectFailure(
      ["sections"],
      message:
        "Error: the catalog holds 2 collections; choose one with -c NAME; the collections are: cities, towns"
    )
  }

  @Test func aSortWithoutItsTemporaryDirectory() throws {
    // 100,000 rows make sort runs of more than the 2 MiB a grouping keeps in memory, so the
    // import needs a scratch file, in $TMPDIR.
    let rows = (0..<100_000).map { "Town \($0),State \($0 % 50)\n" }.joined()
    try runner.write("towns.csv", "name,state\n" + rows)
    let before = try catalogBytes()
    let absent = runner.directory.path("absent")
    let result = try runner.run(["import", "towns.csv"], environment: ["TMPDIR": absent])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: cannot use a temporary file in \(absent) to sort the list: No such file or "
        + "directory (set TMPDIR to a directory with free space)\n")
    #expect(try catalogBytes() == before)
    #expect(try runner.run(["collections", "--format", "csv"]).outputLines.count == 2)
  }

  @Test func anUnknownColumn() throws {
    try expectFailure(
      ["sections", "--group-by", "county"],
      message: "Error: unknown column 'county' for --group-by; the columns are: name, state")
  }

  /// A column the collection lacks is named with the option or command that named it, whatever
  /// part it was to play.
  @Test(arguments: [
    (
      ["import", "cities.csv", "-c", "towns", "--title", "nope"],
      "Error: unknown column 'nope' for --title; the columns are: name, state"
    ),
    (
      ["import", "cities.csv", "-c", "towns", "--sort-as", "name,nope"],
      "Error: unknown column 'nope' for --sort-as; the columns are: name, state"
    ),
    (
      ["import", "cities.csv", "-c", "towns", "--key", "nope"],
      "Error: unknown column 'nope' for --key; the columns are: name, state"
    ),
    (
      ["import", "cities.csv", "--append", "--group-by", "nope"],
      "Error: unknown column 'nope' for --group-by; the columns are: name, state"
    ),
    (
      ["sections", "--group-by", "state", "--index-by", "nope"],
      "Error: unknown column 'nope' for --index-by; the columns are: name, state"
    ),
    (
      ["build", "--group-by", "nope"],
      "Error: unknown column 'nope' for --group-by; the columns are: name, state"
    ),
    (
      ["build", "--group-by", "state", "--index-by", "nope"],
      "Error: unknown column 'nope' for --index-by; the columns are: name, state"
    ),
    (
      ["update", "0", "nope=1"],
      "Error: unknown column 'nope' for update; the columns are: name, state"
    ),
  ])
  func anUnknownColumnNamesTheOptionThatNamedIt(arguments: [String], message: String) throws {
    let before = try runner.contents()
    try expectFailure(arguments, message: message)
    #expect(try runner.contents() == before)
  }

  /// An import mode that names items by key, into a collection without a key column.
  @Test func syncNeedsAKeyColumn() throws {
    try expectFailure(
      ["import", "cities.csv", "--sync"],
      message: "Error: --sync needs a key column, and 'cities' has none")
  }

  @Test func anUnknownLocale() throws {
    try expectFailure(
      ["list", "--locale", "xx_YY"],
      message:
        "Error: unknown locale 'xx_YY' (expected an ICU locale id or BCP 47 tag such as sv, de_DE, zh-Hant)"
    )
  }

  @Test func anUnknownSectionOrIndexTitle() throws {
    try expectFailure(
      ["list", "--group-by", "state", "--section", "Utah"],
      message: "Error: no section 'Utah' in 'cities' grouped by column 'state'")
    let result = try runner.run(["list", "--index", "AA"])
    #expect(result.status == 1)
    #expect(
      result.standardError.hasPrefix("Error: no index entry 'AA'; the index titles are: A, B, C"))
  }

  @Test func wrongUsageExits64() throws {
    try expectFailure(
      ["list", "--limt", "3"], status: 64,
      message: """
        Error: Unknown option '--limt'. Did you mean '--limit'?
        Usage: catalog list [--collection <name>] [--group-by <column>] [--index-by <column>] \
        [--locale <id>] [--section <heading>] [--index <title>] [--offset <n>] [--limit <n>] \
        [--format <format>] [--db <path-or-uri>] [--verbose]
          See 'catalog list --help' for more information.
        """)
    try expectFailure(
      ["list", "--format", "xml"], status: 64,
      message: """
        Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json', 'csv' or 'tsv'.
        Usage: catalog list [--collection <name>] [--group-by <column>] [--index-by <column>] \
        [--locale <id>] [--section <heading>] [--index <title>] [--offset <n>] [--limit <n>] \
        [--format <format>] [--db <path-or-uri>] [--verbose]
          See 'catalog list --help' for more information.
        """)
  }

  @Test func anImportIntoAnExistingCollectionWithoutReplaceOrAppend() throws {
    let before = try catalogBytes()
    try expectFailure(
      ["import", "cities.csv"],
      message:
        "Error: collection 'cities' exists already; use --replace to replace it or --append to add to it"
    )
    #expect(try catalogBytes() == before)
  }

  @Test(arguments: [
    (
      "name,state\nAustin,Texas,TX\n",
      "bad.csv:2:1: error: expected 2 fields as in the header, found 3"
    ),
    ("name,state\nAustin,\"Tex\n", "bad.csv:2:8: error: unterminated quoted field"),
  ])
  func badCSVNamesThePlaceAndChangesNothing(csv: String, firstLine: String) throws {
    try runner.write("bad.csv", csv)
    let before = try runner.run(["list", "--format", "json"]).standardOutput
    let result = try runner.run(["import", "bad.csv", "-c", "cities", "--replace"])
    #expect(result.status == 1)
    #expect(result.standardError.split(separator: "\n").first.map(String.init) == firstLine)
    #expect(try runner.run(["list", "--format", "json"]).standardOutput == before)
  }

  @Test func invalidUTF8GetsAHintToConvert() throws {
    let path = runner.directory.path("latin1.csv")
    try Data([0x6E, 0x61, 0x6D, 0x65, 0x0A, 0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68, 0x0A])
      .write(to: URL(filePath: path))
    let result = try runner.run(["import", "latin1.csv"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("latin1.csv:2:2: error: "))
    #expect(result.standardError.contains("iconv -f latin1 -t utf-8"))
  }

  @Test func aFileThatIsNotACatalogIsRefusedUntouched() throws {
    let notes = runner.directory.path("notes.txt")
    let text = Data(String(repeating: "not a database\n", count: 200).utf8)
    try text.write(to: URL(filePath: notes))
    let result = try runner.run(["--db", notes, "import", "cities.csv"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("Error: \(notes) is not a catalog: "))
    #expect(try Data(contentsOf: URL(filePath: notes)) == text)
  }

  @Test func aTruncatedCatalogIsAClearError() throws {
    let copy = runner.directory.path("truncated.db")
    try runner.run(["info"])
    let bytes = try catalogBytes()
    try bytes.prefix(bytes.count / 2 + 100).write(to: URL(filePath: copy))
    let result = try runner.run(["--db", copy, "list"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("Error: "))
  }

  @Test func aCatalogOfANewerSchemaIsRefusedUntouched() throws {
    _ = try TestCatalog.sqlite3(path: runner.databasePath, "PRAGMA user_version = 99")
    let before = try catalogBytes()
    let result = try runner.run(["list"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: \(runner.databasePath) was written by a newer catalog (schema version 99; this build knows up to 9); it was left untouched, use a newer build\n"
    )
    #expect(try catalogBytes() == before)
  }

  @Test func aDirectoryIsNotACatalog() throws {
    let directory = runner.directory.path("lists")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    try expectFailure(
      ["--db", directory, "sections"], message: "Error: \(directory) is a directory")
    try expectFailure(
      ["--db", directory, "import", "cities.csv", "-c", "towns"],
      message: "Error: \(directory) is a directory")
  }

  @Test func aNewCatalogNeedsItsDirectory() throws {
    let directory = runner.directory.path("no/such")
    let path = directory + "/catalog.db"
    try expectFailure(
      ["--db", path, "import", "cities.csv"],
      message: "Error: cannot create the catalog \(path): the directory \(directory) does not exist"
    )
    try expectFailure(
      ["--db", "no/such/catalog.db", "import", "cities.csv"],
      message: "Error: cannot create the catalog no/such/catalog.db: the directory no/such does "
        + "not exist")
  }

  /// SQLite's code, the system's error and the statement, only when asked for: `--verbose`
  /// (before or after the command) or `CATALOG_DEBUG=1`.
  @Test func verboseAddsWhatSQLiteSaid() throws {
    let directory = runner.directory.path("lists")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let details = """
      Error: \(directory) is a directory
        SQLite error 14 (SQLITE_CANTOPEN): unable to open database file
        system error 21: Is a directory
      """
    try expectFailure(["--db", directory, "--verbose", "sections"], message: details)
    try expectFailure(["--db", directory, "sections", "--verbose"], message: details)
    let debug = try runner.run(
      ["sections"], environment: ["CATALOG_DEBUG": "1"], database: directory)
    #expect(debug.standardError == details + "\n")
    let quiet = try runner.run(
      ["sections"], environment: ["CATALOG_DEBUG": "0"], database: directory)
    #expect(quiet.standardError == "Error: \(directory) is a directory\n")

    let notes = runner.directory.path("notes.txt")
    try Data(String(repeating: "not a database\n", count: 200).utf8).write(to: URL(filePath: notes))
    try expectFailure(
      ["--db", notes, "--verbose", "list"],
      message: """
        Error: \(notes) is not a catalog: it is not an SQLite database; it was left untouched
          SQLite error 26 (SQLITE_NOTADB): file is not a database
          in: PRAGMA application_id
        """)
  }

  @Test func anUnknownLocaleFromTheEnvironmentSaysWhereItCameFrom() throws {
    try runner.write("towns.csv", "name\nAda\n")
    try expectFailure(
      ["import", "towns.csv"], environment: ["LANG": "xx_YY.UTF-8"],
      message: "Error: unknown locale 'xx_YY' from $LANG=xx_YY.UTF-8, the default locale of a new "
        + "collection; give one with --locale ID, or set LANG to a locale that ICU knows")
    try expectFailure(
      ["import", "towns.csv"], environment: ["LC_ALL": "xx_YY", "LANG": "sv_SE.UTF-8"],
      message: "Error: unknown locale 'xx_YY' from $LC_ALL=xx_YY, the default locale of a new "
        + "collection; give one with --locale ID, or set LC_ALL to a locale that ICU knows")
    // The same locale named by --locale is the option's.
    try expectFailure(
      ["import", "towns.csv", "--locale", "xx_YY"], environment: ["LANG": "xx_YY.UTF-8"],
      message:
        "Error: unknown locale 'xx_YY' (expected an ICU locale id or BCP 47 tag such as sv, de_DE, zh-Hant)"
    )
    #expect(!(try runner.run(["collections", "--format", "csv"]).standardOutput.contains("towns")))
  }

  @Test func anExplicitLocaleNeedsNoValidLANG() throws {
    try runner.write("towns.csv", "name\nAda\n")
    let result = try runner.run(
      ["import", "towns.csv", "--locale", "sv", "--quiet"], environment: ["LANG": "xx_YY.UTF-8"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try runner.run(["collections", "--format", "csv"]).csvColumns("name", "locale").last
        == "towns,sv")
  }

  @Test(arguments: ["sections", "index", "list"])
  func indexByWithoutGroupByIsAUsageError(command: String) throws {
    let result = try runner.run([command, "--index-by", "state"])
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError.hasPrefix(
        "Error: '--index-by' needs '--group-by <column>'\nUsage: catalog \(command) "))
    #expect(
      result.standardError.hasSuffix("See 'catalog \(command) --help' for more information.\n"))
  }

  @Test func indexByWithoutGroupByNamesTheUsage() throws {
    try expectFailure(
      ["index", "--index-by", "state"], status: 64,
      message: """
        Error: '--index-by' needs '--group-by <column>'
        Usage: catalog index [--collection <name>] [--group-by <column>] [--index-by <column>] \
        [--locale <id>] [--compact] [--fit <n>] [--format <format>] [--db <path-or-uri>] [--verbose]
          See 'catalog index --help' for more information.
        """)
    try expectFailure(
      ["search", "a", "--index-by", "state"], status: 64,
      message: """
        Error: '--index-by' needs '--group-by <column>'
        Usage: catalog search <text> [--collection <name>] [--group-by <column>] \
        [--index-by <column>] [--locale <id>] [--limit <n>] [--format <format>] \
        [--db <path-or-uri>] [--verbose]
          See 'catalog search --help' for more information.
        """)
  }

  @Test(arguments: [["import", "cities.csv", "-c", "towns"], ["build"]])
  func indexByWithoutGroupByIsAUsageErrorOfImportAndBuild(arguments: [String]) throws {
    let before = try catalogBytes()
    let result = try runner.run(arguments + ["--index-by", "state"])
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError.hasPrefix(
        "Error: '--index-by' needs '--group-by <column>'\nUsage: catalog \(arguments[0]) "))
    #expect(
      result.standardError.hasSuffix(
        "See 'catalog \(arguments[0]) --help' for more information.\n"))
    #expect(try catalogBytes() == before)
  }

  @Test func checksAfterParsingAreUsageErrorsOfTheirCommand() throws {
    try expectFailure(
      ["annotate", "-c", "cities"], status: 64,
      message: """
        Error: Give '--header <text>', '--footer <text>' or '--clear'
        Usage: catalog annotate [--collection <name>] [--group-by <column>] \
        [--section <heading>] [--header <text>] [--footer <text>] [--clear] [--db <path-or-uri>] \
        [--verbose]
          See 'catalog annotate --help' for more information.
        """)
    try expectFailure(
      ["rename", "towns"], status: 64,
      message: """
        Error: Missing expected option '--collection <name>'
        Usage: catalog rename <new-name> [--collection <name>] [--db <path-or-uri>] [--verbose]
          See 'catalog rename --help' for more information.
        """)
  }

  @Test func aLockedCatalogIsBusyAfterTheTimeout() throws {
    let holder = try WriteLockHolder(path: runner.databasePath)
    try runner.write("more.csv", "name,state\nDallas,Texas\n")
    let result = try runner.run(
      ["import", "more.csv", "-c", "cities", "--append"],
      environment: ["CATALOG_BUSY_TIMEOUT_MS": "200"])
    holder.release()
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: catalog is busy: another process is writing to \(runner.databasePath); try again when it is done\n"
    )
    #expect(
      try runner.run(["collections", "--format", "csv"]).csvColumns(
        "name", "items", "locale", "title") == ["name,items,locale,title", "cities,2,en,name"])
  }
}

/// Ctrl-C during an import: a short message, exit 130, and nothing of the import kept.
struct InterruptTests {
  @Test func anInterruptedImportKeepsNothing() throws {
    let runner = try CatalogRunner()
    try runner.write("small.csv", "name\nAnna\n")
    #expect(try runner.run(["import", "small.csv", "--quiet"]).status == 0)
    let rows = (0..<400_000).map { "Name \($0),State \($0 % 50)" }.joined(separator: "\n")
    try runner.write("big.csv", "name,state\n" + rows + "\n")

    let process = Process()
    process.executableURL = CatalogRunner.executable
    process.arguments = ["--db", runner.databasePath, "import", "big.csv", "--group-by", "state"]
    process.currentDirectoryURL = runner.directory.url
    let standardError = Pipe()
    process.standardError = standardError
    try process.run()
    Thread.sleep(forTimeInterval: 0.5)
    process.interrupt()
    let message = String(
      decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationStatus == 130)
    #expect(message.hasSuffix("interrupted: nothing was imported, the catalog is unchanged\n"))
    let collections = try runner.run(["collections", "--format", "csv"])
    #expect(
      collections.csvColumns("name", "items", "locale", "title") == [
        "name,items,locale,title", "small,1,en,name",
      ])
    #expect(try TestCatalog.sqlite3(path: runner.databasePath, "PRAGMA integrity_check") == ["ok"])
  }

  /// Ctrl-C at many moments of a first import into a new path: whatever the moment, what the
  /// import says and its exit status match what the catalog holds: either 130, "nothing was
  /// imported" and no file at all, or 0 and the whole collection (with a note when the interrupt
  /// came after the commit).
  @Test func anInterruptSaysTruthfullyWhatHappened() throws {
    let runner = try CatalogRunner()
    let rows = (0..<50_000).map { "Name \($0),State \($0 % 50)" }.joined(separator: "\n")
    try runner.write("big.csv", "name,state\n" + rows + "\n")
    let start = Date()
    let timing = runner.directory.path("timing.db")
    #expect(
      try runner.run(["import", "big.csv", "--group-by", "state", "--quiet"], database: timing)
        .status == 0)
    let duration = Date().timeIntervalSince(start)
    var outcomes: [Int32: Int] = [:]
    // The last trial waits until another process sees the collection, as a machine busier than
    // the timing run may take longer than every fraction of it.
    for (trial, fraction) in [0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 1.1, nil].enumerated() {
      let database = runner.directory.path("new-\(trial).db")
      let process = Process()
      process.executableURL = CatalogRunner.executable
      process.arguments = ["--db", database, "import", "big.csv", "--group-by", "state"]
      process.currentDirectoryURL = runner.directory.url
      let standardError = Pipe()
      process.standardError = standardError
      try process.run()
      if let fraction {
        Thread.sleep(forTimeInterval: duration * fraction)
      } else {
        try TestCatalog.waitUntil(
          "SELECT count(*) FROM collections", at: database, reads: ["1"], whileRunning: process)
      }
      if process.isRunning { process.interrupt() }
      let message = String(
        decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let files = try FileManager.default.contentsOfDirectory(atPath: runner.directory.url.path)
        .filter { $0.hasPrefix("new-\(trial).db") }
      switch process.terminationStatus {
      case 130:
        #expect(message.hasSuffix("interrupted: nothing was imported, the catalog is unchanged\n"))
        #expect(files.isEmpty, "trial \(trial): \(files) left behind")
      case 0:
        #expect(
          message.hasPrefix("imported 50,000 items")
            || message.contains("after the import was committed"))
        let listed = try runner.run(["list", "--format", "csv"], database: database)
        #expect(listed.outputLines.count == 50_001, "trial \(trial): the whole collection")
      default:
        Issue.record("trial \(trial): exit \(process.terminationStatus): \(message)")
      }
      outcomes[process.terminationStatus, default: 0] += 1
    }
    #expect(outcomes[130, default: 0] > 0 && outcomes[0, default: 0] > 0)
  }
}
