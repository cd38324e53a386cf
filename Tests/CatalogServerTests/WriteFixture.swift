import CatalogSQLite
import CatalogServer
import CatalogStore
import CatalogTestSupport
import CatalogTokens
import Foundation

/// A catalog for writes over HTTP, made with the `catalog` binary from small hand-checkable
/// files, its tokens, and a server on it; the server stops when the fixture goes away.
///
/// `people` has a key column (`id`) and a grouping by state; `cities` names its items by number.
final class WriteFixture {
  let runner: CatalogRunner
  let server: CatalogServer
  /// The secrets of the tokens: `writer` writes everything, `reader` only reads, `cities` writes
  /// only the collection cities.
  let writer: String
  let reader: String
  let citiesOnly: String
  var port: UInt16 { server.port }

  static let people = """
    id,name,state
    p1,Åsa,Texas
    p2,Bo,Alaska
    p3,Cy,Texas
    p4,Di,Ohio

    """

  static let cities = """
    name,state
    Houston,Texas
    Austin,Texas
    Anchorage,Alaska

    """

  init(
    limits: ServerLimits = ServerLimits(), access: AccessPolicy = AccessPolicy(),
    busyTimeoutMilliseconds: Int32 = Catalog.defaultBusyTimeoutMilliseconds
  ) throws {
    let runner = try Self.makeCatalog()
    self.runner = runner
    func token(_ arguments: [String]) throws -> String {
      let result = try runner.run(["token", "create"] + arguments)
      try Self.check(result, arguments)
      return result.standardOutput.trimmingCharacters(in: .newlines)
    }
    writer = try token(["writer", "--write"])
    reader = try token(["reader"])
    citiesOnly = try token(["cities", "--write", "-c", "cities"])
    server = try CatalogServer(
      catalog: .sqlite(path: runner.databasePath), port: 0, limits: limits, access: access,
      busyTimeoutMilliseconds: busyTimeoutMilliseconds)
  }

  /// A new catalog of `people` and `cities`: the fixture's, or a twin of it, on which the
  /// command line makes the same writes as a test makes over HTTP.
  static func makeCatalog() throws -> CatalogRunner {
    let runner = try CatalogRunner()
    try runner.write("people.csv", Self.people)
    try runner.write("cities.csv", Self.cities)
    for arguments in [
      ["import", "people.csv", "--key", "id", "--group-by", "state", "--quiet"],
      ["import", "cities.csv", "--quiet"],
    ] {
      try check(runner.run(arguments), arguments)
    }
    return runner
  }

  static func check(_ result: CatalogRunner.Result, _ arguments: [String]) throws {
    guard result.status == 0 else {
      throw RawHTTPClient.Failure(description: "\(arguments): \(result.standardError)")
    }
  }

  /// Sends one request on a connection of its own, with `token`'s secret (none for nil), a
  /// body of `contentType`, and more headers.
  func request(
    _ method: String, _ target: String, token: String?, body: String = "",
    contentType: String? = "application/json", headers: [String: String] = [:]
  ) throws -> RawHTTPClient.Response {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    if let token { head += "Authorization: Bearer \(token)\r\n" }
    if let contentType, !body.isEmpty || method == "POST" || method == "PATCH" || method == "PUT" {
      head += "Content-Type: \(contentType)\r\n"
    }
    if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    return try RawHTTPClient.exchange(head + "\r\n" + body, port: port)
  }

  /// What the command line prints for `ARGUMENTS`.
  func cli(_ arguments: [String]) throws -> String {
    let result = try runner.run(arguments)
    try Self.check(result, arguments)
    return result.standardOutput
  }

  /// Everything a write could change, read by the `sqlite3` shell in one go: the catalog's
  /// version and change log, each collection's counters, its items with their versions, and its
  /// lists' rows, sections and tallies.
  func contents() throws -> [String] {
    try TestCatalog.sqlite3(
      path: runner.databasePath,
      """
      SELECT version, first_logged_version FROM catalog_state;
      SELECT count(*) FROM change_sets;
      SELECT name, item_count, next_item, version, imported_version FROM collections;
      SELECT collection_id, item, key, fields, version FROM items ORDER BY 1, 2;
      SELECT grouping_id, hex(key), item FROM rows ORDER BY 1, 2;
      SELECT grouping_id, hex(key), heading, item_count FROM sections ORDER BY 1, 2;
      SELECT grouping_id, level, hex(first_key), row_count FROM row_blocks ORDER BY 1, 2, 3;
      SELECT grouping_id, column_name, hex(section), value, count FROM section_values
        ORDER BY 1, 2, 3, 4;
      """)
  }

  /// The catalog's version now.
  func version() throws -> Int {
    try Catalog(path: runner.databasePath, creating: false).version()
  }
}
