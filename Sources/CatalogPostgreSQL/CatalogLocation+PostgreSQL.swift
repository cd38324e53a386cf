import CatalogStore

extension CatalogLocation {
  /// The catalog in the schema that a PostgreSQL URI names (`postgresql://…`, `postgres://…`,
  /// with `?schema=NAME` for another schema than `catalog`).
  ///
  /// - Throws: `CatalogError.invalidRequest` for a URI that is not one.
  public static func postgreSQL(uri: String) throws(CatalogError) -> CatalogLocation {
    let parsed = try PostgreSQLURI(uri)
    return CatalogLocation(description: parsed.description) { PostgreSQLEngine(uri: parsed) }
  }

  /// Whether `text` is a PostgreSQL URI (`postgresql://`, `postgres://`) rather than a path.
  public static func isPostgreSQLURI(_ text: String) -> Bool {
    PostgreSQLURI.isURI(text)
  }
}
