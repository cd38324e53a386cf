internal import CLibPQ
import CatalogStore

/// PostgreSQL's bulk insert: `COPY table (columns) FROM STDIN (FORMAT binary)`, the rows streamed
/// in PostgreSQL's binary format, one COPY per call (DESIGN §14: bulk loads never go row by row).
/// A few rows (a single write's) go in with a prepared INSERT each instead: a COPY costs more
/// round trips than it saves for them.
final class CopyInsert: BulkInsert, ValueBinder {
  private let connection: PostgreSQLConnection
  private let copy: String
  private let table: String
  private let columns: [String]
  /// Up to this many rows are inserted one by one.
  static let fewRows = 4
  /// The columns' type OIDs, for the width of their integers.
  private let types: [UInt32]
  /// The current row's values: where each one's bytes are in `rowBytes`, or nil for NULL.
  private var fields: [Range<Int>?]
  private var rowBytes: [UInt8] = []
  private var buffer: [UInt8] = []
  /// How much is sent to libpq at a time.
  private static let chunkSize = 1 << 18

  init(connection: PostgreSQLConnection, table: String, columns: [String], types: [UInt32]) {
    self.connection = connection
    copy = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN (FORMAT binary)"
    self.table = table
    self.columns = columns
    self.types = types
    fields = Array(repeating: nil, count: columns.count)
  }

  func insert(count: Int, bind: (any ValueBinder, Int, Int32) -> Void) throws(CatalogError) {
    guard count > Self.fewRows else {
      // By table and columns: a table may be written with other columns elsewhere (the items
      // of an import, which leaves their version out, and of a single write).
      let insert = try connection.cached(
        named: "insert one into " + table + "(" + columns.joined(separator: ",") + ")"
      ) {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
          + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
      }
      for row in 0..<count {
        insert.reset()
        bind(insert, row, 1)
        try insert.runWithoutWaiting()
      }
      return
    }
    try connection.waitForAnswers()
    let started = pq.exec(connection.handle, copy)
    defer { pq.clear(started) }
    try connection.check(started, sql: copy)
    // The signature, flags and header extension length.
    buffer = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [UInt8](repeating: 0, count: 8)
    var failed: CatalogError?
    for row in 0..<count {
      for index in fields.indices { fields[index] = nil }
      rowBytes.removeAll(keepingCapacity: true)
      bind(self, row, 1)
      BinaryValue.append(fields.count, width: 2, to: &buffer)
      for field in fields {
        guard let field else {
          BinaryValue.append(-1, width: 4, to: &buffer)
          continue
        }
        BinaryValue.append(field.count, width: 4, to: &buffer)
        buffer.append(contentsOf: rowBytes[field])
      }
      if buffer.count >= Self.chunkSize, failed == nil { failed = send() }
    }
    BinaryValue.append(-1, width: 2, to: &buffer)
    if failed == nil { failed = send() }
    let ended = pq.putCopyEnd(connection.handle, failed == nil ? nil : "the insert failed")
    var result = pq.getResult(connection.handle)
    var error: CatalogError? = ended == 1 ? nil : connection.error(nil, sql: copy)
    while let current = result {
      if error == nil {
        do { try connection.check(current, sql: copy) } catch let caught { error = caught }
      }
      pq.clear(current)
      result = pq.getResult(connection.handle)
    }
    if let error = failed ?? error { throw error }
  }

  /// Hands the buffer to libpq; the error when it could not.
  private func send() -> CatalogError? {
    defer { buffer.removeAll(keepingCapacity: true) }
    let sent = buffer.withUnsafeBytes { bytes in
      pq.putCopyData(
        connection.handle, bytes.baseAddress!.assumingMemoryBound(to: CChar.self),
        Int32(bytes.count))
    }
    return sent == 1 ? nil : connection.error(nil, sql: copy)
  }

  // MARK: - Values

  private func set(_ bytes: some Collection<UInt8>, at position: Int32) {
    let index = Int(position) - 1
    guard index >= 0 && index < fields.count else { return }
    let start = rowBytes.count
    rowBytes.append(contentsOf: bytes)
    fields[index] = start..<rowBytes.count
  }

  func bind(_ integer: Int, at position: Int32) {
    let index = Int(position) - 1
    guard index >= 0 && index < types.count else { return }
    var bytes: [UInt8] = []
    let width =
      switch types[index] {
      case BinaryValue.int2: 2
      case BinaryValue.int4: 4
      default: 8
      }
    BinaryValue.append(integer, width: width, to: &bytes)
    set(bytes, at: position)
  }

  func bind(_ text: String, at position: Int32) { set(text.utf8, at: position) }
  func bind(_ bytes: [UInt8], at position: Int32) { set(bytes, at: position) }
  func bind(_ bytes: UnsafeRawBufferPointer, at position: Int32) { set(bytes, at: position) }

  func bind(borrowing bytes: UnsafeRawBufferPointer, at position: Int32) {
    set(bytes, at: position)
  }

  func bind(borrowingUTF8Text bytes: UnsafeRawBufferPointer, at position: Int32) {
    set(bytes, at: position)
  }
}
