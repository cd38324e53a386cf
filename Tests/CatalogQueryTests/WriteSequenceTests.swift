import CatalogCollation
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogQuery
@testable import CatalogStore

/// Seeded random sequences of writes (adds, updates, removes, batches, appends, upserts, syncs):
/// after each, every list equals a fresh import of the same items, and the change set applied by
/// UIKit's rules to the list before gives the list after, naming only items the write touched.
@Suite(.serialized)
struct WriteSequenceTests {
  static let columns = ["id", "name", "state", "code"]
  static let names = [
    "Anna", "anna", "Åsa", "ÅSA", "Ärla", "Zoë", "Zoe\u{308}", "Émile", "E\u{301}mile", "Bo",
    "123 Go", " Lee", "#tag", "Örjan", "Oscar", "Ölands", "Zürich", "Ångström", "", "张伟",
    "たなか", "Ødegaard", "Bo Ek",
  ]
  /// Spellings of a few values that differ by case, accents, white space and normalization form
  /// (and so tie, or trade the heading, as writes come and go).
  static let states = [
    "Texas", "TEXAS", "texas", " Texas", "Québec", "Quebec", "QUEBEC", "Que\u{301}bec", "", "  ",
    "Åre", "Are", "A\u{30A}re", "Ohio", "Skåne", "skane", "Utah", "\u{DC}tah", "U\u{308}tah",
    "Utah ", "UTAH",
  ]
  static let codes = ["TX", "QC", "OH", "", "AR", "SK", "UT", "\u{DC}T", "U\u{308}T", " UT"]

  /// The lists every step checks: letters and states, in English (the collection's locale) and
  /// in Swedish, the English states with index titles from the codes.
  static let lists: [(grouping: Grouping, locale: String, indexBy: String?)] = [
    (.letters, "en", nil), (.column("state"), "en", "code"), (.letters, "sv", nil),
    (.column("state"), "sv", nil), (.letters, "ja", nil),
  ]

  /// What a list shows: its sections with their items.
  struct ListState: Equatable, CustomStringConvertible {
    struct SectionState: Equatable {
      var heading: String
      var indexTitle: String
      var items: [Int]

      /// Headings and titles are compared byte for byte: NFC and NFD spellings of a heading must
      /// come out as the same bytes.
      static func == (a: SectionState, b: SectionState) -> Bool {
        a.heading.utf8.elementsEqual(b.heading.utf8)
          && a.indexTitle.utf8.elementsEqual(b.indexTitle.utf8) && a.items == b.items
      }
    }
    var sections: [SectionState]

    var description: String {
      sections.map { "\($0.heading)[\($0.indexTitle)]: \($0.items)" }.joined(separator: "; ")
    }
  }

  /// The items of the collection as the writes left them, by item number.
  struct Model {
    var items: [Int: [String]] = [:]
    var nextID = 0

    /// The item whose key is `id` (keys match trimmed and in NFC, however they are written).
    func item(withID id: String) -> Int? {
      items.first { $0.value[0].canonicalValue == id.canonicalValue }?.key
    }
  }

  /// Whether two items' fields are the same bytes (a field in another normalization form is a
  /// change).
  static func same(_ a: [String]?, _ b: [String]?) -> Bool {
    a?.map { Array($0.utf8) } == b?.map { Array($0.utf8) }
  }

  /// An id as a writer may spell it: with white space around it, or, for one with an accent, in
  /// NFD.
  static func spelled(_ id: String, using random: inout SeededGenerator) -> String {
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return " \(id)"
    case 1: return "\(id) "
    case 2: return id.decomposedStringWithCanonicalMapping
    default: return id
    }
  }

  static func read(_ list: IndexedList) throws -> ListState {
    var sections: [ListState.SectionState] = []
    let cursor = try list.sections()
    while let section = try cursor.next() {
      #expect(section.firstRow == sections.reduce(0) { $0 + $1.items.count })
      let items = try list.items(in: section).collect()
      #expect(items.map(\.row) == Array(section.rows))
      #expect(items.allSatisfy { $0.section == section.index && $0.heading == section.heading })
      sections.append(
        ListState.SectionState(
          heading: section.heading, indexTitle: section.indexTitle, items: items.map(\.item)))
      #expect(section.count == items.count)
    }
    #expect(list.sectionCount == sections.count)
    #expect(list.itemCount == sections.reduce(0) { $0 + $1.items.count })
    return ListState(sections: sections)
  }

  /// `before` with a change set applied as UIKit's batch updates apply it, taking inserted rows'
  /// items and inserted sections' headings from `after` (as a table view asks its data source).
  /// Also checks that the updated sections and rows name every one that changed.
  static func apply(
    _ change: ChangeSet, to before: ListState, after: ListState, changedItems: Set<Int>
  ) -> ListState {
    func fits(_ path: ChangeSet.RowPath, _ state: ListState) -> Bool {
      path.section >= 0 && path.section < state.sections.count && path.row >= 0
        && path.row < state.sections[path.section].items.count
    }
    let beforePaths = change.deletedRows + change.movedRows.map(\.from)
    let afterPaths = change.insertedRows + change.movedRows.map(\.to) + change.updatedRows
    guard beforePaths.allSatisfy({ fits($0, before) }), afterPaths.allSatisfy({ fits($0, after) })
    else {
      Issue.record("a path of \(change.jsonText) is outside the list")
      return before
    }
    var sections: [(state: ListState.SectionState, before: Int?)] = before.sections.enumerated()
      .map { ($0.element, $0.offset) }
    let moved = change.movedRows.map { before.sections[$0.from.section].items[$0.from.row] }
    let removals = (change.deletedRows + change.movedRows.map(\.from)).sorted(by: >)
    for path in removals { sections[path.section].state.items.remove(at: path.row) }
    for index in change.deletedSections.sorted(by: >) { sections.remove(at: index) }
    for index in change.insertedSections.sorted() {
      sections.insert(
        (
          ListState.SectionState(
            heading: after.sections[index].heading,
            indexTitle: after.sections[index].indexTitle, items: []), nil
        ), at: index)
    }
    let destinations = Dictionary(
      uniqueKeysWithValues: zip(change.movedRows.map(\.to), moved))
    for path in (change.insertedRows + change.movedRows.map(\.to)).sorted() {
      let item = destinations[path] ?? after.sections[path.section].items[path.row]
      sections[path.section].state.items.insert(item, at: path.row)
    }
    // Sections that were there before keep their heading unless they are marked updated, and
    // are marked updated when their heading, index title or count changed.
    for (index, section) in sections.enumerated() {
      guard let old = section.before, index < after.sections.count else { continue }
      let new = after.sections[index]
      let oldState = before.sections[old]
      if oldState.heading != new.heading || oldState.indexTitle != new.indexTitle
        || oldState.items.count != new.items.count
      {
        #expect(change.updatedSections.contains(index), "section \(new.heading) changed")
        sections[index].state.heading = new.heading
        sections[index].state.indexTitle = new.indexTitle
      }
    }
    // Every item whose fields changed and that stays in the list is marked updated where it is.
    for (sectionIndex, section) in after.sections.enumerated() {
      for (row, item) in section.items.enumerated() where changedItems.contains(item) {
        let path = ChangeSet.RowPath(section: sectionIndex, row: row)
        let isNew = change.insertedRows.contains(path)
        #expect(isNew || change.updatedRows.contains(path), "item \(item) changed at \(path)")
      }
    }
    return ListState(sections: sections.map(\.state))
  }

  /// The lists of a fresh import of the model's items (`specs`: which), with the fresh item
  /// numbers mapped back.
  static func freshLists(
    of model: Model, locale: String, engine: TestEngine,
    specs: [(grouping: Grouping, locale: String, indexBy: String?)] = lists
  ) throws -> [ListState] {
    let fresh = try TestCatalog(engine: engine)
    let numbers = model.items.keys.sorted()
    let csv =
      columns.joined(separator: ",") + "\n"
      + numbers.map { number in
        model.items[number]!.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
          .joined(separator: ",") + "\n"
      }.joined()
    try fresh.importCSV(csv, collection: "people", locale: locale, key: "id")
    return try openLists(specs, on: fresh.catalog).map { list in
      var state = try read(list)
      for index in state.sections.indices {
        state.sections[index].items = state.sections[index].items.map { numbers[$0] }
      }
      return state
    }
  }

  /// `count` items of random fields imported as the keyed collection `people` in English, and
  /// recorded in `model`.
  static func importRandomPeople(
    _ count: Int, into test: TestCatalog, model: inout Model, using random: inout SeededGenerator
  ) throws {
    var rows: [[String]] = []
    for item in 0..<count {
      rows.append(randomFields(id: newID(&model), using: &random))
      model.items[item] = rows.last
    }
    try test.importCSV(
      csv(rows, columns: [0, 1, 2, 3]), collection: "people", locale: "en", key: "id")
  }

  /// The lists of `people` that `specs` name, on `catalog`.
  static func openLists(
    _ specs: [(grouping: Grouping, locale: String, indexBy: String?)] = lists, on catalog: Catalog
  ) throws -> [IndexedList] {
    try specs.map { spec in
      try IndexedList(
        catalog: catalog, collection: "people", grouping: spec.grouping, indexBy: spec.indexBy,
        locale: try CollationLocale(spec.locale))
    }
  }

  /// A random row of fields for the item with this id, the id spelled as a writer may.
  static func randomFields(id: String, using random: inout SeededGenerator) -> [String] {
    [
      spelled(id, using: &random),
      names.randomElement(using: &random)! + (Bool.random(using: &random) ? "" : " Ek"),
      states.randomElement(using: &random)!, codes.randomElement(using: &random)!,
    ]
  }

  /// A new item's id: some have an accent, so that their NFC and NFD spellings differ.
  static func newID(_ model: inout Model) -> String {
    defer { model.nextID += 1 }
    return model.nextID % 3 == 0 ? "k\(model.nextID)" : "k\u{F6}\(model.nextID)"
  }

  static func csv(_ rows: [[String]], columns order: [Int]) -> String {
    order.map { columns[$0] }.joined(separator: ",") + "\n"
      + rows.map { row in
        order.map { "\"" + row[$0] + "\"" }.joined(separator: ",") + "\n"
      }.joined()
  }

  /// Three seeds in CI; `CATALOG_WRITE_SEEDS=30` runs thirty.
  static let seeds =
    (1...(ProcessInfo.processInfo.environment["CATALOG_WRITE_SEEDS"].flatMap { Int($0) } ?? 3))
    .map { UInt64(10 + $0) }

  @Test(arguments: TestEngine.all, seeds)
  func everyListStaysExactAndEveryChangeSetApplies(engine: TestEngine, seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let test = try TestCatalog(engine: engine)
    var model = Model()
    try Self.importRandomPeople(12, into: test, model: &model, using: &random)
    let lists = try Self.openLists(on: test.catalog)
    _ = try lists[0].search("a")
    var states = try lists.map(Self.read)
    #expect(states == (try Self.freshLists(of: model, locale: "en", engine: engine)))

    var seen = (moves: 0, insertedSections: 0, deletedSections: 0, headingChanges: 0, updates: 0)
    for step in 0..<40 {
      var touched = Set<Int>()
      var changed = Set<Int>()
      let kind = Int.random(in: 0..<10, using: &random)
      func pick() -> Int? { model.items.keys.sorted().randomElement(using: &random) }
      switch kind {
      case 0...5:
        // One to four library writes in one transaction.
        let count = kind < 3 ? 1 : Int.random(in: 2...4, using: &random)
        try test.catalog.write(to: "people") { writer in
          for _ in 0..<count {
            let choice = Int.random(in: 0..<4, using: &random)
            if choice == 0 || model.items.count < 3 {
              let fields = Self.randomFields(id: Self.newID(&model), using: &random)
              let item = try writer.add(Dictionary(uniqueKeysWithValues: zip(Self.columns, fields)))
              model.items[item] = fields
              touched.insert(item)
            } else if choice == 3, let item = pick() {
              // An upsert of an existing key replaces every field.
              let fields = Self.randomFields(id: model.items[item]![0], using: &random)
              #expect(
                try writer.upsert(Dictionary(uniqueKeysWithValues: zip(Self.columns, fields)))
                  == item)
              if !Self.same(fields, model.items[item]) { changed.insert(item) }
              model.items[item] = fields
              touched.insert(item)
            } else if choice == 1, let item = pick() {
              var fields = model.items[item]!
              let new = Self.randomFields(id: fields[0], using: &random)
              var named: [String: String] = [:]
              for column in 1..<4 where Bool.random(using: &random) {
                fields[column] = new[column]
                named[Self.columns[column]] = new[column]
              }
              try writer.update(.key(Self.spelled(fields[0], using: &random)), named)
              if !Self.same(fields, model.items[item]) { changed.insert(item) }
              model.items[item] = fields
              touched.insert(item)
            } else if let item = pick() {
              try writer.remove(.number(item))
              model.items[item] = nil
              touched.insert(item)
            }
          }
        }
      case 6, 7:
        // An append (columns in another order) or an upsert of a few rows.
        var rows: [[String]] = []
        // Now and then a larger file, whose rows go in as one batch of many.
        let count =
          Int.random(in: 0..<4, using: &random) == 0 ? 30 : Int.random(in: 1...4, using: &random)
        for _ in 0..<count {
          if kind == 7, let item = pick(),
            !rows.contains(where: { model.item(withID: $0[0]) == item })
          {
            rows.append(Self.randomFields(id: model.items[item]![0], using: &random))
          } else {
            rows.append(Self.randomFields(id: Self.newID(&model), using: &random))
          }
        }
        var next = try test.catalog.collection(named: "people")!.nextItem
        try test.importCSV(
          Self.csv(rows, columns: [2, 0, 3, 1]), collection: "people",
          mode: kind == 6 ? .append : .upsert)
        for row in rows {
          if let item = model.item(withID: row[0]) {
            if !Self.same(model.items[item], row) { changed.insert(item) }
            model.items[item] = row
            touched.insert(item)
          } else {
            model.items[next] = row
            touched.insert(next)
            next += 1
          }
        }
      default:
        // A sync: most items kept (some changed), a few dropped, one or two new.
        var rows: [[String]] = []
        for item in model.items.keys.sorted() where Int.random(in: 0..<5, using: &random) > 0 {
          let fields = model.items[item]!
          rows.append(
            Bool.random(using: &random) ? fields : Self.randomFields(id: fields[0], using: &random))
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
          rows.append(Self.randomFields(id: Self.newID(&model), using: &random))
        }
        let nextItem = try test.catalog.collection(named: "people")!.nextItem
        try test.importCSV(
          Self.csv(rows, columns: [0, 1, 2, 3]), collection: "people", mode: .sync)
        var next = nextItem
        let ids = Set(rows.map { String($0[0].canonicalValue) })
        for (item, fields) in model.items where !ids.contains(String(fields[0].canonicalValue)) {
          model.items[item] = nil
          touched.insert(item)
        }
        for row in rows {
          if let item = model.item(withID: row[0]) {
            if !Self.same(model.items[item], row) {
              changed.insert(item)
              touched.insert(item)
            }
            model.items[item] = row
          } else {
            model.items[next] = row
            touched.insert(next)
            next += 1
          }
        }
      }

      let fresh = try Self.freshLists(of: model, locale: "en", engine: engine)
      for (position, list) in lists.enumerated() {
        let changes = try list.refresh()
        let after = try Self.read(list)
        #expect(
          after == fresh[position], "step \(step), list \(position): \(after) ≠ \(fresh[position])")
        #expect(changes.count <= 1)
        var applied = states[position]
        for change in changes {
          #expect(!change.isReload)
          func item(_ path: ChangeSet.RowPath, _ state: ListState) -> Int {
            guard path.section < state.sections.count,
              path.row < state.sections[path.section].items.count
            else { return -1 }
            return state.sections[path.section].items[path.row]
          }
          let named =
            (change.insertedRows + change.movedRows.map(\.to) + change.updatedRows).map {
              item($0, after)
            } + change.deletedRows.map { item($0, states[position]) }
          #expect(Set(named).isSubset(of: touched), "step \(step): only touched items are named")
          applied = Self.apply(change, to: applied, after: after, changedItems: changed)
          seen.moves += change.movedRows.count
          seen.insertedSections += change.insertedSections.count
          seen.deletedSections += change.deletedSections.count
          seen.updates += change.updatedRows.count
        }
        let headings = { (state: ListState) in Set(state.sections.map(\.heading)) }
        if position == 1, headings(after) != headings(states[position]),
          after.sections.count == states[position].sections.count
        {
          seen.headingChanges += 1
        }
        #expect(applied == after, "step \(step), list \(position): \(applied) ≠ \(after)")
        states[position] = after
      }
      let found = try lists[0].search("a").collect().map(\.item)
      let expected = try Self.searchByHand("a", in: model, collation: lists[0].collation)
      #expect(found.sorted() == expected.sorted(), "step \(step): search keys follow the writes")
      // Every plan finds them in list order, from where the writes left the searches' starts.
      for list in lists {
        let listed = try list.items().collect().map(\.item)
        for text in ["a", "Ö", "bo e"] {
          let all = try list.search(text, limit: nil, plan: .sortingMatches).collect().map(\.item)
          #expect(all == listed.filter(Set(all).contains), "step \(step): '\(text)' in list order")
          for plan in SearchPlan.allCases {
            let page = try list.search(text, limit: 3, plan: plan).collect().map(\.item)
            #expect(
              page == Array(all.prefix(3)),
              "step \(step): '\(text)' by \(plan) in \(list.grouping) \(list.collation.locale)")
          }
        }
      }
    }
    // The sequence exercised what it is meant to.
    #expect(seen.moves > 0 && seen.insertedSections > 0 && seen.deletedSections > 0)
    #expect(seen.updates > 0)
    print("write sequence \(seed) on \(engine): \(seen)")
  }

  /// The items with a word in their name (a run of letters and digits) that starts with `text` at
  /// primary strength, found by comparing keys one by one.
  static func searchByHand(_ text: String, in model: Model, collation: Collation) throws -> [Int] {
    let key = collation.sectionKey(for: text)
    return model.items.filter { _, fields in
      let words = fields[1].split { !$0.isLetter && !$0.isNumber }
      return words.contains { collation.sectionKey(for: $0).starts(with: key) }
    }.map(\.key)
  }
}
