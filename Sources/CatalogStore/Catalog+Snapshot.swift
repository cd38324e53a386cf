/// A second connection to a catalog that reads one version of it until it is moved on, so that
/// a list's counts and cursors never mix two versions (DESIGN §10). In WAL mode a snapshot does
/// not hold up writers; while it lasts, the log cannot be checkpointed past it.
package final class CatalogSnapshot {
  package let connection: Connection
  /// The catalog version the snapshot reads.
  package private(set) var version: Int

  init(path: String, access: Connection.Access, busyTimeoutMilliseconds: Int32)
    throws(CatalogError)
  {
    connection = try Connection(path: path, access: access)
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
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
    try connection.execute("BEGIN")
    return try connection.integer("SELECT version FROM catalog_state")
  }
}

extension Catalog {
  /// A snapshot of the catalog as it is now, for reading one version.
  package func openSnapshot() throws(CatalogError) -> CatalogSnapshot {
    try CatalogSnapshot(
      path: path, access: readingAccess, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }
}
