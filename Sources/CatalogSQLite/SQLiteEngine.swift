import CatalogMigrations
import CatalogStore
import Foundation

/// A catalog in one SQLite file, and how its connections open it: the main one reading and
/// writing, the others (snapshots, watchers) reading as the main one can.
package final class SQLiteEngine: CatalogEngine {
  package let location: String
  package var migrations: [Migration] { Migration.sqlite }
  package var traits: EngineTraits { SQLiteConnection.traits }
  /// How the catalog's other connections (snapshots, watchers) open the file; decided when the
  /// main connection opens.
  private var readingAccess = SQLiteConnection.Access.readOnly

  package init(path: String) {
    location = path
  }

  package func catalogExists() -> Bool {
    FileManager.default.fileExists(atPath: location)
  }

  package func connect(creating: Bool, readOnly: Bool, busyTimeoutMilliseconds: Int32)
    throws(CatalogError) -> any DatabaseConnection
  {
    readingAccess = readOnly ? SQLiteConnection.Access.reading(location) : .readOnly
    let connection = try SQLiteConnection(
      path: location, access: readOnly ? readingAccess : .readWrite(creating: creating))
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    return connection
  }

  package func connectReader(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any DatabaseConnection
  {
    let connection = try SQLiteConnection(path: location, access: readingAccess)
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    return connection
  }

  package func makeCommitSignal(busyTimeoutMilliseconds: Int32) throws(CatalogError)
    -> any CommitSignal
  {
    try DataVersionSignal(
      connection: connectReader(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
  }
}
