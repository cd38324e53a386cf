import CatalogCollation
import CatalogPostgreSQL
import CatalogRecords
import CatalogSQLite
import CatalogStore
import CommandLineArguments

/// `catalog info`: where the catalog is, what made it and what it holds, and the versions of
/// this build; without a catalog at the path, the build's versions alone.
struct InfoCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "info",
    abstract: "Show the catalog, and the versions of this build.",
    discussion: """
      Shows the catalog's path (or URI, its password masked), the PostgreSQL server and \
      database that keep it, its schema version, version and collections, and the versions of \
      catalog, SQLite, libpq and ICU in this build; without a catalog there, only those.
      """
  )

  /// How `info` prints.
  enum Format: String, CaseIterable, ExpressibleByArgument {
    case table, json
  }

  @Option("format", value: "format", help: "The output format.")
  var format = Format.table

  func run(_ context: CommandContext) throws {
    let catalog = try Self.openCatalogIfThere(context)
    let collections = try catalog?.collections()
    let schemaVersion = try catalog?.storedSchemaVersion()
    let version = try catalog?.version()
    let path = try catalog?.path ?? context.catalogLocation().description
    let server = catalog?.serverDescription ?? []
    // What this build is made of.
    let build = [
      ("catalog", CatalogTool.version), ("SQLite", Catalog.sqliteVersion),
      ("libpq", PostgreSQLEngine.libpqVersion), ("ICU", Collation.icuVersion),
      ("Unicode", Collation.unicodeVersion), ("CLDR", Collation.cldrVersion),
    ]
    if format == .json {
      let record = Record(
        columns: [
          "path", "exists", "server", "schema_version", "version", "collections", "build",
        ],
        values: [
          .text(path), .boolean(catalog != nil),
          server.isEmpty
            ? .null : .object(server.map { .init(name: $0.name, value: .text($0.value)) }),
          schemaVersion.map(RecordValue.integer) ?? .null,
          version.map(RecordValue.integer) ?? .null,
          collections.map { .texts($0.map(\.name)) } ?? .null,
          .object(build.map { .init(name: $0.0.lowercased(), value: .text($0.1)) }),
        ])
      return try context.output.line(record.json)
    }
    var rows = [("catalog", path + (catalog == nil ? " (no catalog there)" : ""))]
    rows += server.map { ($0.name, $0.value) }
    if let schemaVersion, let version {
      rows += [("schema version", String(schemaVersion)), ("version", String(version))]
    }
    rows += build.map { $0 == "catalog" ? ("build", "catalog \($1)") : ($0, $1) }
    if let collections {
      rows.append(("collections", collections.isEmpty ? "none" : String(collections.count)))
      rows += collections.map { collection in
        (
          "  " + collection.name,
          "\(collection.itemCount.withThousandsSeparators) items, locale \(collection.locale), "
            + "title \(collection.titleColumn)"
        )
      }
    }
    let escaped = rows.map { ($0.0.tableEscaped, $0.1.tableEscaped) }
    let width = escaped.map(\.0.terminalWidth).max() ?? 0
    for (label, value) in escaped {
      try context.output.line(label.padding(toLength: width + 2) + value)
    }
  }

  /// The catalog, or nil when there is no file at its path.
  private static func openCatalogIfThere(_ context: CommandContext) throws(CatalogError)
    -> Catalog?
  {
    do {
      return try context.openCatalog(creating: false, keys: .notNeeded)
    } catch {
      guard case .missing = error else { throw error }
      return nil
    }
  }
}
