/// Why a catalog operation failed, with the context a user needs to act on it.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No catalog file exists at the path, and the operation does not create one.
  case missing(path: String)
  /// The file exists but is not a catalog: another SQLite database, a text file, a damaged file.
  case notACatalog(path: String, reason: String)
  /// The catalog was written by a newer build whose schema this build does not know.
  case newerSchema(path: String, found: Int, supported: Int)
  /// Another process holds the catalog for longer than the busy timeout.
  case busy(path: String)
  /// SQLite failed: its extended result code, its message, and the SQL that failed, if any.
  case sqlite(code: Int32, message: String, sql: String?)

  public var description: String {
    switch self {
    case .missing(let path):
      return "no catalog at \(path) (create one with 'catalog import FILE')"
    case .notACatalog(let path, let reason):
      return "\(path) is not a catalog: \(reason); it was left untouched"
    case .newerSchema(let path, let found, let supported):
      return "\(path) was written by a newer catalog (schema version \(found); this build "
        + "knows up to \(supported)); it was left untouched, use a newer build"
    case .busy(let path):
      return "catalog is busy: another process is writing to \(path); try again when it is done"
    case .sqlite(let code, let message, let sql):
      return "SQLite error \(code): \(message)" + (sql.map { " (in: \($0))" } ?? "")
    }
  }
}
