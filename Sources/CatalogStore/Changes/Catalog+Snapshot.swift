/// A second connection to a catalog that reads one version of it until it is moved on, so that
/// a list's counts and cursors never mix two versions (DESIGN §10). It does not hold up writers.
package final class CatalogSnapshot {
  package let connection: any DatabaseConnection
  /// The catalog version the snapshot reads.
  package private(set) var version: Int

  init(engine: any CatalogEngine, busyTimeoutMilliseconds: Int32) throws(CatalogError) {
    connection = try engine.connectReader(busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    version = 0
    version = try begin()
  }

  deinit { try? connection.execute("COMMIT") }

  /// Moves the snapshot to the newest committed version; returns the version it read before.
  @discardableResult
  package func advance() throws(CatalogError) -> Int {
    let previous = version
    try connection.execute("COMMIT")
    version = try begin()
    return previous
  }

  /// Starts the read transaction: its first read fixes what it sees.
  private func begin() throws(CatalogError) -> Int {
    try connection.beginSnapshot()
    return try connection.integer("SELECT version FROM catalog_state")
  }
}

extension Catalog {
  /// A snapshot of the catalog as it is now, for reading one version.
  package func openSnapshot() throws(CatalogError) -> CatalogSnapshot {
    try CatalogSnapshot(engine: engine, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }
}
