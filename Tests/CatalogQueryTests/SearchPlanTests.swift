import CatalogCollation
import CatalogQuery
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// Every way a search finds its rows (`SearchPlan`) gives the rows that comparing each item's
/// search keys one by one gives, in list order, with their offsets and sections, on both engines:
/// for many matches and few, close together or spread, with ties, NFC and NFD spellings, sort-as
/// values and every kind of grouping.
struct SearchPlanTests {
  /// Names whose matches for one letter are far into the list and close together: sorted by
  /// first name, the "s" of "Amy Smith" follow every other "Amy …".
  static func names(count: Int) -> String {
    let first = ["Amy", "Åsa", "Émile", "Bo", "Zoë", "Zoe\u{308}", "张伟", "42nd", "Ölands", " Lee"]
    let last = [
      "Brown", "Dvořák", "Québec", "Que\u{301}bec", "QUEBEC", "Smith", "Silva", "O'Brien", "Öberg",
      "Ångström", "Sato",
    ]
    let states = ["Texas", "TEXAS", " Texas", "Åre", "Are", "", "Québec", "Que\u{301}bec", "Ohio"]
    var csv = "name,state,reading\n"
    var title = ""
    for number in 0..<count {
      // Six in seven are Amy; every 13th is a twin of the one before (equal titles tie on their
      // sort keys and keep item order).
      if number % 13 != 1 {
        title =
          "\(first[number % 7 == 0 ? number % first.count : 0]) \(last[number % last.count]) \(number)"
      }
      csv += "\"\(title)\",\(states[number % states.count]),R\(number % 5)\n"
    }
    return csv
  }

  /// The items of `list` whose search keys (made one item at a time, as the search index makes
  /// them) start with `text`'s, in list order.
  static func expected(_ text: String, in list: IndexedList, limit: Int?) throws -> [ListItem] {
    let collection = list.collection
    let maker = try SearchKeyMaker(collation: list.collation, options: collection.sortingOptions)
    let query = list.collation.searchKey(forQuery: text)
    let titleIndex = collection.columns.firstIndex(of: collection.titleColumn)!
    var found: [ListItem] = []
    for item in try list.items().collect() where found.count < limit ?? Int.max {
      let sortAs = collection.sortAs.map { item.fields[collection.columns.firstIndex(of: $0)!] }
        .joined(separator: " ")
      let keys = maker.keys(
        title: item.fields[titleIndex],
        sortAs: collection.sortAs.isEmpty
          ? nil
          : sortAs.trimmingCharacters(in: .whitespaces).isEmpty ? item.fields[titleIndex] : sortAs)
      if keys.contains(where: { $0.starts(with: query) }) { found.append(item) }
    }
    return found
  }

  /// Checks every plan, and the plan chosen, against `expected` for each text and limit.
  static func checkPlans(
    _ list: IndexedList, texts: [String], limits: [Int?] = [1, 20, nil],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for text in texts {
      for limit in limits {
        let expected = try Self.expected(text, in: list, limit: limit)
        for plan in [nil] + SearchPlan.allCases {
          let found = try list.search(text, limit: limit, plan: plan).collect()
          let what =
            "'\(text)', limit \(limit.map(String.init) ?? "none"), \(plan?.rawValue ?? "chosen")"
          #expect(
            found.map(\.item) == expected.map(\.item), "\(what)", sourceLocation: sourceLocation)
          #expect(
            found.map(\.row) == expected.map(\.row), "\(what)", sourceLocation: sourceLocation)
          #expect(
            found.map(\.heading) == expected.map(\.heading), "\(what)",
            sourceLocation: sourceLocation)
        }
      }
    }
  }

  static let texts = [
    "s", "S", "sa", "sm", "smith", "que", "que\u{301}", "qué", "a", "zoe", "zoë",
    "ob", "o'b", "å", "1", "12", "123", "4", "42nd", "amy s", "amy smith 2", "zhang", "zw", "xyz",
  ]

  @Test(arguments: TestEngine.all) func everyPlanFindsTheRowsOfEveryKindOfGrouping(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.names(count: 1_500), groupBy: ["state"])
    for grouping in [Grouping.letters, .column("state")] {
      try Self.checkPlans(
        IndexedList(catalog: test.catalog, grouping: grouping), texts: Self.texts)
    }
    // In another locale, where Å is a letter of its own, and in Chinese, where Han names are
    // also found by their pinyin.
    for locale in ["sv", "zh"] {
      let list = try IndexedList(catalog: test.catalog, locale: try CollationLocale(locale))
      try Self.checkPlans(list, texts: ["a", "å", "zhang", "zw", "s"], limits: [20])
    }
  }

  @Test(arguments: TestEngine.all) func everyPlanSearchesTheSortAsValues(engine: TestEngine)
    throws
  {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.names(count: 600), sortAs: ["reading", "state"])
    try Self.checkPlans(
      IndexedList(catalog: test.catalog), texts: ["r", "r3", "t", "texas", "s", "que"],
      limits: [20, nil])
  }
}
