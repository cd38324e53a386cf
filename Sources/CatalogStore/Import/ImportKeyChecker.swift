/// Checks the keys of a file's records as an import reads them: each must be non-empty and
/// unlike every earlier record's, and an error names the record's place and the earlier one's
/// line. The keys seen are kept in a temporary table, so memory does not grow with the file.
final class ImportKeyChecker {
  private let connection: any DatabaseConnection
  private let inputName: String
  private let column: String
  private let insert: any DatabaseStatement
  private let firstLine: any DatabaseStatement

  /// Starts checking, inside the import's transaction.
  init(connection: any DatabaseConnection, inputName: String, column: String) throws(CatalogError) {
    self.connection = connection
    self.inputName = inputName
    self.column = column
    try connection.execute(
      """
      DROP TABLE IF EXISTS temp.import_keys;
      CREATE TEMP TABLE import_keys (key TEXT PRIMARY KEY, line INTEGER NOT NULL) WITHOUT ROWID
      """)
    insert = try connection.prepare(
      "INSERT INTO temp.import_keys (key, line) VALUES (?, ?) ON CONFLICT DO NOTHING")
    firstLine = try connection.prepare("SELECT line FROM temp.import_keys WHERE key = ?")
  }

  /// The record's trimmed key, checked.
  ///
  /// - Throws: `CatalogError.csv` with `.blankKey` or `.duplicateKey` at the record's line.
  func check(_ field: String, line: Int) throws(CatalogError) -> String {
    let key = String(field.canonicalValue)
    guard !key.isEmpty else { throw error(.blankKey(column: column), line: line) }
    try insert.bind(.text(key), .integer(line)).run()
    if connection.changes == 0 {
      let first = try firstLine.bind(.text(key)).stepInteger()
      throw error(.duplicateKey(key, firstLine: first), line: line)
    }
    return key
  }

  /// An error about the record on `line`.
  func error(_ kind: CSVError.Kind, line: Int) -> CatalogError {
    .csv(CSVError(kind: kind, inputName: inputName, line: line, column: 1))
  }

  /// The keys seen, as a table to compare with: `temp.import_keys`.
  static let seenKeysTable = "temp.import_keys"

  /// Drops the table of keys seen.
  func finish() throws(CatalogError) {
    try connection.execute("DROP TABLE temp.import_keys")
  }
}
