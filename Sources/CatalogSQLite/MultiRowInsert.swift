import CatalogStore

/// An INSERT that adds many rows per statement step (`VALUES (…), (…), …`), which roughly halves
/// the cost of appending millions of rows compared with one step per row: SQLite's bulk insert.
final class MultiRowInsert: BulkInsert {
  private let many: any DatabaseStatement
  private let one: any DatabaseStatement
  private let columnCount: Int
  private let rowsPerStep: Int

  init(
    connection: SQLiteConnection, into table: String, columns: [String], rowsPerStep: Int = 64
  )
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

  /// Inserts `count` rows, in order, as `BulkInsert` says. Values bound by borrowing need only
  /// last until this returns: the statements are reset before it does.
  func insert(count: Int, bind: (any ValueBinder, Int, Int32) -> Void) throws(CatalogError) {
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
