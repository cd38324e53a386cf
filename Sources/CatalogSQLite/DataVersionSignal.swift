import CatalogStore
import Foundation

/// Sees the commits of other connections through SQLite's `PRAGMA data_version`, which moves
/// whenever another connection has committed (and also when one only checkpointed). Checking costs
/// a few microseconds, so checking every few milliseconds is cheap.
final class DataVersionSignal: CommitSignal {
  let connection: any DatabaseConnection
  private let dataVersion: any DatabaseStatement
  private var lastDataVersion: Int?

  init(connection: any DatabaseConnection) throws(CatalogError) {
    self.connection = connection
    dataVersion = try connection.prepare("PRAGMA data_version")
  }

  func hasNews() throws(CatalogError) -> Bool {
    let data = try dataVersion.stepInteger()
    defer { lastDataVersion = data }
    return data != lastDataVersion
  }

  func waitForNews(upTo timeout: Duration) throws(CatalogError) -> Bool {
    if try hasNews() { return true }
    Thread.sleep(forTimeInterval: timeout.seconds)
    return try hasNews()
  }
}
