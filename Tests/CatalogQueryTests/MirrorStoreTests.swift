import CatalogCollation
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogQuery
@testable import CatalogStore

/// A device's mirror of a server collection, in the store (DESIGN §16), on both engines: the
/// server's pages are carried by hand here (`CatalogSyncTests` carries them over HTTP). Every
/// expectation is a fresh import of the same items or worked out by hand.
struct MirrorStoreTests {
  static let columns = ["id", "name", "city"]
  static let people = [
    ["p1", "Åsa", "Malmö"], ["p2", "Örjan", "Umeå"], ["p3", "Zoe", "Lund"],
    ["p4", "Anna", "Kiruna"], ["p5", "Ärla", "Visby"], ["p6", "Bo", "Ystad"],
  ]

  static func csv(_ rows: [[String]]) -> String {
    columns.joined(separator: ",") + "\n" + rows.map { $0.joined(separator: ",") + "\n" }.joined()
  }

  static func fields(_ row: [String]) -> [String: String] {
    Dictionary(uniqueKeysWithValues: zip(columns, row).map { ($0, $1) })
  }

  /// Copies the server's `people`, two items a page, into the device as `people` in `locale`.
  static func copy(from server: TestCatalog, to device: Catalog, locale: String = "sv") throws {
    let settings = #"{"columns":["id","name","city"],"key":"id"}"#
    var start = ItemPageStart.copy(after: nil)
    var pages: MirrorCopyFile?
    while case .page(let page) = try server.catalog.itemPage(of: "people", from: start, limit: 2) {
      if pages == nil {
        try device.startMirrorCopy(
          named: "people", url: "http://server/api/collections/people", identity: page.identity,
          version: page.version, settings: settings)
        pages = try device.openMirrorCopy(named: "people")
      }
      try pages?.append(
        MirrorCopyPage(csv: MirrorCopyPage.csv(of: page), source: "a page"),
        isLast: page.next == nil)
      guard let next = page.next else { break }
      start = next
    }
    try device.finishMirrorCopy(
      named: "people",
      options: ImportOptions(collection: "people", locale: try CollationLocale(locale), key: "id"))
  }

  static func serverItem(_ columns: [String]) -> (ItemChange) -> ServerItem {
    { change in
      ServerItem(
        item: change.item, key: change.key, version: change.version,
        fields: change.fields.map {
          Dictionary(uniqueKeysWithValues: zip(columns, $0).map { ($0, $1) })
        })
    }
  }

  /// Applies the server's changes after the version reached, one page a write.
  static func catchUp(from server: TestCatalog, to device: Catalog) throws {
    let source = try #require(try device.mirrorSource(of: "people"))
    var start = ItemPageStart.changes(since: source.reached, after: nil)
    while case .page(let page) = try server.catalog.itemPage(
      of: "people", from: start, identity: source.identity, limit: 100)
    {
      try device.applyServerItems(
        page.changes.map(serverItem(page.collection.columns)), to: "people",
        reached: page.version)
      guard let next = page.next else { break }
      start = next
    }
  }

  /// The server's items as the device should hold them, by item number.
  static func serverItems(_ server: TestCatalog) throws -> [Int: [String]] {
    let cursor = try server.catalog.items(
      of: try #require(try server.catalog.collection(named: "people")))
    var items: [Int: [String]] = [:]
    while let item = try cursor.next() { items[item.item] = item.fields }
    return items
  }

  static func list(_ catalog: Catalog, locale: String = "sv") throws -> IndexedList {
    try IndexedList(
      catalog: catalog, collection: "people", grouping: .letters,
      locale: try CollationLocale(locale))
  }

  /// The letters of a fresh import of these items in `locale`, with their numbers.
  static func fresh(_ items: [Int: [String]], locale: String = "sv", engine: TestEngine) throws
    -> WriteSequenceTests.ListState
  {
    var model = WriteSequenceTests.Model()
    model.items = items
    let fresh = try TestCatalog(engine: engine)
    let numbers = items.keys.sorted()
    try fresh.importCSV(
      csv(numbers.map { items[$0]! }), collection: "people", locale: locale, key: "id")
    var state = try WriteSequenceTests.read(list(fresh.catalog, locale: locale))
    for index in state.sections.indices {
      state.sections[index].items = state.sections[index].items.map { numbers[$0] }
    }
    return state
  }

  @Test(arguments: TestEngine.all)
  func aCopyInSwedishIsAFreshSwedishImportAndFollowsEveryServerWrite(engine: TestEngine) throws {
    let (server, device) = try Self.mirrored(engine)
    let list = try Self.list(device.catalog)
    var state = try WriteSequenceTests.read(list)
    #expect(state == (try Self.fresh(Self.serverItems(server), engine: engine)))
    // Å Ä Ö after Z in Swedish.
    #expect(state.sections.map(\.heading) == ["A", "B", "Z", "Å", "Ä", "Ö"])

    let writes: [(Catalog) throws -> Void] = [
      { _ = try $0.add(Self.fields(["p7", "Östen", "Gävle"]), to: "people") },
      { try $0.update(.key("p3"), in: "people", setting: ["name": "Åke"]) },
      { try $0.remove([.key("p4")], from: "people") },
      { try $0.update(.key("p6"), in: "people", setting: ["city": "Borås"]) },
    ]
    for write in writes {
      try write(server.catalog)
      let before = state
      let expected = try Self.fresh(Self.serverItems(server), engine: engine)
      try Self.catchUp(from: server, to: device.catalog)
      let changes = try list.refresh()
      #expect(changes.count == 1)
      state = try WriteSequenceTests.read(list)
      #expect(state == expected)
      let changed = Set(try Self.serverItems(server).keys)
      let applied = changes.reduce(before) {
        WriteSequenceTests.apply($1, to: $0, after: state, changedItems: changed.intersection([]))
      }
      #expect(applied == state)
    }
    #expect(try device.catalog.mirrorSource(of: "people")?.reached == server.catalog.version())
  }

  @Test(arguments: TestEngine.all)
  func localWritesAreQueuedAndStayOnTopOfServerVersions(engine: TestEngine) throws {
    let (server, device) = try Self.mirrored(engine)
    let catalog = device.catalog
    let serverVersion = try server.catalog.version()

    try catalog.update(.key("p1"), in: "people", setting: ["name": "Åsa Berg"])
    let (added, _) = try catalog.add(Self.fields(["p9", "Nils", "Mora"]), to: "people")
    #expect(added == Catalog.firstLocalItem)
    try catalog.remove([.key("p2")], from: "people")
    let queue = try catalog.mirrorWrites(of: "people")
    #expect(
      queue == [
        MirrorWrite(
          number: 1, kind: .update, item: 0, key: "p1", fields: ["name": "Åsa Berg"],
          baseVersion: serverVersion, baseFields: Self.fields(Self.people[0])),
        MirrorWrite(
          number: 2, kind: .add, item: added, key: "p9",
          fields: Self.fields(["p9", "Nils", "Mora"]), baseVersion: nil, baseFields: nil),
        MirrorWrite(
          number: 3, kind: .remove, item: 1, key: "p2", fields: [:],
          baseVersion: serverVersion, baseFields: Self.fields(Self.people[1])),
      ])
    #expect(try catalog.nextMirrorWrite(of: "people") == queue.first)

    // The server changes another field of p1 and p2's city: the device shows them under its
    // own pending writes.
    try server.catalog.update(.key("p1"), in: "people", setting: ["city": "Lund"])
    try server.catalog.update(.key("p2"), in: "people", setting: ["city": "Luleå"])
    try Self.catchUp(from: server, to: catalog)
    var expected = try Self.serverItems(server)
    expected[0] = ["p1", "Åsa Berg", "Lund"]
    expected[1] = nil
    expected[added] = ["p9", "Nils", "Mora"]
    #expect(try Self.deviceItems(catalog) == expected)
    #expect(try catalog.mirrorWrites(of: "people").count == 3)

    // The upload of write 1, merged and confirmed: its echo changes nothing.
    let patched = try server.catalog.update(.key("p1"), in: "people", setting: ["name": "Åsa Berg"])
    try catalog.confirmMirrorWrite(1, in: "people", serverItem: 0, version: patched.version)
    let list = try Self.list(catalog)
    try Self.catchUp(from: server, to: catalog)
    #expect(try list.refresh().isEmpty)
    #expect(try Self.deviceItems(catalog) == expected)

    // The add, confirmed: the item takes the server's number.
    let (serverNumber, summary) = try server.catalog.add(
      Self.fields(["p9", "Nils", "Mora"]), to: "people")
    try catalog.confirmMirrorWrite(
      2, in: "people", serverItem: serverNumber, version: summary.version)
    expected[added] = nil
    expected[serverNumber] = ["p9", "Nils", "Mora"]
    #expect(try Self.deviceItems(catalog) == expected)
    try Self.catchUp(from: server, to: catalog)
    #expect(try Self.deviceItems(catalog) == expected)
    #expect(try catalog.mirrorWrites(of: "people").map(\.number) == [3])
    #expect(try catalog.nextMirrorWrite(of: "people")?.number == 3)
  }

  @Test(arguments: TestEngine.all)
  func aServerRemovalOfAnItemChangedOnTheDeviceIsAConflict(engine: TestEngine) throws {
    let (server, device) = try Self.mirrored(engine)
    let catalog = device.catalog
    try catalog.update(.key("p3"), in: "people", setting: ["city": "Sala"])
    try catalog.add(Self.fields(["p8", "Eva", "Eksjö"]), to: "people")
    try server.catalog.remove([.key("p3")], from: "people")
    try server.catalog.add(Self.fields(["p8", "Eve", "Ed"]), to: "people")
    try Self.catchUp(from: server, to: catalog)
    #expect(
      try catalog.mirrorConflicts(of: "people") == [
        MirrorConflict(
          item: 2, key: "p3", base: Self.fields(Self.people[2]),
          local: Self.fields(["p3", "Zoe", "Sala"]), server: nil),
        MirrorConflict(
          item: Catalog.firstLocalItem, key: "p8", base: nil,
          local: Self.fields(["p8", "Eva", "Eksjö"]), server: Self.fields(["p8", "Eve", "Ed"])),
      ])
    #expect(try catalog.mirrorWrites(of: "people").isEmpty)
    #expect(try catalog.nextMirrorWrite(of: "people") == nil)
    #expect(try Self.deviceItems(catalog) == Self.serverItems(server))

    // Keeping the device's p3 queues it as a new add; keeping the server's p8 drops the local.
    try catalog.resolveMirrorConflict(.key("p3"), in: "people", keepLocal: true)
    try catalog.resolveMirrorConflict(.key("p8"), in: "people", keepLocal: false)
    #expect(try catalog.mirrorConflicts(of: "people").isEmpty)
    #expect(try catalog.mirrorWrites(of: "people").map(\.kind) == [.add])
    var expected = try Self.serverItems(server)
    expected[Catalog.firstLocalItem + 1] = ["p3", "Zoe", "Sala"]
    #expect(try Self.deviceItems(catalog) == expected)
  }

  @Test(arguments: TestEngine.all)
  func aCopyAgainKeepsPendingWritesAndSwapsInAtOnce(engine: TestEngine) throws {
    let (server, device) = try Self.mirrored(engine)
    let catalog = device.catalog
    try catalog.update(.key("p5"), in: "people", setting: ["city": "Sala"])
    try catalog.add(Self.fields(["p8", "Eva", "Eksjö"]), to: "people")
    // Removed on the device and gone from the server's new collection: nothing left to send.
    try catalog.remove([.key("p2")], from: "people")
    // The server's collection is replaced: another identity, other items.
    try server.importCSV(
      Self.csv([["p5", "Ärla", "Visby"], ["p6", "Bo", "Ystad"], ["p7", "Cia", "Eda"]]),
      collection: "people", locale: "en", key: "id", mode: .replace)
    let reader = try device.reopen()
    let old = try Self.deviceItems(reader)
    try Self.copy(from: server, to: catalog)
    #expect(old.count == 6)
    let serverItems = try Self.serverItems(server)
    var expected = serverItems
    let p5 = try #require(serverItems.first { $0.value[0] == "p5" }?.key)
    expected[p5] = ["p5", "Ärla", "Sala"]
    expected[Catalog.firstLocalItem] = ["p8", "Eva", "Eksjö"]
    #expect(try Self.deviceItems(catalog) == expected)
    #expect(try catalog.mirrorWrites(of: "people").map(\.kind) == [.update, .add])
    #expect(
      try catalog.mirrorSource(of: "people")?.identity
        == server.catalog.identity(of: try #require(try server.catalog.collection(named: "people")))
    )
  }

  @Test(arguments: TestEngine.all)
  func aDroppedMirrorLeavesNothingOfItsQueue(engine: TestEngine) throws {
    let (_, device) = try Self.mirrored(engine)
    try device.catalog.update(.key("p1"), in: "people", setting: ["city": "Sala"])
    try device.catalog.drop(collection: "people")
    for table in ["mirrors", "mirror_items", "mirror_writes"] {
      #expect(try device.rows("SELECT count(*) FROM \(table)") == ["0"])
    }
    // A collection made again under the name is an ordinary one: its writes are not queued.
    try device.importCSV(Self.csv(Self.people), collection: "people", locale: "sv", key: "id")
    try device.catalog.update(.key("p1"), in: "people", setting: ["city": "Sala"])
    #expect(try device.catalog.mirrorSource(of: "people") == nil)
    #expect(try device.rows("SELECT count(*) FROM mirror_writes") == ["0"])
  }

  /// A server catalog of the people in English, and a device with its Swedish copy.
  static func mirrored(_ engine: TestEngine) throws -> (server: TestCatalog, device: TestCatalog) {
    let server = try TestCatalog(engine: engine)
    try server.importCSV(Self.csv(Self.people), collection: "people", locale: "en", key: "id")
    let device = try TestCatalog(engine: engine)
    try Self.copy(from: server, to: device.catalog)
    return (server, device)
  }

  static func deviceItems(_ catalog: Catalog) throws -> [Int: [String]] {
    let cursor = try catalog.items(of: try #require(try catalog.collection(named: "people")))
    var items: [Int: [String]] = [:]
    while let item = try cursor.next() { items[item.item] = item.fields }
    return items
  }
}
