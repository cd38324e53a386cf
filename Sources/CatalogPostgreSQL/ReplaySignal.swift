import CatalogStore
import Foundation

/// Sees the commits that a hot standby has replayed, where `LISTEN` cannot be used (a standby
/// refuses it, and its primary's `NOTIFY` is not replayed): it reads the catalog's version on the
/// standby every `pollInterval`, so a version is news only once a read there sees it, and a
/// watcher never delivers a change set that the standby cannot answer reads at yet.
///
/// Each look is one round trip that reads the one row of `catalog_state` through a statement
/// prepared once (tens of microseconds of the server's time): a hundred a second per watcher
/// at the interval of 10 ms, which keeps a replayed write's change set within about 10 ms of its
/// replay (DESIGN §17, within 100 ms).
final class ReplaySignal: CommitSignal {
  /// How often a waiting watcher looks at the standby's version.
  static let pollInterval = Duration.milliseconds(10)

  let connection: any DatabaseConnection
  private var lastVersion: Int?

  init(connection: PostgreSQLConnection) {
    self.connection = connection
  }

  func hasNews() throws(CatalogError) -> Bool {
    let version = try connection.cached("SELECT version FROM catalog_state").stepInteger()
    defer { lastVersion = version }
    return version != lastVersion
  }

  func waitForNews(upTo timeout: Duration) throws(CatalogError) -> Bool {
    if try hasNews() { return true }
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: min(Self.pollInterval, deadline - .now).seconds)
      if try hasNews() { return true }
    }
    return false
  }
}
