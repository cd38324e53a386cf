internal import CSQLite
import CatalogStore
import Foundation

/// One SQLite connection, owned by one thread or task at a time.
package final class SQLiteConnection: DatabaseConnection {
  package let handle: OpaquePointer
  package let path: String
  package let statementCache = StatementCache()
  /// How long the connection waits for another connection's lock (`setBusyTimeout`).
  private(set) var busyTimeoutMilliseconds: Int32 = 0

  /// Before the process's first connection: turns SQLite's memory statistics off, unless the
  /// program used SQLite before (nothing reads them, and they cost a global lock per allocation,
  /// which the import's threads would contend for), and keeps statement journals, and the
  /// journals of temporary tables, in memory up to `journalSpillBytes` (SQLite's default is
  /// 64 KiB: a 10,000-row append wrote 48,000 pages to temporary files).
  ///
  /// Such a journal grows in blocks as large as that, which are taken from the heap and kept there
  /// when freed (4 MiB of free heap is kept), so a statement costs no system calls for its
  /// journal: mapped one by one (glibc maps blocks over 128 KiB), an import of 1M rows spent 2 s
  /// more in the kernel.
  private static let processSettings: Void = {
    _ = csqlite_disable_memory_statistics()
    _ = csqlite_statement_journal_spill(journalSpillBytes)
    csqlite_heap_block_limit(journalSpillBytes + (64 << 10))
    csqlite_keep_freed_heap(4 << 20)
  }()

  /// How much of a statement journal, or of a temporary table's journal, SQLite keeps in memory
  /// before it moves it to a file. At most 128 KiB less one byte: a journal that moves writes all
  /// it held in one call, and SQLite's Unix file layer writes at most that much in one call
  /// (`os_unix.c` masks the length to 17 bits). More was written short, which SQLite reports as
  /// SQLITE_FULL: with 1 MiB, a keyed import of 30,000 rows failed saying the disk was full.
  static let journalSpillBytes: Int32 = (128 << 10) - 1

  /// How a connection opens its file.
  package enum Access: Sendable, Equatable {
    /// Reading and writing, creating the file when asked to.
    case readWrite(creating: Bool)
    /// Reading only; SQLite still keeps a write-ahead log's shared memory (`-shm`) beside the
    /// file, which it creates when the directory lets it.
    case readOnly
    /// Reading a file that nothing changes while it is open (a read-only medium, or a directory
    /// that does not let SQLite make the `-shm` of a catalog without a pending log): no lock and
    /// no `-shm` at all (SQLite's `immutable=1`).
    case immutable

    /// How to read the catalog at `path` when it cannot be written: immutable when its
    /// directory cannot be written and no write-ahead log waits beside it, else read-only.
    package static func reading(_ path: String) -> Access {
      let directory = (path as NSString).deletingLastPathComponent
      let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int
      return access(directory.isEmpty ? "." : directory, W_OK) != 0 && (log ?? 0) == 0
        ? .immutable : .readOnly
    }
  }

  /// Opens the file as `access` says.
  init(path: String, access: Access) throws(CatalogError) {
    Self.processSettings
    var handle: OpaquePointer?
    var name = path
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    switch access {
    case .readWrite(let creating):
      flags |= SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0)
    case .readOnly:
      flags |= SQLITE_OPEN_READONLY
    case .immutable:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
      let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
      name = "file:\(escaped)?immutable=1"
    }
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let failure = SQLiteFailure(
        code: code,
        message: handle.map { String(cString: sqlite3_errmsg($0)) }
          ?? String(cString: sqlite3_errstr(code)),
        systemErrno: handle.map { sqlite3_system_errno($0) } ?? 0)
      sqlite3_close_v2(handle)
      throw failure.error(path: path)
    }
    self.handle = handle
    self.path = path
    if access != .readWrite(creating: false) && access != .readWrite(creating: true) {
      // A reader maps the file into memory instead of copying each page it reads out of the
      // kernel's cache: streaming a list joins every row to its item in item order, a page
      // read for nearly every row, and the copies were half its time.
      try execute("PRAGMA mmap_size = \(Self.readerMapSize)")
    }
  }

  /// How much of a catalog file a reading connection maps into memory (SQLite maps up to this
  /// much of the file, and reads the rest as usual).
  static let readerMapSize = 1 << 32

  deinit {
    statementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// What differs about SQLite: one writer holds the whole file, statements cost no round trip,
  /// and a file is rebuilt for the ICU of the build that opens it.
  static let traits = EngineTraits(
    blobType: "BLOB", beginWrite: "BEGIN IMMEDIATE", temporarySchema: "temp",
    groupsBareColumns: false, waitingCostsARoundTrip: false, locksWholeCatalogToWrite: true,
    rebuildsStaleKeysOnOpen: true, isAFile: true)

  package var traits: EngineTraits { Self.traits }

  package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Nothing to read: SQLite checks each write as it runs.
  package func checkChangesSent() {}

  /// Waits up to `milliseconds` for another connection's lock before failing with `busy`.
  func setBusyTimeout(milliseconds: Int32) {
    busyTimeoutMilliseconds = milliseconds
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// Runs one or more statements that return no rows.
  package func execute(_ sql: String) throws(CatalogError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
  }

  /// Compiles one statement.
  package func prepare(_ sql: String) throws(CatalogError) -> any DatabaseStatement {
    try SQLiteStatement(connection: self, sql: sql)
  }

  /// SQLite steps a statement row by row from the file: a cursor is a statement like any other.
  package func cursor(_ sql: String) throws(CatalogError) -> any DatabaseStatement {
    try prepare(sql)
  }

  /// SQLite keeps every compiled statement on the connection; one to keep is like any other.
  package func compileToKeep(_ sql: String) throws(CatalogError) -> any DatabaseStatement {
    try SQLiteStatement(connection: self, sql: sql, isCached: true)
  }

  package func makeBulkInsert(into table: String, columns: [String]) throws(CatalogError)
    -> any BulkInsert
  {
    try MultiRowInsert(connection: self, into: table, columns: columns)
  }

  /// The number of rows the last INSERT, UPDATE or DELETE changed.
  package var changes: Int { Int(sqlite3_changes(handle)) }

  /// The typed error for a failed SQLite call on this connection.
  package func error(code: Int32, sql: String?) -> CatalogError {
    SQLiteFailure(
      code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql,
      systemErrno: sqlite3_system_errno(handle)
    ).error(path: path)
  }
}
