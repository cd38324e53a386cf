import CatalogServer
import CatalogTestSupport
import Foundation
import Testing

/// `catalog serve` as a user runs it: its help, its errors, and a run stopped by SIGTERM.
struct ServeCommandTests {
  let runner: CatalogRunner

  init() throws {
    runner = try CatalogRunner()
    try runner.write("towns.csv", "name\nAda\nZed\n")
    #expect(try runner.run(["import", "towns.csv", "--quiet"]).status == 0)
  }

  @Test func helpLooksLikeTheOtherCommands() throws {
    let result = try runner.run(["serve", "--help"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput == """
        OVERVIEW: Serve the lists as a page and a JSON API over HTTP.

        The page at / shows each collection as an indexed list that follows writes as
        they commit; the JSON API under /api/collections answers with the records that
        --format json prints, and /api/collections/NAME/changes streams each write's
        change set as Server-Sent Events. The server only reads, and listens on
        127.0.0.1 unless --host says otherwise. Stop it with Ctrl-C.

        USAGE: catalog serve [--host <address>] [--port <port>] [--db <path>] [--verbose]

        OPTIONS:
          --host <address>        The address to listen on. (default: 127.0.0.1)
          --port <port>           The TCP port to listen on; 0 lets the system choose.
                                  (default: 8750)
          --db <path>             The catalog file (default: $CATALOG_DB or
                                  ./catalog.db).
          --verbose               On an error, also show SQLite's result code and the
                                  SQL that failed (as does CATALOG_DEBUG=1).
          --version               Show the version.
          -h, --help              Show help information.


        """)
  }

  @Test func aMissingCatalogIsAnError() throws {
    let result = try runner.run(["serve", "--port", "0"], database: runner.directory.path("no.db"))
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: no catalog at \(runner.directory.path("no.db")) (create one with 'catalog import FILE')\n"
    )
  }

  @Test func aPortOutOfRangeIsAUsageError() throws {
    let result = try runner.run(["serve", "--port", "65536"])
    #expect(result.status == 64)
    #expect(
      result.standardError.hasPrefix(
        "Error: The value '65536' is invalid for '--port <port>': expected a port number from 0 to 65535\n"
      ))
  }

  @Test func anUnknownHostIsAnError() throws {
    let result = try runner.run(["serve", "--host", "no-such-host.invalid", "--port", "0"])
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("Error: cannot listen on 'no-such-host.invalid': "))
  }

  @Test func aPortInUseIsAnError() throws {
    let first = try CatalogServer(catalog: .sqlite(path: runner.databasePath), port: 0)
    let result = try runner.run(["serve", "--port", String(first.port)])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: cannot listen on 127.0.0.1:\(first.port): Address already in use\n")
  }

  @Test func servesUntilSIGTERMThenStops() throws {
    let process = Process()
    process.executableURL = CatalogRunner.executable
    process.arguments = ["--db", runner.databasePath, "serve", "--port", "0"]
    let standardError = Pipe()
    process.standardError = standardError
    try process.run()
    let reader = standardError.fileHandleForReading
    var message = ""
    while !message.hasSuffix("\n"), let byte = try reader.read(upToCount: 1), !byte.isEmpty {
      message += String(decoding: byte, as: UTF8.self)
    }
    let prefix = "serving \(runner.databasePath) at http://127.0.0.1:"
    #expect(message.hasPrefix(prefix) && message.hasSuffix("/ (Ctrl-C to stop)\n"))
    let port = UInt16(message.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
    let response = try RawHTTPClient.get("/api/collections/towns/rows", port: port)
    let cli = try runner.run(["list", "--format", "json"])
    #expect(response.body == ServerFixture.jsonArray(cli.outputLines))
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) == "stopped\n")
  }
}
