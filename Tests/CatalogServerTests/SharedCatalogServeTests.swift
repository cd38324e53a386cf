import CatalogTestSupport
import Foundation
import Testing

/// Several `catalog serve` processes on one catalog on PostgreSQL (DESIGN §14): each delivers to
/// its clients every change, whoever wrote it, woken by the write's NOTIFY.
@Suite(.enabled(if: PostgreSQLTestServer.shared != nil))
struct SharedCatalogServeTests {
  /// A `catalog serve` process on a port the system chose, and that port.
  final class ServeProcess {
    let process = Process()
    let port: UInt16

    /// Starts `catalog serve` on `port` (0: any free one; `port` then says which), with
    /// `arguments` after `serve`'s own.
    init(database: String, port: UInt16 = 0, arguments: [String] = []) throws {
      process.executableURL = CatalogRunner.executable
      process.arguments = ["--db", database, "serve", "--port", String(port)] + arguments
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      // The first line says where it serves: "serving … at http://127.0.0.1:PORT/ (…)".
      let starting = ProcessDeadline(process, seconds: 60)
      var line: [UInt8] = []
      while let byte = try errors.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 {
        line.append(byte)
      }
      starting.cancel()
      try starting.check()
      let text = String(decoding: line, as: UTF8.self)
      guard let match = text.firstMatch(of: #/127\.0\.0\.1:(\d+)//#), let port = UInt16(match.1)
      else {
        process.terminate()
        throw ServeError(line: text)
      }
      self.port = port
    }

    /// Stops it with SIGTERM, and waits for it to end; a server that does not stop fails the
    /// test.
    deinit {
      process.terminate()
      let stopping = ProcessDeadline(process, seconds: 30)
      process.waitUntilExit()
      stopping.cancel()
      if stopping.hasExpired { Issue.record("\(stopping.command) did not stop on SIGTERM") }
    }
  }

  struct ServeError: Error {
    let line: String
  }

  @Test func twoServersEachStreamAWriteOfTheCommandLine() throws {
    let runner = try CatalogRunner(engine: .postgreSQL)
    try runner.write("people.csv", "id,name\na1,Anna\nb2,Bo\n")
    #expect(try runner.run(["import", "people.csv", "--key", "id", "--quiet"]).status == 0)
    let servers = try (0..<2).map { _ in try ServeProcess(database: runner.databasePath) }
    let streams = try servers.map {
      try EventStreamClient(port: $0.port, target: "/api/collections/people/changes")
    }
    for stream in streams {
      #expect(stream.status == 200)
      #expect(try stream.events(1).map(\.type) == ["version"])
    }
    let started = Date()
    #expect(try runner.run(["add", "id=c3", "name=Cecilia"]).status == 0)
    let expected = try runner.run(["watch", "--since", "1", "--count", "1"]).standardOutput
    for stream in streams {
      let events = try stream.events(1)
      #expect(events.map(\.id) == ["2"])
      #expect(events.map { $0.data + "\n" } == [expected])
    }
    print("both streams had the write after \(Date().timeIntervalSince(started)) s")
  }
}
