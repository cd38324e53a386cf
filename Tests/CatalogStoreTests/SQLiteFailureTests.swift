import CatalogSQLite
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// SQLite's failures: the names of its result codes, the engine-neutral failure a `CatalogError`
/// keeps, and the case and reason each code becomes.
struct SQLiteFailureTests {
  @Test func failuresNameTheirCode() {
    let failure = SQLiteFailure(
      code: 13, message: "database or disk is full", sql: "COMMIT", systemErrno: ENOSPC)
    #expect(failure.codeName == "SQLITE_FULL")
    #expect(
      failure.databaseFailure.description
        == "SQLite error 13 (SQLITE_FULL): database or disk is full; system error 28 (No space "
        + "left on device); in: COMMIT")
    #expect(SQLiteFailure(code: 2067, message: "").codeName == "SQLITE_CONSTRAINT_UNIQUE")
    #expect(SQLiteFailure(code: 1544, message: "").primaryCode == 8)
    // An extended code the table lacks is named by its primary code.
    #expect(SQLiteFailure(code: 19 | (99 << 8), message: "").codeName == "SQLITE_CONSTRAINT")
  }

  /// The failure as the store keeps it, for any engine: the code as SQLite numbers it, its name,
  /// the system's error and the statement.
  @Test func theNeutralFailureKeepsEveryFact() {
    let failure = SQLiteFailure(
      code: 1544, message: "attempt to write a readonly database", sql: "BEGIN IMMEDIATE",
      systemErrno: EACCES
    ).databaseFailure
    #expect(failure.engineName == "SQLite")
    #expect(failure.code == "1544")
    #expect(failure.codeName == "SQLITE_READONLY_DIRECTORY")
    #expect(failure.message == "attempt to write a readonly database")
    #expect(failure.sql == "BEGIN IMMEDIATE")
    #expect(failure.systemErrno == EACCES)
    #expect(failure.systemMessage == "Permission denied")
    #expect(
      failure.summary
        == "SQLite error 1544 (SQLITE_READONLY_DIRECTORY): attempt to write a readonly database")
  }

  /// What each code says about a catalog, as the case and reason of the error (the codes whose
  /// case depends on the file system, SQLITE_CANTOPEN and SQLITE_FULL, are tested on real files
  /// in `CatalogErrorTests`).
  @Test func eachCodeBecomesItsCase() {
    func expect(
      _ code: Int32, systemErrno: Int32 = 0, _ expected: (DatabaseFailure) -> CatalogError,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let sqlite = SQLiteFailure(code: code, message: "m", sql: "S", systemErrno: systemErrno)
      #expect(
        sqlite.error(path: "a.db") == expected(sqlite.databaseFailure),
        sourceLocation: sourceLocation)
    }
    expect(5) { .busy(path: "a.db", failure: $0) }  // SQLITE_BUSY
    expect(6) { .busy(path: "a.db", failure: $0) }  // SQLITE_LOCKED
    expect(8) { .readOnly(path: "a.db", reason: .file, failure: $0) }  // SQLITE_READONLY
    expect(1544) { .readOnly(path: "a.db", reason: .directory, failure: $0) }  // _DIRECTORY
    expect(520) { .readOnly(path: "a.db", reason: .sharedMemory, failure: $0) }  // _CANTLOCK
    expect(1288) { .readOnly(path: "a.db", reason: .sharedMemory, failure: $0) }  // _CANTINIT
    expect(264) { .readOnly(path: "a.db", reason: .interruptedWrite, failure: $0) }  // _RECOVERY
    expect(776) { .readOnly(path: "a.db", reason: .interruptedWrite, failure: $0) }  // _ROLLBACK
    expect(1032) { .readOnly(path: "a.db", reason: .moved, failure: $0) }  // _DBMOVED
    // SQLITE_IOERR_WRITE and _READ: what the system said tells the case.
    expect(778, systemErrno: EROFS) { .readOnly(path: "a.db", reason: .medium, failure: $0) }
    expect(778, systemErrno: ENOSPC) { .diskFull(path: "a.db", failure: $0) }
    expect(778, systemErrno: EDQUOT) { .diskFull(path: "a.db", failure: $0) }
    expect(266, systemErrno: EIO) { .ioError(path: "a.db", problem: .readOrWrite, failure: $0) }
    expect(4618) { .ioError(path: "a.db", problem: .sharedMemory, failure: $0) }  // _SHMOPEN
    expect(5386) { .ioError(path: "a.db", problem: .sharedMemory, failure: $0) }  // _SHMMAP
    expect(3082) { .ioError(path: "a.db", problem: .outOfMemory, failure: $0) }  // _NOMEM
    expect(11) { .damaged(path: "a.db", failure: $0) }  // SQLITE_CORRUPT
    expect(26) {  // SQLITE_NOTADB
      .notACatalog(path: "a.db", reason: "it is not an SQLite database", failure: $0)
    }
    expect(2067) { .database(path: "a.db", $0) }  // SQLITE_CONSTRAINT_UNIQUE
  }

  /// A write to a catalog opened read-only fails for that reason, with SQLite's code kept.
  @Test func aCatalogOpenedReadOnlyRefusesAWrite() throws {
    let test = try TestCatalog()
    try test.importCSV("name\nAda\n")
    let reader = try test.reopen(configuration: .init(readOnly: true))
    let error = #expect(throws: CatalogError.self) {
      try reader.add(["name": "Bo"], to: "items")
    }
    guard case .readOnly(let path, .file, let failure) = error else {
      Issue.record("expected .readOnly(.file), got \(String(describing: error))")
      return
    }
    #expect(path == test.path)
    #expect(failure?.codeName == "SQLITE_READONLY")
  }
}
