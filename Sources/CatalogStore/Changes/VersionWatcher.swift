/// Sees the writes that other connections, in this process or another, commit to a catalog.
///
/// It asks the engine's commit signal, on a connection of its own, whether anything may have
/// been committed — SQLite's `PRAGMA data_version`, a few microseconds; PostgreSQL's
/// notifications, which arrive on the connection's socket — and only then reads the catalog's
/// version. A signal may fire for no new version (a checkpoint); the watcher then says none.
public final class VersionWatcher {
  private let signal: any CommitSignal
  private var lastVersion = 0

  /// Watches the catalog that `catalog` has open, through a connection of its own.
  public init(catalog: Catalog) throws(CatalogError) {
    signal = try catalog.engine.makeCommitSignal(
      busyTimeoutMilliseconds: catalog.busyTimeoutMilliseconds)
  }

  /// The catalog's version now.
  public func version() throws(CatalogError) -> Int {
    _ = try signal.hasNews()
    lastVersion = try signal.connection.cached("SELECT version FROM catalog_state").stepInteger()
    return lastVersion
  }

  /// The catalog's version when another connection committed since the last look; nil when none
  /// did.
  public func newVersion() throws(CatalogError) -> Int? {
    guard try signal.hasNews() else { return nil }
    return try newVersionSinceLastLook()
  }

  private func newVersionSinceLastLook() throws(CatalogError) -> Int? {
    let previous = lastVersion
    lastVersion = try signal.connection.cached("SELECT version FROM catalog_state").stepInteger()
    return lastVersion != previous ? lastVersion : nil
  }

  /// Waits until the catalog's version is greater than `version`, and returns it, waking when the
  /// engine signals a commit and at least every `interval`. Blocks the calling thread.
  public func waitForVersion(after version: Int, checkingEvery interval: Duration)
    throws(CatalogError) -> Int
  {
    var current = try self.version()
    while current <= version {
      if try signal.waitForNews(upTo: interval) {
        current = try newVersionSinceLastLook() ?? current
      }
    }
    return current
  }
}

extension Duration {
  /// The duration in seconds, for APIs that take a `TimeInterval`.
  package var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
