import CatalogCollation
import CatalogSQLite
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogQuery
@testable import CatalogStore

/// A catalog written by the schema-1 release (`Tests/Fixtures/schema1.db`, made from the samples)
/// is upgraded in place when opened, and then lists exactly what a fresh import of the same
/// files gives.
struct UpgradeTests {
  static let repository = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A copy of a fixture in a temporary directory.
  static func fixtureCopy(
    _ name: String = "schema1.db", in directory: TemporaryDirectory
  ) throws -> String {
    let path = directory.path(name)
    try FileManager.default.copyItem(
      atPath: repository.appending(path: "Tests/Fixtures/\(name)").path, toPath: path)
    return path
  }

  /// Each section's heading, index title and count, and each item's title, in list order.
  static func contents(_ list: IndexedList) throws -> [String] {
    var lines: [String] = []
    let sections = try list.sections()
    while let section = try sections.next() {
      lines.append("\(section.heading) [\(section.indexTitle)] \(section.count)")
      lines += try list.items(in: section).collect().map { "  \($0.item) \($0.title)" }
    }
    return lines
  }

  @Test func aSchema1CatalogIsUpgradedInPlaceAndListsAsAFreshImport() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.fixtureCopy(in: directory)
    let notices = NoticeLog()
    let upgraded = try Catalog(
      path: path, creating: false,
      configuration: Catalog.Configuration(notice: { notices.append($0) }))
    #expect(try upgraded.storedSchemaVersion() == 9)
    #expect(notices.lines.count == 2)
    #expect(notices.lines.first?.contains("from schema 1 to 2") == true)
    #expect(notices.lines.last?.contains("from schema 2 to 3") == true)

    let collections = try upgraded.collections()
    #expect(collections.map(\.name) == ["cities", "contacts", "settings"])
    #expect(collections.map(\.itemCount) == [337, 43, 28])
    #expect(collections.map(\.nextItem) == [337, 43, 28])
    #expect(collections[1].sortAs == ["last_name", "first_name"])
    #expect(collections[1].locale == "sv")
    #expect(collections[2].header == "Settings")
    #expect(collections[2].footer == "All of them")

    let fresh = try Self.freshSamples(withSettings: true)

    let lists: [(String, Grouping, String?, String?)] = [
      ("cities", .letters, nil, nil), ("cities", .column("state"), "state_code", nil),
      ("cities", .letters, nil, "sv"), ("contacts", .letters, nil, nil),
      ("settings", .column("group"), nil, nil),
    ]
    for (name, grouping, indexBy, locale) in lists {
      func open(_ catalog: Catalog) throws -> IndexedList {
        try IndexedList(
          catalog: catalog, collection: name, grouping: grouping, indexBy: indexBy,
          locale: try locale.map(CollationLocale.init))
      }
      #expect(try Self.contents(open(upgraded)) == Self.contents(open(fresh.catalog)), "\(name)")
    }
    // The lists, index titles and search keys that existed are stored again, so nothing is
    // built when they are read; the section notes are kept.
    #expect(
      try TestCatalog.sqlite3(path: path, "SELECT count(*) FROM groupings") == ["6"])
    #expect(
      try TestCatalog.sqlite3(path: path, "SELECT index_by FROM index_columns") == ["state_code"])
    #expect(
      try TestCatalog.sqlite3(path: path, "SELECT locale FROM search_indexes") == ["en_US"])
    let settings = try IndexedList(
      catalog: upgraded, collection: "settings", grouping: .column("group"))
    let network = try settings.section(withHeading: "Network")
    #expect(network.header == "Connections")
    #expect(network.footer == "Wireless and wired")
    let found = try IndexedList(catalog: upgraded, collection: "cities").search("new")
    // Every city with a word that starts with "new", in list order (a space sorts before letters).
    #expect(
      try found.collect().map(\.title) == [
        "New Haven", "New Orleans", "New York", "Newark", "Newark", "Newport", "Newport News",
      ])

    // The upgraded lists take writes: an added city lists as it does in a fresh import of the
    // file with that city as its last row.
    let nome = ["name": "Nome", "state": "Alaska", "state_code": "AK", "population": "3699"]
    #expect(try upgraded.add(nome, to: "cities").item == 337)
    let withNome = try TestCatalog()
    try withNome.importCSV(
      Self.sample("cities.csv") + "Nome,Alaska,AK,3699\n", collection: "cities", locale: "en_US",
      groupBy: ["state"])
    for grouping in [Grouping.letters, .column("state")] {
      #expect(
        try Self.contents(IndexedList(catalog: upgraded, collection: "cities", grouping: grouping))
          == Self.contents(
            IndexedList(catalog: withNome.catalog, collection: "cities", grouping: grouping)))
    }
  }

  @Test func anUpgradeThatFailsLeavesTheFileAsItWas() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.fixtureCopy(in: directory)
    let before = try Data(contentsOf: URL(filePath: path))
    // Another connection holds the write lock, so the upgrade cannot begin.
    let holder = Process()
    holder.executableURL = URL(filePath: "/usr/bin/sqlite3")
    holder.arguments = [path]
    let input = Pipe()
    holder.standardInput = input
    holder.standardOutput = Pipe()
    try holder.run()
    input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 1;\n".utf8))
    Thread.sleep(forTimeInterval: 0.3)
    let error = #expect(throws: CatalogError.self) {
      try Catalog(
        path: path, creating: false,
        configuration: Catalog.Configuration(busyTimeoutMilliseconds: 100))
    }
    guard case .busy(let busyPath, _) = error else {
      Issue.record("expected busy, got \(String(describing: error))")
      return
    }
    #expect(busyPath == path)
    try input.fileHandleForWriting.close()
    holder.waitUntilExit()
    #expect(try TestCatalog.sqlite3(path: path, "PRAGMA user_version") == ["1"])
    #expect(try Data(contentsOf: URL(filePath: path)) == before)
  }
}

extension UpgradeTests {
  /// A schema-2 catalog whose keys and spellings mix NFC and NFD (`Tests/Fixtures/schema2.db`)
  /// stores them in NFC: it then lists as a fresh import of its items, and takes writes of
  /// either form.
  @Test func aSchema2CatalogCountsItsSpellingsInNFC() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.fixtureCopy("schema2.db", in: directory)
    let notices = NoticeLog()
    let upgraded = try Catalog(
      path: path, creating: false,
      configuration: Catalog.Configuration(notice: { notices.append($0) }))
    #expect(try upgraded.storedSchemaVersion() == 9)
    #expect(notices.lines.count == 1)
    #expect(notices.lines.first?.contains("from schema 2 to 3") == true)
    // "Gö1" was written in NFD; its key is now the NFC spelling.
    #expect(
      try TestCatalog.sqlite3(path: path, "SELECT hex(key) FROM items WHERE item = 2")
        == ["47C3B631"])

    // A fresh import of the items as they are now (p6 was updated to "texas").
    var csv = try String(
      contentsOf: Self.repository.appending(path: "Tests/Fixtures/schema2-people.csv"),
      encoding: .utf8)
    csv = csv.replacingOccurrences(of: "p6,Filip,Texas,TX", with: "p6,Filip,texas,TX")
    let fresh = try TestCatalog()
    try fresh.importCSV(csv, collection: "people", key: "id")
    func lists(_ catalog: Catalog) throws -> [[String]] {
      try [Grouping.letters, .column("state")].map { grouping in
        try Self.contents(
          IndexedList(
            catalog: catalog, collection: "people", grouping: grouping,
            indexBy: grouping == .letters ? nil : "code"))
      }
    }
    #expect(try lists(upgraded) == lists(fresh.catalog))
    // Schema 4 cannot know when each item was written: each counts as written by its
    // collection's last write (the update of p6, version 2).
    let people = try #require(try upgraded.collection(named: "people"))
    #expect(people.version == 2)
    #expect(try upgraded.item(.key("p1"), in: "people").version == 2)
    #expect(try upgraded.item(.key("p6"), in: "people").version == 2)
    let headings = try IndexedList(
      catalog: upgraded, collection: "people", grouping: .column("state"), indexBy: "code"
    ).sections().collect().map { Array("\($0.heading) \($0.indexTitle)".utf8) }
    // Texas and texas tie, and texas comes first in English; Ütah (NFC) counts three to Utah's two.
    #expect(headings == [Array("texas TX".utf8), Array("\u{DC}tah UT".utf8)])

    // Writes name the NFD-keyed item by either spelling, and take out NFD spellings counted in
    // NFC.
    let nfdKey = "Go\u{308}1"
    try upgraded.update(.key(nfdKey), in: "people", setting: ["state": "Ohio"])
    try upgraded.remove([.key("p4"), .key("p5")], from: "people")
    try fresh.catalog.update(.key("G\u{F6}1"), in: "people", setting: ["state": "Ohio"])
    try fresh.catalog.remove([.key("p4"), .key("p5")], from: "people")
    #expect(try lists(upgraded) == lists(fresh.catalog))
  }

  /// Two items whose keys differ only in normalization form were two items to schema 2 and are
  /// one key from schema 3 on: the upgrade refuses, names them, and leaves the file as it was.
  @Test func anUpgradeThatWouldMergeTwoKeysIsRefusedUntouched() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.fixtureCopy("schema2-clashing-keys.db", in: directory)
    let before = try Data(contentsOf: URL(filePath: path))
    let error = #expect(throws: CatalogError.self) {
      try Catalog(path: path, creating: false)
    }
    guard case .duplicateKey(let key, let collection, let item) = error else {
      Issue.record("expected a duplicate key, got \(String(describing: error))")
      return
    }
    #expect(Array(key.utf8) == Array("\u{C5}re".utf8))
    #expect(collection == "places" && item == 0)
    #expect(try TestCatalog.sqlite3(path: path, "PRAGMA user_version") == ["2"])
    #expect(try Data(contentsOf: URL(filePath: path)) == before)
  }
}

/// Lines a catalog told, gathered from whichever thread.
final class NoticeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ line: String) {
    lock.lock()
    stored.append(line)
    lock.unlock()
  }

  var lines: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

extension UpgradeTests {
  /// The text of the sample file `file` (in `Samples/`).
  static func sample(_ file: String) throws -> String {
    try String(contentsOf: repository.appending(path: "Samples/\(file)"), encoding: .utf8)
  }

  /// A fresh import of the samples the fixtures were made from: cities by state in `en_US`,
  /// contacts by last name in Swedish and, `withSettings`, the settings by group.
  static func freshSamples(withSettings: Bool) throws -> TestCatalog {
    let fresh = try TestCatalog()
    try fresh.importCSV(
      sample("cities.csv"), collection: "cities", locale: "en_US", groupBy: ["state"])
    try fresh.importCSV(
      sample("contacts.csv"), collection: "contacts", locale: "sv",
      sortAs: ["last_name", "first_name"])
    if withSettings {
      try fresh.importCSV(sample("settings.csv"), collection: "settings", groupBy: ["group"])
    }
    return fresh
  }

  /// A schema-4 catalog (`Tests/Fixtures/schema4.db`), whose search keys were built before the
  /// starts of searches were kept, is upgraded in place: each list builds its starts at its first
  /// search, and every plan then finds what it finds in a fresh import of the same files.
  @Test func aSchema4CatalogBuildsWhereSearchesStartAndSearchesAsAFreshImport() throws {
    let directory = try TemporaryDirectory()
    let path = try Self.fixtureCopy("schema4.db", in: directory)
    let upgraded = try Catalog(path: path, creating: false)
    #expect(try upgraded.storedSchemaVersion() == 9)
    #expect(try TestCatalog.sqlite3(path: path, "SELECT count(*) FROM search_starts") == ["0"])

    let fresh = try Self.freshSamples(withSettings: false)
    let searches: [(String, Grouping, String)] = [
      ("cities", .letters, "new"), ("cities", .column("state"), "n"), ("cities", .letters, "s"),
      ("contacts", .letters, "a"), ("contacts", .letters, "ö"),
    ]
    for (name, grouping, text) in searches {
      for plan in [nil] + SearchPlan.allCases {
        func found(_ catalog: Catalog) throws -> [String] {
          try IndexedList(catalog: catalog, collection: name, grouping: grouping)
            .search(text, limit: 5, plan: plan).collect().map { "\($0.row) \($0.title)" }
        }
        let expected = try found(fresh.catalog)
        #expect(!expected.isEmpty)
        #expect(
          try found(upgraded) == expected,
          "\(name) \(grouping) '\(text)' \(String(describing: plan))")
      }
    }
    #expect(
      try TestCatalog.sqlite3(path: path, "SELECT count(DISTINCT grouping_id) FROM search_starts")
        == ["3"])
  }
}

extension UpgradeTests {
  /// Every collection of an upgraded catalog gets an identity of its own, and its history starts
  /// at the version it was upgraded at: a copy gives its items, and the writes after the upgrade
  /// are told as changes (DESIGN §16).
  @Test(arguments: ["schema1.db", "schema4.db"])
  func anUpgradedCatalogGivesEachCollectionAnIdentityAndItsChanges(fixture: String) throws {
    let directory = try TemporaryDirectory()
    let path = try Self.fixtureCopy(fixture, in: directory)
    let upgraded = try Catalog(path: path, creating: false)
    let collections = try upgraded.collections()
    let identities = try collections.map { try upgraded.identity(of: $0) }
    #expect(Set(identities).count == collections.count)
    #expect(identities.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    let upgradedAt = try upgraded.version()

    guard
      case .page(let copy) = try upgraded.itemPage(
        of: "cities", from: .copy(after: nil), identity: identities[0], limit: 1000)
    else { throw CatalogError.interrupted }
    #expect(copy.changes.count == 337 && copy.next == nil && copy.version == upgradedAt)
    #expect(copy.changes[0].fields?.first == "Birmingham")

    let (added, _) = try upgraded.add(["name": "Nome", "state": "Alaska"], to: "cities")
    try upgraded.update(.number(0), in: "cities", setting: ["name": "Birmingham AL"])
    try upgraded.remove([.number(1)], from: "cities")
    guard
      case .page(let changes) = try upgraded.itemPage(
        of: "cities", from: .changes(since: upgradedAt, after: nil), identity: identities[0],
        limit: 10)
    else { throw CatalogError.interrupted }
    #expect(
      changes.changes.map { "v\($0.version) #\($0.item) \($0.fields?.first ?? "removed")" } == [
        "v\(upgradedAt + 1) #\(added) Nome", "v\(upgradedAt + 2) #0 Birmingham AL",
        "v\(upgradedAt + 3) #1 removed",
      ])
    // Before the upgrade, nothing can be told.
    let before = try upgraded.itemPage(
      of: "cities", from: .changes(since: upgradedAt - 1, after: nil), limit: 10)
    guard case .unavailable(.notKept(since: upgradedAt - 1, floor: upgradedAt), _) = before else {
      Issue.record("\(before)")
      return
    }
  }

  /// Schema 7 kept a copy in progress a row an item, schema 8 keeps the server's pages: the
  /// upgrade forgets such a copy (it starts again from the server) and keeps everything else of
  /// a device's mirrors, its queue of local writes above all. The schema-7 catalog is made by
  /// hand from a new one: its copy rows written, schema 8's table and columns taken out, the
  /// version set.
  @Test func aSchema7CopyInProgressStartsAgainAndTheMirrorsQueueIsKept() throws {
    let (server, device, items, queued) = try Self.mirrorWithAQueuedWrite()
    _ = try device.sqlite3(
      Self.schema8MirrorCopies + """
        INSERT INTO mirror_copies (name, url, identity, version, after, complete, settings)
        VALUES ('people', 'http://server/api/collections/people', 'x', 3, 1, 0, '{}');
        INSERT INTO mirror_copy_items (name, item, key, version, fields)
        VALUES ('people', 0, 'p1', 1, '["p1","Åsa","Malmö"]');
        DROP TABLE mirror_copy_pages;
        ALTER TABLE collections DROP COLUMN notes_version;
        ALTER TABLE mirrors DROP COLUMN notes_version;
        UPDATE collections SET header = 'Friends';
        PRAGMA user_version = 7;
        """)
    let upgraded = try Catalog(path: device.path, creating: false)
    #expect(try upgraded.storedSchemaVersion() == 9)
    #expect(try upgraded.mirrorCopy(named: "people") == nil)
    #expect(try device.rows("SELECT count(*) FROM mirror_copy_items") == ["0"])
    try Self.expectMirrorKept(
      upgraded, device: device, server: server, items: items, queued: queued)
    // A collection with notes has them at the version it was upgraded at; a mirror, none yet.
    let people = try #require(try upgraded.collection(named: "people"))
    #expect(try upgraded.notes(of: people).version == upgraded.version())
    #expect(try upgraded.notes(of: people).header == "Friends")
    #expect(try upgraded.mirrorSource(of: "people")?.notesVersion == 0)
  }

  /// A device's mirror of a server's people with one local write queued: the server, the device,
  /// its items and its queue, as an upgrade must keep them.
  static func mirrorWithAQueuedWrite() throws -> (
    server: TestCatalog, device: TestCatalog, items: [Int: [String]], queued: [String]
  ) {
    let (server, device) = try MirrorStoreTests.mirrored(.sqlite)
    try device.catalog.update(.key("p3"), in: "people", setting: ["name": "Åke"])
    let queued = try device.rows("SELECT number, kind, item, fields FROM mirror_writes")
    #expect(queued.count == 1)
    return (server, device, try MirrorStoreTests.deviceItems(device.catalog), queued)
  }

  /// Schema 8's tables of a copy in progress, made by hand in a newer catalog: the copy and its
  /// pages, and mirrors without the copy's version.
  static let schema8MirrorCopies = """
    ALTER TABLE mirrors DROP COLUMN copy_version;
    DROP TABLE mirror_copies;
    CREATE TABLE mirror_copies (
      name TEXT PRIMARY KEY, url TEXT NOT NULL, identity TEXT NOT NULL, version INTEGER NOT NULL,
      after INTEGER, complete INTEGER NOT NULL DEFAULT 0, settings TEXT NOT NULL);
    CREATE TABLE mirror_copy_pages (
      name TEXT NOT NULL, page INTEGER NOT NULL, items INTEGER NOT NULL, body BLOB NOT NULL,
      PRIMARY KEY (name, page));

    """

  /// Schema 8 kept a copy's pages in the catalog, schema 9 keeps them in a file beside it: the
  /// upgrade forgets a copy in progress (it starts again from the server; no file has its pages)
  /// and keeps the mirrors, their queues and their items.
  @Test func aSchema8CopyInProgressStartsAgainAndTheMirrorsAreKept() throws {
    let (server, device, items, queued) = try Self.mirrorWithAQueuedWrite()
    _ = try device.sqlite3(
      Self.schema8MirrorCopies + """
        INSERT INTO mirror_copies (name, url, identity, version, after, complete, settings)
        VALUES ('cities', 'http://server/api/collections/cities', 'x', 3, 1, 0, '{}');
        INSERT INTO mirror_copy_pages (name, page, items, body)
        VALUES ('cities', 1, 2, X'302C312C4C756E640A312C312C5570736B6C610A');
        PRAGMA user_version = 8;
        """)
    let upgraded = try Catalog(path: device.path, creating: false)
    #expect(try upgraded.storedSchemaVersion() == 9)
    #expect(try upgraded.mirrorCopy(named: "cities") == nil)
    #expect(
      try device.rows("SELECT name FROM sqlite_schema WHERE name LIKE 'mirror_copy%' ORDER BY 1")
        == ["mirror_copy_items"])
    try Self.expectMirrorKept(
      upgraded, device: device, server: server, items: items, queued: queued)
  }

  /// Expects the upgraded device to have kept its mirror of `mirrorWithAQueuedWrite`: its queue,
  /// its items and the server version it had reached.
  static func expectMirrorKept(
    _ upgraded: Catalog, device: TestCatalog, server: TestCatalog, items: [Int: [String]],
    queued: [String]
  ) throws {
    #expect(try device.rows("SELECT number, kind, item, fields FROM mirror_writes") == queued)
    #expect(try MirrorStoreTests.deviceItems(upgraded) == items)
    #expect(try upgraded.mirrorSource(of: "people")?.reached == server.catalog.version())
  }
}
