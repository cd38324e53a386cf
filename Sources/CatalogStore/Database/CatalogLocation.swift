/// Where a catalog is and which engine keeps it: what a program passes around to open the same
/// catalog again, on another thread or in another request (`Catalog(at:creating:configuration:)`).
///
/// Each engine's module makes them: `CatalogLocation.sqlite(path:)` in `CatalogSQLite`,
/// `CatalogLocation.postgreSQL(uri:)` in `CatalogPostgreSQL`; a tool that takes either from its
/// user (`--db`, `$CATALOG_DB`) turns the text into one with `CatalogAddress` (`CatalogLocations`).
public struct CatalogLocation: Sendable, CustomStringConvertible {
  /// The catalog's place in messages: a path, or a URI with its password masked.
  public let description: String
  private let makeEngine: @Sendable () -> any CatalogEngine

  /// A location whose catalogs `makeEngine` opens, one engine per `Catalog`.
  package init(description: String, makeEngine: @escaping @Sendable () -> any CatalogEngine) {
    self.description = description
    self.makeEngine = makeEngine
  }

  package func engine() -> any CatalogEngine { makeEngine() }
}
