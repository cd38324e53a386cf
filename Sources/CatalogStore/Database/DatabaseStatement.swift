/// A value bound to a statement parameter.
package enum SQLValue: Equatable {
  case null
  case integer(Int)
  case text(String)
  case blob([UInt8])
}

/// Where the values of a statement's parameters go, by position from 1: a compiled statement,
/// or a row of a bulk load (`BulkInsert`). The binds are the hot path of an import: no enum, no
/// array. A bind can only fail for a bad position or a value over the engine's limits, which the
/// statement's run reports.
package protocol ValueBinder: AnyObject {
  func bind(_ integer: Int, at position: Int32)
  func bind(_ text: String, at position: Int32)
  func bind(_ bytes: [UInt8], at position: Int32)
  func bind(_ bytes: UnsafeRawBufferPointer, at position: Int32)
  /// Binds bytes that may be read where they are instead of copied: they must stay as they are
  /// until the statement has run and is reset (or the bulk load has returned).
  func bind(borrowing bytes: UnsafeRawBufferPointer, at position: Int32)
  /// Binds UTF-8 bytes as text, read where they are, as `bind(borrowing:at:)`.
  func bind(borrowingUTF8Text bytes: UnsafeRawBufferPointer, at position: Int32)
}

/// A compiled statement of a catalog's database, reset and rebound for each use.
///
/// The SQL is written once for every engine: `?` or `?NNN` parameters, BLOB values compared and
/// ordered byte by byte, `ON CONFLICT` upserts and `RETURNING`; what differs is in the
/// connection's `SQLDialect`.
package protocol DatabaseStatement: ValueBinder {
  /// The statement's SQL, for errors.
  var sql: String { get }

  /// Makes the statement ready to run again, with every parameter NULL.
  func reset()

  /// Advances to the next row; false when there are no more.
  func step() throws(CatalogError) -> Bool

  /// How many columns the statement's rows have.
  var columnCount: Int32 { get }

  // Columns of the current row, from 0.
  func int(at column: Int32) -> Int
  func isNull(at column: Int32) -> Bool
  func text(at column: Int32) -> String
  /// A column holding a JSON array of strings (an item's fields, a collection's columns),
  /// decoded straight from the column's bytes; empty when it holds no such array.
  func stringArray(at column: Int32) -> [String]
  /// The bytes of a BLOB column, without a copy: valid until the next step or reset.
  func blobBytes(at column: Int32) -> UnsafeRawBufferPointer

  /// Runs a statement inside a write transaction (or the one that begins it) whose rows and
  /// count nothing reads: the engine may send it and go on without waiting for its answer
  /// (PostgreSQL sends it with the next statement that waits). Its failure then fails the
  /// transaction and is thrown by a later statement of it, at the latest by the commit.
  func runWithoutWaiting() throws(CatalogError)

  /// The same for a write that must change exactly `count` rows: where it changes another
  /// number, the transaction fails with `failure`, thrown now or by a later statement as above.
  func runWithoutWaiting(changing count: Int, otherwise failure: CatalogError)
    throws(CatalogError)
}

extension ValueBinder {
  /// Binds one value, of whichever kind, at `position` (a NULL is bound by binding nothing).
  package func bind(_ value: SQLValue, at position: Int32) {
    switch value {
    case .null: break
    case .integer(let integer): bind(integer, at: position)
    case .text(let text): bind(text, at: position)
    case .blob(let bytes): bind(bytes, at: position)
    }
  }
}

extension DatabaseStatement {
  /// Resets the statement and binds `values` to its parameters, in order.
  @discardableResult
  package func bind(_ values: SQLValue...) throws(CatalogError) -> Self {
    try bind(values)
  }

  /// Resets the statement and binds `values` to its parameters, in order.
  @discardableResult
  package func bind(_ values: [SQLValue]) throws(CatalogError) -> Self {
    reset()
    for (offset, value) in values.enumerated() { bind(value, at: Int32(offset + 1)) }
    return self
  }

  /// Steps once and returns the first column as an integer (0 when there is no row), then
  /// finishes the statement.
  package func stepInteger() throws(CatalogError) -> Int {
    let value = try step() ? int(at: 0) : 0
    try run()
    return value
  }

  /// Steps to the end, for statements that return no rows.
  package func run() throws(CatalogError) {
    while try step() {}
  }

  /// Runs the statement and waits, as an engine that always waits does.
  package func runWithoutWaiting() throws(CatalogError) {
    try run()
  }

  package func optionalText(at column: Int32) -> String? {
    isNull(at: column) ? nil : text(at: column)
  }

  /// The bytes of a BLOB column, copied.
  package func blob(at column: Int32) -> [UInt8] { Array(blobBytes(at: column)) }
}
