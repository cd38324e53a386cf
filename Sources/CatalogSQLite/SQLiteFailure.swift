import CatalogStore

/// What SQLite said when one of its calls failed, and the names of its result codes: made where
/// a call fails, it becomes the `CatalogError` that says what went wrong
/// (`SQLiteFailure+CatalogError.swift`), which keeps it as an engine-neutral `DatabaseFailure`.
package struct SQLiteFailure: Equatable, Sendable {
  /// SQLite's extended result code, such as 1544 (`SQLITE_READONLY_DIRECTORY`).
  package let code: Int32
  /// SQLite's message for the failure (`sqlite3_errmsg`).
  package let message: String
  /// The statement that failed, if a statement did (an open has none).
  package let sql: String?
  /// The `errno` of the operating-system call that failed under SQLite (`sqlite3_system_errno`),
  /// or 0 when there was none.
  package let systemErrno: Int32

  package init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
    self.code = code
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// The primary result code, such as 8 (`SQLITE_READONLY`) for 1544.
  package var primaryCode: Int32 { code & 0xFF }

  /// The name of the code as `sqlite3.h` spells it, such as `SQLITE_READONLY_DIRECTORY`; for a
  /// code this table lacks, the name of its primary code.
  package var codeName: String {
    Self.names[code] ?? Self.names[primaryCode] ?? "SQLITE_\(code)"
  }

  /// The failure as a `CatalogError` keeps it: `SQLite error 13 (SQLITE_FULL): database or disk
  /// is full; system error 28 (No space left on device); in: COMMIT`.
  package var databaseFailure: DatabaseFailure {
    DatabaseFailure(
      engineName: "SQLite", code: String(code), codeName: codeName, message: message, sql: sql,
      systemErrno: systemErrno)
  }

  /// The result codes of `sqlite3.h` (3.40), primary and extended.
  private static let names: [Int32: String] = [
    1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
    5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
    9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
    13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY",
    17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
    21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 24: "SQLITE_FORMAT",
    25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 27: "SQLITE_NOTICE", 28: "SQLITE_WARNING",
    // Extended codes: the primary code in the low byte, the detail above it.
    257: "SQLITE_ERROR_MISSING_COLLSEQ", 513: "SQLITE_ERROR_RETRY", 769: "SQLITE_ERROR_SNAPSHOT",
    261: "SQLITE_BUSY_RECOVERY", 517: "SQLITE_BUSY_SNAPSHOT", 773: "SQLITE_BUSY_TIMEOUT",
    262: "SQLITE_LOCKED_SHAREDCACHE", 518: "SQLITE_LOCKED_VTAB",
    264: "SQLITE_READONLY_RECOVERY", 520: "SQLITE_READONLY_CANTLOCK",
    776: "SQLITE_READONLY_ROLLBACK", 1032: "SQLITE_READONLY_DBMOVED",
    1288: "SQLITE_READONLY_CANTINIT", 1544: "SQLITE_READONLY_DIRECTORY",
    266: "SQLITE_IOERR_READ", 522: "SQLITE_IOERR_SHORT_READ", 778: "SQLITE_IOERR_WRITE",
    1034: "SQLITE_IOERR_FSYNC", 1290: "SQLITE_IOERR_DIR_FSYNC", 1546: "SQLITE_IOERR_TRUNCATE",
    1802: "SQLITE_IOERR_FSTAT", 2058: "SQLITE_IOERR_UNLOCK", 2314: "SQLITE_IOERR_RDLOCK",
    2570: "SQLITE_IOERR_DELETE", 2826: "SQLITE_IOERR_BLOCKED", 3082: "SQLITE_IOERR_NOMEM",
    3338: "SQLITE_IOERR_ACCESS", 3594: "SQLITE_IOERR_CHECKRESERVEDLOCK", 3850: "SQLITE_IOERR_LOCK",
    4106: "SQLITE_IOERR_CLOSE", 4362: "SQLITE_IOERR_DIR_CLOSE", 4618: "SQLITE_IOERR_SHMOPEN",
    4874: "SQLITE_IOERR_SHMSIZE", 5130: "SQLITE_IOERR_SHMLOCK", 5386: "SQLITE_IOERR_SHMMAP",
    5642: "SQLITE_IOERR_SEEK", 5898: "SQLITE_IOERR_DELETE_NOENT", 6154: "SQLITE_IOERR_MMAP",
    6410: "SQLITE_IOERR_GETTEMPPATH", 6666: "SQLITE_IOERR_CONVPATH", 6922: "SQLITE_IOERR_VNODE",
    7178: "SQLITE_IOERR_AUTH", 7434: "SQLITE_IOERR_BEGIN_ATOMIC",
    7690: "SQLITE_IOERR_COMMIT_ATOMIC", 7946: "SQLITE_IOERR_ROLLBACK_ATOMIC",
    8202: "SQLITE_IOERR_DATA", 8458: "SQLITE_IOERR_CORRUPTFS",
    267: "SQLITE_CORRUPT_VTAB", 523: "SQLITE_CORRUPT_SEQUENCE", 779: "SQLITE_CORRUPT_INDEX",
    270: "SQLITE_CANTOPEN_NOTEMPDIR", 526: "SQLITE_CANTOPEN_ISDIR",
    782: "SQLITE_CANTOPEN_FULLPATH", 1038: "SQLITE_CANTOPEN_CONVPATH",
    1294: "SQLITE_CANTOPEN_DIRTYWAL", 1550: "SQLITE_CANTOPEN_SYMLINK",
    516: "SQLITE_ABORT_ROLLBACK",
    275: "SQLITE_CONSTRAINT_CHECK", 531: "SQLITE_CONSTRAINT_COMMITHOOK",
    787: "SQLITE_CONSTRAINT_FOREIGNKEY", 1043: "SQLITE_CONSTRAINT_FUNCTION",
    1299: "SQLITE_CONSTRAINT_NOTNULL", 1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
    1811: "SQLITE_CONSTRAINT_TRIGGER", 2067: "SQLITE_CONSTRAINT_UNIQUE",
    2323: "SQLITE_CONSTRAINT_VTAB", 2579: "SQLITE_CONSTRAINT_ROWID",
    2835: "SQLITE_CONSTRAINT_PINNED", 3091: "SQLITE_CONSTRAINT_DATATYPE",
    279: "SQLITE_AUTH_USER",
  ]
}
