import CatalogCollation
import CatalogSQLite
import CatalogStore
import Foundation

/// A new catalog — a file in a temporary directory, or a schema of its own on the PostgreSQL test
/// server — and the ways tests fill it.
public final class TestCatalog {
  public let directory: TemporaryDirectory
  public let engine: TestEngine
  /// The catalog's file or URI, as given to open it (the URI unmasked; the test server has no
  /// password).
  public let place: String
  public let catalog: Catalog
  public var path: String { catalog.path }

  public init(engine: TestEngine = .sqlite) throws {
    directory = try TemporaryDirectory()
    self.engine = engine
    place = engine.newLocation(in: directory)
    catalog = try Catalog(at: engine.location(place), creating: true)
  }

  /// Opens the same catalog again, as another program would.
  public func reopen(configuration: Catalog.Configuration = .init()) throws -> Catalog {
    try Catalog(at: engine.location(place), creating: false, configuration: configuration)
  }

  /// The rows `sql` reads (see `Catalog.rows(_:)`).
  public func rows(_ sql: String) throws -> [String] {
    try catalog.rows(sql)
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
    try sqlite3(arguments: [path, sql], errors: nil)
  }

  /// What `sql` reads from the catalog at `path` as another process looking in sees it now: through
  /// a read-only connection of the `sqlite3` shell, which never creates the file. No lines while
  /// the file is missing or a writer holds it.
  public static func peek(path: String, _ sql: String) throws -> [String] {
    let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    return try sqlite3(arguments: ["file:\(escaped)?mode=ro", sql], errors: .nullDevice)
  }

  /// Waits until `peek(path:_:)` of `sql` reads `lines`, or `writer` has ended: for a test that
  /// acts on a writer once another process sees its commit.
  public static func waitUntil(
    _ sql: String, at path: String, reads lines: [String], whileRunning writer: Process
  ) throws {
    while try writer.isRunning && peek(path: path, sql) != lines {
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  private static func sqlite3(arguments: [String], errors: FileHandle?) throws -> [String] {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/sqlite3")
    process.arguments = arguments
    if let errors { process.standardError = errors }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

extension Catalog {
  /// The rows `sql` reads, each as its columns' text joined by `|` (as the `sqlite3` shell prints
  /// them), read through the catalog's own connection: for either engine. A BLOB column reads as
  /// its bytes taken for UTF-8, so write `length(key)` beside it where bytes matter.
  public func rows(_ sql: String) throws -> [String] {
    let statement = try connection.prepare(sql)
    var rows: [String] = []
    while try statement.step() {
      rows.append(
        (0..<statement.columnCount).map { statement.isNull(at: $0) ? "" : statement.text(at: $0) }
          .joined(separator: "|"))
    }
    return rows
  }
}
