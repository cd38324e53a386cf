import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogStore

/// Keyed imports of more rows than once failed (from about 30,000, a key table's journal moved to
/// a file and SQLite called the short write a full disk), and duplicate keys far into a file, on
/// each engine.
struct KeyedImportTests {
  static let rowCount = 32_000

  /// A file of people whose keys are `id` and the number, with the city `city` and the number.
  func people(_ numbers: some Sequence<Int>, city: String) -> String {
    "id,name,city\n"
      + numbers.map { "\(key($0)),Name \($0),\(city) \($0)\n" }.joined()
  }

  func key(_ number: Int) -> String { "id" + String(format: "%06d", number) }

  /// How many of the collection's items have each city word, in the order asked.
  func counts(_ test: TestCatalog, _ words: [String]) throws -> [String] {
    try words.flatMap { word in
      try test.rows("SELECT count(*) FROM items WHERE fields LIKE '%\"\(word) %'")
    }
  }

  @Test(arguments: TestEngine.all) func aKeyedImportOfThirtyTwoThousandRowsStoresEveryKey(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    let summary = try test.importCSV(
      people(1...Self.rowCount, city: "City"), collection: "people", key: "id")
    #expect(summary.totalItems == Self.rowCount)
    #expect(try test.rows("SELECT count(DISTINCT key) FROM items") == ["32000"])
    #expect(
      try test.rows("SELECT item, fields FROM items WHERE key = 'id031234'") == [
        #"31233|["id031234","Name 31234","City 31234"]"#
      ])
  }

  /// On SQLite the first keyed collection's key index is built after its items; a duplicate then
  /// fails the building, and the index is there after either way. (`plain`, the catalog's other
  /// collection, has no keys, so the index holds none of its items.)
  @Test(arguments: TestEngine.all, [false, true])
  func theKeyIndexHoldsEveryKeyAfterAnImportAndADuplicateFailsIt(
    engine: TestEngine, withDuplicate: Bool
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("name\nAda\nBo\n", collection: "plain")
    var numbers = Array(1...Self.rowCount)
    if withDuplicate { numbers[Self.rowCount - 1] = 7 }
    let csv = people(numbers, city: "City")
    if withDuplicate {
      let error = #expect(throws: CatalogError.self) {
        try test.importCSV(csv, collection: "people", key: "id")
      }
      guard case .csv(let csvError) = error else {
        Issue.record("expected a CSV error, got \(String(describing: error))")
        return
      }
      #expect(csvError.kind == .duplicateKey(key(7), firstLine: 8))
      #expect(csvError.line == Self.rowCount + 1)
      #expect(try test.catalog.collections().map(\.name) == ["plain"])
    } else {
      try test.importCSV(csv, collection: "people", key: "id")
      #expect(
        try test.rows("SELECT item FROM items WHERE key = '\(key(Self.rowCount))'")
          == ["\(Self.rowCount - 1)"])
    }
    // The index refuses a second item of a collection with a key it has.
    #expect(throws: CatalogError.self) {
      try test.catalog.connection.execute(
        """
        INSERT INTO items (collection_id, item, title, fields, key)
        SELECT id, 100000 + n, 'x', '[]', 'same' FROM collections, (SELECT 1 AS n UNION SELECT 2)
        """)
    }
  }

  @Test(arguments: TestEngine.all)
  func upsertAndSyncOfThirtyTwoThousandRowsMakeTheCollectionTheFile(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(people(1...Self.rowCount, city: "City"), collection: "people", key: "id")
    // Items are numbered from 0 in file order: keys 16,001 to 32,000 are updated, and 32,001 to
    // 48,000 added as items 32,000 on.
    let upsert = try test.importCSV(
      people(16_001...48_000, city: "Town"), collection: "people", mode: .upsert)
    #expect(upsert.totalItems == 48_000)
    #expect(try counts(test, ["City", "Town"]) == ["16000", "32000"])
    #expect(try test.rows("SELECT item FROM items WHERE key = 'id032001'") == ["32000"])
    // Keys up to 24,000 are removed, 24,001 to 56,000 kept or added: the file's 32,000.
    let sync = try test.importCSV(
      people(24_001...56_000, city: "Place"), collection: "people", mode: .sync)
    #expect(sync.totalItems == 32_000)
    #expect(try counts(test, ["City", "Town", "Place"]) == ["0", "0", "32000"])
    #expect(
      try test.rows("SELECT min(key), max(key), count(*) FROM items")
        == ["\(key(24_001))|\(key(56_000))|32000"])
    #expect(
      try test.rows("SELECT sum(item_count) FROM sections") == ["32000"])
  }

  /// Keys 5 and 1 come again on rows 31,000 and 31,500 (lines 31,001 and 31,501): the first
  /// duplicate in the file is row 31,000's, and the first record with its key is on line 6.
  @Test(
    arguments: TestEngine.all, [ImportOptions.Mode.create, .upsert])
  func aDuplicateKeyFarIntoAFileNamesBothLinesAndChangesNothing(
    engine: TestEngine, mode: ImportOptions.Mode
  ) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(people(1...3, city: "City"), collection: "people", key: "id")
    let before = try test.rows("SELECT item, key, fields FROM items ORDER BY item")
    var numbers = Array(1...Self.rowCount)
    numbers[30_999] = 5
    numbers[31_499] = 1
    let error = #expect(throws: CatalogError.self) {
      try test.importCSV(
        people(numbers, city: "Town"), collection: mode == .create ? "others" : "people",
        key: mode == .create ? "id" : nil, mode: mode)
    }
    guard case .csv(let csvError) = error else {
      Issue.record("expected a CSV error, got \(String(describing: error))")
      return
    }
    #expect(csvError.kind == .duplicateKey(key(5), firstLine: 6))
    #expect(csvError.line == 31_001)
    #expect(try test.rows("SELECT item, key, fields FROM items ORDER BY item") == before)
    #expect(try test.catalog.collections().map(\.name) == ["people"])
  }
}
