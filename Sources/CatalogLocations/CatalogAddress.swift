import CatalogPostgreSQL
import CatalogSQLite
import CatalogStore

/// What names a catalog in `--db`, in `$CATALOG_DB` or in a program's arguments: a PostgreSQL
/// URI (`postgresql://…` or `postgres://…`) for a catalog shared on PostgreSQL, anything else
/// the path of an SQLite file.
///
///     let address = CatalogAddress(option: databaseOption, environment: environment)
///     let catalog = try Catalog(at: address.location(), creating: false)
///
/// It is the one place that tells the two apart, so it links both engines: a program that
/// links only `CatalogSQLite` names its file with `CatalogLocation.sqlite(path:)` and never
/// links libpq.
public enum CatalogAddress: Equatable, Sendable {
  /// The SQLite file at `path`, absolute or relative to the working directory.
  case sqliteFile(path: String)
  /// The catalog that a PostgreSQL URI names, as given (its password, if any, unmasked).
  case postgreSQL(uri: String)

  /// The catalog when neither `--db` nor `$CATALOG_DB` names one.
  public static let defaultPath = "./catalog.db"

  /// The environment variable that names the catalog when `--db` does not.
  public static let environmentVariable = "CATALOG_DB"

  /// The catalog that `text` names: a PostgreSQL URI, else an SQLite file's path.
  public init(_ text: String) {
    self =
      CatalogLocation.isPostgreSQLURI(text) ? .postgreSQL(uri: text) : .sqliteFile(path: text)
  }

  /// The catalog that a program run with `--db option` (nil when it is not given) in
  /// `environment` uses: the option, else `$CATALOG_DB` when it is set and not empty, else
  /// `./catalog.db`.
  public init(option: String?, environment: [String: String]) {
    if let option {
      self.init(option)
    } else if let variable = environment[Self.environmentVariable], !variable.isEmpty {
      self.init(variable)
    } else {
      self = .sqliteFile(path: Self.defaultPath)
    }
  }

  /// The path of the SQLite file; nil for a catalog on PostgreSQL.
  public var filePath: String? {
    guard case .sqliteFile(let path) = self else { return nil }
    return path
  }

  /// Whether the catalog is shared on PostgreSQL rather than kept in a file.
  public var isPostgreSQL: Bool { filePath == nil }

  /// Where the catalog is, for `Catalog(at:creating:configuration:)` and `CatalogServer`.
  ///
  /// - Throws: `CatalogError.invalidRequest` for a PostgreSQL URI that names its schema twice
  ///   or names an empty one.
  public func location() throws(CatalogError) -> CatalogLocation {
    switch self {
    case .sqliteFile(let path): return .sqlite(path: path)
    case .postgreSQL(let uri): return try .postgreSQL(uri: uri)
    }
  }
}
