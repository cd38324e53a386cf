import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// Seeded random interleavings (DESIGN §16) of server writes (command line and HTTP), device
/// writes made online and offline, server stops and syncs: after the last sync, with every
/// conflict settled for the server, the device holds the server's items and its lists are a
/// fresh import of them, and no write is still queued.
@Suite(.serialized)
struct MirrorInterleavingTests {
  typealias Setup = MirrorSyncTests.Setup

  @Test(arguments: TestEngine.all, [7, 31] as [UInt64])
  func aRandomInterleavingEndsWithTheDeviceEqualToTheServer(engine: TestEngine, seed: UInt64)
    throws
  {
    var random = SeededGenerator(seed: seed)
    let setup = try Setup(engine: engine)
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    let names = ["Åsa", "Örjan", "Zoe", "Anna", "Ärla", "Bo", "Östen", "Cia"]
    let cities = ["Malmö", "Umeå", "Lund", "Ed", "Gävle"]
    var keys = (1...5).map { "p\($0)" }
    var next = 10
    var serverIsUp = true
    var conflictsSeen = 0
    for _ in 0..<24 {
      let key = keys.randomElement(using: &random)!
      let name = names.randomElement(using: &random)!
      let city = cities.randomElement(using: &random)!
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        // The server writes by the command line (the server's catalog, up or not).
        _ = try setup.runner.run(["update", key, "name=\(name)"])
      case 1 where serverIsUp:
        _ = try setup.http("PATCH", "/\(key)", #"{"city":"\#(city)"}"#)
      case 2 where keys.count > 3:
        _ = try setup.runner.run(["remove", key])
      case 3:
        next += 1
        keys.append("p\(next)")
        _ = try setup.runner.run(["add", "id=p\(next)", "name=\(name)", "city=\(city)"])
      case 4:
        _ = try setup.onDevice(["update", key, "city=\(city)"])
      case 5:
        _ = try setup.onDevice(["update", key, "name=\(name)"])
      case 6:
        next += 1
        keys.append("p\(next)")
        _ = try setup.onDevice(["add", "id=p\(next)", "name=\(name)", "city=\(city)"])
      case 7 where keys.count > 3:
        _ = try setup.onDevice(["remove", key])
      case 8:
        if serverIsUp {
          setup.server.stop()
        } else {
          try setup.server.start()
        }
        serverIsUp.toggle()
      default:
        if serverIsUp {
          let step = try setup.sync()
          conflictsSeen += step["conflicts"] as? Int ?? 0
        }
      }
    }
    if !serverIsUp { try setup.server.start() }
    conflictsSeen += try setup.sync()["conflicts"] as? Int ?? 0
    // Every conflict made is listed; settling each for the server leaves the device equal to it.
    let status = try setup.onDevice(["sync", "--status", "--format", "json"]).standardOutput
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
    let conflicts = json["conflicts"] as? [[String: Any]] ?? []
    #expect(conflicts.count == conflictsSeen)
    print("seed \(seed) on \(engine): \(conflictsSeen) conflicts, \(keys.count) keys")
    for conflict in conflicts {
      let item = conflict["key"] as? String ?? String(conflict["item"] as? Int ?? -1)
      _ = try setup.sync(["--resolve", item, "keep-server"])
    }
    #expect(json["pending"] as? Int == 0)
    #expect(try setup.deviceItems() == setup.serverItems())
    #expect(try setup.deviceList() == setup.freshList())
  }
}
