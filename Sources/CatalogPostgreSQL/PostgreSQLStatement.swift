internal import CLibPQ
import CatalogStore

/// A statement of a catalog on PostgreSQL: the common SQL of `DatabaseStatement`, its `?` and
/// `?NNN` parameters numbered as PostgreSQL's `$N`, run with its parameters sent apart and its
/// rows received in binary.
///
/// It behaves as an SQLite statement does where the storage layer relies on it: parameters not
/// bound are NULL, a statement stepped to its end runs again when stepped again (with the same
/// parameters), and `reset` clears the parameters. Its rows are fetched at its first step, all at
/// once, except a cursor's, which are fetched through a server-side cursor a batch at a time.
final class PostgreSQLStatement: DatabaseStatement {
  /// How the statement is sent.
  enum Mode {
    /// Parsed by the server with each run (`PQexecParams`): a statement used once or a few times.
    case parsedEachRun
    /// Prepared once on the server under `name` (`PQexecPrepared`): a cached statement.
    case prepared(name: String)
    /// A query of many rows, read through a server-side cursor in batches.
    case cursor
  }

  let sql: String
  private let translatedSQL: String
  private let parameterCount: Int
  private let mode: Mode
  /// The connection, for running and for errors. A statement keeps its connection open
  /// (`owner`), except one in the connection's own cache.
  private unowned let connection: PostgreSQLConnection
  private let owner: PostgreSQLConnection?

  /// The parameters' values, binary (texts and bytes) or text (numbers), by position from 1.
  private var parameters: [(bytes: [UInt8], isBinary: Bool)?]
  /// The rows of the last run (or the cursor's last batch), and the one the statement is on.
  private var result: OpaquePointer?
  private var rowCount: Int32 = 0
  private var row: Int32 = -1
  /// The cursor open for a `.cursor` statement, and whether the statement began the
  /// transaction it lives in.
  private var cursorName: String?
  private var cursorIsExhausted = false
  private var ownsTransaction = false
  static let cursorBatchSize = 1000

  init(connection: PostgreSQLConnection, sql: String, mode: Mode) {
    self.connection = connection
    if case .prepared = mode { owner = nil } else { owner = connection }
    self.sql = sql
    self.mode = mode
    let translated = Self.translatingParameters(sql)
    translatedSQL = translated.sql
    parameterCount = translated.count
    parameters = Array(repeating: nil, count: translated.count)
  }

  deinit { finish() }

  // MARK: - Parameters

  /// `sql` with SQLite's parameters (`?`, `?NNN`) written as PostgreSQL's (`$N`), outside
  /// string literals, quoted identifiers and comments; and how many parameters it has.
  static func translatingParameters(_ sql: String) -> (sql: String, count: Int) {
    var output = ""
    var highest = 0
    var quote: Character?
    var characters = Array(sql)
    characters.append(" ")
    var index = 0
    while index < characters.count - 1 {
      let character = characters[index]
      if let open = quote {
        output.append(character)
        if character == open { quote = nil }
        index += 1
        continue
      }
      switch character {
      case "'", "\"":
        quote = character
        output.append(character)
        index += 1
      case "-" where characters[index + 1] == "-":
        while index < characters.count - 1 && characters[index] != "\n" {
          output.append(characters[index])
          index += 1
        }
      case "?":
        var digits = ""
        index += 1
        while index < characters.count - 1, characters[index].isASCII,
          characters[index].isNumber
        {
          digits.append(characters[index])
          index += 1
        }
        let number = Int(digits) ?? highest + 1
        highest = max(highest, number)
        output += "$\(number)"
      default:
        output.append(character)
        index += 1
      }
    }
    return (output, highest)
  }

  func reset() {
    finish()
    for index in parameters.indices { parameters[index] = nil }
  }

  private func set(_ bytes: [UInt8], isBinary: Bool, at position: Int32) {
    let index = Int(position) - 1
    guard index >= 0 && index < parameters.count else { return }
    parameters[index] = (bytes, isBinary)
  }

  func bind(_ integer: Int, at position: Int32) {
    set(Array(String(integer).utf8) + [0], isBinary: false, at: position)
  }

  func bind(_ text: String, at position: Int32) {
    set(Array(text.utf8), isBinary: true, at: position)
  }

  func bind(_ bytes: [UInt8], at position: Int32) {
    set(bytes, isBinary: true, at: position)
  }

  func bind(_ bytes: UnsafeRawBufferPointer, at position: Int32) {
    set(Array(bytes), isBinary: true, at: position)
  }

  func bind(borrowing bytes: UnsafeRawBufferPointer, at position: Int32) {
    set(Array(bytes), isBinary: true, at: position)
  }

  func bind(borrowingUTF8Text bytes: UnsafeRawBufferPointer, at position: Int32) {
    set(Array(bytes), isBinary: true, at: position)
  }

  // MARK: - Running

  func step() throws(CatalogError) -> Bool {
    if result == nil {
      try run()
      row = -1
    }
    row += 1
    if row < rowCount { return true }
    if cursorName != nil, !cursorIsExhausted {
      try fetchBatch()
      row = 0
      if row < rowCount { return true }
    }
    // Done: the next step runs the statement again, as SQLite's does.
    finish()
    return false
  }

  /// Runs the statement and keeps its rows (or opens its cursor and fetches the first batch).
  private func run() throws(CatalogError) {
    switch mode {
    case .parsedEachRun:
      result = try send(translatedSQL, prepared: nil)
    case .prepared(let name):
      result = try send(nil, prepared: name)
    case .cursor:
      if !connection.isInTransaction {
        try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        ownsTransaction = true
      }
      let name = connection.uniqueName("c")
      let declared = try send(
        "DECLARE \(name) BINARY NO SCROLL CURSOR FOR " + translatedSQL, prepared: nil)
      pq.clear(declared)
      cursorName = name
      cursorIsExhausted = false
      try fetchBatch()
    }
    rowCount = result.map { pq.ntuples($0) } ?? 0
  }

  private func fetchBatch() throws(CatalogError) {
    guard let cursorName else { return }
    pq.clear(result)
    result = nil
    let fetch = "FETCH FORWARD \(Self.cursorBatchSize) FROM \(cursorName)"
    let handle = connection.handle
    let batch = try connection.answer(
      sql: sql, run: { pq.execParams(handle, fetch, 0, nil, nil, nil, nil, 1) },
      send: { pq.sendQueryParams(handle, fetch, 0, nil, nil, nil, nil, 1) })
    result = batch
    rowCount = pq.ntuples(batch)
    cursorIsExhausted = rowCount < Self.cursorBatchSize
  }

  /// Sends the statement (or `text`, a statement made from it) with the bound parameters, and
  /// returns its result, checked.
  private func send(_ text: String?, prepared name: String?) throws(CatalogError) -> OpaquePointer {
    try withParameters { count, values, lengths, formats throws(CatalogError) in
      let handle = connection.handle
      return try connection.answer(
        sql: sql,
        run: {
          if let name {
            pq.execPrepared(handle, name, count, values, lengths, formats, 1)
          } else {
            pq.execParams(handle, text!, count, nil, values, lengths, formats, 1)
          }
        },
        send: {
          if let name {
            pq.sendQueryPrepared(handle, name, count, values, lengths, formats, 1)
          } else {
            pq.sendQueryParams(handle, text!, count, nil, values, lengths, formats, 1)
          }
        })
    }
  }

  /// A cached statement is sent without waiting for its answer, after the statements before it
  /// in the same way and before the next one that waits; any other runs as `run` does.
  func runWithoutWaiting() throws(CatalogError) {
    try runWithoutWaiting(expecting: nil)
  }

  func runWithoutWaiting(changing count: Int, otherwise failure: CatalogError)
    throws(CatalogError)
  {
    try runWithoutWaiting(expecting: (count, failure))
  }

  private func runWithoutWaiting(expecting changes: PostgreSQLConnection.ExpectedChanges?)
    throws(CatalogError)
  {
    guard case .prepared(let name) = mode else {
      try run()
      if let changes, connection.changes != changes.count { throw changes.failure }
      return
    }
    finish()
    try withParameters { count, values, lengths, formats throws(CatalogError) in
      let handle = connection.handle
      try connection.sendWithoutWaiting(sql: sql, expecting: changes) {
        pq.sendQueryPrepared(handle, name, count, values, lengths, formats, 1)
      }
    }
  }

  /// Calls `body` with the bound parameters as libpq takes them: their number, and their values,
  /// lengths and formats (NULL for a parameter not bound), valid until `body` returns.
  private func withParameters<T>(
    _ body: (
      Int32, [UnsafePointer<CChar>?], [Int32], [Int32]
    ) throws(CatalogError) -> T
  ) throws(CatalogError) -> T {
    var values: [UnsafePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    let storage = parameters.map {
      $0.map {
        UnsafeMutableRawBufferPointer.allocate(
          byteCount: max($0.bytes.count, 1), alignment: 1)
      }
    }
    defer { storage.forEach { $0?.deallocate() } }
    for (index, parameter) in parameters.enumerated() {
      guard let parameter, let buffer = storage[index] else {
        values.append(nil)
        lengths.append(0)
        formats.append(0)
        continue
      }
      parameter.bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
      values.append(UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: CChar.self)))
      lengths.append(Int32(parameter.bytes.count))
      formats.append(parameter.isBinary ? 1 : 0)
    }
    return try body(Int32(parameterCount), values, lengths, formats)
  }

  /// Lets go of the rows, closes the cursor, and ends the transaction the statement began.
  private func finish() {
    pq.clear(result)
    result = nil
    rowCount = 0
    row = -1
    if cursorName != nil || ownsTransaction { connection.settleAnswers() }
    if let cursorName, connection.isInTransaction {
      pq.clear(pq.exec(connection.handle, "CLOSE \(cursorName)"))
    }
    cursorName = nil
    if ownsTransaction {
      pq.clear(pq.exec(connection.handle, "COMMIT"))
      ownsTransaction = false
    }
  }

  // MARK: - Columns of the current row

  var columnCount: Int32 { result.map { pq.nfields($0) } ?? 0 }

  private func value(at column: Int32) -> UnsafeRawBufferPointer {
    guard let result, pq.getisnull(result, row, column) == 0,
      let bytes = pq.getvalue(result, row, column)
    else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: bytes, count: Int(pq.getlength(result, row, column)))
  }

  func isNull(at column: Int32) -> Bool {
    guard let result else { return true }
    return pq.getisnull(result, row, column) != 0
  }

  func int(at column: Int32) -> Int {
    guard let result, !isNull(at: column) else { return 0 }
    return BinaryValue.integer(value(at: column), type: pq.ftype(result, column))
  }

  func text(at column: Int32) -> String {
    guard let result, !isNull(at: column) else { return "" }
    let bytes = value(at: column)
    switch pq.ftype(result, column) {
    case BinaryValue.int2, BinaryValue.int4, BinaryValue.int8, BinaryValue.numeric:
      return String(BinaryValue.integer(bytes, type: pq.ftype(result, column)))
    default:
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  func stringArray(at column: Int32) -> [String] {
    let bytes = value(at: column)
    guard let base = bytes.baseAddress else { return [] }
    return JSONText.decodeStringArray(
      utf8: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    )
      ?? []
  }

  func blobBytes(at column: Int32) -> UnsafeRawBufferPointer {
    value(at: column)
  }
}
