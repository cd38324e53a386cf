/// Checks the keys of a file's records as an import item by item reads them: each must be
/// non-empty and unlike every earlier record's, and an error names the record's place and the
/// earlier one's line. The keys seen are kept in a temporary table, so memory does not grow with
/// the file, and a sync can compare the collection's keys with them.
final class ImportKeyChecker {
  private let connection: any DatabaseConnection
  private let keyColumn: ImportKeyColumn
  private let insert: any DatabaseStatement
  private let firstLine: any DatabaseStatement

  /// Starts checking, inside the import's transaction.
  init(connection: any DatabaseConnection, keyColumn: ImportKeyColumn) throws(CatalogError) {
    self.connection = connection
    self.keyColumn = keyColumn
    table = connection.traits.temporarySchema + ".import_keys"
    try connection.execute(
      """
      DROP TABLE IF EXISTS \(table);
      CREATE TEMP TABLE \(table) (key TEXT PRIMARY KEY, line INTEGER NOT NULL)
      """)
    insert = try connection.prepare(
      "INSERT INTO \(table) (key, line) VALUES (?, ?) ON CONFLICT DO NOTHING")
    firstLine = try connection.prepare("SELECT line FROM \(table) WHERE key = ?")
  }

  /// The record's trimmed key, checked.
  ///
  /// - Throws: `CatalogError.csv` with `.blankKey` or `.duplicateKey` at the record's line.
  func check(_ field: String, line: Int) throws(CatalogError) -> String {
    let key = try keyColumn.key(of: field, line: line)
    try insert.bind(.text(key), .integer(line)).run()
    if connection.changes == 0 {
      let first = try firstLine.bind(.text(key)).stepInteger()
      throw keyColumn.error(.duplicateKey(key, firstLine: first), line: line)
    }
    return key
  }

  /// An error about the record on `line`.
  func error(_ kind: CSVError.Kind, line: Int) -> CatalogError {
    keyColumn.error(kind, line: line)
  }

  /// The keys seen, as a table to compare with.
  let table: String

  /// Drops the table of keys seen.
  func finish() throws(CatalogError) {
    try connection.execute("DROP TABLE \(table)")
  }
}
