import CatalogCollation
import CatalogLocations
import CatalogQuery
import CatalogSQLite
import CatalogStore
import Foundation

/// What every command is given: the options that every command accepts, standard output, and the
/// environment.
struct CommandContext {
  /// `--db` and `--verbose`.
  let options: CatalogCommand
  let output: StandardOutput
  let environment: [String: String]

  /// The catalog that `--db` names, else `$CATALOG_DB`, else `./catalog.db`: an SQLite file's
  /// path or a PostgreSQL URI.
  var catalogAddress: CatalogAddress {
    CatalogAddress(option: options.database, environment: environment)
  }

  /// Where `catalogAddress` says the catalog is.
  func catalogLocation() throws(CatalogError) -> CatalogLocation {
    try catalogAddress.location()
  }

  /// Whether the catalog is a file that this process cannot write (an app's shipped file, a
  /// read-only medium): it is opened read-only, so that queries answer from the keys it stores
  /// and writes say it is read-only.
  var isReadOnly: Bool {
    guard let path = catalogAddress.filePath else { return false }
    return FileManager.default.fileExists(atPath: path) && !Catalog.isWritable(path: path)
  }

  /// What a command needs of the ICU that made a catalog's keys.
  enum KeyAgreement {
    /// Keys made by the running ICU: a file's are rebuilt on open; a shared catalog's are not,
    /// and the command is refused (DESIGN §14).
    case required
    /// Any keys: the command reads no keys (`info`, `collections`, `export`).
    case notNeeded
    /// Keys made by the running ICU, rebuilding a shared catalog's too (`build --rekey`).
    case rebuilt
  }

  /// Opens the catalog, creating it only for commands that write (`creating`), and rebuilds keys
  /// that another ICU made, saying so on stderr, as `keys` asks. The busy timeout is
  /// `$CATALOG_BUSY_TIMEOUT_MS` milliseconds when set.
  func openCatalog(creating: Bool, keys: KeyAgreement = .required) throws(CatalogError)
    -> Catalog
  {
    let timeout = environment["CATALOG_BUSY_TIMEOUT_MS"].flatMap { Int32($0) }
    let location = try catalogLocation()
    let configuration = Catalog.Configuration(
      busyTimeoutMilliseconds: timeout ?? Catalog.defaultBusyTimeoutMilliseconds,
      notice: { StandardError.line("\($0)…") }, readOnly: !creating && isReadOnly)
    let catalog = try Catalog(at: location, creating: creating, configuration: configuration)
    do {
      try catalog.rekeyStaleLists(shared: keys == .rebuilt) { StandardError.line("\($0)…") }
    } catch .keysOfAnotherICU where keys == .notNeeded {
      // Leaves the keys to the programs that made them.
    }
    return catalog
  }

  /// The indexed list of `collection` (nil for the only one) grouped by the column `groupBy`
  /// (nil for letters), with index titles from `indexBy`, in `locale` (nil for the
  /// collection's), saying on standard error when a grouping or index must be built first.
  func openList(
    _ catalog: Catalog, collection: String?, groupBy: String?, indexBy: String? = nil,
    locale: String? = nil
  ) throws -> IndexedList {
    try IndexedList(
      catalog: catalog, collection: collection,
      grouping: groupBy.map(Grouping.column) ?? .letters, indexBy: indexBy,
      locale: try locale.map(CollationLocale.init),
      willBuild: { StandardError.line("\($0)…") })
  }
}
