import CatalogCollation

/// The key column of a file being imported: reads a record's key, and places an error about it at
/// the record's line.
struct ImportKeyColumn {
  let inputName: String
  let column: String

  /// The record's trimmed key.
  ///
  /// - Throws: `CatalogError.csv` with `.blankKey` at the record's line.
  func key(of field: String, line: Int) throws(CatalogError) -> String {
    let key = String(field.canonicalValue)
    guard !key.isEmpty else { throw error(.blankKey(column: column), line: line) }
    return key
  }

  /// An error about the record on `line`.
  func error(_ kind: CSVError.Kind, line: Int) -> CatalogError {
    .csv(CSVError(kind: kind, inputName: inputName, line: line, column: 1))
  }
}
