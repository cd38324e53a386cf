import CatalogCollation
import CatalogSQLite
import CatalogStore
import Foundation

/// A new catalog in a temporary directory, and the ways tests fill it.
public final class TestCatalog {
  public let directory: TemporaryDirectory
  public let catalog: Catalog
  public var path: String { catalog.path }

  public init() throws {
    directory = try TemporaryDirectory()
    catalog = try Catalog(path: directory.path("test.db"), creating: true)
  }

  /// Imports CSV text as a collection.
  @discardableResult
  public func importCSV(
    _ csv: String, collection: String = "items", locale: String = "en", title: String? = nil,
    sortAs: [String]? = nil, groupBy: [String] = [], key: String? = nil,
    mode: ImportOptions.Mode = .create
  ) throws -> ImportSummary {
    let path = try directory.write("\(collection).csv", csv)
    let reader = try CSVReader(path: path)
    let options = ImportOptions(
      collection: collection, titleColumn: title, sortAs: sortAs,
      locale: mode.writesItems ? nil : try CollationLocale(locale),
      groupBy: groupBy, key: key, mode: mode)
    return try catalog.importCollection(from: reader, options: options)
  }

  /// Runs a query with the `sqlite3` shell, as any other SQLite client would, and returns its
  /// output lines.
  public func sqlite3(_ sql: String) throws -> [String] {
    try TestCatalog.sqlite3(path: path, sql)
  }

  /// Runs `sql` on the database at `path` with the `sqlite3` shell.
  public static func sqlite3(path: String, _ sql: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
