import CatalogCollation
import CatalogQuery
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// Writes of hundreds and thousands of rows in one transaction (upserts, a sync) into lists deep
/// enough to have block levels above the first, where such writes add up the counts of sections
/// and upper blocks in memory and write them once: every list is then what a fresh import of the
/// same items makes, and a write's change set turns the list before into the list after (one of
/// more than `ListChangeTracker.maximumRows` rows is a reload).
struct LargeWriteTests {
  typealias Sequence = WriteSequenceTests
  /// Letters, and states with index titles from the codes (tallies of two columns).
  static let lists: [(grouping: Grouping, locale: String, indexBy: String?)] = [
    (.letters, "en", nil), (.column("state"), "en", "code"),
  ]

  @Test(arguments: TestEngine.all)
  func upsertsAndASyncOfManyRowsLeaveEveryListAsAFreshImport(engine: TestEngine) throws {
    var random = SeededGenerator(seed: 7)
    let test = try TestCatalog(engine: engine)
    var model = Sequence.Model()
    try Sequence.importRandomPeople(7000, into: test, model: &model, using: &random)
    let lists = try Sequence.openLists(Self.lists, on: test.catalog)
    var states = try lists.map(Sequence.read)
    // Every list has block levels above the first, which each write changes.
    #expect(
      try test.rows(
        "SELECT count(*) FROM (SELECT grouping_id FROM row_blocks GROUP BY grouping_id "
          + "HAVING max(level) >= 1) AS deep") == [String(lists.count)])

    // Upserts: of 300 rows (a change set) and of 1,200 (a reload), each with a third new items
    // and the rest existing ones with new fields (most move, some sections empty or appear).
    for (size, isReload) in [(300, false), (1200, true)] {
      var upsert: [[String]] = []
      for item in model.items.keys.sorted().shuffled(using: &random).prefix(size * 2 / 3) {
        upsert.append(Sequence.randomFields(id: model.items[item]![0], using: &random))
      }
      while upsert.count < size {
        upsert.append(Sequence.randomFields(id: Sequence.newID(&model), using: &random))
      }
      var next = try test.catalog.collection(named: "people")!.nextItem
      try test.importCSV(
        Sequence.csv(upsert, columns: [0, 1, 2, 3]), collection: "people", mode: .upsert)
      let items = Self.itemsByID(model)
      for row in upsert {
        if let item = items[String(row[0].canonicalValue)] {
          model.items[item] = row
        } else {
          model.items[next] = row
          next += 1
        }
      }
      try expectFresh(
        lists, &states, model: model, engine: engine, isReload: isReload,
        after: "an upsert of \(size)")
    }

    // A sync: a fifth of the items go, the rest stay, half of them with new fields.
    var kept: [[String]] = []
    for item in model.items.keys.sorted() where Int.random(in: 0..<5, using: &random) > 0 {
      let fields = model.items[item]!
      kept.append(
        Bool.random(using: &random) ? fields : Sequence.randomFields(id: fields[0], using: &random))
    }
    try test.importCSV(
      Sequence.csv(kept, columns: [0, 1, 2, 3]), collection: "people", mode: .sync)
    let items = Self.itemsByID(model)
    model.items = [:]
    for row in kept { model.items[items[String(row[0].canonicalValue)]!] = row }
    try expectFresh(lists, &states, model: model, engine: engine, isReload: true, after: "the sync")
  }

  /// The model's items by their keys (trimmed, in NFC).
  static func itemsByID(_ model: Sequence.Model) -> [String: Int] {
    Dictionary(
      uniqueKeysWithValues: model.items.map { (String($0.value[0].canonicalValue), $0.key) })
  }

  /// Each list is the fresh import's, and the write logged one change set for it, a reload or
  /// one that turns its state before into it.
  private func expectFresh(
    _ lists: [IndexedList], _ states: inout [Sequence.ListState], model: Sequence.Model,
    engine: TestEngine, isReload: Bool, after write: String
  ) throws {
    let fresh = try Sequence.freshLists(
      of: model, locale: "en", engine: engine, specs: Self.lists)
    for (position, list) in lists.enumerated() {
      let changes = try list.refresh()
      let after = try Sequence.read(list)
      #expect(after == fresh[position], "list \(position) after \(write)")
      #expect(changes.map(\.isReload) == [isReload], "list \(position) after \(write)")
      if !isReload, let change = changes.first {
        let applied = Sequence.apply(change, to: states[position], after: after, changedItems: [])
        #expect(applied == after, "list \(position): the change set of \(write) applies")
      }
      states[position] = after
    }
  }
}
