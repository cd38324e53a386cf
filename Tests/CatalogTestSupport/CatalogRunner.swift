import CatalogStore
import Foundation

/// Runs the built `catalog` executable as a user would, in a temporary directory with its own
/// catalog, and captures what it prints.
public struct CatalogRunner: Sendable {
  public struct Result: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String

    public var outputLines: [String] {
      standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
        String.init)
    }
  }

  public let directory: TemporaryDirectory
  public let engine: TestEngine
  /// The runner's catalog: `catalog.db` in its directory, or a schema of its own on the
  /// PostgreSQL test server.
  public let databasePath: String

  public init(engine: TestEngine = .sqlite) throws {
    directory = try TemporaryDirectory()
    self.engine = engine
    databasePath = engine.newLocation(in: directory, name: "catalog.db")
  }

  /// The `catalog` binary that `swift build` put beside the test bundle.
  public static var executable: URL {
    URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "catalog")
  }

  /// Runs `catalog --db <catalog> ARGUMENTS` with `input` on standard input; `database` names
  /// another catalog than the runner's; `user` runs it as that user (through `setpriv`, which
  /// needs root), such as `nobody`, who can read the runner's files but not write them.
  ///
  /// - Throws: `ProcessDeadline.Expired` when it ran past `ProcessDeadline.standardSeconds`.
  @discardableResult
  public func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    executable: URL = CatalogRunner.executable, database: String? = nil, user: String? = nil
  ) throws -> Result {
    let process = Process()
    let command = [executable.path, "--db", database ?? databasePath] + arguments
    if let user {
      process.executableURL = URL(filePath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=\(user)", "--regid=nogroup", "--clear-groups"] + command
    } else {
      process.executableURL = executable
      process.arguments = Array(command.dropFirst())
    }
    process.currentDirectoryURL = directory.url
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C"].merging(environment) { $1 }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    let deadline = ProcessDeadline(process)
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    let error = standardError.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    deadline.cancel()
    try deadline.check()
    return Result(
      status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: error, as: UTF8.self))
  }

  /// The rows `sql` reads from the runner's catalog, opened as a library user would (see
  /// `Catalog.rows(_:)`): for either engine.
  public func rows(_ sql: String) throws -> [String] {
    try Catalog(at: engine.location(databasePath), creating: false).rows(sql)
  }

  /// Everything a catalog holds — items, lists, sections, tallies, blocks, search keys and
  /// starts, the version and the change log — to see that a refused write changed nothing.
  public func contents() throws -> [String] {
    try [
      "SELECT collection_id, item, title, fields, key FROM items ORDER BY collection_id, item",
      "SELECT grouping_id, key, length(key), item FROM rows ORDER BY grouping_id, key",
      "SELECT grouping_id, key, heading, letter, item_count FROM sections ORDER BY grouping_id, key",
      """
      SELECT grouping_id, column_name, section, value, count FROM section_values
      ORDER BY grouping_id, column_name, section, value
      """,
      "SELECT grouping_id, level, first_key, row_count, section_count FROM row_blocks "
        + "ORDER BY grouping_id, level, first_key",
      "SELECT search_index_id, key, item FROM search_keys ORDER BY search_index_id, key, item",
      "SELECT grouping_id, prefix, first_row FROM search_starts ORDER BY grouping_id, prefix",
      "SELECT id, name, item_count, next_item, version, header, footer FROM collections ORDER BY id",
      "SELECT version, first_logged_version FROM catalog_state",
      "SELECT version, collection, group_by, locale, change_set FROM change_sets "
        + "ORDER BY version, collection, group_by, locale",
    ].flatMap(rows)
  }

  /// Writes a file into the runner's directory and returns its name.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try directory.write(name, text)
    return name
  }
}
