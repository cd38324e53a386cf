/// Rows for one table that wait until `capacity` of them are there, then go in together through
/// the connection's bulk insert: a list's sections, tallies and block counts, written one by one
/// as an import or a rebuild finds them, cost a few statements instead of one each (on
/// PostgreSQL, a round trip each).
final class BufferedInsert {
  private let insert: any BulkInsert
  private let columnCount: Int
  private let capacity: Int
  private var values: [SQLValue] = []

  init(
    connection: any DatabaseConnection, into table: String, columns: [String],
    capacity: Int = 512
  ) throws(CatalogError) {
    insert = try connection.makeBulkInsert(into: table, columns: columns)
    columnCount = columns.count
    self.capacity = capacity
  }

  /// Adds a row, its values in column order.
  func append(_ row: SQLValue...) throws(CatalogError) {
    values += row
    if values.count >= capacity * columnCount { try flush() }
  }

  /// Inserts the rows that wait.
  func flush() throws(CatalogError) {
    guard !values.isEmpty else { return }
    let rows = values
    values.removeAll(keepingCapacity: true)
    let columnCount = columnCount
    try insert.insert(count: rows.count / columnCount) { binder, row, position in
      for column in 0..<columnCount {
        binder.bind(rows[row * columnCount + column], at: position + Int32(column))
      }
    }
  }
}
