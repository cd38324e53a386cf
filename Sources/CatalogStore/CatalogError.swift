import CatalogCollation

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
  /// The input file is not valid CSV; the error names the place.
  case csv(CSVError)
  /// No collection has this name; `available` lists the ones there are.
  case unknownCollection(name: String, available: [String])
  /// The catalog holds no collection yet.
  case noCollections(path: String)
  /// The catalog holds several collections and the command did not say which.
  case collectionNotChosen(available: [String])
  /// An import without `--replace` or `--append` into a collection that exists.
  case collectionExists(name: String)
  /// A collection name that is empty after trimming white space.
  case invalidCollectionName(String)
  /// An option names a column the collection does not have.
  case unknownColumn(column: String, option: String, available: [String])
  /// An append whose file or options do not match the collection.
  case appendMismatch(collection: String, reason: String)
  /// No section of the list has this heading, as the locale folds it.
  case unknownSection(heading: String, collection: String, grouping: Grouping)
  /// No entry of the list's index has this title.
  case unknownIndexTitle(title: String, available: [String])
  /// A request that makes no sense as given, such as an empty search text.
  case invalidRequest(String)
  /// A locale id that ICU does not know, or a collation ICU could not open.
  case collation(CollationError)
  /// A temporary file for sorting a large grouping could not be made, written or read.
  case scratchFile(directory: String, reason: String)

  private static func listing(_ names: [String], _ noun: String) -> String {
    names.isEmpty ? "; there are no \(noun)" : "; the \(noun) are: \(names.joined(separator: ", "))"
  }

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
    case .csv(let error):
      return error.description
    case .unknownCollection(let name, let available):
      return "no collection named '\(name)'" + Self.listing(available, "collections")
    case .noCollections(let path):
      return "\(path) holds no collections yet; import one with 'catalog import FILE'"
    case .collectionNotChosen(let available):
      return "the catalog holds \(available.count) collections; choose one with -c NAME"
        + Self.listing(available, "collections")
    case .collectionExists(let name):
      return
        "collection '\(name)' exists already; use --replace to replace it or --append to add to it"
    case .invalidCollectionName(let name):
      return "invalid collection name '\(name)': it must not be empty or only white space"
    case .unknownColumn(let column, let option, let available):
      return "unknown column '\(column)' for \(option)" + Self.listing(available, "columns")
    case .appendMismatch(let collection, let reason):
      return "cannot append to '\(collection)': \(reason)"
    case .unknownSection(let heading, let collection, let grouping):
      return "no section '\(heading)' in '\(collection)' grouped by \(grouping)"
    case .unknownIndexTitle(let title, let available):
      return "no index entry '\(title)'" + Self.listing(available, "index titles")
    case .invalidRequest(let message):
      return message
    case .collation(let error):
      return error.description
    case .scratchFile(let directory, let reason):
      return "cannot use a temporary file in \(directory) to sort the list: \(reason) "
        + "(set TMPDIR to a directory with free space)"
    }
  }
}
