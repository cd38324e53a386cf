import CatalogSQLite
import CatalogServer
import CatalogStore
import Foundation
import Testing

/// `/api/collections/NAME/changes`: the change sets of a list as Server-Sent Events, checked
/// against `catalog watch` for the same writes by other processes, and the rules that keep
/// streams from holding the server's connections.
struct ChangeStreamTests {
  /// The text of a change set's event.
  static func message(_ line: String, version: Int) -> String {
    "id: \(version)\ndata: \(line)\n\n"
  }

  /// The text of the event that says every change set up to `version` was sent.
  static func versionEvent(_ version: Int, first: Bool = false) -> String {
    (first ? "retry: 1000\n" : "") + "id: \(version)\nevent: version\ndata: \(version)\n\n"
  }

  @Test func theEventsAreWhatWatchPrintsForTheSameWrites() throws {
    let fixture = try ServerFixture()
    let start = try fixture.version()
    let byState = try fixture.stream("/api/collections/cities/changes?group_by=state")
    let byLetterInSwedish = try fixture.stream(
      "/api/collections/cities/changes?since=\(start)&locale=sv")
    #expect(byState.status == 200)
    #expect(byState.headers["content-type"] == "text/event-stream; charset=utf-8")
    #expect(byState.headers["transfer-encoding"] == "chunked")
    // Each stream first says where it starts: after the version now, or after `since`.
    for stream in [byState, byLetterInSwedish] {
      #expect(try stream.events(1).map(\.text) == [Self.versionEvent(start, first: true)])
    }

    let versions = [
      try fixture.write(["add", "-c", "cities", "name=Dallas", "state=Texas", "state_code=TX"]),
      // Austin, from Texas to Alaska: a move in the state grouping, an update in the letters.
      try fixture.write(["update", "-c", "cities", "2", "state=Alaska"]),
      // Åre, the only item in Jämtland: the section goes.
      try fixture.write(["remove", "-c", "cities", "4"]),
      // Another collection: no change set, only the news that the list is still as it was.
      try fixture.write(["add", "-c", "many", "name=Item 9999"]),
    ]
    #expect(versions == Array(start + 1...start + 4))

    for (stream, list) in [
      (byState, ["--group-by", "state"]), (byLetterInSwedish, ["--locale", "sv"]),
    ] {
      let lines = try fixture.watch(["-c", "cities"] + list, since: start, count: 3)
      #expect(lines.count == 3)
      let expected =
        zip(lines, versions).map { Self.message($0, version: $1) }
        + [Self.versionEvent(versions[3])]
      #expect(try stream.events(4).map(\.text) == expected)
    }
    // The move in the state grouping, as worked out by hand (DESIGN §10): Austin leaves Texas
    // (section 5, before Dallas and Houston) for Alaska (section 1, after Anchorage).
    let stateLines = try fixture.watch(
      ["-c", "cities", "--group-by", "state"], since: start, count: 3)
    #expect(
      stateLines[1]
        == #"{"version":\#(start + 2),"collection":"cities","group_by":"state","locale":"en","sections":{"deleted":[],"inserted":[],"updated":[1,5]},"rows":{"deleted":[],"inserted":[],"moved":[[[5,0],[1,1]]],"updated":[[1,1]]}}"#
    )
  }

  @Test func aStreamResumesAfterSinceOrTheLastEventID() throws {
    let fixture = try ServerFixture()
    let start = try fixture.version()
    let versions = try ["Dallas", "El Paso", "Fort Worth"].map {
      try fixture.write(["add", "-c", "cities", "name=\($0)", "state=Texas"])
    }
    #expect(versions == Array(start + 1...start + 3))
    let lines = try fixture.watch(["-c", "cities"], since: start, count: 3)

    let afterFirst = try fixture.stream("/api/collections/cities/changes?since=\(versions[0])")
    #expect(
      try afterFirst.events(2).map(\.text) == [
        "retry: 1000\n" + Self.message(lines[1], version: versions[1]),
        Self.message(lines[2], version: versions[2]),
      ])
    // An EventSource that reconnects asks again for its first URL, with the last id it got:
    // the id wins.
    let reconnected = try fixture.stream(
      "/api/collections/cities/changes?since=\(start)", lastEventID: String(versions[1]))
    #expect(
      try reconnected.events(1).map(\.text) == [
        "retry: 1000\n" + Self.message(lines[2], version: versions[2])
      ])
    let caughtUp = try fixture.stream(
      "/api/collections/cities/changes", lastEventID: String(versions[2]))
    #expect(try caughtUp.events(1).map(\.text) == [Self.versionEvent(versions[2], first: true)])
    // Nothing more comes while nothing is written.
    for stream in [afterFirst, reconnected, caughtUp] {
      #expect(try stream.events(1, within: .milliseconds(300)).isEmpty)
    }
  }

  @Test func aStreamFromBeforeTheLogGetsAReloadAsWatchDoes() throws {
    let fixture = try ServerFixture()
    let start = try fixture.version()
    try fixture.write(["add", "-c", "cities", "name=Dallas", "state=Texas"])
    // Enough writes to another collection that the log no longer holds the one to cities.
    let catalog = try Catalog(path: fixture.runner.databasePath, creating: false)
    for number in 0..<Catalog.keptVersions {
      try catalog.add(["name": "Item \(number)"], to: "bär & co/2")
    }
    let current = start + 1 + Catalog.keptVersions
    let lines = try fixture.watch(["-c", "cities"], since: start, count: 1)
    #expect(
      lines == [
        #"{"version":\#(current),"collection":"cities","group_by":null,"locale":"en","reload":true}"#
      ])
    let stream = try fixture.stream("/api/collections/cities/changes?since=\(start)")
    #expect(
      try stream.events(1).map(\.text) == [
        "retry: 1000\n" + Self.message(lines[0], version: current)
      ])
  }

  @Test func aWaitingStreamHoldsNoSnapshotSoTheLogCanBeCheckpointed() throws {
    let fixture = try ServerFixture()
    let stream = try fixture.stream("/api/collections/cities/changes?group_by=state")
    #expect(try stream.events(1).count == 1)
    try fixture.write(["add", "-c", "cities", "name=Dallas", "state=Texas"])
    #expect(try stream.messages(1).count == 1)
    // The stream waits for the next write: a reader holding an older snapshot would keep the
    // log from being emptied (busy 1, or fewer frames checkpointed than logged).
    let sqlite = Process()
    sqlite.executableURL = URL(filePath: "/usr/bin/sqlite3")
    sqlite.arguments = [fixture.runner.databasePath, "PRAGMA wal_checkpoint(TRUNCATE)"]
    let output = Pipe()
    sqlite.standardOutput = output
    try sqlite.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    sqlite.waitUntilExit()
    #expect(String(decoding: printed, as: UTF8.self) == "0|0|0\n")
    #expect(!stream.isClosed)
  }

  @Test func badParametersAreRefusedAsByTheOtherEndpoints() throws {
    let fixture = try ServerFixture()
    let current = try fixture.version()
    let refused: [(target: String, lastEventID: String?, status: Int, error: String)] = [
      (
        "/api/collections/cities/changes?since=-1", nil, 400,
        "the value '-1' of 'since' is not a whole number from 0 to 9223372036854775807"
      ),
      (
        "/api/collections/cities/changes?since=\(current + 1)", nil, 400,
        "the version \(current + 1) to start after is past the catalog's version \(current)"
      ),
      (
        "/api/collections/cities/changes?index_by=state", nil, 400,
        "unknown parameter 'index_by'; the parameters here are: since, group_by, locale"
      ),
      (
        "/api/collections/cities/changes", "seven", 400,
        "the Last-Event-ID header 'seven' is not a catalog version"
      ),
      (
        "/api/collections/cities/changes?since=0", String(current + 1), 400,
        "the version \(current + 1) to start after is past the catalog's version \(current)"
      ),
      (
        "/api/collections/towns/changes", nil, 404,
        "no collection named 'towns'; the collections are: bär & co/2, cities, many"
      ),
      (
        "/api/collections/cities/changes?group_by=county", nil, 404,
        "unknown column 'county' for group_by; the columns are: name, state, state_code"
      ),
      (
        "/api/collections/cities/changes?locale=xx-bogus-u-co-nonsense", nil, 400,
        "unknown locale 'xx-bogus-u-co-nonsense' (expected an ICU locale id or BCP 47 tag such as sv, de_DE, zh-Hant)"
      ),
    ]
    for (target, lastEventID, status, error) in refused {
      let response = try fixture.stream(target, lastEventID: lastEventID)
      #expect(response.status == status, "\(target)")
      #expect(response.headers["content-type"] == "application/json; charset=utf-8")
      #expect(try response.wholeBody() == #"{"error":""# + error + "\"}\n", "\(target)")
    }
    #expect(try fixture.get("/api/collections").status == 200)
  }

  @Test func aStreamEndsWhenItsClientHangsUpAndGivesBackItsPlace() throws {
    var limits = ServerLimits()
    limits.streams = 2
    let fixture = try ServerFixture(limits: limits)
    let target = "/api/collections/cities/changes"
    var streams = try (0..<2).map { _ in try fixture.stream(target) }
    for stream in streams { #expect(try stream.events(1).count == 1) }
    let refused = try fixture.stream(target)
    #expect(refused.status == 503)
    #expect(
      try refused.wholeBody()
        == #"{"error":"the server sends 2 change streams already, as many as it sends at once; try again later"}"#
        + "\n")
    #expect(try fixture.get("/api/collections/cities/sections").status == 200)

    // The streams send nothing for 5 s (the keep-alive time); their places come back as soon
    // as their clients go, not when a write fails.
    let hungUp = ContinuousClock.now
    streams.forEach { $0.close() }
    streams = []
    while streams.count < 2 && ContinuousClock.now - hungUp < .seconds(2) {
      let stream = try fixture.stream(target)
      if stream.status == 200 {
        streams.append(stream)
      } else {
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
    #expect(streams.count == 2)
    #expect(ContinuousClock.now - hungUp < .seconds(1))
    let start = try fixture.version()
    let version = try fixture.write(["add", "-c", "cities", "name=Dallas", "state=Texas"])
    let lines = try fixture.watch(["-c", "cities"], since: start, count: 1)
    for stream in streams {
      #expect(
        try stream.messages(1).map(\.text) == lines.map { Self.message($0, version: version) })
    }
  }

  @Test func stoppingTheServerEndsItsStreamsAtOnce() throws {
    var fixture: ServerFixture? = try ServerFixture()
    let stream = try fixture!.stream("/api/collections/cities/changes")
    #expect(try stream.events(1).count == 1)
    let stopping = ContinuousClock.now
    fixture = nil
    #expect(ContinuousClock.now - stopping < .seconds(1))
    #expect(try stream.readToEnd(within: .seconds(1)).isEmpty)
    #expect(stream.isClosed)
  }

  @Test func keepAlivesHoldAnIdleStreamOpenPastTheIdleTime() throws {
    var limits = ServerLimits()
    limits.idleSeconds = 1
    let fixture = try ServerFixture(limits: limits)
    let stream = try fixture.stream("/api/collections/cities/changes")
    #expect(try stream.events(1).count == 1)
    // Two and a half idle times with nothing to send: a comment every half of one. (Without
    // them, libmicrohttpd would close the connection once the stream came back after more
    // than the idle time.)
    #expect(try stream.events(1, within: .milliseconds(2500)).isEmpty)
    #expect(!stream.isClosed)
    #expect(stream.comments.count >= 3)
    #expect(Set(stream.comments) == ["keep-alive"])
    let start = try fixture.version()
    let version = try fixture.write(["add", "-c", "cities", "name=Dallas", "state=Texas"])
    let lines = try fixture.watch(["-c", "cities"], since: start, count: 1)
    #expect(try stream.messages(1).map(\.text) == lines.map { Self.message($0, version: version) })
  }

  @Test func aClientThatStopsReadingLosesItsStreamAfterTheStreamsLifetime() throws {
    var limits = ServerLimits()
    limits.streams = 1
    limits.streamSeconds = 1
    limits.idleSeconds = 1
    let fixture = try ServerFixture(limits: limits)
    let target = "/api/collections/cities/changes"
    // A client that asks and then never reads again, like a page frozen in the background.
    let frozen = try fixture.stream(target)
    #expect(frozen.status == 200)
    let started = ContinuousClock.now
    var next: EventStreamClient?
    while next == nil && ContinuousClock.now - started < .seconds(5) {
      let stream = try fixture.stream(target)
      if stream.status == 200 { next = stream } else { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(next != nil)
    #expect(ContinuousClock.now - started >= .milliseconds(900))
    // The stream ended cleanly, and the idle connection was closed after it.
    let events = try frozen.readToEnd(within: .seconds(3))
    #expect(events.map(\.text) == [Self.versionEvent(try fixture.version(), first: true)])
    #expect(frozen.hasEnded)
    #expect(try frozen.waitUntilClosed(within: .seconds(3)))
  }

  @Test func manyStreamsAtOnceEachGetEveryChangeSet() throws {
    let fixture = try ServerFixture()
    let limit = ServerLimits().streams
    let streams = try (0..<limit).map { number in
      try fixture.stream(
        number % 2 == 0
          ? "/api/collections/cities/changes" : "/api/collections/cities/changes?group_by=state")
    }
    for stream in streams { #expect(try stream.events(1).count == 1) }
    #expect(try fixture.stream("/api/collections/cities/changes").status == 503)
    let rows = try fixture.get("/api/collections/cities/rows")
    #expect(rows.status == 200)
    #expect(rows.body == (try fixture.cliJSONArray(["list", "-c", "cities"])))

    let start = try fixture.version()
    let versions = [
      try fixture.write(["update", "-c", "cities", "2", "state=Alaska"]),
      try fixture.write(["remove", "-c", "cities", "4"]),
    ]
    let byLetter = try fixture.watch(["-c", "cities"], since: start, count: 2)
    let byState = try fixture.watch(
      ["-c", "cities", "--group-by", "state"], since: start, count: 2)
    for (number, stream) in streams.enumerated() {
      let lines = number % 2 == 0 ? byLetter : byState
      #expect(
        try stream.messages(2).map(\.text)
          == zip(lines, versions).map { Self.message($0, version: $1) })
    }
  }
}
