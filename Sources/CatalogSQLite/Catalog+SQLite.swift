internal import CSQLite
import CatalogMigrations
import CatalogStore
import Foundation

extension Catalog {
  /// Opens the catalog in the SQLite file at `path`, creating it when `creating` is true and no
  /// file exists there.
  ///
  /// - Throws: `CatalogError.missing` when there is no file and `creating` is false;
  ///   `.notACatalog` for another SQLite database, a text file or a damaged file (left untouched);
  ///   `.newerSchema` for a catalog written by a newer build; `.busy` when another process holds
  ///   the write lock for longer than the busy timeout.
  public convenience init(
    path: String, creating: Bool, configuration: Configuration = Configuration()
  ) throws(CatalogError) {
    try self.init(at: .sqlite(path: path), creating: creating, configuration: configuration)
  }

  /// The value of `PRAGMA application_id` that marks a catalog file ("CTLG").
  public static var applicationID: Int { SQLiteConnection.applicationID }

  /// The schema version this build writes into SQLite files: the number of its migrations.
  public static var supportedSQLiteSchemaVersion: Int { Migration.sqlite.count }

  /// Whether this process may write the catalog at `path`: the file and its directory (where
  /// SQLite keeps the write-ahead log) are writable.
  public static func isWritable(path: String) -> Bool {
    let directory = (path as NSString).deletingLastPathComponent
    return access(path, W_OK) == 0 && access(directory.isEmpty ? "." : directory, W_OK) == 0
  }

  /// SQLite's version, such as "3.40.1".
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
