import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// A device that mirrors a server collection (DESIGN §16) with real processes: `catalog serve`
/// on each engine, devices as SQLite files written by `catalog mirror`, `sync` and the ordinary
/// write commands. Every expectation is a fresh import of the server's items, or worked out by
/// hand.
@Suite(.serialized)
struct MirrorSyncTests {
  /// A `catalog serve` that can be stopped and started again on the same port.
  final class Server {
    let database: String
    private(set) var port: UInt16 = 0
    private var process: SharedCatalogServeTests.ServeProcess?

    init(database: String) throws {
      self.database = database
      try start()
    }

    func start() throws {
      let process = try SharedCatalogServeTests.ServeProcess(database: database, port: port)
      port = process.port
      self.process = process
    }

    /// Stops the server and waits for it to end.
    func stop() { process = nil }
  }

  /// A server catalog of `people` (key `id`, in English), a write token, a server, and a device.
  final class Setup {
    let runner: CatalogRunner
    let token: String
    let server: Server
    let device: String

    init(engine: TestEngine, rows: String = MirrorSyncTests.people) throws {
      runner = try CatalogRunner(engine: engine)
      try runner.write("people.csv", "id,name,city\n" + rows)
      try Self.check(
        runner.run(["import", "people.csv", "--key", "id", "--locale", "en", "--quiet"]))
      token = try Self.check(runner.run(["token", "create", "w", "--write"])).standardOutput
        .trimmingCharacters(in: .newlines)
      server = try Server(database: runner.databasePath)
      device = runner.directory.path("device.db")
    }

    var url: String { "http://127.0.0.1:\(server.port)/api/collections/people" }

    @discardableResult
    static func check(_ result: CatalogRunner.Result) throws -> CatalogRunner.Result {
      guard result.status == 0 else {
        throw SharedCatalogServeTests.ServeError(line: result.standardError)
      }
      return result
    }

    /// `catalog` on the server's catalog.
    @discardableResult
    func onServer(_ arguments: [String]) throws -> CatalogRunner.Result {
      try Self.check(runner.run(arguments))
    }

    /// `catalog` on the device, with the token in `$CATALOG_TOKEN`.
    func onDevice(_ arguments: [String], token: String? = nil) throws -> CatalogRunner.Result {
      try runner.run(
        arguments, environment: ["CATALOG_TOKEN": token ?? self.token], database: device)
    }

    /// `catalog sync --follow --format json` on the device, started, writing its steps to
    /// `output` and its messages to `errors` (a `Pipe` or a `FileHandle`).
    func startFollower(output: Pipe, errors: Any = FileHandle.nullDevice) throws -> Process {
      try start(["sync", "--follow", "--format", "json"], output: output, errors: errors)
    }

    /// `catalog ARGUMENTS` on the device with the token, started and left running.
    func start(
      _ arguments: [String], output: Any = FileHandle.nullDevice,
      errors: Any = FileHandle.nullDevice
    ) throws -> Process {
      let process = Process()
      process.executableURL = CatalogRunner.executable
      process.arguments = ["--db", device] + arguments
      process.environment = ["CATALOG_TOKEN": token]
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      return process
    }

    /// Waits until the device's copy of the server's people, which `process` makes, keeps a whole
    /// page, or `process` has ended.
    func waitForAPageKept(by process: Process) throws {
      let deadline = ProcessDeadline(process)
      let identity =
        try runner.rows("SELECT identity FROM collections WHERE name = 'people'").first ?? ""
      while process.isRunning, MirrorCopyFile.state(at: copyFile, identity: identity).itemCount == 0
      {
        Thread.sleep(forTimeInterval: 0.001)
      }
      try deadline.check()
    }

    /// Where the device keeps the pages of a copy of people while it is under way.
    var copyFile: String { device + "-copy-people" }

    /// The device's `sync --format json`, as numbers.
    func sync(_ extra: [String] = []) throws -> [String: Any] {
      let result = try onDevice(["sync", "--format", "json"] + extra)
      #expect(result.status == 0, "\(result.standardError)")
      return (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)))
        as? [String: Any] ?? [:]
    }

    /// A list as it reads without item numbers, which a fresh import gives anew: each row's
    /// section heading and fields.
    static func listed(_ runner: CatalogRunner, database: String?, locale: String) throws
      -> [String]
    {
      let result = try check(
        runner.run(["list", "--locale", locale, "--format", "json"], database: database))
      return result.outputLines.map { line in
        let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        let fields = (object?["fields"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }
          .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        return "\(object?["heading"] as? String ?? "?"): \(fields)"
      }
    }

    /// The lists of a fresh import of the server's items in `locale`.
    func freshList(locale: String = "sv") throws -> [String] {
      let export = try onServer(["export", "-c", "people"]).standardOutput
      try runner.write("fresh.csv", export)
      let fresh = runner.directory.path("fresh-\(UUID().uuidString).db")
      try Self.check(
        runner.run(
          ["import", "fresh.csv", "-c", "people", "--key", "id", "--locale", locale, "--quiet"],
          database: fresh))
      return try Self.listed(runner, database: fresh, locale: locale)
    }

    func deviceList(locale: String = "sv") throws -> [String] {
      try Self.listed(runner, database: device, locale: locale)
    }

    /// The server's items by key, as `key name city`.
    func serverItems() throws -> [String] {
      try onServer(["export", "-c", "people"]).outputLines.dropFirst().sorted()
    }

    func deviceItems() throws -> [String] {
      try Self.check(runner.run(["export", "-c", "people"], database: device)).outputLines
        .dropFirst().sorted()
    }

    /// An HTTP write to the server's people.
    func http(_ method: String, _ path: String, _ body: String) throws -> RawHTTPClient.Response {
      var head = "\(method) /api/collections/people/items\(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      head += "Connection: close\r\nAuthorization: Bearer \(token)\r\n"
      head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
      return try RawHTTPClient.exchange(head + body, port: server.port)
    }
  }

  static let people = "p1,Åsa,Malmö\np2,Örjan,Umeå\np3,Zoe,Lund\np4,Anna,Kiruna\np5,Ärla,Visby\n"

  @Test(arguments: TestEngine.all)
  func aSwedishMirrorIsAFreshSwedishImportAndStaysOneThroughServerWrites(engine: TestEngine)
    throws
  {
    let setup = try Setup(engine: engine)
    let mirrored = try setup.onDevice(
      ["mirror", setup.url, "--locale", "sv", "--format", "json"])
    #expect(mirrored.status == 0, "\(mirrored.standardError)")
    #expect(
      mirrored.standardOutput
        == #"{"reached":1,"downloaded":0,"uploaded":0,"conflicts":0,"rejected":0,"copied":true}"#
        + "\n")
    let sections = try setup.deviceList().map { $0.prefix { $0 != ":" } }
    // Å Ä Ö after Z in Swedish; the server's English files them under A and O.
    #expect(
      Array(Set(sections)).sorted { sections.firstIndex(of: $0)! < sections.firstIndex(of: $1)! }
        == ["A", "Z", "Å", "Ä", "Ö"])
    #expect(try setup.deviceList() == setup.freshList())
    #expect(try setup.deviceList(locale: "en") == setup.freshList(locale: "en"))

    // Server writes by the command line and over HTTP; the device's watch sees each sync's
    // change set.
    let watch = Process()
    watch.executableURL = CatalogRunner.executable
    watch.arguments = ["--db", setup.device, "watch", "--locale", "sv", "--count", "3"]
    let watched = Pipe()
    watch.standardOutput = watched
    try watch.run()
    Thread.sleep(forTimeInterval: 0.3)
    try setup.onServer(["add", "id=p6", "name=Östen", "city=Gävle"])
    #expect(try setup.sync()["downloaded"] as? Int == 1)
    #expect(try setup.deviceList() == setup.freshList())
    #expect(try setup.http("PATCH", "/p3", #"{"name":"Åke"}"#).status == 200)
    #expect(try setup.http("DELETE", "/p4", "").status == 200)
    #expect(try setup.sync()["downloaded"] as? Int == 2)
    #expect(try setup.deviceList() == setup.freshList())
    try setup.onServer(["update", "p1", "city=Borås"])
    #expect(try setup.sync()["reached"] as? Int == 5)
    #expect(try setup.deviceList() == setup.freshList())
    watch.waitUntilExit()
    let lines = String(
      decoding: watched.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self
    ).split(separator: "\n")
    // One change set a sync: the added Östen under Ö (section 4, row 1 after Örjan), then Zoe
    // renamed Åke moving from Z to Å and Anna's removal with her section A, then Åsa's city
    // (Åke, Åsa under Å: section 0, row 1).
    #expect(lines.count == 3)
    #expect(lines.first?.contains(#""inserted":[[4,1]]"#) == true)
    #expect(lines.last?.contains(#""updated":[[0,1]]"#) == true)
  }

  @Test(arguments: TestEngine.all)
  func offlineWritesGoUpWhenTheServerIsBackMergedOrKeptAsConflicts(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    setup.server.stop()
    // Offline: the device writes, and its lists show them at once.
    try Setup.check(setup.onDevice(["update", "p1", "name=Åsa Berg"]))  // merged with city
    try Setup.check(setup.onDevice(["update", "p2", "name=Örjan Ek"]))  // same field: conflict
    try Setup.check(setup.onDevice(["update", "p3", "city=Sala"]))  // removed on the server
    try Setup.check(setup.onDevice(["remove", "p4"]))  // changed on the server
    try Setup.check(setup.onDevice(["add", "id=p9", "name=Nils", "city=Mora"]))
    #expect(try setup.deviceItems().contains("p9,Nils,Mora"))
    let started = Date()
    let away = try setup.onDevice(["sync"])
    #expect(away.status == 1)
    #expect(away.standardError.contains("cannot reach"))
    #expect(Date().timeIntervalSince(started) < 15)
    #expect(
      try setup.onDevice(["sync", "--status", "--format", "json"]).standardOutput
        .contains(#""pending":5"#))
    // Meanwhile on the server.
    try setup.onServer(["update", "p1", "city=Lund"])
    try setup.onServer(["update", "p2", "name=Örjan Å"])
    try setup.onServer(["remove", "p3"])
    try setup.onServer(["update", "p4", "city=Luleå"])
    try setup.server.start()
    let step = try setup.sync()
    #expect(step["uploaded"] as? Int == 2)  // p1 merged, p9 added
    #expect(step["conflicts"] as? Int == 3)
    #expect(
      try setup.serverItems() == [
        "p1,Åsa Berg,Lund", "p2,Örjan Å,Umeå", "p4,Anna,Luleå", "p5,Ärla,Visby", "p9,Nils,Mora",
      ])
    // The device shows the server's items, and keeps the three conflicts.
    #expect(try setup.deviceItems() == setup.serverItems())
    #expect(try setup.deviceList() == setup.freshList())
    let status = try setup.onDevice(["sync", "--status", "--format", "json"]).standardOutput
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
    #expect(json["pending"] as? Int == 0)
    #expect(json["token"] as? Bool == true)
    let conflicts = json["conflicts"] as? [[String: Any]] ?? []
    #expect(conflicts.map { $0["key"] as? String } == ["p2", "p3", "p4"])
    #expect((conflicts[0]["local"] as? [String: String])?["name"] == "Örjan Ek")
    #expect((conflicts[0]["server"] as? [String: String])?["name"] == "Örjan Å")
    #expect((conflicts[0]["base"] as? [String: String])?["name"] == "Örjan")
    #expect(conflicts[1]["server"] is NSNull)
    #expect(conflicts[2]["local"] is NSNull)
    #expect(!status.contains(setup.token))

    // Resolving: keep the device's name of p2 and its p3; keep the server's p4.
    #expect(try setup.sync(["--resolve", "p2", "keep-local"])["uploaded"] as? Int == 1)
    #expect(try setup.sync(["--resolve", "p3", "keep-local"])["uploaded"] as? Int == 1)
    #expect(try setup.sync(["--resolve", "p4", "keep-server"])["uploaded"] as? Int == 0)
    #expect(
      try setup.serverItems() == [
        "p1,Åsa Berg,Lund", "p2,Örjan Ek,Umeå", "p3,Zoe,Sala", "p4,Anna,Luleå", "p5,Ärla,Visby",
        "p9,Nils,Mora",
      ])
    #expect(try setup.deviceItems() == setup.serverItems())
    #expect(try setup.deviceList() == setup.freshList())
    #expect(
      try setup.onDevice(["sync", "--status", "--format", "json"]).standardOutput.contains(
        #""conflicts":[]"#))
  }

  @Test(arguments: TestEngine.all)
  func aRejectedWriteDoesNotBlockTheNextAndARevokedTokenStops(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    try Setup.check(setup.onDevice(["mirror", setup.url]))
    // The device gives p3 the key p7 while the server adds its own p7: a duplicate key there.
    try Setup.check(setup.onDevice(["update", "p3", "id=p7"]))
    try Setup.check(setup.onDevice(["update", "p1", "city=Lund"]))
    #expect(try setup.http("POST", "", #"{"id":"p7","name":"Eva","city":"Ed"}"#).status == 201)
    let step = try setup.sync()
    #expect(step["rejected"] as? Int == 1)
    #expect(step["uploaded"] as? Int == 1)
    #expect(try setup.serverItems().contains("p1,Åsa,Lund"))
    #expect(try setup.deviceItems() == setup.serverItems())
    let status = try setup.onDevice(["sync", "--status", "--format", "json"]).standardOutput
    #expect(status.contains(#""rejected":[{"item":2,"key":"p3","status":400,"#))

    // A revoked token: the sync stops and says so, the queue kept.
    try Setup.check(setup.onDevice(["update", "p5", "city=Sala"]))
    try setup.onServer(["token", "revoke", "w"])
    let refused = try setup.onDevice(["sync"])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("refused the token (401)"))
    #expect(!refused.standardError.contains(setup.token))
    #expect(
      try setup.onDevice(["sync", "--status", "--format", "json"]).standardOutput.contains(
        #""pending":1"#))
  }

  @Test(arguments: TestEngine.all)
  func aReplacedCollectionIsCopiedAgainWithThePendingWritesKept(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    try Setup.check(setup.onDevice(["update", "p5", "city=Sala"]))
    try setup.runner.write("people.csv", "id,name,city\np5,Ärla,Visby\np6,Bo,Ystad\n")
    try setup.onServer(["import", "people.csv", "--replace", "--quiet"])
    let step = try setup.sync()
    #expect(step["copied"] as? Bool == true)
    #expect(step["uploaded"] as? Int == 1)
    #expect(try setup.serverItems() == ["p5,Ärla,Sala", "p6,Bo,Ystad"])
    #expect(try setup.deviceItems() == setup.serverItems())
    #expect(try setup.deviceList() == setup.freshList())
  }

  @Test func aMirrorWithoutAKeyColumnRefusesAnAddAndSaysWhy() throws {
    let runner = try CatalogRunner(engine: .sqlite)
    try runner.write("cities.csv", "name,state\nAustin,Texas\n")
    try Setup.check(runner.run(["import", "cities.csv", "--quiet"]))
    let server = try Server(database: runner.databasePath)
    let device = runner.directory.path("device.db")
    let url = "http://127.0.0.1:\(server.port)/api/collections/cities"
    try Setup.check(runner.run(["mirror", url], database: device))
    let add = try runner.run(["add", "name=Nome", "state=Alaska"], database: device)
    #expect(add.status == 1)
    #expect(
      add.standardError
        == "Error: adding an item to a mirror (the server numbers it only once it is uploaded) "
        + "needs a key column, and 'cities' has none\n")
    // A token in the address is a usage error.
    let withToken = try runner.run(
      ["mirror", "http://user:ctk_secret@127.0.0.1:\(server.port)/api/collections/cities"],
      database: runner.directory.path("other.db"))
    #expect(withToken.status == 64)
    #expect(withToken.standardError.contains("a token never goes in an address"))
  }
}

/// What a mirror does when things break: a lost answer, a process killed mid-copy and
/// mid-apply, a server whose history no longer reaches back.
extension MirrorSyncTests {
  @Test(arguments: TestEngine.all)
  func anUploadWhoseAnswerIsLostIsAppliedOnce(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    let proxy = try AnswerLosingProxy(to: setup.server.port)
    let url = "http://127.0.0.1:\(proxy.port)/api/collections/people"
    try Setup.check(setup.onDevice(["mirror", url]))
    try Setup.check(setup.onDevice(["add", "id=p9", "name=Nils", "city=Mora"]))
    try Setup.check(setup.onDevice(["update", "p1", "city=Lund"]))
    let before = try setup.runner.rows("SELECT version FROM catalog_state")
    let step = try setup.sync()
    #expect(proxy.lostAnswers == 1)
    #expect(step["uploaded"] as? Int == 2)
    // Two writes, two versions: the add that was sent twice was applied once.
    #expect(
      try setup.runner.rows("SELECT version FROM catalog_state") == [String(Int(before[0])! + 2)])
    #expect(try setup.serverItems().filter { $0.hasPrefix("p9,") } == ["p9,Nils,Mora"])
    #expect(try setup.deviceItems() == setup.serverItems())
  }

  @Test(arguments: TestEngine.all)
  func aServerWhoseHistoryNoLongerReachesBackIsCopiedAgain(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    try Setup.check(setup.onDevice(["update", "p2", "city=Sala"]))
    try setup.onServer(["remove", "p5"])
    try setup.onServer(["add", "id=p6", "name=Bo", "city=Ystad"])
    // As if the removals before now had been pruned: the history starts at the last version.
    _ = try setup.runner.rows(
      "UPDATE collections SET history_floor = (SELECT version FROM catalog_state)")
    let step = try setup.sync()
    #expect(step["copied"] as? Bool == true)
    #expect(step["uploaded"] as? Int == 1)
    #expect(try setup.serverItems().contains("p2,Örjan,Sala"))
    #expect(try setup.deviceItems() == setup.serverItems())
    #expect(try setup.deviceList() == setup.freshList())
  }

  /// A collection whose columns are called as a copy's page calls an item's number and version,
  /// with values that CSV must quote, spaces around them and a name in NFD: the mirror's export
  /// is the server's, byte for byte, across two pages of the copy (10,000 items a page).
  @Test(arguments: TestEngine.all)
  func aCollectionWithColumnsCalledItemAndVersionIsCopiedWhole(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    let nfd = "A\u{030A}sa"
    let rows = (0..<10_050).map {
      "\($0),v\($0),\"x, \"\"\($0)\"\"\nline\", \(nfd) \($0) ,k\($0)\n"
    }
    try setup.runner.write("ledger.csv", "item,version,_item,name,id\n" + rows.joined())
    try setup.onServer(["import", "ledger.csv", "-c", "ledger", "--key", "id", "--quiet"])
    try setup.onServer(["remove", "-c", "ledger", "k3"])
    let url = "http://127.0.0.1:\(setup.server.port)/api/collections/ledger"
    let mirror = try setup.onDevice(["mirror", url, "--format", "json"])
    #expect(mirror.status == 0, "\(mirror.standardError)")
    let server = try setup.onServer(["export", "-c", "ledger"]).standardOutput
    let device = try Setup.check(
      setup.runner.run(["export", "-c", "ledger"], database: setup.device)
    ).standardOutput
    #expect(device == server)
    #expect(server.contains("\"x, \"\"10049\"\"\nline\""))
  }

  /// The server's headers and footers reach the mirror with the next sync, the collection's and
  /// its sections' (a letter, and a city of a grouping the device builds itself), changed and
  /// cleared as the server changes and clears them; the device's own go up (or, refused, give
  /// way to the server's); a collection made anew takes its own.
  @Test(arguments: TestEngine.all)
  func theServersHeadersAndFootersReachTheMirror(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    try setup.onServer(["annotate", "--header", "Friends", "--footer", "That is all"])
    try setup.onServer(["annotate", "--section", "Z", "--header", "Zed's"])
    try setup.onServer(["annotate", "--section", "Lund", "--group-by", "city", "--footer", "South"])
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv", "--group-by", "city"]))
    /// The device's texts (or the server's): the collection's header and footer, and each
    /// section's that has one.
    func deviceNotes(database: String? = setup.device) throws -> [String] {
      var notes: [String] = []
      for arguments in [["collections"], ["sections"], ["sections", "--group-by", "city"]] {
        let result = try Setup.check(
          setup.runner.run(arguments + ["--format", "json"], database: database))
        for line in result.outputLines {
          let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
          let name = object?["heading"] as? String ?? object?["name"] as? String ?? "?"
          for part in ["header", "footer"] {
            if let text = object?[part] as? String { notes.append("\(name) \(part): \(text)") }
          }
        }
      }
      return notes
    }
    #expect(
      try deviceNotes() == [
        "people header: Friends", "people footer: That is all", "Z header: Zed's",
        "Lund footer: South",
      ])
    // The device's own annotate, made while the server is away, shows at once and goes up with
    // the next sync, which also brings what the server changed meanwhile.
    setup.server.stop()
    try Setup.check(setup.onDevice(["annotate", "--section", "A", "--header", "Mine"]))
    #expect(try deviceNotes().contains("A header: Mine"))
    try setup.server.start()
    try setup.onServer(["annotate", "--footer", "The end"])
    #expect(try setup.sync()["uploaded"] as? Int == 1)
    let both = [
      "people header: Friends", "people footer: The end", "A header: Mine", "Z header: Zed's",
      "Lund footer: South",
    ]
    #expect(try deviceNotes(database: nil) == both)
    #expect(try deviceNotes() == both)
    // One the server refuses (a token that may only read) is set aside, and the mirror's notes
    // are the server's again.
    let reader = try setup.onServer(["token", "create", "r"]).standardOutput
      .trimmingCharacters(in: .newlines)
    try Setup.check(setup.onDevice(["annotate", "--header", "Nope"]))
    #expect(try deviceNotes().first == "people header: Nope")
    let refused = try setup.onDevice(["sync", "--format", "json"], token: reader)
    #expect(refused.standardOutput.contains(#""rejected":1"#), "\(refused.standardOutput)")
    #expect(try deviceNotes() == both)
    let status = try Setup.check(setup.onDevice(["sync", "--status"])).outputLines
    #expect(status.last?.hasPrefix("rejected write on the headers and footers (403): ") == true)
    let json = try Setup.check(setup.onDevice(["sync", "--status", "--format", "json"]))
    #expect(json.standardOutput.contains(#""rejected":[{"item":null,"key":null,"status":403,"#))
    #expect(json.standardOutput.contains(#""fields":{"header":"Nope"}}]"#))

    try setup.onServer(["annotate", "--section", "Z", "--clear"])
    try setup.onServer(["annotate", "--section", "A", "--clear"])
    try setup.onServer(["annotate", "--header", "Vänner", "--footer", "That is all"])
    try setup.onServer(["update", "p1", "city=Lund"])
    let step = try setup.sync()
    #expect(
      step["reached"] as? Int == Int(try setup.runner.rows("SELECT version FROM catalog_state")[0]))
    #expect(
      try deviceNotes() == [
        "people header: Vänner", "people footer: That is all", "Lund footer: South",
      ])
    #expect(try setup.deviceItems() == setup.serverItems())

    // Made anew by an import that replaces it, the collection keeps its own header and footer
    // and loses its sections' notes: the mirror, copied again, the same.
    try setup.runner.write("people.csv", "id,name,city\np5,Ärla,Visby\n")
    try setup.onServer(["import", "people.csv", "--replace", "--quiet"])
    let replaced = ["people header: Vänner", "people footer: That is all"]
    #expect(try deviceNotes(database: nil) == replaced)
    #expect(try setup.sync()["copied"] as? Bool == true)
    #expect(try deviceNotes() == replaced)
    try setup.onServer([
      "annotate", "--section", "Visby", "--group-by", "city", "--footer", "Gotland",
    ])
    _ = try setup.sync()
    #expect(try deviceNotes() == replaced + ["Visby footer: Gotland"])
  }

  /// Many rows, so that a copy and a catch-up take many pages.
  static func manyPeople(_ count: Int, city: String = "Lund") -> String {
    (0..<count).map { "k\($0),Name \(String($0, radix: 36)),\(city)\n" }.joined()
  }

  @Test(arguments: TestEngine.all)
  func aMirrorKilledWhileCopyingOrApplyingResumesWithNothingSkippedOrDoubled(engine: TestEngine)
    throws
  {
    let setup = try Setup(engine: engine, rows: Self.manyPeople(30_000))
    let copy = try setup.start(["mirror", setup.url, "--locale", "sv"])
    // Killed once a page is kept, while the mirror is built of the pages as they come.
    try setup.waitForAPageKept(by: copy)
    kill(copy.processIdentifier, SIGKILL)
    copy.waitUntilExit()
    do {
      let device = try Catalog(path: setup.device, creating: false)
      let kept = try device.mirrorCopy(named: "people")
      #expect((kept?.after ?? 0) > 0, "the copy kept its place: \(String(describing: kept))")
      #expect(try device.collection(named: "people") == nil, "nothing of the copy is visible")
    }
    try setup.onServer(["update", "k7", "city=Sala"])
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    #expect(try setup.deviceItems() == setup.serverItems())

    // The server changes every item in five writes; the sync is killed between its pages.
    for part in 0..<5 {
      let rows = (part * 6000..<(part + 1) * 6000).map {
        "k\($0),Name \(String($0, radix: 36)),Umeå\n"
      }
      try setup.runner.write("part.csv", "id,name,city\n" + rows.joined())
      try setup.onServer(["import", "part.csv", "-c", "people", "--upsert", "--quiet"])
    }
    let sync = try setup.start(["sync"])
    let syncDeadline = ProcessDeadline(sync)
    let umea = "SELECT count(*) FROM items WHERE fields LIKE '%Umeå%'"
    while sync.isRunning,
      (try Int(TestCatalog.peek(path: setup.device, umea).first ?? "0") ?? 0) < 1000
    {
      Thread.sleep(forTimeInterval: 0.005)
    }
    try syncDeadline.check()
    kill(sync.processIdentifier, SIGKILL)
    sync.waitUntilExit()
    let applied = Int(try TestCatalog.peek(path: setup.device, umea).first ?? "0") ?? 0
    #expect(applied > 0 && applied < 30_000, "killed mid-apply: \(applied) applied")
    #expect(
      try setup.sync()["reached"] as? Int
        == Int(try setup.runner.rows("SELECT version FROM catalog_state")[0]))
    #expect(try setup.deviceItems() == setup.serverItems())
    #expect(try Int(TestCatalog.peek(path: setup.device, umea).first ?? "0") == 30_000)
  }
}

extension MirrorSyncTests {
  /// While a copy made again under a mirror fetches its pages (the catalog is not held then), a
  /// second `sync` of that mirror is refused, saying so, and changes nothing; once the first is
  /// gone, the copy goes on. (While a new mirror is built, the catalog itself is busy.)
  @Test func aSecondCopyIntoTheSameMirrorIsRefusedWhileTheFirstRuns() throws {
    let setup = try Setup(engine: .sqlite, rows: Self.manyPeople(30_000))
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    try setup.runner.write("people.csv", "id,name,city\n" + Self.manyPeople(30_000, city: "Visby"))
    try setup.onServer(["import", "people.csv", "-c", "people", "--replace", "--quiet"])
    let first = try setup.start(["sync"])
    try setup.waitForAPageKept(by: first)
    // Held still while it fetches the pages: its file is locked.
    kill(first.processIdentifier, SIGSTOP)
    defer {
      kill(first.processIdentifier, SIGKILL)
      first.waitUntilExit()
    }
    let before = try setup.deviceItems()
    let second = try setup.onDevice(["sync"])
    #expect(second.status == 1)
    #expect(
      second.standardError
        == "Error: cannot keep the pages of the copy in \(setup.copyFile): another process is "
        + "copying into it\n")
    #expect(try setup.deviceItems() == before)
    kill(first.processIdentifier, SIGKILL)
    first.waitUntilExit()
    #expect(try setup.sync()["copied"] as? Bool == true)
    #expect(try setup.deviceItems() == setup.serverItems())
    #expect(!FileManager.default.fileExists(atPath: setup.copyFile), "the pages go with the copy")
  }

  /// A follower whose reader stops reading (as `sync --follow | head -1` does) ends at its next
  /// step, quietly and with status 0, as any command whose output is closed.
  @Test func aFollowerWhoseOutputIsClosedEndsQuietly() throws {
    let setup = try Setup(engine: .sqlite)
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    let output = Pipe()
    let errors = Pipe()
    let follower = try setup.startFollower(output: output, errors: errors)
    let deadline = ProcessDeadline(follower, seconds: 60)
    // Its first step's line, then the reader goes.
    #expect(try output.fileHandleForReading.read(upToCount: 1)?.isEmpty == false)
    try output.fileHandleForReading.close()
    try setup.onServer(["add", "id=n1", "name=Nils", "city=Ed"])
    follower.waitUntilExit()
    deadline.cancel()
    try deadline.check()
    #expect(follower.terminationStatus == 0)
    #expect(
      String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
  }

  @Test(arguments: TestEngine.all)
  func followingAppliesEachServerWriteAsItCommits(engine: TestEngine) throws {
    let setup = try Setup(engine: engine)
    try Setup.check(setup.onDevice(["mirror", setup.url, "--locale", "sv"]))
    let output = Pipe()
    let follower = try setup.startFollower(output: output)
    // Killed at the end of the test, or sooner when it hangs (then its lines end).
    let deadline = ProcessDeadline(follower, seconds: 120)
    defer {
      if follower.isRunning { kill(follower.processIdentifier, SIGKILL) }
    }
    let reader = output.fileHandleForReading
    func line() throws -> String {
      var bytes: [UInt8] = []
      while let byte = try reader.read(upToCount: 1)?.first, byte != 10 { bytes.append(byte) }
      return String(decoding: bytes, as: UTF8.self)
    }
    // The first step, then one a server write.
    #expect(try line().hasPrefix(#"{"reached":1,"#))
    var latencies: [Double] = []
    for (number, name) in ["Östen", "Åke", "Ärla"].enumerated() {
      let started = Date()
      #expect(
        try setup.http("POST", "", #"{"id":"n\#(number)","name":"\#(name)","city":"Ed"}"#).status
          == 201)
      #expect(
        try line()
          == #"{"reached":\#(number + 2),"downloaded":1,"uploaded":0,"conflicts":0,"#
          + #""rejected":0,"copied":false}"#)
      latencies.append(Date().timeIntervalSince(started))
    }
    #expect(try setup.deviceList() == setup.freshList())
    // Woken by the change stream, not by the one-second look: well under a second each.
    #expect(latencies.allSatisfy { $0 < 0.9 }, "\(latencies)")
    print("a server write reached the following device in \(latencies) s")
    // Ctrl-C stops it, as an interrupted command: 130.
    kill(follower.processIdentifier, SIGINT)
    follower.waitUntilExit()
    deadline.cancel()
    try deadline.check()
    #expect(follower.terminationStatus == 130)
  }
}
