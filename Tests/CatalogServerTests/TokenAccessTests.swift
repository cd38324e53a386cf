import CatalogServer
import CatalogStore
import Foundation
import Testing

/// Who may do what (DESIGN §15): tokens judged wherever they are sent, reads open on loopback
/// unless tokens are required, scopes by collection, revocation from the next request on, and
/// secrets kept out of the catalog.
struct TokenAccessTests {
  @Test func aTokenIsRefusedFromTheRequestAfterItIsRevoked() throws {
    let fixture = try WriteFixture()
    let connection = try KeepAliveConnection(port: fixture.port)
    let headers = ["Authorization": "Bearer \(fixture.writer)", "Content-Type": "application/json"]
    let first = try connection.send(
      "POST", "/api/collections/cities/items", headers: headers, body: Array(#"{"name":"A"}"#.utf8))
    #expect(first.status == 201)
    #expect(try fixture.runner.run(["token", "revoke", "writer"]).status == 0)
    // The same connection, the next request.
    let second = try connection.send(
      "POST", "/api/collections/cities/items", headers: headers, body: Array(#"{"name":"B"}"#.utf8))
    #expect(second.status == 401)
    #expect(second.headers["www-authenticate"] == "Bearer")
    #expect(
      second.body == #"{"error":"the token is not known: it was revoked, or never made"}"# + "\n")
    // Even a read, which needs no token here: a token sent is judged.
    let read = try fixture.request("GET", "/api/collections/cities/rows", token: fixture.writer)
    #expect(read.status == 401)
    #expect(try fixture.request("GET", "/api/collections/cities/rows", token: nil).status == 200)
  }

  @Test func aTokenForSomeCollectionsSeesAndWritesOnlyThose() throws {
    let fixture = try WriteFixture()
    let listed = try fixture.request("GET", "/api/collections", token: fixture.citiesOnly)
    #expect(listed.status == 200)
    let lines = try fixture.cli(["collections", "--format", "json"]).split(separator: "\n")
      .map(String.init)
    #expect(
      listed.body == ServerFixture.jsonArray(lines.filter { $0.contains(#""name":"cities""#) }))
    #expect(
      try fixture.request(
        "POST", "/api/collections/cities/items", token: fixture.citiesOnly, body: #"{"name":"A"}"#
      ).status == 201)
    #expect(
      try fixture.request("GET", "/api/collections/people/items/p1", token: fixture.citiesOnly)
        .status == 403)
    #expect(
      try EventStreamClient(
        port: fixture.port, target: "/api/collections/people/changes", token: fixture.citiesOnly
      ).status == 403)
    // Every collection's, for a token of every collection.
    #expect(
      try fixture.request("GET", "/api/collections", token: fixture.reader).body
        == ServerFixture.jsonArray(
          try fixture.cli(["collections", "--format", "json"]).split(separator: "\n")
            .map(String.init)))
  }

  @Test func underRequireTokenEveryReadNeedsOneButThePage() throws {
    let fixture = try WriteFixture(access: AccessPolicy(reads: .needToken))
    for target in [
      "/api/collections", "/api/collections/people", "/api/collections/people/rows",
      "/api/collections/people/items/p1", "/api/collections/people/search?q=a",
    ] {
      let refused = try fixture.request("GET", target, token: nil)
      #expect(refused.status == 401, "\(target)")
      #expect(refused.headers["www-authenticate"] == "Bearer")
      #expect(
        refused.body
          == #"{"error":"this server needs a token to read: send 'Authorization: Bearer' and a token's secret"}"#
          + "\n")
      #expect(try fixture.request("GET", target, token: fixture.reader).status == 200, "\(target)")
    }
    // The change stream too, whose client sends the token as a streaming fetch does.
    let refused = try EventStreamClient(
      port: fixture.port, target: "/api/collections/people/changes")
    #expect(refused.status == 401)
    let stream = try EventStreamClient(
      port: fixture.port, target: "/api/collections/people/changes", token: fixture.reader)
    #expect(stream.status == 200)
    #expect(try stream.events(1).count == 1)
    try fixture.runner.run(["add", "-c", "people", "id=p9", "name=Nine"])
    #expect(try stream.messages(1).first?.id == "3")
    // The page holds no data: it loads, and sends the token it is given.
    for target in ["/", "/assets/list.js"] {
      #expect(try fixture.request("GET", target, token: nil).status == 200)
    }
  }

  @Test func readsOpenToAnyoneNeedALoopbackAddressOrSayingSo() throws {
    let runner = try WriteFixture.makeCatalog()
    let location = CatalogLocation.sqlite(path: runner.databasePath)
    #expect(throws: ServerError.openReadsOffLoopback(address: "0.0.0.0:0")) {
      try CatalogServer(catalog: location, host: "0.0.0.0", port: 0)
    }
    #expect(
      ServerError.openReadsOffLoopback(address: "0.0.0.0:0").description
        == "0.0.0.0:0 is not a loopback address, and anyone who reaches it could read the "
        + "catalog: require a token to read, or say that reads are public")
    for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] {
      #expect(throws: Never.self, "\(host)") {
        try CatalogServer(catalog: location, host: host, port: 0)
      }
    }
    for reads in [AccessPolicy.Reads.open, .needToken] {
      let server = try CatalogServer(
        catalog: location, host: "0.0.0.0", port: 0, access: AccessPolicy(reads: reads))
      let response = try RawHTTPClient.get("/api/collections", port: server.port)
      #expect(response.status == (reads == .open ? 200 : 401))
    }
  }

  @Test func aTokensUseIsRecordedAndItsSecretKeptNowhere() throws {
    let fixture = try WriteFixture()
    #expect(
      try fixture.request(
        "POST", "/api/collections/people/items", token: fixture.writer, body: #"{"id":"p9"}"#
      ).status == 201)
    // Recorded on a queue of its own, after the answer.
    var lastUses: [String] = []
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
      lastUses = try fixture.runner.run(["token", "list", "--format", "csv"])
        .csvColumns("name", "last_used_at")
      if lastUses.contains(where: { $0.hasPrefix("writer,20") }) { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(lastUses.contains { $0.hasPrefix("writer,20") && $0.hasSuffix("Z") })
    #expect(lastUses.contains("reader,"))
    let listed = try fixture.cli(["token", "list", "--format", "json"])
    var bytes = try Data(contentsOf: URL(filePath: fixture.runner.databasePath))
    if let log = try? Data(contentsOf: URL(filePath: fixture.runner.databasePath + "-wal")) {
      bytes += log
    }
    for secret in [fixture.writer, fixture.reader, fixture.citiesOnly] {
      #expect(!listed.contains(secret.dropFirst(4)))
      #expect(bytes.firstRange(of: Data(secret.dropFirst(4).utf8)) == nil)
    }
  }

  @Test func aReadOnlyCatalogIsReadAndNeitherWrittenNorToldOfUses() throws {
    let runner = try WriteFixture.makeCatalog()
    let secret = try runner.run(["token", "create", "w", "--write"]).standardOutput
      .trimmingCharacters(in: .newlines)
    let server = try CatalogServer(
      catalog: .sqlite(path: runner.databasePath), port: 0, readOnly: true)
    let read = try RawHTTPClient.get("/api/collections/people/items/p1", port: server.port)
    #expect(read.status == 200)
    let write = try RawHTTPClient.exchange(
      "DELETE /api/collections/people/items/p1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        + "Authorization: Bearer \(secret)\r\n\r\n", port: server.port)
    #expect(write.status == 403)
    #expect(
      write.body
        == #"{"error":"#
        + jsonQuoted(
          "the catalog \(runner.databasePath) is read-only; nothing was changed") + "}\n")
    Thread.sleep(forTimeInterval: 0.2)
    #expect(
      try runner.run(["token", "list", "--format", "csv"]).csvColumns("name", "last_used_at")
        == ["name,last_used_at", "w,"])
  }
}
