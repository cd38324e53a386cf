import CatalogCollation
import CatalogSQLite
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogStore

/// Importing CSV files: settings, stored keys, and all-or-nothing behaviour, on each engine; the
/// lists are read with plain SQL, as any client of either database would read them.
struct ImportTests {
  static let cities = """
    name,state,population
    Austin,Texas,961855
    Houston,Texas,2304580
    Boston,Massachusetts,675647
    El Paso, Texas ,678815

    """

  /// Everything the catalog holds, read with plain SQL: enough to see that nothing changed.
  func snapshot(_ test: TestCatalog) throws -> [String] {
    try [
      "SELECT 'c', name, item_count, locale, title_column FROM collections ORDER BY id",
      "SELECT 'i', collection_id, item, title, fields FROM items ORDER BY collection_id, item",
      "SELECT 'g', collection_id, group_by, locale FROM groupings ORDER BY id",
      """
      SELECT 's', grouping_id, key, length(key), heading, letter, item_count FROM sections
      ORDER BY grouping_id, key
      """,
      "SELECT 'r', grouping_id, key, length(key), item FROM rows ORDER BY grouping_id, key",
      """
      SELECT 'b', grouping_id, level, first_key, length(first_key), row_count, section_count
      FROM row_blocks ORDER BY grouping_id, level, first_key
      """,
      """
      SELECT 'v', grouping_id, column_name, section, length(section), value, count
      FROM section_values ORDER BY grouping_id, column_name, section, value
      """,
      "SELECT 'k', version FROM catalog_state",
    ].flatMap(test.rows)
  }

  @Test(arguments: TestEngine.all) func importStoresItemsAndSettings(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let summary = try test.importCSV(Self.cities, collection: "cities", groupBy: ["state"])
    #expect(summary.collection == "cities")
    #expect(summary.importedItems == 4)
    #expect(summary.totalItems == 4)
    #expect(summary.grouping == .column("state"))
    #expect(summary.sectionCount == 2)
    let collection = try #require(try test.catalog.collection(named: "cities"))
    #expect(collection.columns == ["name", "state", "population"])
    #expect(collection.titleColumn == "name")
    #expect(collection.sortAs == [])
    #expect(collection.locale == "en")
    #expect(collection.itemCount == 4)
    #expect(
      try test.rows("SELECT fields FROM items WHERE item = 3") == [
        #"["El Paso"," Texas ","678815"]"#
      ])
  }

  @Test(arguments: TestEngine.all) func sectionsAndRowsAreReadableInOrderWithPlainSQL(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities", groupBy: ["state"])
    func sections(_ groupBy: String) throws -> [String] {
      try test.rows(
        """
        SELECT s.heading, s.item_count, sum(s.item_count) OVER (ORDER BY s.key) - s.item_count
        FROM sections s JOIN groupings g ON g.id = s.grouping_id
        WHERE g.group_by = '\(groupBy)' ORDER BY s.key
        """)
    }
    #expect(try sections("") == ["A|1|0", "B|1|1", "E|1|2", "H|1|3"])
    #expect(try sections("state") == ["Massachusetts|1|0", "Texas|3|1"])
    let byState = try test.rows(
      """
      SELECT row_number() OVER (ORDER BY r.key) - 1, i.title
      FROM rows r JOIN groupings g ON g.id = r.grouping_id
      JOIN items i ON i.item = r.item AND i.collection_id = g.collection_id
      WHERE g.group_by = 'state' ORDER BY r.key
      """)
    #expect(byState == ["0|Boston", "1|Austin", "2|El Paso", "3|Houston"])
    let letters = try test.rows(
      """
      SELECT i.title FROM rows r JOIN groupings g ON g.id = r.grouping_id
      JOIN items i ON i.item = r.item AND i.collection_id = g.collection_id
      WHERE g.group_by = '' ORDER BY r.key
      """)
    #expect(letters == ["Austin", "Boston", "El Paso", "Houston"])
  }

  @Test(arguments: TestEngine.all) func defaultTitleIsTheFirstNameTitleOrDisplayNameColumn(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("id,Display_Name,title\n1,Ann,Dr\n", collection: "people")
    #expect(try test.catalog.collection(named: "people")?.titleColumn == "Display_Name")
    try test.importCSV("id,label\n1,Ann\n", collection: "plain")
    #expect(try test.catalog.collection(named: "plain")?.titleColumn == "id")
  }

  @Test(arguments: TestEngine.all) func importingIntoAnExistingCollectionNeedsReplaceOrAppend(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities")
    let before = try snapshot(test)
    #expect(throws: CatalogError.collectionExists(name: "cities")) {
      try test.importCSV(Self.cities, collection: "cities")
    }
    #expect(try snapshot(test) == before)
  }

  @Test(arguments: TestEngine.all) func replaceSwapsTheWholeCollection(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities")
    try test.importCSV("name\nZürich\n", collection: "cities", locale: "de", mode: .replace)
    let collection = try #require(try test.catalog.collection(named: "cities"))
    #expect(collection.columns == ["name"])
    #expect(collection.itemCount == 1)
    #expect(collection.locale == "de")
    #expect(try test.rows("SELECT count(*) FROM items") == ["1"])
    // The letter grouping in English is kept (a replace keeps the groupings), beside the new one
    // in German; both list only the new item.
    #expect(
      try test.rows(
        """
        SELECT g.locale, i.title FROM rows r JOIN groupings g ON g.id = r.grouping_id
        JOIN items i ON i.collection_id = g.collection_id AND i.item = r.item ORDER BY g.locale
        """) == ["de|Zürich", "en|Zürich"], "no rows of the old items are left")
  }

  @Test(arguments: TestEngine.all) func appendAddsItemsToEveryGrouping(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities", groupBy: ["state"])
    let summary = try test.importCSV(
      "name,state,population\nAmarillo,Texas,200393\n", collection: "cities", mode: .append)
    #expect(summary.importedItems == 1)
    #expect(summary.totalItems == 5)
    #expect(summary.added == 1)
    let texas = try test.rows(
      """
      SELECT s.item_count FROM sections s JOIN groupings g ON g.id = s.grouping_id
      WHERE g.group_by = 'state' AND s.heading = 'Texas'
      """)
    #expect(texas == ["4"])
    #expect(try test.rows("SELECT title FROM items WHERE item = 4") == ["Amarillo"])
    #expect(try test.rows("SELECT count(*) FROM rows") == ["10"], "5 items in 2 groupings")
  }

  @Test(arguments: TestEngine.all) func appendMatchesColumnsByNameAndLeavesMissingOnesEmpty(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities")
    try test.importCSV("state,name\nTexas,Amarillo\n", collection: "cities", mode: .append)
    #expect(
      try test.rows("SELECT fields FROM items WHERE item = 4") == [#"["Amarillo","Texas",""]"#])
  }

  @Test(arguments: TestEngine.all) func appendWithAColumnTheCollectionLacksIsRefused(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities")
    let before = try snapshot(test)
    #expect(throws: CatalogError.self) {
      try test.importCSV("name,county\nAmarillo,Potter\n", collection: "cities", mode: .append)
    }
    #expect(try snapshot(test) == before)
  }

  @Test(
    arguments: TestEngine.all,
    [
      (nil, nil, ["nope"], .groupBy), ("nope", nil, [], .title),
      (nil, ["name", "nope"], [], .sortAs),
    ] as [(String?, [String]?, [String], CatalogError.ColumnRole)])
  func unknownColumnsAreErrorsThatChangeNothing(
    engine: TestEngine,
    options: (title: String?, sortAs: [String]?, groupBy: [String], role: CatalogError.ColumnRole)
  ) throws {
    let (title, sortAs, groupBy, role) = options
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities")
    let before = try snapshot(test)
    #expect(
      throws: CatalogError.unknownColumn(
        column: "nope", role: role, available: ["name", "state", "population"])
    ) {
      try test.importCSV(
        Self.cities, collection: "towns", title: title, sortAs: sortAs, groupBy: groupBy)
    }
    #expect(try snapshot(test) == before)
  }

  @Test(arguments: TestEngine.all) func aBadRecordLateInTheFileLeavesTheCatalogAsItWas(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities")
    let before = try snapshot(test)
    let rows = (0..<5000).map { "City \($0),State \($0 % 7),\($0)" }.joined(separator: "\n")
    let csv = "name,state,population\n" + rows + "\nBroken,\"Texas\n"
    do {
      try test.importCSV(csv, collection: "cities", groupBy: ["state"], mode: .replace)
      Issue.record("a file with an unterminated quote was imported")
    } catch let error as CatalogError {
      guard case .csv(let csvError) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(csvError.line == 5002)
      #expect(csvError.column == 8)
    }
    #expect(try snapshot(test) == before)
  }

  @Test(arguments: TestEngine.all) func aBlankCollectionNameIsRefused(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    #expect(throws: CatalogError.invalidCollectionName("  ")) {
      try test.importCSV(Self.cities, collection: "  ")
    }
  }

  @Test(arguments: TestEngine.all) func sortAsJoinsColumnsWithASpace(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    let csv = "first,last\nAnna,Zetterberg\nÖrjan,Andersson\nBo,Zetterberg\n"
    try test.importCSV(csv, collection: "people", locale: "sv", sortAs: ["last", "first"])
    let order = try test.rows(
      """
      SELECT i.title FROM rows r JOIN groupings g ON g.id = r.grouping_id
      JOIN items i ON i.item = r.item AND i.collection_id = g.collection_id ORDER BY r.key
      """)
    #expect(order == ["Örjan", "Anna", "Bo"])
    #expect(try test.rows("SELECT heading FROM sections ORDER BY key") == ["A", "Z"])
  }

  @Test(arguments: TestEngine.all) func groupingsRecordTheVersionsThatMadeTheirKeys(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(Self.cities, collection: "cities", locale: "sv")
    let version = try Collation(localeIdentifier: "sv").version
    #expect(
      try test.rows("SELECT locale, icu_version, collator_version FROM groupings") == [
        "sv|\(version.icu)|\(version.collator)"
      ])
  }

  /// Enough rows that each grouping's sort spills runs to a scratch file and merges them; the
  /// stored order must equal a plain in-memory sort by the collation's keys.
  @Test(arguments: TestEngine.all) func groupingsLargerThanOneSortRunAreInOrder(engine: TestEngine)
    throws
  {
    let test = try TestCatalog(engine: engine)
    let first = [
      "Åsa", "Anna", "anna", "Ärla", "Örjan", "Olof", "Zoë", "Émile", "Emil", "Bo", "Øyvind",
    ]
    let last = ["Ek", "Åberg", "Lund", "lund", "Öst", "Zorn", "Berg", "Ängström"]
    let states = [
      "Skåne", "skane", "SKÅNE", "Gotland", "Örebro", "Orebro", "", " Uppsala ", "Uppsala",
    ]
    let count = 90_000
    // Every row's key takes more than 30 bytes, so these fill more than one run.
    try #require(count * 30 > ExternalSorter.defaultRunCapacity)
    let rows = (0..<count).map { item in
      (name: "\(first[item % 11]) \(last[item / 11 % 8]) \(item % 500)", state: states[item % 9])
    }
    let csv = "name,state\n" + rows.map { "\($0.name),\($0.state)\n" }.joined()
    try test.importCSV(csv, collection: "people", locale: "sv", groupBy: ["state"])

    let swedish = try Collation(localeIdentifier: "sv")
    let sortKeys = rows.map { swedish.sortKey(for: $0.name) }
    func byKey(_ a: Int, _ b: Int) -> Bool {
      sortKeys[a] == sortKeys[b] ? a < b : sortKeys[a].lexicographicallyPrecedes(sortKeys[b])
    }
    let letters = rows.map { swedish.letterPosition(of: $0.name) }
    let expectedLetters = (0..<count).sorted { a, b in
      letters[a] == letters[b] ? byKey(a, b) : letters[a] < letters[b]
    }
    let sections = rows.map { swedish.sectionKey(for: $0.state) }
    let expectedStates = (0..<count).sorted { a, b in
      guard sections[a] != sections[b] else { return byKey(a, b) }
      if sections[a].isEmpty || sections[b].isEmpty { return sections[b].isEmpty }
      return sections[a].lexicographicallyPrecedes(sections[b])
    }

    func stored(_ groupBy: String) throws -> [Int] {
      try test.rows(
        """
        SELECT r.item FROM rows r JOIN groupings g ON g.id = r.grouping_id
        WHERE g.group_by = '\(groupBy)' ORDER BY r.key
        """
      ).map { Int($0)! }
    }
    #expect(try stored("") == expectedLetters)
    #expect(try stored("state") == expectedStates)
    #expect(
      try test.rows(
        """
        SELECT heading, item_count FROM sections s JOIN groupings g ON g.id = s.grouping_id
        WHERE g.group_by = 'state' ORDER BY s.key
        """) == [
          // Swedish: Å and Ö are letters after Z, so "skane" and "Skåne" differ and Ö comes last;
          // "Skåne" and "SKÅNE" tie (10,000 each) and the heading is the first in collation order.
          "Gotland|10000", "Orebro|10000", "skane|10000", "Skåne|20000", "Uppsala|20000",
          "Örebro|10000", "|10000",
        ])
  }

  /// A first import writes through the rollback journal when it has the catalog to itself, and
  /// leaves the catalog in WAL mode either way.
  @Test func aFirstImportLeavesTheCatalogInWALMode() throws {
    let test = try TestCatalog()
    try test.importCSV(Self.cities, collection: "cities")
    #expect(try test.sqlite3("PRAGMA journal_mode") == ["wal"])
  }

  @Test func anotherOpenConnectionSeesAFirstImport() throws {
    let test = try TestCatalog()
    let other = try Catalog(path: test.path, creating: false)
    #expect(try other.collections().isEmpty)
    try test.importCSV(Self.cities, collection: "cities")
    #expect(try other.collections().map(\.name) == ["cities"])
    #expect(try test.sqlite3("PRAGMA journal_mode") == ["wal"])
  }

  @Test func aCatalogLeftInRollbackModeReturnsToTheLogWhenOpened() throws {
    let test = try TestCatalog()
    try test.importCSV(Self.cities, collection: "cities")
    _ = try test.sqlite3("PRAGMA journal_mode = DELETE")
    #expect(try test.sqlite3("PRAGMA journal_mode") == ["delete"])
    _ = try Catalog(path: test.path, creating: false)
    #expect(try test.sqlite3("PRAGMA journal_mode") == ["wal"])
  }
}
