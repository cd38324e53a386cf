/// Where a catalog is and which engine keeps it: what a program passes around to open the same
/// catalog again, on another thread or in another request (`Catalog(at:creating:configuration:)`).
///
/// Each engine's module makes them: `CatalogLocation.sqlite(path:)` in `CatalogSQLite`,
/// `CatalogLocation.postgreSQL(uri:)` in `CatalogPostgreSQL`.
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

extension Catalog {
  /// Opens the catalog at `location`, creating it when `creating` is true and there is none.
  ///
  /// - Throws: as `Catalog(path:creating:configuration:)` does, for either engine.
  public convenience init(
    at location: CatalogLocation, creating: Bool, configuration: Configuration = Configuration()
  ) throws(CatalogError) {
    try self.init(engine: location.engine(), creating: creating, configuration: configuration)
  }
}
