import CatalogCollation
import CatalogSQLite
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// What the store's errors say: facts in words, with SQLite's code kept aside, and the right case
/// for what SQLite and the file system report.
struct CatalogErrorTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A connection lost before the commit keeps nothing; one lost while the commit was on its
  /// way cannot say, and says so.
  @Test func aConnectionLostWhileCommittingSaysTheWriteMayBeKept() {
    let failure = DatabaseFailure(engineName: "PostgreSQL", code: nil, message: "gone")
    #expect(
      CatalogError.connectionLost(path: "p", failure: failure).description
        == "the connection to the catalog p was lost (gone); nothing of a write under way was "
        + "kept")
    #expect(
      CatalogError.connectionLost(path: "p", failure: failure, whileCommitting: true).description
        == "the connection to the catalog p was lost (gone) while the write was committing: it "
        + "may have been kept or not; look before writing it again")
  }

  /// A linked app's users never see the command line's options or commands in a message; the
  /// `catalog` tool adds those itself (STYLE: errors carry facts; the CLI adds advice).
  @Test func descriptionsNameNoCommandLineOption() {
    let failure = SQLiteFailure(code: 13, message: "database or disk is full", sql: "COMMIT")
      .databaseFailure
    let errors: [CatalogError] = [
      .missing(path: "a.db"), .noCollections(path: "a.db"),
      .collectionNotChosen(available: ["cities", "towns"]), .collectionExists(name: "cities"),
      .damagedList(listID: 3, reason: "a section has no rows"),
      .scratchFile(directory: "/tmp", reason: "No space left on device"),
      .diskFull(path: "a.db", failure: failure),
      .sizeLimit(path: "a.db", failure: failure),
      .readOnly(path: "a.db", reason: .directory, failure: failure),
      .busy(path: "a.db", failure: failure),
      .ioError(path: "a.db", problem: .readOrWrite, failure: failure),
      .damaged(path: "a.db", failure: failure), .database(path: "a.db", failure),
      .cannotOpen(path: "a.db", problem: .isDirectory, failure: failure),
      .keyRequired(collection: "cities", operation: .upsertImport),
      .keyRequired(collection: "cities", operation: .syncImport),
    ]
    let roles: [CatalogError.ColumnRole] = [
      .groupBy, .indexBy, .title, .sortAs, .key, .addedField, .updatedField, .upsertedField,
    ]
    let unknownColumns = roles.map {
      CatalogError.unknownColumn(column: "zip", role: $0, available: ["name"])
    }
    for error in errors + unknownColumns {
      let text = error.description
      #expect(
        !text.contains("--") && !text.contains("-c ") && !text.contains("'catalog "), "\(text)")
      #expect(!text.contains("COMMIT") && !text.contains("SQLite error"), "\(text)")
    }
  }

  @Test func theFactsOfEachCase() {
    let failure = SQLiteFailure(code: 1544, message: "attempt to write a readonly database")
      .databaseFailure
    #expect(
      CatalogError.diskFull(path: "a.db", failure: failure).description
        == "the disk is full; the catalog a.db is unchanged")
    #expect(
      CatalogError.readOnly(path: "a.db", reason: .directory, failure: failure)
        .description
        == "the catalog a.db is read-only: its directory cannot be written; nothing was changed")
    #expect(
      CatalogError.readOnly(path: "a.db", reason: .file).description
        == "the catalog a.db is read-only; nothing was changed")
    #expect(
      CatalogError.cannotOpen(path: "d", problem: .isDirectory).description == "d is a directory")
    #expect(
      CatalogError.cannotOpen(path: "x/a.db", problem: .missingDirectory("x")).description
        == "cannot create the catalog x/a.db: the directory x does not exist")
    #expect(
      CatalogError.collectionNotChosen(available: ["a", "b"]).description
        == "the catalog holds 2 collections and none was named; the collections are: a, b")
    #expect(
      CatalogError.readOnly(path: "a.db", reason: .directory, failure: failure)
        .databaseFailure == failure)
    #expect(CatalogError.missing(path: "a.db").databaseFailure == nil)
  }

  /// A column's role in the library's words, as `description` says it.
  @Test(arguments: [
    (
      CatalogError.ColumnRole.groupBy,
      "unknown column 'zip' for the grouping; the columns are: a, b"
    ),
    (.indexBy, "unknown column 'zip' for the index titles; the columns are: a, b"),
    (.title, "unknown column 'zip' for the titles; the columns are: a, b"),
    (.sortAs, "unknown column 'zip' for sorting; the columns are: a, b"),
    (.key, "unknown column 'zip' for the key; the columns are: a, b"),
    (.addedField, "unknown column 'zip' for an added item; the columns are: a, b"),
    (.updatedField, "unknown column 'zip' for an updated item; the columns are: a, b"),
    (.upsertedField, "unknown column 'zip' for an upserted item; the columns are: a, b"),
  ])
  func eachColumnRole(role: CatalogError.ColumnRole, description: String) {
    #expect(
      CatalogError.unknownColumn(column: "zip", role: role, available: ["a", "b"]).description
        == description)
  }

  /// An operation that needs a key column in the library's words.
  @Test(arguments: [
    (
      CatalogError.KeyedOperation.itemByKey,
      "naming an item by key needs a key column, and 'cities' has none"
    ),
    (.upsert, "an upsert needs a key column, and 'cities' has none"),
    (.upsertImport, "an import in upsert mode needs a key column, and 'cities' has none"),
    (.syncImport, "an import in sync mode needs a key column, and 'cities' has none"),
  ])
  func eachKeyedOperation(operation: CatalogError.KeyedOperation, description: String) {
    #expect(
      CatalogError.keyRequired(collection: "cities", operation: operation).description
        == description)
  }

  /// A tool spells roles and operations in its own words, and may leave a role out; the rest of
  /// the message is the library's.
  @Test func aToolSpellsRolesAndOperations() {
    let unknown = CatalogError.unknownColumn(column: "zip", role: .key, available: ["a", "b"])
    #expect(
      unknown.description(role: { _ in "KEY" }, operation: { _ in "" })
        == "unknown column 'zip' for KEY; the columns are: a, b")
    #expect(
      unknown.description(role: { _ in nil }, operation: { _ in "" })
        == "unknown column 'zip'; the columns are: a, b")
    #expect(
      CatalogError.keyRequired(collection: "cities", operation: .syncImport)
        .description(role: { _ in nil }, operation: { _ in "SYNC" })
        == "SYNC needs a key column, and 'cities' has none")
    let other = CatalogError.missing(path: "a.db")
    #expect(other.description(role: { _ in nil }, operation: { _ in "" }) == other.description)
  }

  /// Each reason a catalog cannot be written says itself; those a user can do nothing different
  /// about (a read-only file, medium, role or server) read alike.
  @Test(arguments: [
    (CatalogError.ReadOnlyReason.file, "the catalog a.db is read-only; nothing was changed"),
    (
      .directory,
      "the catalog a.db is read-only: its directory cannot be written; nothing was changed"
    ),
    (.medium, "the catalog a.db is read-only; nothing was changed"),
    (
      .sharedMemory,
      "the catalog a.db is read-only: its shared-memory file a.db-shm cannot be created or "
        + "written; nothing was changed"
    ),
    (
      .interruptedWrite,
      "the catalog a.db is read-only, and a write that was cut short must be rolled back by a "
        + "process that can write it; nothing was changed"
    ),
    (.moved, "the catalog a.db was moved or deleted while it was open; nothing was changed"),
    (.roleMayNotWrite, "the catalog a.db is read-only; nothing was changed"),
    (.serverReadOnly, "the catalog a.db is read-only; nothing was changed"),
    (
      .standby,
      "the catalog a.db is read-only: its server is a standby, which takes no writes; write to "
        + "its primary; nothing was changed"
    ),
  ])
  func eachReadOnlyReason(reason: CatalogError.ReadOnlyReason, description: String) {
    #expect(CatalogError.readOnly(path: "a.db", reason: reason).description == description)
  }

  /// Each place an I/O error can be in says itself; a failed read or write adds the system's
  /// words when there are some.
  @Test func eachIOProblem() {
    let failure = SQLiteFailure(code: 266, message: "disk I/O error", systemErrno: EIO)
      .databaseFailure
    let silent = SQLiteFailure(code: 10, message: "disk I/O error").databaseFailure
    #expect(
      CatalogError.ioError(path: "a.db", problem: .readOrWrite, failure: failure)
        .description
        == "reading or writing a.db failed with an input/output error (Input/output error)")
    #expect(
      CatalogError.ioError(path: "a.db", problem: .readOrWrite, failure: silent)
        .description == "reading or writing a.db failed with an input/output error")
    #expect(
      CatalogError.ioError(path: "a.db", problem: .sharedMemory, failure: failure)
        .description == "cannot use the shared-memory file a.db-shm of the catalog")
    #expect(
      CatalogError.ioError(path: "a.db", problem: .outOfMemory, failure: failure)
        .description == "out of memory while reading or writing a.db")
  }

  @Test func aDirectoryCannotBeOpened() throws {
    let path = directory.path("lists")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    for creating in [false, true] {
      let error = #expect(throws: CatalogError.self) { try Catalog(path: path, creating: creating) }
      guard case .cannotOpen(let errorPath, .isDirectory, let failure) = error else {
        Issue.record("expected .cannotOpen(.isDirectory), got \(String(describing: error))")
        continue
      }
      #expect(errorPath == path)
      #expect(failure?.codeName?.hasPrefix("SQLITE_CANTOPEN") == true)
    }
  }

  @Test func aNewCatalogNeedsItsDirectory() throws {
    let parent = directory.path("absent")
    let error = #expect(throws: CatalogError.self) {
      try Catalog(path: parent + "/a.db", creating: true)
    }
    guard case .cannotOpen(let path, let problem, let failure) = error else {
      Issue.record("expected .cannotOpen, got \(String(describing: error))")
      return
    }
    #expect(path == parent + "/a.db")
    #expect(problem == .missingDirectory(parent))
    #expect(failure?.codeName?.hasPrefix("SQLITE_CANTOPEN") == true)
    #expect(!FileManager.default.fileExists(atPath: parent))
  }

  @Test func aTextFileIsNotAnSQLiteDatabase() throws {
    let path = directory.path("notes.db")
    try Data(String(repeating: "name,state\n", count: 400).utf8).write(to: URL(filePath: path))
    let error = #expect(throws: CatalogError.self) { try Catalog(path: path, creating: false) }
    guard case .notACatalog(_, let reason, let failure) = error else {
      Issue.record("expected .notACatalog, got \(String(describing: error))")
      return
    }
    #expect(reason == "it is not an SQLite database")
    #expect(failure?.code == "26")
    #expect(failure?.codeName == "SQLITE_NOTADB")
    #expect(failure?.sql == "PRAGMA application_id")
  }

  /// SQLite's page limit fails a write with SQLITE_FULL, as a full disk does; with room on the
  /// disk it is called a limit, not a full disk, and the import is rolled back.
  @Test func aPageLimitIsNoFullDisk() throws {
    let test = try TestCatalog()
    try test.importCSV("name\nAda\n", collection: "small")
    let pages = try test.catalog.connection.integer("PRAGMA page_count")
    _ = try test.catalog.connection.integer("PRAGMA max_page_count = \(pages + 8)")
    let rows = (0..<5_000).map { "Town \($0)\n" }.joined()
    let error = #expect(throws: CatalogError.self) {
      try test.importCSV("name\n" + rows, collection: "towns")
    }
    #expect(try #require(DiskSpace.freeBytes(in: directory.url.path)) > DiskSpace.lowBytes)
    guard case .sizeLimit(let path, let failure) = error else {
      Issue.record("expected .sizeLimit, got \(String(describing: error))")
      return
    }
    #expect(path == test.path)
    #expect(failure.codeName?.hasPrefix("SQLITE_FULL") == true)
    #expect(
      error?.description
        == "SQLite would not let the catalog \(test.path) grow, though its disk has room "
        + "(database or disk is full); the catalog is unchanged")
    #expect(try test.catalog.collections().map(\.name) == ["small"])
  }
}
