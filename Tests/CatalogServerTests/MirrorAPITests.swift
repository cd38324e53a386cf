import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// What a device that mirrors a collection asks of `catalog serve` (DESIGN §16), through a real
/// `catalog serve` process on each engine, with writes over HTTP and by the command line: the
/// items changed after a version, the collection's identity, the 410 when the changes cannot all
/// be given, and `Idempotency-Key`. Every expectation is what the test did, written out.
struct MirrorAPITests {
  typealias ServeProcess = SharedCatalogServeTests.ServeProcess

  /// A catalog of `people` (key `id`: a, b, c at version 1), a write token, and a server.
  final class Mirrored {
    let runner: CatalogRunner
    let writer: String
    let server: ServeProcess

    init(engine: TestEngine) throws {
      runner = try CatalogRunner(engine: engine)
      try runner.write("people.csv", "id,name\na,Ada\nb,Bo\nc,Cy\n")
      try Self.cli(runner, ["import", "people.csv", "--key", "id", "--quiet"])
      writer = try Self.cli(runner, ["token", "create", "w", "--write"])
        .trimmingCharacters(in: .newlines)
      server = try ServeProcess(database: runner.databasePath)
    }

    @discardableResult
    func cli(_ arguments: [String]) throws -> String { try Self.cli(runner, arguments) }

    @discardableResult
    static func cli(_ runner: CatalogRunner, _ arguments: [String]) throws -> String {
      let result = try runner.run(arguments)
      guard result.status == 0 else {
        throw RawHTTPClient.Failure(description: "\(arguments): \(result.standardError)")
      }
      return result.standardOutput
    }

    func send(
      _ method: String, _ target: String, body: String = "", contentType: String? = nil,
      headers: [String: String] = [:]
    ) throws -> RawHTTPClient.Response {
      var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
      if method != "GET" { head += "Authorization: Bearer \(writer)\r\n" }
      if let contentType { head += "Content-Type: \(contentType)\r\n" }
      if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        head += "\(name): \(value)\r\n"
      }
      return try RawHTTPClient.exchange(head + "\r\n" + body, port: server.port)
    }

    /// `POST`, `PATCH` (a JSON body) or `PUT` (CSV) to the people's items.
    func write(
      _ method: String, _ path: String = "", _ body: String, key: String? = nil
    ) throws -> RawHTTPClient.Response {
      try send(
        method, "/api/collections/people/items" + path, body: body,
        contentType: method == "PUT" ? "text/csv" : "application/json",
        headers: key.map { ["Idempotency-Key": $0] } ?? [:])
    }

    /// One page as JSON.
    func page(_ target: String) throws -> (response: RawHTTPClient.Response, json: [String: Any]) {
      let response = try send("GET", target)
      let json =
        try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any] ?? [:]
      return (response, json)
    }

    /// Every item from `start` on, following each page's `next`, spelled `v3 #1 b id=b name=Bo`
    /// or `v4 #0 a removed`; and the version of the last page.
    func pages(_ start: String) throws -> (items: [String], version: Int) {
      var target: String? = start
      var items: [String] = []
      var version = -1
      while let current = target {
        let (response, json) = try page(current)
        #expect(response.status == 200, "\(current): \(response.body)")
        #expect(response.headers["catalog-collection-identity"] == json["identity"] as? String)
        for item in json["items"] as? [[String: Any]] ?? [] {
          let fields = (item["fields"] as? [String: String])?.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
          items.append(
            "v\(item["version"] as? Int ?? -1) #\(item["item"] as? Int ?? -1) "
              + "\(item["key"] as? String ?? "-") \(fields ?? "removed")")
        }
        version = json["version"] as? Int ?? -1
        target = json["next"] as? String
      }
      return (items, version)
    }

    func changes(since version: Int, identity: String? = nil) throws -> [String] {
      try pages(
        "/api/collections/people/items?since=\(version)&limit=2"
          + (identity.map { "&identity=\($0)" } ?? "")
      ).items
    }

    func identity() throws -> String {
      try send("GET", "/api/collections/people").headers["catalog-collection-identity"] ?? ""
    }
  }

  @Test(arguments: TestEngine.all)
  func eachWriteOverHTTPAndTheCommandLineIsToldAsTheItemsItChanged(engine: TestEngine) throws {
    let mirrored = try Mirrored(engine: engine)
    let identity = try mirrored.identity()
    #expect(identity.count == 32)
    let copy = try mirrored.pages("/api/collections/people/items?limit=2")
    #expect(
      copy.items == ["v1 #0 a id=a name=Ada", "v1 #1 b id=b name=Bo", "v1 #2 c id=c name=Cy"])
    #expect(copy.version == 1)
    // Every page names the columns in order, an empty one too.
    let empty = try mirrored.page("/api/collections/people/items?after=2").json
    #expect(empty["columns"] as? [String] == ["id", "name"])
    #expect((empty["items"] as? [Any])?.isEmpty == true)

    try mirrored.cli(["add", "id=d", "name=Di"])  // 2
    #expect(try mirrored.changes(since: 1) == ["v2 #3 d id=d name=Di"])
    #expect(try mirrored.write("POST", "", #"{"id":"e","name":"Eve"}"#).status == 201)  // 3
    #expect(try mirrored.changes(since: 2) == ["v3 #4 e id=e name=Eve"])
    #expect(try mirrored.write("PATCH", "/b", #"{"name":"Bob"}"#).status == 200)  // 4
    #expect(try mirrored.changes(since: 3) == ["v4 #1 b id=b name=Bob"])
    try mirrored.cli(["update", "c", "name=Cyd"])  // 5
    #expect(try mirrored.changes(since: 4) == ["v5 #2 c id=c name=Cyd"])
    #expect(try mirrored.send("DELETE", "/api/collections/people/items/a").status == 200)  // 6
    #expect(try mirrored.changes(since: 5) == ["v6 #0 a removed"])
    try mirrored.cli(["remove", "d"])  // 7
    #expect(try mirrored.changes(since: 6) == ["v7 #3 d removed"])
    #expect(try mirrored.write("PUT", "?mode=append", "id,name\nf,Fay\n").status == 200)  // 8
    #expect(try mirrored.changes(since: 7) == ["v8 #5 f id=f name=Fay"])
    #expect(try mirrored.write("PUT", "?mode=upsert", "id,name\nb,Bo\ng,Gil\n").status == 200)  // 9
    #expect(try mirrored.changes(since: 8) == ["v9 #1 b id=b name=Bo", "v9 #6 g id=g name=Gil"])
    #expect(try mirrored.write("PUT", "?mode=sync", "id,name\nb,Bo\ng,Gil\n").status == 200)  // 10
    #expect(
      try mirrored.changes(since: 9) == [
        "v10 #2 c removed", "v10 #4 e removed", "v10 #5 f removed",
      ]
    )
    try mirrored.runner.write("more.csv", "id,name\nh,Hal\n")
    try mirrored.cli(["import", "more.csv", "-c", "people", "--upsert", "--quiet"])  // 11
    #expect(try mirrored.changes(since: 10) == ["v11 #7 h id=h name=Hal"])
    // From the import on, two at a time: every item once, at its last write or its removal.
    #expect(
      try mirrored.changes(since: 1, identity: identity) == [
        "v6 #0 a removed", "v7 #3 d removed", "v9 #1 b id=b name=Bo", "v9 #6 g id=g name=Gil",
        "v10 #2 c removed", "v10 #4 e removed", "v10 #5 f removed", "v11 #7 h id=h name=Hal",
      ])
    #expect(try mirrored.identity() == identity)
    let listed = try mirrored.send("GET", "/api/collections").body
    #expect(listed.contains(#""identity":"\#(identity)""#))

    // A replace over HTTP makes the collection anew: its identity changes, and a client that
    // holds the old one, or a version before the replace, is told so.
    let replaced = try mirrored.write("PUT", "?mode=replace", "id,name\nz,Zed\n")  // 12
    let newIdentity = try #require(replaced.headers["catalog-collection-identity"])
    let current = try mirrored.identity()
    #expect(newIdentity != identity && newIdentity == current)
    let stale = try mirrored.send(
      "GET", "/api/collections/people/items?since=11&identity=\(identity)")
    #expect(stale.status == 410)
    #expect(stale.body.contains(#""reason":"identity""#))
    #expect(stale.headers["catalog-collection-identity"] == newIdentity)
    let behind = try mirrored.send("GET", "/api/collections/people/items?since=11")
    #expect(behind.status == 410)
    #expect(behind.body.contains(#""reason":"expired""#))
    #expect(try mirrored.changes(since: 12, identity: newIdentity) == [])
    // The identity sent as a header counts as the parameter does.
    #expect(
      try mirrored.send(
        "GET", "/api/collections/people/items?since=12",
        headers: ["Catalog-Collection-Identity": identity]
      ).status == 410)

    // Dropped and made again by the command line: another identity again.
    try mirrored.cli(["drop", "-c", "people"])  // 13
    try mirrored.cli(["import", "people.csv", "--key", "id", "--quiet"])  // 14
    let remade = try mirrored.send(
      "GET", "/api/collections/people/items?since=12&identity=\(newIdentity)")
    #expect(remade.status == 410 && remade.body.contains(#""reason":"identity""#))
  }

  /// A copy's pages as CSV, written out by hand: `item,version` and the columns, a line an item,
  /// quoted as RFC 4180 quotes, the next page in a `Link` header and none after the last.
  @Test(arguments: TestEngine.all)
  func aCopysPagesComeAsCSVWithTheNextInALinkHeader(engine: TestEngine) throws {
    let mirrored = try Mirrored(engine: engine)
    try mirrored.cli(["add", "id=d", "name=Di, \"the\"\nSecond"])  // 2
    try mirrored.cli(["remove", "b"])  // 3
    let identity = try mirrored.identity()
    let first = try mirrored.send("GET", "/api/collections/people/items?format=csv&limit=2")
    #expect(first.status == 200)
    #expect(first.headers["content-type"]?.hasPrefix("text/csv") == true)
    #expect(first.headers["catalog-version"] == "3")
    #expect(first.headers["catalog-collection-identity"] == identity)
    #expect(first.body == "item,version,id,name\n0,1,a,Ada\n2,1,c,Cy\n")
    let next = "/api/collections/people/items?after=2&limit=2&identity=\(identity)&format=csv"
    #expect(first.headers["link"] == "<\(next)>; rel=\"next\"")
    let last = try mirrored.send("GET", next)
    #expect(last.status == 200)
    #expect(last.body == "item,version,id,name\n3,2,d,\"Di, \"\"the\"\"\nSecond\"\n")
    #expect(last.headers["link"] == nil)

    // Only a copy's pages come as CSV; and only CSV and JSON are formats.
    let changes = try mirrored.send("GET", "/api/collections/people/items?since=1&format=csv")
    #expect(changes.status == 400 && changes.body.contains("leave out 'since'"))
    let xml = try mirrored.send("GET", "/api/collections/people/items?format=xml")
    #expect(xml.status == 400 && xml.body.contains("'xml' is not one of json and csv"))
    #expect(try mirrored.send("GET", "/api/collections/people/items?format=json").status == 200)
  }

  /// A page carries the collection's header, footer and section notes when they changed after
  /// the version given in `notes_after`, with the version they are at; its next page asks from
  /// that version on, and so carries them only if they changed again.
  @Test(arguments: TestEngine.all)
  func aPageCarriesTheNotesWhenTheyChangedAfterTheVersionGiven(engine: TestEngine) throws {
    let mirrored = try Mirrored(engine: engine)
    let before = try mirrored.page("/api/collections/people/items?since=1&notes_after=0").json
    #expect(before["notes_version"] as? Int == 0)
    #expect(before["notes"] == nil)
    try mirrored.cli(["annotate", "--header", "People"])  // 2
    try mirrored.cli(["annotate", "--section", "B", "--footer", "Bees"])  // 3
    try mirrored.cli(["add", "id=d", "name=Di"])  // 4
    try mirrored.cli(["add", "id=e", "name=Eve"])  // 5
    let first = try mirrored.send(
      "GET", "/api/collections/people/items?since=1&notes_after=0&limit=1")
    #expect(
      first.body.contains(
        #""notes_version":3,"notes":{"version":3,"header":"People","footer":null,"#
          + #""sections":[{"group_by":null,"heading":"B","header":null,"footer":"Bees"}]}"#))
    #expect(first.body.contains(#"&notes_after=3""#))
    let next = try mirrored.page(
      "/api/collections/people/items?since=1&after=4.3&limit=1&notes_after=3"
    ).json
    #expect(next["notes_version"] as? Int == 3)
    #expect(next["notes"] == nil)
    #expect((next["items"] as? [[String: Any]])?.first?["key"] as? String == "e")
  }

  /// `PUT …/notes` writes as `annotate` does (an empty text removes one), once for a repeated
  /// `Idempotency-Key`, with a write token only; `GET …/notes` reads them back.
  @Test(arguments: TestEngine.all)
  func notesAreWrittenAndReadAsAnnotateWritesThem(engine: TestEngine) throws {
    let mirrored = try Mirrored(engine: engine)
    func put(_ body: String, key: String? = nil) throws -> RawHTTPClient.Response {
      try mirrored.send(
        "PUT", "/api/collections/people/notes", body: body, contentType: "application/json",
        headers: key.map { ["Idempotency-Key": $0] } ?? [:])
    }
    let first = try put(#"{"header":"People","footer":"End"}"#, key: "n1")
    #expect(first.status == 200 && first.body == #"{"version":2}"# + "\n")
    #expect(try put(#"{"header":"People","footer":"End"}"#, key: "n1").body == first.body)
    #expect(
      try put(#"{"section":"B","group_by":"","footer":"Bees"}"#).body == #"{"version":3}"# + "\n")
    #expect(try put(#"{"footer":""}"#).status == 200)  // 4
    #expect(try put(#"{"header":"People"}"#).body == #"{"version":4}"# + "\n")  // no change
    let read = try mirrored.send("GET", "/api/collections/people/notes")
    #expect(
      read.body
        == #"{"version":4,"header":"People","footer":null,"sections":[{"group_by":null,"#
        + #""heading":"B","header":null,"footer":"Bees"}]}"# + "\n")
    #expect(try mirrored.cli(["sections", "--format", "json"]).contains(#""footer":"Bees""#))

    let bad = try put(#"{"group_by":"name","header":"x"}"#)
    #expect(bad.status == 400 && bad.body.contains("'section' with 'group_by'"))
    let unknown = try put(#"{"section":"B","group_by":"city","header":"x"}"#)
    #expect(unknown.status == 400 && unknown.body.contains("city"))
    var head = "PUT /api/collections/people/notes HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    head += "Connection: close\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n"
    let anonymous = try RawHTTPClient.exchange(
      head + #"{"header":"x"}"#, port: mirrored.server.port)
    #expect(anonymous.status == 401)
  }

  /// A device copies page by page while others write, then catches up from its first page's
  /// version: it holds exactly the items the writes left.
  @Test(arguments: TestEngine.all)
  func aCopyThenACatchUpWithWritesBetweenEndsWithTheServersItems(engine: TestEngine) throws {
    let mirrored = try Mirrored(engine: engine)
    var expected = ["a": "Ada", "b": "Bo", "c": "Cy"]
    var mirror: [Int: (key: String, name: String)] = [:]
    func apply(_ json: [String: Any]) {
      for item in json["items"] as? [[String: Any]] ?? [] {
        let number = item["item"] as! Int
        if let fields = item["fields"] as? [String: String] {
          mirror[number] = (fields["id"]!, fields["name"]!)
        } else {
          mirror[number] = nil
        }
      }
    }
    var target: String? = "/api/collections/people/items?limit=1"
    var first: Int?
    var turn = 0
    while let current = target {
      let (_, json) = try mirrored.page(current)
      first = first ?? json["version"] as? Int
      apply(json)
      turn += 1
      switch turn {
      case 1:
        _ = try mirrored.write("POST", "", #"{"id":"d","name":"Di"}"#)
        expected["d"] = "Di"
      case 2:
        _ = try mirrored.send("DELETE", "/api/collections/people/items/a")
        expected["a"] = nil
        try mirrored.cli(["update", "c", "name=Cyd"])
        expected["c"] = "Cyd"
      default:
        break
      }
      target = json["next"] as? String
    }
    try mirrored.cli(["remove", "b"])
    expected["b"] = nil
    let identity = try mirrored.identity()
    target = "/api/collections/people/items?since=\(first!)&limit=1&identity=\(identity)"
    while let current = target {
      let (response, json) = try mirrored.page(current)
      #expect(response.status == 200)
      apply(json)
      target = json["next"] as? String
    }
    #expect(
      Dictionary(uniqueKeysWithValues: mirror.values.map { ($0.key, $0.name) }) == expected)
  }

  /// Removals pruned past the versions kept raise the collection's floor: a client from before
  /// it gets a 410, not a delta that misses them.
  @Test(arguments: TestEngine.all)
  func changesNoLongerKeptAreA410(engine: TestEngine) throws {
    let mirrored = try Mirrored(engine: engine)
    var configuration = Catalog.Configuration()
    configuration.keptRemovalVersions = 2
    let catalog = try Catalog(
      at: engine.location(mirrored.runner.databasePath), creating: false,
      configuration: configuration)
    try catalog.remove([.key("a")], from: "people")  // 2
    try catalog.add(["id": "x"], to: "people")  // 3
    try catalog.remove([.key("b")], from: "people")  // 4: prunes the removal at 2
    let gone = try mirrored.send("GET", "/api/collections/people/items?since=1")
    #expect(gone.status == 410)
    #expect(
      gone.body
        == #"{"error":"the changes after version 1 are no longer all kept: the history of "#
        + #"'people' starts after version 2; copy it again from its first page","#
        + #""reason":"expired"}"# + "\n")
    #expect(try mirrored.changes(since: 2) == ["v3 #3 x id=x name=", "v4 #1 b removed"])
  }

  @Test(arguments: TestEngine.all)
  func aWriteSentAgainWithItsKeyGetsTheFirstAnswerAndWritesNothing(engine: TestEngine) throws {
    let mirrored = try Mirrored(engine: engine)
    func version() throws -> Int {
      try mirrored.page("/api/collections/people/items?since=1&limit=1").response
        .headers["catalog-version"].flatMap { Int($0) } ?? -1
    }
    // POST: the replay has the first status, body and headers, and takes no version.
    let first = try mirrored.write("POST", "", #"{"id":"d","name":"Di"}"#, key: "add-d")
    #expect(first.status == 201)
    let again = try mirrored.write("POST", "", #"{"id":"d","name":"Di"}"#, key: "add-d")
    #expect(again.status == 201 && again.body == first.body)
    #expect(again.headers["location"] == "/api/collections/people/items/d")
    #expect(again.headers["idempotency-replayed"] == "true")
    #expect(first.headers["idempotency-replayed"] == nil)
    #expect(try version() == 2)
    // The same key with another body, path or method: 422, nothing written.
    let other = try mirrored.write("POST", "", #"{"id":"e","name":"Eve"}"#, key: "add-d")
    #expect(other.status == 422)
    #expect(try mirrored.write("PATCH", "/b", #"{"name":"Bob"}"#, key: "add-d").status == 422)
    #expect(try version() == 2)
    // PATCH, and DELETE, whose replay finds the item gone and answers as the first time.
    let patched = try mirrored.write("PATCH", "/b", #"{"name":"Bob"}"#, key: "patch-b")
    #expect(patched.headers["etag"] == "\"3\"")
    let patchedAgain = try mirrored.write("PATCH", "/b", #"{"name":"Bob"}"#, key: "patch-b")
    #expect(patchedAgain.body == patched.body && patchedAgain.headers["etag"] == "\"3\"")
    let removed = try mirrored.send(
      "DELETE", "/api/collections/people/items/a", headers: ["Idempotency-Key": "rm-a"])
    let removedAgain = try mirrored.send(
      "DELETE", "/api/collections/people/items/a", headers: ["Idempotency-Key": "rm-a"])
    #expect(removed.status == 200 && removedAgain.status == 200)
    #expect(removedAgain.body == #"{"version":4,"added":[],"updated":[],"removed":[0]}"# + "\n")
    // PUT of a CSV body.
    let put = try mirrored.write("PUT", "?mode=upsert", "id,name\nf,Fay\n", key: "put-f")
    let putAgain = try mirrored.write("PUT", "?mode=upsert", "id,name\nf,Fay\n", key: "put-f")
    #expect(put.status == 200 && putAgain.body == put.body)
    #expect(putAgain.headers["idempotency-replayed"] == "true")
    #expect(
      try mirrored.write("PUT", "?mode=upsert", "id,name\ng,Gil\n", key: "put-f").status == 422)
    #expect(try version() == 5)
    // A write that fails keeps no key: the key may then be sent with a request that works.
    let failed = try mirrored.write("POST", "", #"{"id":"b","name":"Again"}"#, key: "k")
    #expect(failed.status == 400)
    #expect(try version() == 5)
    #expect(try mirrored.write("POST", "", #"{"id":"k","name":"Kay"}"#, key: "k").status == 201)
    #expect(try version() == 6)
    #expect(try mirrored.changes(since: 5) == ["v6 #5 k id=k name=Kay"])
    // A key that is no key.
    #expect(try mirrored.write("POST", "", #"{"id":"m"}"#, key: "two words").status == 400)
  }
}
