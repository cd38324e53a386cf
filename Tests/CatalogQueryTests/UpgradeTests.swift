import CatalogCollation
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

  /// A copy of the fixture in a temporary directory.
  static func fixtureCopy(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("schema1.db")
    try FileManager.default.copyItem(
      atPath: repository.appending(path: "Tests/Fixtures/schema1.db").path, toPath: path)
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
    #expect(try upgraded.schemaVersion() == 2)
    #expect(notices.lines.count == 1)
    #expect(notices.lines.first?.contains("from schema 1 to 2") == true)

    let collections = try upgraded.collections()
    #expect(collections.map(\.name) == ["cities", "contacts", "settings"])
    #expect(collections.map(\.itemCount) == [337, 43, 28])
    #expect(collections.map(\.nextItem) == [337, 43, 28])
    #expect(collections[1].sortAs == ["last_name", "first_name"])
    #expect(collections[1].locale == "sv")
    #expect(collections[2].header == "Settings")
    #expect(collections[2].footer == "All of them")

    let fresh = try TestCatalog()
    let samples = Self.repository.appending(path: "Samples")
    func load(_ file: String) throws -> String {
      try String(contentsOf: samples.appending(path: file), encoding: .utf8)
    }
    try fresh.importCSV(
      load("cities.csv"), collection: "cities", locale: "en_US", groupBy: ["state"])
    try fresh.importCSV(
      load("contacts.csv"), collection: "contacts", locale: "sv",
      sortAs: ["last_name", "first_name"])
    try fresh.importCSV(load("settings.csv"), collection: "settings", groupBy: ["group"])

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
      load("cities.csv") + "Nome,Alaska,AK,3699\n", collection: "cities", locale: "en_US",
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
