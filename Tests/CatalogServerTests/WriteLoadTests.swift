import Foundation
import Testing

/// Many clients writing at once over keep-alive connections (DESIGN §8, §15): nothing is lost,
/// every write takes its own version with none skipped, and a change stream opened before sees
/// every version once, in order.
struct WriteLoadTests {
  static let clients = 32
  static let writesEach = 8

  @Test func thirtyTwoClientsWritingAtOnceLoseNothing() throws {
    let fixture = try WriteFixture()
    let start = try fixture.version()
    let stream = try EventStreamClient(
      port: fixture.port, target: "/api/collections/cities/changes")
    #expect(try stream.events(1).map(\.id) == [String(start)])

    let secret = fixture.writer
    let port = fixture.port
    let results = Results()
    DispatchQueue.concurrentPerform(iterations: Self.clients) { client in
      do {
        let connection = try KeepAliveConnection(port: port)
        for write in 0..<Self.writesEach {
          let response = try connection.send(
            "POST", "/api/collections/cities/items",
            headers: ["Authorization": "Bearer \(secret)", "Content-Type": "application/json"],
            body: Array(#"{"name":"Client \#(client) write \#(write)","state":"Texas"}"#.utf8))
          results.add(response)
        }
      } catch {
        results.fail("\(error)")
      }
    }
    let total = Self.clients * Self.writesEach
    #expect(results.failures.isEmpty, "\(results.failures.prefix(3))")
    #expect(results.statuses == [201: total])
    // Each write its own version, consecutive from the one after the start.
    #expect(results.versions.sorted() == Array(start + 1...start + total))
    let names = try fixture.cli(["export", "-c", "cities", "--format", "csv"])
      .split(separator: "\n").filter { $0.hasPrefix("Client ") }
    #expect(Set(names).count == total)
    #expect(try fixture.version() == start + total)
    // The stream sent every version once, in order, each a change set of one row.
    let events = try stream.messages(total, within: .seconds(20))
    #expect(events.compactMap { $0.id.flatMap(Int.init) } == Array(start + 1...start + total))
    #expect(events.allSatisfy { $0.data.contains(#""rows":{"deleted":[],"inserted":[["#) })
  }

  /// What the clients got, gathered from their threads.
  private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var statuses: [Int: Int] = [:]
    private(set) var versions: [Int] = []
    private(set) var failures: [String] = []

    func add(_ response: RawHTTPClient.Response) {
      let summary = try? JSONSerialization.jsonObject(with: Data(response.body.utf8))
      lock.withLock {
        statuses[response.status, default: 0] += 1
        if let version = (summary as? [String: Any])?["version"] as? Int {
          versions.append(version)
        }
      }
    }

    func fail(_ message: String) { lock.withLock { failures.append(message) } }
  }
}
