import CatalogTestSupport
import Foundation
import Testing

/// `catalog serve` on a streaming hot standby (DESIGN §17): it streams what the standby replays,
/// and refuses writes saying why.
@Suite(.enabled(if: PostgreSQLTestServer.replicated != nil))
struct StandbyServeTests {
  var primary: PostgreSQLTestServer { PostgreSQLTestServer.replicated!.primary }
  var standby: PostgreSQLTestServer { PostgreSQLTestServer.replicated!.standby }

  /// A runner, and a new catalog on the primary holding `people` (keyed by `id`): its URI there
  /// and on the standby, once the standby has replayed it.
  func peopleOnPrimary() throws -> (CatalogRunner, primary: String, standby: String) {
    let runner = try CatalogRunner()
    let uri = primary.newCatalogURI()
    try runner.write("people.csv", "id,name\na1,Anna\nb2,Bo\n")
    let imported = try runner.run(
      ["import", "people.csv", "--key", "id", "--quiet"], database: uri)
    #expect(imported.status == 0, "\(imported.standardError)")
    try primary.waitUntilReplayed(by: standby)
    return (
      runner, uri,
      uri.replacingOccurrences(
        of: "host=\(primary.directory)", with: "host=\(standby.directory)")
    )
  }

  @Test func aServerOnTheStandbyStreamsEachWriteOnceInOrderWhenItCanReadIt() throws {
    let (runner, primaryURI, standbyURI) = try peopleOnPrimary()
    let server = try SharedCatalogServeTests.ServeProcess(database: standbyURI)
    let stream = try EventStreamClient(port: server.port, target: "/api/collections/people/changes")
    #expect(stream.status == 200)
    #expect(try stream.events(1).map(\.id) == ["1"])
    for number in 0..<5 {
      let added = try runner.run(
        ["add", "id=n\(number)", "name=New \(number)", "--quiet"], database: primaryURI)
      #expect(added.status == 0, "\(added.standardError)")
      let events = try stream.messages(1)
      #expect(events.map(\.id) == ["\(number + 2)"])
      // The standby answers reads at the event's version as soon as the event is sent.
      let rows = try RawHTTPClient.get("/api/collections/people/rows", port: server.port)
      #expect(rows.headers["catalog-version"] == "\(number + 2)")
      #expect(rows.body.contains("\"New \(number)\""))
    }
  }

  @Test func aWriteToAServerOnTheStandbyIsRefusedSayingWhy() throws {
    let (runner, primaryURI, standbyURI) = try peopleOnPrimary()
    let created = try runner.run(["token", "create", "w", "--write"], database: primaryURI)
    let secret = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    try primary.waitUntilReplayed(by: standby)
    let server = try SharedCatalogServeTests.ServeProcess(database: standbyURI)
    let body = #"{"id":"c3","name":"Cai"}"#
    let answer = try RawHTTPClient.exchange(
      "POST /api/collections/people/items HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + "Authorization: Bearer \(secret)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)",
      port: server.port)
    #expect(answer.status == 403)
    #expect(answer.headers["retry-after"] == nil)
    #expect(
      answer.body
        == #"{"error":"#
        + jsonQuoted(
          "the catalog \(standbyURI) is read-only: its server is a standby, which takes no "
            + "writes; write to its primary; nothing was changed (a server that reads a standby "
            + "takes writes when started with --write-db naming the primary)") + "}\n")
    #expect(
      try primary.psql("SELECT count(*) FROM \(primaryURI.split(separator: "schema=")[1]).items")
        == ["2"])
  }

  /// `POST` of `body` to `target` with the token `secret`.
  func post(_ body: String, to target: String, secret: String, port: UInt16) throws
    -> RawHTTPClient.Response
  {
    try RawHTTPClient.exchange(
      "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + "Authorization: Bearer \(secret)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)",
      port: port)
  }

  @Test func withWriteDBWritesGoToThePrimaryAndAReadWaitsForItsVersion() throws {
    let (runner, primaryURI, standbyURI) = try peopleOnPrimary()
    let schema = primaryURI.split(separator: "schema=")[1]
    let created = try runner.run(["token", "create", "w", "--write"], database: primaryURI)
    let secret = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    try primary.waitUntilReplayed(by: standby)
    let server = try SharedCatalogServeTests.ServeProcess(
      database: standbyURI, arguments: ["--write-db", primaryURI])
    // The standby holds its replay: the write is on the primary, and a read of its version
    // waits until the standby has it.
    try standby.psql("SELECT pg_wal_replay_pause()")
    let resumed = Thread { [standby] in
      Thread.sleep(forTimeInterval: 0.5)
      _ = try? standby.psql("SELECT pg_wal_replay_resume()")
    }
    let answer = try post(
      #"{"id":"c3","name":"Cai"}"#, to: "/api/collections/people/items", secret: secret,
      port: server.port)
    #expect(answer.status == 201, "\(answer.body)")
    #expect(answer.body.hasPrefix(#"{"version":2,"added":[2]"#))
    #expect(
      try primary.psql("SELECT title FROM \(schema).items ORDER BY item") == ["Anna", "Bo", "Cai"])
    let started = Date()
    resumed.start()
    let read = try RawHTTPClient.get(
      "/api/collections/people/rows", port: server.port, extraHeaders: "Catalog-Min-Version: 2\r\n")
    #expect(read.status == 200)
    #expect(read.headers["catalog-version"] == "2")
    #expect(read.body.contains(#""Cai""#))
    #expect(Date().timeIntervalSince(started) >= 0.4)
    // The token's use is recorded on the primary (on a queue of its own, soon after).
    var recorded: [String] = []
    for _ in 0..<100 where recorded != ["t"] {
      recorded = try primary.psql(
        "SELECT last_used_at IS NOT NULL FROM \(schema).tokens WHERE name = 'w'")
      Thread.sleep(forTimeInterval: 0.02)
    }
    #expect(recorded == ["t"])
    let bad = try RawHTTPClient.get(
      "/api/collections/people/rows", port: server.port, extraHeaders: "Catalog-Min-Version: x\r\n")
    #expect(bad.status == 400)
  }

  @Test func aReadOfAVersionTheStandbyDoesNotReachIsA503After5Seconds() throws {
    let (_, _, standbyURI) = try peopleOnPrimary()
    let server = try SharedCatalogServeTests.ServeProcess(database: standbyURI)
    let started = Date()
    let read = try RawHTTPClient.get(
      "/api/collections/people/rows", port: server.port,
      extraHeaders: "Catalog-Min-Version: 1000\r\n")
    let waited = Date().timeIntervalSince(started)
    #expect(read.status == 503)
    #expect(read.headers["retry-after"] == "1")
    #expect(
      read.body
        == #"{"error":"the catalog read here is at version 1 and did not reach version 1000 "#
        + #"(Catalog-Min-Version) within 5 s; try again"}"# + "\n")
    #expect(waited >= 5 && waited < 7)
  }

  /// `serve --edit --write-db` on a standby makes the page's token on the primary (a standby
  /// takes no writes; it replays the token), the page's writes go to the primary, and the token
  /// is revoked there when the server stops.
  @Test func editOnAStandbyMakesItsTokenOnThePrimaryAndRevokesItThereAtTheEnd() throws {
    let (runner, primaryURI, standbyURI) = try peopleOnPrimary()
    let schema = primaryURI.split(separator: "schema=")[1]
    let server = try ServeCommandTests.ServeProcess(
      runner, ["--edit", "--write-db", primaryURI], database: standbyURI)
    let serving = try server.line()
    let port = UInt16(serving.split(separator: ":").last?.prefix { $0.isNumber } ?? "") ?? 0
    let edit = try server.line()
    let prefix = "edit the lists at http://127.0.0.1:\(port)/?token="
    #expect(edit.hasPrefix(prefix), "\(edit)")
    let secret = String(edit.dropFirst(prefix.count).prefix { $0 != " " })
    #expect(
      try primary.psql("SELECT name LIKE 'serve --edit %' FROM \(schema).tokens") == ["t"])
    let answer = try post(
      #"{"id":"c3","name":"Cai"}"#, to: "/api/collections/people/items", secret: secret,
      port: port)
    #expect(answer.status == 201, "\(answer.body)")
    #expect(
      try primary.psql("SELECT title FROM \(schema).items ORDER BY item") == ["Anna", "Bo", "Cai"])
    #expect(try server.stop() == "stopped\n")
    #expect(server.process.terminationStatus == 0)
    #expect(try primary.psql("SELECT count(*) FROM \(schema).tokens") == ["0"])
  }

  /// `serve --write-db` whose `--db` is not a standby of that primary's catalog (here another
  /// catalog, in another schema of the same cluster; or another cluster) says so and serves
  /// nothing; with `--edit`, it leaves no token.
  @Test func aWriteDBThatIsNotTheStandbysPrimaryStopsAndSaysWhy() throws {
    let (runner, primaryURI, _) = try peopleOnPrimary()
    let (_, otherURI, otherOnStandby) = try peopleOnPrimary()
    let schema = primaryURI.split(separator: "schema=")[1]
    let elsewhere = try #require(PostgreSQLTestServer.shared).newCatalogURI()
    let imported = try runner.run(["import", "people.csv", "--quiet"], database: elsewhere)
    #expect(imported.status == 0, "\(imported.standardError)")
    let file = runner.directory.path("people.db")
    #expect(try runner.run(["import", "people.csv", "--quiet"], database: file).status == 0)
    for (db, edit) in [(otherURI, ["--edit"]), (otherOnStandby, []), (elsewhere, []), (file, [])] {
      let result = try runner.run(
        ["serve", "--port", "0", "--write-db", primaryURI] + edit, database: db)
      #expect(result.status == 1)
      #expect(
        result.standardError
          == "Error: \(db) is not a standby of \(primaryURI), which --write-db names (they are on "
          + "other PostgreSQL clusters, or in other schemas): writes there would never show on "
          + "--db\n")
    }
    #expect(try primary.psql("SELECT count(*) FROM \(schema).tokens") == ["0"])
  }

  /// `serve --edit --write-db` on a standby that does not replay the page's token within 10 s
  /// (here: its replay paused) says so, revokes the token, and serves nothing.
  @Test func editOnAStandbyThatDoesNotReplayTheTokenStopsAndSaysWhy() throws {
    let primary = try PostgreSQLTestServer.makePrimary(synchronous: false)
    let standby = try primary.makeStandby()
    let runner = try CatalogRunner()
    let schema = "t_serve_paused"
    try runner.write("people.csv", "id,name\na1,Anna\n")
    let primaryURI = primary.uri(schema: schema)
    #expect(try runner.run(["import", "people.csv", "--quiet"], database: primaryURI).status == 0)
    try primary.waitUntilReplayed(by: standby)
    _ = try standby.psql("SELECT pg_wal_replay_pause()")
    let standbyURI = standby.uri(schema: schema)
    let result = try runner.run(
      ["serve", "--port", "0", "--edit", "--write-db", primaryURI], database: standbyURI)
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: \(standbyURI) did not show the page's token within 10 s of its making on the "
        + "primary: is it a standby of the catalog that --write-db names, and replaying?\n")
    #expect(try primary.psql("SELECT count(*) FROM \(schema).tokens") == ["0"])
  }

  /// A write while the PostgreSQL server is away is a 503 with `Retry-After` that says what
  /// happened; once the server is back, the next write goes through.
  @Test func aWriteWhileTheDatabaseIsAwayIsA503AndOnceItIsBackTheNextGoesThrough() throws {
    let database = try PostgreSQLTestServer.makePrivate()
    let runner = try CatalogRunner()
    let uri = database.uri(schema: "t_serve_away")
    try runner.write("people.csv", "id,name\na1,Anna\n")
    #expect(
      try runner.run(["import", "people.csv", "--key", "id", "--quiet"], database: uri).status == 0)
    let created = try runner.run(["token", "create", "w", "--write"], database: uri)
    let secret = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let server = try SharedCatalogServeTests.ServeProcess(database: uri)
    let target = "/api/collections/people/items"
    let first = try post(#"{"id":"b2","name":"Bo"}"#, to: target, secret: secret, port: server.port)
    #expect(first.status == 201, "\(first.body)")
    // The test clusters commit without waiting for the disk: the write is made durable before
    // the server goes down as a crash would take it.
    try database.psql("CHECKPOINT")
    try database.stop()
    let away = try post(#"{"id":"c3","name":"Cai"}"#, to: target, secret: secret, port: server.port)
    #expect(away.status == 503, "\(away.body)")
    #expect(away.headers["retry-after"] == "1")
    #expect(
      away.body.contains("cannot be reached") || away.body.contains("connection to"),
      "\(away.body)")
    try database.start()
    let back = try post(#"{"id":"c3","name":"Cai"}"#, to: target, secret: secret, port: server.port)
    #expect(back.status == 201, "\(back.body)")
    let keys = try database.psql("SELECT key FROM t_serve_away.items ORDER BY item")
    #expect(keys == ["a1", "b2", "c3"])
  }

  /// `serve --write-db` with a multi-host URI, across a failover: the catalog it kept open to
  /// write on the old primary is dropped, and the next write goes to the promoted standby.
  @Test func afterAFailoverTheNextWriteGoesToTheNewPrimary() throws {
    let primary = try PostgreSQLTestServer.makePrimary(synchronous: true)
    let standby = try primary.makeStandby()
    let runner = try CatalogRunner()
    let schema = "t_serve_failover"
    let standbyURI = standby.uri(schema: schema)
    let both =
      "postgresql:///\(PostgreSQLTestServer.database)?host=\(primary.directory),"
      + "\(standby.directory)&user=postgres&target_session_attrs=read-write&schema=\(schema)"
    try runner.write("people.csv", "id,name\na1,Anna\n")
    #expect(
      try runner.run(["import", "people.csv", "--key", "id", "--quiet"], database: both).status == 0
    )
    let created = try runner.run(["token", "create", "w", "--write"], database: both)
    let secret = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    try primary.waitUntilReplayed(by: standby)
    let server = try SharedCatalogServeTests.ServeProcess(
      database: standbyURI, arguments: ["--write-db", both])
    let target = "/api/collections/people/items"
    let first = try post(#"{"id":"b2","name":"Bo"}"#, to: target, secret: secret, port: server.port)
    #expect(first.status == 201, "\(first.body)")
    try primary.stop()
    try standby.promote()
    let second = try post(
      #"{"id":"c3","name":"Cai"}"#, to: target, secret: secret, port: server.port)
    #expect(second.status == 201, "\(second.body)")
    #expect(second.body.hasPrefix(#"{"version":3,"added":[2]"#))
    #expect(
      try standby.psql("SELECT key FROM \(schema).items ORDER BY item") == ["a1", "b2", "c3"])
  }
}
