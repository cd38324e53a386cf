internal import CSQLite
import CatalogStore

/// A compiled SQLite statement, reset and rebound for each use.
package final class SQLiteStatement: DatabaseStatement {
  private let handle: OpaquePointer
  /// The connection, for errors. A statement keeps its connection open (`owner`), except one in
  /// the connection's own cache, which the connection finalizes before it closes.
  private unowned let connection: SQLiteConnection
  private let owner: SQLiteConnection?
  package let sql: String

  init(connection: SQLiteConnection, sql: String, isCached: Bool = false) throws(CatalogError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else { throw connection.error(code: code, sql: sql) }
    self.handle = handle
    self.connection = connection
    owner = isCached ? nil : connection
    self.sql = sql
  }

  deinit { sqlite3_finalize(handle) }

  // MARK: - Binding

  /// Makes the statement ready to run again, with every parameter NULL.
  package func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  // The binds below are the hot path of an import: no enum, no array, no C string copy. A bind
  // can only fail for a bad position or a value over SQLite's limits, which `step` reports.

  package func bind(_ integer: Int, at position: Int32) {
    sqlite3_bind_int64(handle, position, Int64(integer))
  }

  package func bind(_ text: String, at position: Int32) {
    var text = text
    text.withUTF8 { utf8 in
      guard let bytes = utf8.baseAddress else {
        _ = sqlite3_bind_text(handle, position, "", 0, csqlite_transient())
        return
      }
      bytes.withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
        _ = sqlite3_bind_text(handle, position, chars, Int32(utf8.count), csqlite_transient())
      }
    }
  }

  package func bind(_ bytes: [UInt8], at position: Int32) {
    bind(bytes[...], at: position)
  }

  package func bind(_ bytes: ArraySlice<UInt8>, at position: Int32) {
    bytes.withUnsafeBytes { buffer in
      _ = sqlite3_bind_blob(
        handle, position, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
        Int32(buffer.count),
        csqlite_transient())
    }
  }

  package func bind(_ bytes: UnsafeRawBufferPointer, at position: Int32) {
    _ = sqlite3_bind_blob(
      handle, position, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
      csqlite_transient())
  }

  /// Binds bytes that SQLite reads where they are instead of copying them (SQLITE_STATIC): they
  /// must stay as they are until the statement has run and is reset.
  package func bind(borrowing bytes: UnsafeRawBufferPointer, at position: Int32) {
    _ = sqlite3_bind_blob(
      handle, position, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count),
      nil)
  }

  /// Binds UTF-8 bytes as text that SQLite reads where they are, as `bind(borrowing:at:)`.
  package func bind(borrowingUTF8Text bytes: UnsafeRawBufferPointer, at position: Int32) {
    _ = sqlite3_bind_text(
      handle, position,
      bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer(bitPattern: 1),
      Int32(bytes.count), nil)
  }

  // MARK: - Stepping

  /// Advances to the next row; false when there are no more.
  package func step() throws(CatalogError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      sqlite3_reset(handle)
      throw connection.error(code: code, sql: sql)
    }
  }

  /// Runs the write and checks how many rows it changed: SQLite always waits.
  package func runWithoutWaiting(changing count: Int, otherwise failure: CatalogError)
    throws(CatalogError)
  {
    try run()
    guard connection.changes == count else { throw failure }
  }

  // MARK: - Columns of the current row

  package var columnCount: Int32 { sqlite3_column_count(handle) }

  package func int(at column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  package func isNull(at column: Int32) -> Bool {
    sqlite3_column_type(handle, column) == SQLITE_NULL
  }

  package func text(at column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// A column holding a JSON array of strings (an item's fields, a collection's columns),
  /// decoded straight from SQLite's bytes; empty when it holds no such array.
  package func stringArray(at column: Int32) -> [String] {
    guard let bytes = sqlite3_column_text(handle, column) else { return [] }
    let count = Int(sqlite3_column_bytes(handle, column))
    return JSONText.decodeStringArray(utf8: UnsafeBufferPointer(start: bytes, count: count)) ?? []
  }

  /// The bytes of a BLOB column, without a copy: valid until the next step or reset.
  package func blobBytes(at column: Int32) -> UnsafeRawBufferPointer {
    guard let bytes = sqlite3_column_blob(handle, column) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
  }
}
