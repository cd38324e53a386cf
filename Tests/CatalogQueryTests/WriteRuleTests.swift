import CatalogCollation
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogQuery
@testable import CatalogStore

/// What a write stores, reports and logs when it changes little or nothing (DESIGN §9, §10): a
/// new normalization form is a change of the field, a write that changes nothing commits
/// nothing, and NFC and NFD spellings count as one spelling and one key.
struct WriteRuleTests {
  static let nfd = "Go\u{308}teborg"
  static let nfc = "G\u{F6}teborg"

  /// The stored fields of every item, as the bytes of their JSON, by item number.
  func storedFields(_ test: TestCatalog) throws -> [[UInt8]] {
    try test.rows("SELECT item, fields FROM items ORDER BY item").map { Array($0.utf8) }
  }

  /// The fields of the collection's items, in item order.
  func items(of name: String, in test: TestCatalog) throws -> [[String]] {
    let cursor = try test.catalog.items(of: try #require(try test.catalog.collection(named: name)))
    var items: [[String]] = []
    while let item = try cursor.next() { items.append(item.fields) }
    return items
  }

  func changeLog(_ test: TestCatalog) throws -> [String] {
    try test.rows("SELECT version, change_set FROM change_sets ORDER BY version")
  }

  @Test(arguments: TestEngine.all) func anUpdateToAnotherNormalizationFormIsStoredAndReported(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("id,name,city\na1,Anna,\(Self.nfd)\n", collection: "c", key: "id")
    let list = try IndexedList(catalog: test.catalog, collection: "c", grouping: .column("city"))
    let summary = try test.catalog.update(.key("a1"), in: "c", setting: ["city": Self.nfc])
    #expect(summary == WriteSummary(version: 2, updated: [0]))
    let fields = try #require(try items(of: "c", in: test).first)
    #expect(Array(fields[2].utf8) == Array(Self.nfc.utf8))
    let changes = try list.refresh()
    #expect(changes.map(\.updatedRows) == [[ChangeSet.RowPath(section: 0, row: 0)]])
    #expect(changes.map(\.updatedSections) == [[]])
  }

  @Test(arguments: TestEngine.all) func aWriteThatChangesNothingCommitsNothing(engine: TestEngine)
    throws
  {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(
      "id,name,state\na1,Anna,Texas\na2,Bo,Ohio\n", collection: "c", groupBy: ["state"],
      key: "id")
    let collection = try #require(try test.catalog.collection(named: "c"))
    try test.catalog.annotate(collection: collection, header: "People", footer: nil, clear: false)
    let fields = try storedFields(test)
    let log = try changeLog(test)
    #expect(try test.catalog.version() == 2)
    let unchanged = WriteSummary(version: 2)

    #expect(try test.catalog.update(.key("a1"), in: "c", setting: ["name": "Anna"]) == unchanged)
    #expect(try test.catalog.update(.number(1), in: "c", setting: [:]) == unchanged)
    #expect(
      try test.catalog.write(to: "c") {
        try $0.upsert(["id": "a2", "name": "Bo", "state": "Ohio"])
      }.summary == unchanged)
    // An item added and removed again in the same write leaves the collection as it was.
    #expect(
      try test.catalog.write(to: "c") { writer in
        try writer.remove(.number(try writer.add(["id": "a3", "name": "Cy"])))
      }.summary == unchanged)
    for mode in [ImportOptions.Mode.sync, .upsert] {
      let summary = try test.importCSV(
        "id,name,state\na1,Anna,Texas\na2,Bo,Ohio\n", collection: "c", mode: mode)
      #expect(summary.changes == unchanged)
    }
    #expect(
      try test.importCSV("id,name,state\n", collection: "c", mode: .append).changes == unchanged)
    try test.catalog.annotate(collection: collection, header: "People", footer: nil, clear: false)
    try test.catalog.annotate(
      collection: collection, grouping: .column("state"), sectionHeading: "Ohio", header: nil,
      footer: nil, clear: true)
    #expect(try test.catalog.rename(collection: "c", to: " c ") == 2)

    #expect(try test.catalog.version() == 2)
    #expect(try storedFields(test) == fields)
    #expect(try changeLog(test) == log)
    // The next write that changes something takes the next version.
    #expect(try test.catalog.update(.key("a1"), in: "c", setting: ["name": "Ann"]).version == 3)
  }

  @Test(arguments: TestEngine.all) func twoTiedSpellingsDoNotMarkTheirSectionUpdatedByAMoveInside(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("name,state\nAustin,Texas\nDallas,TEXAS\n", groupBy: ["state"])
    let list = try IndexedList(
      catalog: test.catalog, collection: "items", grouping: .column("state"))
    try test.catalog.update(.number(0), in: "items", setting: ["name": "Waco"])
    let change = try #require(try list.refresh().first)
    #expect(change.updatedSections == [])
    #expect(
      change.movedRows == [
        ChangeSet.Move(
          from: ChangeSet.RowPath(section: 0, row: 0), to: ChangeSet.RowPath(section: 0, row: 1))
      ])
    #expect(try list.sections().collect().map(\.heading) == ["Texas"])
  }

  @Test(arguments: TestEngine.all) func nfcAndNFDSpellingsCountAsOneForHeadingsAndIndexTitles(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    // "Ütah" three times (once NFC, twice NFD) against "Utah" twice: one section, headed Ütah;
    // its index title "ÜT" three times (twice NFD) against "UT" twice.
    let rows = [
      ("A", "Utah", "UT"), ("B", "Utah", "\(nfdÜ)T"), ("C", "\u{DC}tah", "\u{DC}T"),
      ("D", "\(nfdÜ)tah", "\(nfdÜ)T"), ("E", "\(nfdÜ)tah", "UT"),
    ]
    try test.importCSV(
      "name,state,code\n" + rows.map { "\($0.0),\($0.1),\($0.2)\n" }.joined(),
      groupBy: ["state"])
    let imported = try IndexedList(
      catalog: test.catalog, collection: "items", grouping: .column("state"), indexBy: "code")
    let section = try #require(try imported.sections().collect().first)
    #expect(Array(section.heading.utf8) == Array("\u{DC}tah".utf8))
    #expect(Array(section.indexTitle.utf8) == Array("\u{DC}T".utf8))

    // Written item by item, the same items give the same heading and title.
    let written = try TestCatalog()
    try written.importCSV("name,state,code\nA,Utah,UT\n", groupBy: ["state"])
    let list = try IndexedList(
      catalog: written.catalog, collection: "items", grouping: .column("state"), indexBy: "code")
    for (name, state, code) in rows.dropFirst() {
      try written.catalog.add(["name": name, "state": state, "code": code], to: "items")
    }
    _ = try list.refresh()
    let writtenSection = try #require(try list.sections().collect().first)
    #expect(Array(writtenSection.heading.utf8) == Array(section.heading.utf8))
    #expect(Array(writtenSection.indexTitle.utf8) == Array(section.indexTitle.utf8))
  }

  @Test(arguments: TestEngine.all) func aKeyFindsItsItemInEitherNormalizationForm(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("id,name\n\(Self.nfd),Anna\n", collection: "c", key: "id")
    try test.catalog.update(.key(" \(Self.nfc) "), in: "c", setting: ["name": "Ann"])
    let fields = try items(of: "c", in: test)
    #expect(
      fields.map { $0.map { Array($0.utf8) } } == [[Array(Self.nfd.utf8), Array("Ann".utf8)]])
    #expect {
      try test.catalog.add(["id": Self.nfc, "name": "Bo"], to: "c")
    } throws: { error in
      guard case .duplicateKey(let key, _, let item) = error as? CatalogError else { return false }
      return key == Self.nfc && item == 0
    }
  }

  /// "Ü" in NFD: "U" and U+0308 COMBINING DIAERESIS.
  var nfdÜ: String { "U\u{308}" }
}
