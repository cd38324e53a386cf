import CatalogStore

extension CatalogLocation {
  /// The SQLite file at `path`.
  public static func sqlite(path: String) -> CatalogLocation {
    CatalogLocation(description: path) { SQLiteEngine(path: path) }
  }
}
