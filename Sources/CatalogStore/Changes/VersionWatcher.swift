import Foundation

/// Sees the writes that other connections, in this process or another, commit to a catalog.
///
/// It asks SQLite's `PRAGMA data_version` on a connection of its own, which moves whenever
/// another connection has committed (and also when one only checkpointed, so a wake-up may find
/// no new version); only then does it read the catalog's version. Checking costs a few
/// microseconds, so checking every few milliseconds is cheap.
public final class VersionWatcher {
  private let connection: Connection
  private let dataVersion: Statement
  private var lastDataVersion: Int?
  private var lastVersion = 0

  /// Watches the catalog at `catalog`'s path, through its own read-only connection.
  public init(catalog: Catalog) throws(CatalogError) {
    connection = try Connection(path: catalog.path, access: catalog.readingAccess)
    connection.setBusyTimeout(milliseconds: catalog.busyTimeoutMilliseconds)
    dataVersion = try connection.prepare("PRAGMA data_version")
  }

  /// The catalog's version now.
  public func version() throws(CatalogError) -> Int {
    lastDataVersion = try dataVersion.stepInteger()
    lastVersion = try connection.cached("SELECT version FROM catalog_state").stepInteger()
    return lastVersion
  }

  /// The catalog's version when another connection committed since the last look; nil when none
  /// did.
  public func newVersion() throws(CatalogError) -> Int? {
    let data = try dataVersion.stepInteger()
    guard data != lastDataVersion else { return nil }
    let previous = lastVersion
    let current = try version()
    return current != previous ? current : nil
  }

  /// Waits, looking every `interval`, until the catalog's version is greater than `version`, and
  /// returns it. Blocks the calling thread.
  public func waitForVersion(after version: Int, checkingEvery interval: Duration)
    throws(CatalogError) -> Int
  {
    var current = try self.version()
    while current <= version {
      Thread.sleep(forTimeInterval: interval.seconds)
      current = try newVersion() ?? current
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
