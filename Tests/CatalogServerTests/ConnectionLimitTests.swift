import CatalogServer
import Foundation
import Testing

/// Many connections at once, for a bounded time: the server answers those it takes, drops the
/// idle ones after its idle time, and serves as before once they are gone.
struct ConnectionLimitTests {
  @Test func manyConcurrentClientsGetTheSameAnswers() throws {
    let fixture = try ServerFixture()
    let expected = try fixture.cliJSONArray(["list", "-c", "cities", "--offset", "1"])
    let answers = Answers()
    let port = fixture.port
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      for _ in 0..<10 {
        let response = try? RawHTTPClient.get("/api/collections/cities/rows?offset=1", port: port)
        answers.add(response?.status == 200 && response?.body == expected)
      }
    }
    #expect(answers.counts == (160, 0))
  }

  @Test func idleConnectionsBeyondTheLimitAreDroppedAfterTheIdleTime() throws {
    var limits = ServerLimits()
    limits.connections = 8
    limits.idleSeconds = 1
    let fixture = try ServerFixture(limits: limits)
    // Twice as many clients as the server takes, each stuck in the middle of a request line.
    var stuck: [Int32] = []
    defer { stuck.forEach { close($0) } }
    for _ in 0..<16 {
      let socket = try RawHTTPClient.connect(port: fixture.port)
      _ = "GET /api/coll".withCString { send(socket, $0, 13, Int32(MSG_NOSIGNAL)) }
      stuck.append(socket)
    }
    Thread.sleep(forTimeInterval: Double(limits.idleSeconds) + 1.5)
    #expect(try fixture.get("/api/collections").status == 200)
  }

  @Test func aFloodOfShortConnectionsLeavesItServing() throws {
    let fixture = try ServerFixture()
    let deadline = Date().addingTimeInterval(2)
    let answers = Answers()
    let port = fixture.port
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      var count = 0
      while Date() < deadline && count < 2000 {
        count += 1
        guard let socket = try? RawHTTPClient.connect(port: port) else { continue }
        if worker % 2 == 0 {
          // Half the clients hang up at once, half send garbage first.
          _ = "\u{1}\u{2} nonsense\r\n\r\n".withCString {
            send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL))
          }
        }
        close(socket)
      }
      answers.add(true)
    }
    #expect(answers.counts == (8, 0))
    // The flood's last connections may still be closing, and count against the server's limit,
    // for a moment (a busy machine makes it longer): it serves again within seconds.
    var response = try? fixture.get("/api/collections/cities/index")
    let serving = Date().addingTimeInterval(5)
    while response?.status != 200 && Date() < serving {
      Thread.sleep(forTimeInterval: 0.05)
      response = try? fixture.get("/api/collections/cities/index")
    }
    let answer = try #require(response)
    #expect(answer.status == 200)
    #expect(answer.body == (try fixture.cliJSONArray(["index", "-c", "cities"])))
  }
}

/// A tally of successes and failures from several threads.
private final class Answers: @unchecked Sendable {
  private let lock = NSLock()
  private var succeeded = 0
  private var failed = 0

  func add(_ success: Bool) {
    lock.withLock {
      if success { succeeded += 1 } else { failed += 1 }
    }
  }

  var counts: (Int, Int) { lock.withLock { (succeeded, failed) } }
}
