/// Checks the keys of a file's records as an import item by item reads them: each must be
/// non-empty and unlike every earlier record's, and an error names the record's place and the
/// earlier one's line. The keys seen are kept in a temporary table, so memory does not grow with
/// the file, and a sync can compare the collection's keys with them.
///
/// The table's primary key refuses a repeated key; its insert is sent without waiting (on
/// PostgreSQL it goes with the row's next statement, in the same round trip), so the refusal
/// comes without the line it repeats. The keys are logged as well (`ImportKeyLog`), and
/// `explain` finds that line when the import fails.
final class ImportKeyChecker {
  private let connection: any DatabaseConnection
  private let log: ImportKeyLog
  private let insert: any DatabaseStatement
  /// The keys seen, as a table to compare with.
  let table: String

  /// Starts checking, inside the import's transaction.
  init(connection: any DatabaseConnection, keyColumn: ImportKeyColumn) throws(CatalogError) {
    self.connection = connection
    log = ImportKeyLog(keyColumn: keyColumn)
    let table = connection.traits.temporarySchema + ".import_keys"
    self.table = table
    try connection.execute(
      """
      DROP TABLE IF EXISTS \(table);
      CREATE TEMP TABLE \(table) (key TEXT PRIMARY KEY)
      """)
    // Kept compiled (PostgreSQL sends only kept statements without waiting); the table it names
    // is made anew by each import.
    insert = try connection.cached(named: "insert a key an import read") {
      "INSERT INTO \(table) (key) VALUES (?) ON CONFLICT DO NOTHING"
    }
  }

  /// The record's trimmed key, checked.
  ///
  /// - Throws: `CatalogError.csv` with `.blankKey` at the record's line; with `.duplicateKey`
  ///   now or from a later statement of the import (then without the earlier line, which
  ///   `explain` adds).
  func check(_ field: String, line: Int) throws(CatalogError) -> String {
    let key = try log.add(field, line: line)
    try insert.bind(.text(key)).runWithoutWaiting(
      changing: 1, otherwise: error(.duplicateKey(key, firstLine: 0), line: line))
    return key
  }

  /// The error to report for the import that failed with `failure`: the first repeated key,
  /// with both its lines, when the file has one so far; else `failure`.
  func explain(_ failure: CatalogError) -> CatalogError {
    log.explain(failure)
  }

  /// An error about the record on `line`.
  func error(_ kind: CSVError.Kind, line: Int) -> CatalogError {
    log.keyColumn.error(kind, line: line)
  }

  /// Drops the table of keys seen.
  func finish() throws(CatalogError) {
    try connection.execute("DROP TABLE \(table)")
  }
}
