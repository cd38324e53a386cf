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
        --format json prints, /api/collections/NAME/changes streams each write's change
        set as Server-Sent Events, and /api/collections/NAME/items takes writes from
        clients with a token made by 'catalog token create NAME --write'. The server
        listens on 127.0.0.1 unless --host says otherwise; reads need no token there
        unless --require-token. Stop it with Ctrl-C.

        USAGE: catalog serve [--host <address>] [--port <port>] [--require-token] [--public-reads] [--edit] [--allow-origin <origin> ...] [--write-db <uri>] [--max-body <bytes>] [--max-upload <bytes>] [--db <path-or-uri>] [--verbose]

        OPTIONS:
          --host <address>        The address to listen on. (default: 127.0.0.1)
          --port <port>           The TCP port to listen on; 0 lets the system choose.
                                  (default: 8750)
          --require-token         Let only clients with a token read, as they must to
                                  write.
          --public-reads          Let anyone who reaches the server read, on any
                                  address (--host 0.0.0.0).
          --edit                  Make a token to write for this session, revoked when
                                  the server stops, and print the page's address with
                                  it.
          --allow-origin <origin> Let pages from this origin (https://app.example) call
                                  the API; may be repeated.
          --write-db <uri>        Send writes to this PostgreSQL catalog, the primary
                                  of the standby that --db names (a multi-host URI with
                                  target_session_attrs=read-write finds the primary
                                  after a failover).
          --max-body <bytes>      The largest JSON body a write may send. (default:
                                  1048576)
          --max-upload <bytes>    The largest CSV body a PUT may send. (default:
                                  67108864)
          --db <path-or-uri>      The catalog: an SQLite file's path or a PostgreSQL
                                  URI (default: $CATALOG_DB or ./catalog.db).
          --verbose               On an error, also show what SQLite or PostgreSQL said
                                  and the SQL that failed (as does CATALOG_DEBUG=1).
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

  static let usage =
    "Usage: catalog serve [--host <address>] [--port <port>] [--require-token] [--public-reads] "
    + "[--edit] [--allow-origin <origin> ...] [--write-db <uri>] [--max-body <bytes>] "
    + "[--max-upload <bytes>] "
    + "[--db <path-or-uri>] [--verbose]\n  See 'catalog serve --help' for more information.\n"

  static let usageErrors: [(arguments: [String], error: String)] = [
    (
      ["--host", "0.0.0.0"],
      "--host 0.0.0.0 is not a loopback address, and anyone who reaches it could read the "
        + "catalog: add --require-token, or --public-reads if that is meant"
    ),
    (
      ["--require-token", "--public-reads"],
      "Value to be set with flag '--public-reads' had already been set with flag "
        + "'--require-token'"
    ),
    (
      ["--allow-origin", "https://app.example/page"],
      "'https://app.example/page' is not an origin: expected a scheme and a host, such as "
        + "https://app.example or http://localhost:3000"
    ),
    (
      ["--write-db", "primary.db"],
      "--write-db takes the PostgreSQL URI of the primary of the standby that --db names, not "
        + "'primary.db'"
    ),
    (
      ["--max-body", "1MB"],
      "The value '1MB' is invalid for '--max-body <bytes>': expected a whole number, 0 or more"
    ),
  ]

  @Test(arguments: usageErrors)
  func optionsThatWouldOpenTheCatalogToOthersOrMakeNoSenseAreUsageErrors(
    arguments: [String], error: String
  ) throws {
    let result = try runner.run(["serve", "--port", "0"] + arguments)
    #expect(result.status == 64)
    #expect(result.standardError == "Error: \(error)\n" + Self.usage)
  }

  /// The lines a `catalog serve` process prints on standard error, read one at a time.
  final class ServeProcess {
    let process = Process()
    private let reader: FileHandle

    /// `catalog serve` on the runner's catalog, or on `database`.
    init(_ runner: CatalogRunner, _ arguments: [String], database: String? = nil) throws {
      process.executableURL = CatalogRunner.executable
      process.arguments =
        ["--db", database ?? runner.databasePath, "serve", "--port", "0"] + arguments
      let standardError = Pipe()
      process.standardError = standardError
      reader = standardError.fileHandleForReading
      try process.run()
    }

    func line() throws -> String {
      var message = ""
      while !message.hasSuffix("\n"), let byte = try reader.read(upToCount: 1), !byte.isEmpty {
        message += String(decoding: byte, as: UTF8.self)
      }
      return message
    }

    /// Stops it as Ctrl-C or SIGTERM does, and returns what it printed last.
    func stop() throws -> String {
      process.terminate()
      let stopping = ProcessDeadline(process, seconds: 30)
      process.waitUntilExit()
      stopping.cancel()
      try stopping.check()
      return String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    }
  }

  @Test func editMakesATokenForTheSessionAndRevokesItWhenTheServerStops() throws {
    let server = try ServeProcess(runner, ["--edit"])
    let serving = try server.line()
    let port = UInt16(serving.split(separator: ":").last?.prefix { $0.isNumber } ?? "") ?? 0
    let edit = try server.line()
    let prefix = "edit the lists at http://127.0.0.1:\(port)/?token="
    #expect(edit.hasPrefix(prefix))
    #expect(edit.hasSuffix(" (its token is revoked when the server stops)\n"))
    let secret = String(edit.dropFirst(prefix.count).prefix { $0 != " " })
    #expect(secret.wholeMatch(of: /ctk_[A-Za-z0-9_-]{43}/) != nil)
    let listed = try runner.run(["token", "list", "--format", "csv"]).csvColumns("name", "write")
    #expect(
      listed.count == 2 && listed[1].hasPrefix("serve --edit ") && listed[1].hasSuffix(",true"))
    // The page's address with it loads the page; the token writes.
    #expect(try RawHTTPClient.get("/?token=\(secret)", port: port).status == 200)
    let written = try RawHTTPClient.exchange(
      "POST /api/collections/towns/items HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        + "Authorization: Bearer \(secret)\r\nContent-Type: application/json\r\n"
        + "Content-Length: 14\r\n\r\n{\"name\":\"Bea\"}", port: port)
    #expect(written.status == 201)
    #expect(try server.stop() == "stopped\n")
    #expect(server.process.terminationStatus == 0)
    #expect(try runner.run(["token", "list", "--format", "csv"]).csvColumns("name") == ["name"])
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
    let stopping = ProcessDeadline(process, seconds: 30)
    process.waitUntilExit()
    stopping.cancel()
    try stopping.check()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) == "stopped\n")
  }
}
