import CatalogTestSupport
import Testing

@testable import CatalogStore

/// The items of a collection changed after a version, with removals, paged (DESIGN §16), on both
/// engines: every expectation is what the test did, written out, not what the code answered
/// before.
struct ItemHistoryTests {
  /// A change as the tests spell it: `v3 #1 b [b, Bob]`, or `v4 #0 a removed`.
  static func spelled(_ change: ItemChange) -> String {
    "v\(change.version) #\(change.item) \(change.key ?? "-") "
      + (change.fields.map { "[" + $0.joined(separator: ", ") + "]" } ?? "removed")
  }

  /// Every page from `start` on, `limit` items at a time: the changes, and the version of the
  /// first and the last page.
  static func allPages(
    _ catalog: Catalog, of collection: String = "people", from start: ItemPageStart,
    identity: String? = nil, limit: Int = 1000
  ) throws -> (changes: [String], first: Int, last: Int) {
    var start = start
    var changes: [String] = []
    var versions: [Int] = []
    while true {
      guard
        case .page(let page) = try catalog.itemPage(
          of: collection, from: start, identity: identity, limit: limit)
      else {
        Issue.record("no page from \(start)")
        return ([], -1, -1)
      }
      #expect(page.changes.count <= limit)
      changes += page.changes.map(spelled)
      versions.append(page.version)
      guard let next = page.next else { break }
      start = next
    }
    return (changes, versions.first!, versions.last!)
  }

  /// The changes after `version`, in one list.
  static func changes(_ catalog: Catalog, since version: Int, identity: String? = nil) throws
    -> [String]
  {
    try allPages(catalog, from: .changes(since: version, after: nil), identity: identity).changes
  }

  static func writeCSV(_ test: TestCatalog, _ csv: String, mode: ImportOptions.Mode) throws {
    let path = try test.directory.write("people-\(mode).csv", csv)
    _ = try test.catalog.importCollection(
      from: CSVReader(path: path), options: ImportOptions(collection: "people", mode: mode))
  }

  @Test(arguments: TestEngine.all)
  func eachKindOfWriteGivesExactlyTheItemsItChangedAndRemoved(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let catalog = test.catalog
    try test.importCSV("id,name\na,Ada\nb,Bo\nc,Cy\n", collection: "people", key: "id")  // 1
    let identity = try catalog.identity(of: try catalog.resolveCollection(named: "people"))
    #expect(identity.count == 32 && identity.allSatisfy(\.isHexDigit))
    let copy = try Self.allPages(catalog, from: .copy(after: nil))
    #expect(copy.changes == ["v1 #0 a [a, Ada]", "v1 #1 b [b, Bo]", "v1 #2 c [c, Cy]"])
    #expect(copy.first == 1)
    #expect(try Self.changes(catalog, since: 1) == [])

    try catalog.add(["id": "d", "name": "Di"], to: "people")  // 2
    #expect(try Self.changes(catalog, since: 1) == ["v2 #3 d [d, Di]"])
    try catalog.update(.key("b"), in: "people", setting: ["name": "Bob"])  // 3
    #expect(try Self.changes(catalog, since: 2) == ["v3 #1 b [b, Bob]"])
    try catalog.remove([.key("a")], from: "people")  // 4
    #expect(try Self.changes(catalog, since: 3) == ["v4 #0 a removed"])
    try Self.writeCSV(test, "id,name\ne,Eve\nf,Fay\n", mode: .append)  // 5
    #expect(try Self.changes(catalog, since: 4) == ["v5 #4 e [e, Eve]", "v5 #5 f [f, Fay]"])
    try Self.writeCSV(test, "id,name\nb,Bobby\ng,Gil\n", mode: .upsert)  // 6
    #expect(try Self.changes(catalog, since: 5) == ["v6 #1 b [b, Bobby]", "v6 #6 g [g, Gil]"])
    try Self.writeCSV(test, "id,name\nb,Bobby\nc,Cy\ne,Eve\ng,Gil\nh,Hal\n", mode: .sync)  // 7
    #expect(
      try Self.changes(catalog, since: 6) == [
        "v7 #3 d removed", "v7 #5 f removed", "v7 #7 h [h, Hal]",
      ])
    // An item added and removed in one write was never seen: no removal of it is told.
    _ = try catalog.write(to: "people") { writer in
      let added = try writer.add(["id": "i", "name": "Ida"])
      try writer.remove(.number(added))
      try writer.update(.key("c"), ["name": "Cyd"])
    }  // 8
    #expect(try Self.changes(catalog, since: 7) == ["v8 #2 c [c, Cyd]"])
    // Since the import: each item once, at the version of its last write or its removal.
    #expect(
      try Self.changes(catalog, since: 1) == [
        "v4 #0 a removed", "v5 #4 e [e, Eve]", "v6 #1 b [b, Bobby]", "v6 #6 g [g, Gil]",
        "v7 #3 d removed", "v7 #5 f removed", "v7 #7 h [h, Hal]", "v8 #2 c [c, Cyd]",
      ])

    // A rename keeps the identity and the history.
    try catalog.rename(collection: "people", to: "folk")  // 9
    try catalog.rename(collection: "folk", to: "people")  // 10
    #expect(try catalog.identity(of: try catalog.resolveCollection(named: "people")) == identity)
    #expect(try Self.changes(catalog, since: 8, identity: identity) == [])

    // A replace makes the collection anew: a new identity, and no versions before it.
    try test.importCSV("id,name\nb,Bo\nz,Zed\n", collection: "people", mode: .replace)  // 11
    let replaced = try catalog.identity(of: try catalog.resolveCollection(named: "people"))
    #expect(replaced != identity)
    let stale = try catalog.itemPage(
      of: "people", from: .changes(since: 10, after: nil), identity: identity, limit: 10)
    guard case .unavailable(.identityChanged(let current), _) = stale else {
      Issue.record("\(stale)")
      return
    }
    #expect(current == replaced)
    let before = try catalog.itemPage(
      of: "people", from: .changes(since: 10, after: nil), limit: 10)
    guard case .unavailable(.notKept(since: 10, floor: 11), identity: replaced) = before else {
      Issue.record("\(before)")
      return
    }
    #expect(try Self.changes(catalog, since: 11, identity: replaced) == [])
    #expect(
      try Self.allPages(catalog, from: .copy(after: nil)).changes == [
        "v11 #9 b [b, Bo]", "v11 #10 z [z, Zed]",
      ])
    try catalog.remove([.key("z")], from: "people")  // 12
    #expect(try Self.changes(catalog, since: 11, identity: replaced) == ["v12 #10 z removed"])

    // Dropped and made again under the same name: another identity again.
    try catalog.drop(collection: "people")  // 13
    try test.importCSV("id,name\nb,Bo\n", collection: "people", key: "id")  // 14
    let remade = try catalog.identity(of: try catalog.resolveCollection(named: "people"))
    #expect(remade != replaced && remade != identity)
    let dropped = try catalog.itemPage(
      of: "people", from: .changes(since: 12, after: nil), identity: replaced, limit: 10)
    guard case .unavailable(.identityChanged(current: remade), identity: remade) = dropped else {
      Issue.record("\(dropped)")
      return
    }
    #expect(try test.rows("SELECT count(*) FROM removed_items") == ["0"])
  }

  @Test(arguments: TestEngine.all)
  func pagesWithTiesOfVersionGoByItemAndMissNothing(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let catalog = test.catalog
    try test.importCSV("name\nn0\nn1\nn2\n", collection: "people")  // 1
    let appended = "name\n" + (3..<28).map { "n\($0)\n" }.joined()
    try Self.writeCSV(test, appended, mode: .append)  // 2: items 3 to 27
    _ = try catalog.write(to: "people") { writer in
      try writer.remove(.number(0))
      try writer.remove(.number(5))
      try writer.update(.number(7), ["name": "seven"])
      try writer.add(["name": "n28"])
      try writer.remove(.number(27))
    }  // 3
    let expected =
      (3..<28).filter { $0 != 5 && $0 != 7 && $0 != 27 }.map { "v2 #\($0) - [n\($0)]" }
      + ["v3 #0 - removed", "v3 #5 - removed", "v3 #7 - [seven]", "v3 #27 - removed"]
      + ["v3 #28 - [n28]"]
    for limit in [1, 2, 4, 7, 22, 23, 24, 1000] {
      let paged = try Self.allPages(catalog, from: .changes(since: 1, after: nil), limit: limit)
      #expect(paged.changes == expected, "limit \(limit)")
    }
    // A page names where the next starts; the last names none.
    guard
      case .page(let first) = try catalog.itemPage(
        of: "people", from: .changes(since: 2, after: nil), limit: 3)
    else { throw CatalogError.interrupted }
    #expect(
      first.changes.map(Self.spelled) == ["v3 #0 - removed", "v3 #5 - removed", "v3 #7 - [seven]"])
    #expect(first.next == .changes(since: 2, after: ItemChangePosition(version: 3, item: 7)))
    #expect(first.version == 3)
    guard
      case .page(let last) = try catalog.itemPage(
        of: "people", from: first.next!, limit: 3)
    else { throw CatalogError.interrupted }
    #expect(last.changes.map(Self.spelled) == ["v3 #27 - removed", "v3 #28 - [n28]"])
    #expect(last.next == nil)
    // A copy pages by item number.
    let copied = try Self.allPages(catalog, from: .copy(after: nil), limit: 4).changes
    #expect(copied.count == 26)
    #expect(copied.prefix(3) == ["v1 #1 - [n1]", "v1 #2 - [n2]", "v2 #3 - [n3]"])
    #expect(copied.last == "v3 #28 - [n28]")
  }

  /// A client copies page by page while others write, then catches up from its first page's
  /// version, page by page while others still write: it ends with exactly the items the writes
  /// left, which the test keeps itself.
  @Test(arguments: TestEngine.all)
  func copyingThenCatchingUpWhileOthersWriteEndsWithTheServersItems(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let catalog = test.catalog
    var expected: [Int: [String]] = [:]
    try test.importCSV(
      "id,name\n" + (0..<40).map { "k\($0),name \($0)\n" }.joined(), collection: "people",
      key: "id")
    for item in 0..<40 { expected[item] = ["k\(item)", "name \(item)"] }
    var random = SeededGenerator(seed: 31)
    var written = 0
    func writeSomething() throws {
      for _ in 0..<3 {
        written += 1
        let existing = expected.keys.sorted()
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          let (item, _) = try catalog.add(
            ["id": "n\(written)", "name": "new \(written)"], to: "people")
          expected[item] = ["n\(written)", "new \(written)"]
        case 1:
          let item = existing.randomElement(using: &random)!
          try catalog.update(.number(item), in: "people", setting: ["name": "changed \(written)"])
          expected[item]![1] = "changed \(written)"
        default:
          let item = existing.randomElement(using: &random)!
          try catalog.remove([.number(item)], from: "people")
          expected[item] = nil
        }
      }
    }
    var mirror: [Int: [String]] = [:]
    func apply(_ page: ItemPage) {
      for change in page.changes { mirror[change.item] = change.fields }
    }
    var start = ItemPageStart.copy(after: nil)
    var firstVersion: Int?
    var identity: String?
    while true {
      guard
        case .page(let page) = try catalog.itemPage(
          of: "people", from: start, identity: identity, limit: 7)
      else { throw CatalogError.interrupted }
      firstVersion = firstVersion ?? page.version
      identity = page.identity
      apply(page)
      try writeSomething()
      guard let next = page.next else { break }
      start = next
    }
    start = .changes(since: firstVersion!, after: nil)
    var writesLeft = 4
    var reached = 0
    while true {
      guard
        case .page(let page) = try catalog.itemPage(
          of: "people", from: start, identity: identity, limit: 5)
      else { throw CatalogError.interrupted }
      apply(page)
      if writesLeft > 0 {
        try writeSomething()
        writesLeft -= 1
      }
      let now = try catalog.version()
      if let next = page.next {
        start = next
      } else if writesLeft > 0 || page.version < now {
        start = .changes(since: page.version, after: nil)
      } else {
        reached = page.version
        break
      }
    }
    #expect(reached == (try catalog.version()))
    #expect(mirror == expected)
    #expect(mirror.count > 20, "the writes left most items")
  }

  /// Removals older than the versions kept are pruned as a write removes items: the floor rises
  /// to the last version pruned, and a client from before it is told, not given a delta that
  /// misses them.
  @Test(arguments: TestEngine.all)
  func prunedRemovalsRaiseTheFloorAndOlderVersionsAreRefused(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("id,name\na,A\nb,B\nc,C\nd,D\n", collection: "people", key: "id")  // 1
    var configuration = Catalog.Configuration()
    configuration.keptRemovalVersions = 3
    let catalog = try test.reopen(configuration: configuration)
    try catalog.remove([.key("a")], from: "people")  // 2
    try catalog.add(["id": "x"], to: "people")  // 3
    try catalog.add(["id": "y"], to: "people")  // 4
    try catalog.add(["id": "z"], to: "people")  // 5: no removal, nothing pruned
    #expect(try Self.changes(catalog, since: 1).first == "v2 #0 a removed")
    try catalog.remove([.key("b")], from: "people")  // 6: prunes up to 3
    #expect(try test.rows("SELECT history_floor FROM collections") == ["3"])
    for since in [1, 2] {
      let answer = try catalog.itemPage(
        of: "people", from: .changes(since: since, after: nil), limit: 10)
      guard case .unavailable(.notKept(since: since, floor: 3), _) = answer else {
        Issue.record("since \(since): \(answer)")
        continue
      }
    }
    #expect(
      try Self.changes(catalog, since: 3) == [
        "v4 #5 y [y, ]", "v5 #6 z [z, ]", "v6 #1 b removed",
      ])
    // A version after the catalog's is a bad request, not a gap.
    #expect(throws: CatalogError.self) {
      try catalog.itemPage(of: "people", from: .changes(since: 7, after: nil), limit: 1)
    }
  }
}
