import CatalogSQLite
import CatalogServer
import CatalogStore
import CatalogTestSupport
import Foundation

/// A catalog made with the `catalog` binary from small hand-checkable files, and a server on it
/// on a port the system chooses; the server stops when the fixture goes away.
final class ServerFixture {
  let runner: CatalogRunner
  let server: CatalogServer
  var port: UInt16 { server.port }

  static let cities = """
    name,state,state_code
    Houston,Texas,TX
    Birmingham,Alabama,AL
    Austin,Texas,TX
    Anchorage,Alaska,AK
    Åre,Jämtland,Z
    Örebro,Örebro,T
    San José,California,CA
    San Jose,California,CA
    Santa Ana,California,CA

    """

  init(limits: ServerLimits = ServerLimits()) throws {
    runner = try CatalogRunner()
    try runner.write("cities.csv", Self.cities)
    let many = (0..<150).map { "Item \(1000 + $0)" }.joined(separator: "\n")
    try runner.write("many.csv", "name\n\(many)\n")
    try runner.write("bar.csv", "name\nZed\nAda\n")
    for arguments in [
      ["import", "cities.csv", "--group-by", "state", "--quiet"],
      ["import", "many.csv", "--quiet"],
      ["import", "bar.csv", "-c", "bär & co/2", "--quiet"],
      ["annotate", "-c", "cities", "--header", "US cities", "--footer", "Census 2020"],
      ["annotate", "-c", "cities", "--group-by", "state", "--section", "Texas", "--footer", "Big"],
    ] {
      let result = try runner.run(arguments)
      guard result.status == 0 else {
        throw RawHTTPClient.Failure(description: "\(arguments): \(result.standardError)")
      }
    }
    server = try CatalogServer(catalog: .sqlite(path: runner.databasePath), port: 0, limits: limits)
  }

  /// What `catalog ARGUMENTS --format json` prints, as the server's JSON array would hold it.
  func cliJSONArray(_ arguments: [String]) throws -> String {
    let result = try runner.run(arguments + ["--format", "json"])
    guard result.status == 0 else {
      throw RawHTTPClient.Failure(description: "\(arguments): \(result.standardError)")
    }
    return Self.jsonArray(result.outputLines)
  }

  /// JSON lines as one array: `[\n{…},\n{…}\n]\n`, or `[]\n`.
  static func jsonArray(_ lines: some Collection<String>) -> String {
    lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }

  /// Runs a write (`add`, `update`, `remove` …) as another process, and returns the version
  /// it committed, as its `--format json` summary says.
  @discardableResult
  func write(_ arguments: [String]) throws -> Int {
    let result = try runner.run(arguments + ["--format", "json"])
    guard result.status == 0,
      let summary = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [String: Any],
      let version = summary["version"] as? Int
    else {
      throw RawHTTPClient.Failure(description: "\(arguments): \(result.standardError)")
    }
    return version
  }

  /// The lines `catalog watch ARGUMENTS --since SINCE --count COUNT` prints; it is stopped,
  /// and the test fails, when it has not printed them within ten seconds.
  func watch(_ arguments: [String], since: Int, count: Int) throws -> [String] {
    let process = Process()
    process.executableURL = CatalogRunner.executable
    process.arguments =
      ["--db", runner.databasePath, "watch"] + arguments
      + ["--since", String(since), "--count", String(count)]
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let deadline = ProcessDeadline(process, seconds: 10)
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    deadline.cancel()
    try deadline.check()
    guard process.terminationStatus == 0 else {
      throw RawHTTPClient.Failure(
        description: "watch \(arguments) --since \(since): status \(process.terminationStatus)")
    }
    return String(decoding: printed, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// The catalog's version now, as the storage layer reads it.
  func version() throws -> Int {
    try Catalog(path: runner.databasePath, creating: false).version()
  }

  /// Opens `/api/collections/…/changes…` as an EventSource would.
  func stream(_ target: String, lastEventID: String? = nil) throws -> EventStreamClient {
    try EventStreamClient(port: port, target: target, lastEventID: lastEventID)
  }

  func get(_ target: String) throws -> RawHTTPClient.Response {
    try RawHTTPClient.get(target, port: port)
  }
}
