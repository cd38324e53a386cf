import CatalogCollation
import CatalogQuery
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// Every way a search finds its rows (`SearchPlan`) gives the rows that comparing each item's
/// search keys one by one gives, in list order, with their offsets and sections, on both engines:
/// for many matches and few, close together or spread, with ties, NFC and NFD spellings, sort-as
/// values, every kind of grouping, and after writes that file matching items before the first
/// match. And a first page does not read every match.
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

  /// Items filed before where a search began to read the list, by every kind of write, are found
  /// first: a write lowers the starts of the lists it files into.
  @Test(arguments: TestEngine.all) func writesKeepWhereSearchesStart(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.names(count: 800), groupBy: ["state"])
    let texts = ["s", "sm", "smi", "aa", "b", "zoe"]
    func check() throws {
      for grouping in [Grouping.letters, .column("state")] {
        try Self.checkPlans(
          IndexedList(catalog: test.catalog, grouping: grouping), texts: texts, limits: [3])
      }
    }
    try check()
    // An item that sorts first, found by "s" and "aa"; another that moves to the front.
    try test.catalog.add(["name": "Aaron Smith", "state": "Alabama"], to: nil)
    try test.catalog.update(.number(3), in: nil, setting: ["name": "Aardvark Sm Bo", "state": ""])
    try check()
    try test.catalog.remove([.number(3)], from: nil)
    try check()
    _ = try test.catalog.write(to: nil) { writer in
      for number in 0..<40 {
        try writer.add(["name": "Abe Zoe Smith \(number)", "state": "\(number % 3)"])
      }
    }
    try check()
  }

  /// A search keeps finding its rows where its starts are not built yet: in a new grouping, and
  /// in a catalog opened read-only, which does not build them.
  @Test func aListWithoutStartsIsSearchedFromItsFirstRow() throws {
    let test = try TestCatalog()
    try test.importCSV(Self.names(count: 300))
    _ = try IndexedList(catalog: test.catalog).search("s").collect()
    let readOnly = try test.reopen(configuration: .init(readOnly: true))
    try Self.checkPlans(
      IndexedList(catalog: readOnly, grouping: .letters), texts: ["s", "zoe"], limits: [5])
    // Lists built after the search keys build their starts at their first search.
    try test.catalog.add(["name": "Aaron Smith"], to: nil)
    try Self.checkPlans(
      IndexedList(catalog: test.catalog, locale: try CollationLocale("de")), texts: ["s"],
      limits: [5])
    #expect(try test.rows("SELECT count(DISTINCT grouping_id) FROM search_starts") == ["2"])
  }

  /// The first page of a search that finds most of a list reads a few rows of it, not every
  /// match, even where its first match is far into the list.
  @Test(arguments: TestEngine.all) func aFirstPageReadsAFewRows(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    var csv = "name\n"
    for number in 0..<6_000 { csv += "Amy \(number % 2 == 0 ? "Brown" : "Smith") \(number)\n" }
    try test.importCSV(csv)
    let list = try IndexedList(catalog: test.catalog)
    let search = try list.search("s", limit: 20)
    let found = try search.collect()
    #expect(found.map(\.title) == (try Self.expected("s", in: list, limit: 20)).map(\.title))
    #expect(found.first?.row == 3_000)
    #expect(search.rowsRead < 200, "read \(search.rowsRead) rows or matches with \(search.plan)")
  }
}
