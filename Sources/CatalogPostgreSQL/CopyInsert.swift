internal import CLibPQ
import CatalogStore

/// PostgreSQL's bulk insert: `COPY table (columns) FROM STDIN (FORMAT binary)`, the rows streamed
/// in PostgreSQL's binary format (DESIGN §14: bulk loads never go row by row).
///
/// Rows are held, encoded, until the connection's next statement, which sends each table's in one
/// COPY first; or until a quarter megabyte of them is there, which goes into the table's COPY,
/// started if it is not open and left open for more (`PostgreSQLConnection.stream`), its data
/// handed to libpq by a `CopySender`: the server inserts an import's rows as they are made, and
/// the import makes more while the server is behind. An import inserts a thousand rows at a time
/// into each of several tables in turn: a COPY per call cost the server more in setting up and
/// tearing down than in inserting; one per half megabyte, each waited for, let the server and the
/// import take turns; and an open COPY written on the import's own thread, which waited whenever
/// the socket's buffer (a fifth of a megabyte) was full, kept them nearly as close. A few rows (a
/// single write's) go in with a prepared INSERT each, sent without waiting, instead. Outside a
/// transaction, rows go in at once.
final class CopyInsert: BulkInsert, ValueBinder {
  private let connection: PostgreSQLConnection
  /// The statement that starts its COPY.
  let copy: String
  private let table: String
  private let columns: [String]
  /// Up to this many rows are inserted one by one.
  static let fewRows = 4
  /// The columns' type OIDs, for the width of their integers.
  private let types: [UInt32]
  /// The rows held, encoded; none when empty. Each value bound goes straight into it, without
  /// the run-time check that no other access overlaps (none can: only this object's own methods
  /// append to it, one at a time), which cost a tenth of encoding a row.
  @exclusivity(unchecked) private var held: [UInt8] = []
  /// The column of the current row that the next value is bound to, or a later one: a row's
  /// values are bound in column order (`BulkInsert`), a column not bound is NULL.
  private var nextColumn = 0
  /// How much is held before it is streamed.
  private static let streamedSize = 1 << 18
  /// What hands the data of the open COPY to libpq, when it was started to be streamed.
  private var sender: CopySender?

  init(connection: PostgreSQLConnection, table: String, columns: [String], types: [UInt32]) {
    self.connection = connection
    copy = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN (FORMAT binary)"
    self.table = table
    self.columns = columns
    self.types = types
  }

  func insert(count: Int, bind: (any ValueBinder, Int, Int32) -> Void) throws(CatalogError) {
    // Outside a transaction nothing would send held rows or report their failure: they go now.
    let mayWait = connection.isInTransaction
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
        try mayWait ? insert.runWithoutWaiting() : insert.run()
      }
      return
    }
    connection.hold(self)
    for row in 0..<count {
      BinaryValue.append(columns.count, width: 2, to: &held)
      nextColumn = 0
      bind(self, row, 1)
      skipColumns(upTo: columns.count)
    }
    if !mayWait {
      try connection.sendHeldRows()
    } else if held.count >= Self.streamedSize {
      try connection.stream(self)
    }
  }

  /// Whether rows are held.
  var holdsRows: Bool { !held.isEmpty }

  /// Starts the table's COPY, which is then the connection's open one, its data handed to libpq
  /// on a thread of its own when it is to be `streamed`; called by the connection when no other
  /// statement or COPY waits.
  func startCopy(streamed: Bool) throws(CatalogError) {
    let started = pq.exec(connection.handle, copy)
    defer { pq.clear(started) }
    try connection.check(started, sql: copy)
    connection.openCopy = self
    if streamed { sender = CopySender(handle: connection.handle) }
    // The signature, flags and header extension length.
    try put(Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [UInt8](repeating: 0, count: 8))
  }

  /// Puts the rows held into the open COPY.
  func putHeldRows() throws(CatalogError) {
    defer { held.removeAll(keepingCapacity: true) }
    try put(held)
  }

  /// Ends the open COPY after the rows held, or fails it on the server when `abandoning`; its
  /// answer is read by the connection (`finishCopy`).
  func endCopy(abandoning: Bool) throws(CatalogError) {
    var failed: CatalogError?
    if !abandoning {
      do {
        try putHeldRows()
        try put([0xFF, 0xFF])  // the trailer
      } catch {
        failed = error
      }
    }
    held.removeAll(keepingCapacity: true)
    if let sender, !sender.finish(), failed == nil { failed = connection.error(nil, sql: copy) }
    sender = nil
    let ended = pq.putCopyEnd(
      connection.handle, abandoning || failed != nil ? "the insert failed" : nil)
    if failed == nil, ended != 1 { failed = connection.error(nil, sql: copy) }
    if let failed { throw failed }
  }

  /// Forgets the rows held, after a failure of the transaction they were for.
  func discard() {
    held.removeAll(keepingCapacity: true)
  }

  /// Hands bytes to libpq for the open COPY, through its sender if it has one.
  private func put(_ bytes: [UInt8]) throws(CatalogError) {
    guard !bytes.isEmpty else { return }
    if let sender {
      guard !sender.send(bytes) else { return }
      // libpq failed to take earlier bytes: the connection says why once the sender is done.
      _ = sender.finish()
      self.sender = nil
      throw connection.error(nil, sql: copy)
    }
    let sent = bytes.withUnsafeBytes { bytes in
      pq.putCopyData(
        connection.handle, bytes.baseAddress!.assumingMemoryBound(to: CChar.self),
        Int32(bytes.count))
    }
    guard sent == 1 else { throw connection.error(nil, sql: copy) }
  }

  // MARK: - Values

  /// Writes NULL for the columns before `column` that no value was bound to.
  private func skipColumns(upTo column: Int) {
    while nextColumn < column {
      BinaryValue.append(-1, width: 4, to: &held)
      nextColumn += 1
    }
  }

  /// Moves to the column at `position` (from 1); nil for a position past the columns.
  private func column(at position: Int32) -> Int? {
    let column = Int(position) - 1
    guard column < columns.count else { return nil }
    precondition(column >= nextColumn, "a bulk insert's values are bound in column order")
    skipColumns(upTo: column)
    nextColumn += 1
    return column
  }

  private func append(_ bytes: some Collection<UInt8>, at position: Int32) {
    guard column(at: position) != nil else { return }
    BinaryValue.append(bytes.count, width: 4, to: &held)
    held.append(contentsOf: bytes)
  }

  func bind(_ integer: Int, at position: Int32) {
    guard let column = column(at: position) else { return }
    let width =
      switch types[column] {
      case BinaryValue.int2: 2
      case BinaryValue.int4: 4
      default: 8
      }
    BinaryValue.append(width, width: 4, to: &held)
    BinaryValue.append(integer, width: width, to: &held)
  }

  func bind(_ text: String, at position: Int32) { append(text.utf8, at: position) }
  func bind(_ bytes: [UInt8], at position: Int32) { append(bytes, at: position) }
  func bind(_ bytes: UnsafeRawBufferPointer, at position: Int32) { append(bytes, at: position) }

  func bind(borrowing bytes: UnsafeRawBufferPointer, at position: Int32) {
    append(bytes, at: position)
  }

  func bind(borrowingUTF8Text bytes: UnsafeRawBufferPointer, at position: Int32) {
    append(bytes, at: position)
  }
}
