/// An INSERT that adds many rows per statement step (`VALUES (…), (…), …`), which roughly halves
/// the cost of appending millions of rows compared with one step per row.
struct MultiRowInsert {
  private let many: Statement
  private let one: Statement
  private let columnCount: Int
  private let rowsPerStep: Int

  init(connection: Connection, into table: String, columns: [String], rowsPerStep: Int = 64)
    throws(CatalogError)
  {
    // The statements are found in the connection's cache by a short name: a single write makes
    // a MultiRowInsert each time, and spelling out its SQL would cost more than the insert.
    let target = "INSERT INTO \(table) (\(columns.joined(separator: ", ")))"
    func sql(rows: Int) -> String {
      let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
      return target + " VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
    many = try connection.cached(named: target + " × \(rowsPerStep)") { sql(rows: rowsPerStep) }
    one = try connection.cached(named: target + " × 1") { sql(rows: 1) }
    columnCount = columns.count
    self.rowsPerStep = rowsPerStep
  }

  /// Inserts `count` rows, in order; `bind(statement, row, position)` binds the values of row
  /// `row` (0 ..< count) at parameter positions `position`, `position + 1`, …. Values bound
  /// by borrowing (`Statement.bind(borrowing:at:)`) need only last until this returns: the
  /// statements are reset before it does.
  func insert(count: Int, bind: (Statement, Int, Int32) -> Void) throws(CatalogError) {
    defer {
      many.reset()
      one.reset()
    }
    var row = 0
    while row < count {
      let statement = count - row >= rowsPerStep ? many : one
      let rows = statement === many ? rowsPerStep : 1
      statement.reset()
      for offset in 0..<rows {
        bind(statement, row + offset, Int32(offset * columnCount + 1))
      }
      try statement.run()
      row += rows
    }
  }
}
