import CatalogCollation
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// Which collection `importCollection` writes into with `.append`, `.upsert` and `.sync`: one
/// there is, never a new one (issue 33), on each engine. The collections, their names and items
/// are small enough to know by heart.
struct ImportTargetTests {
  static let modes: [ImportOptions.Mode] = [.append, .upsert, .sync]

  /// `people` (p1 Ann, p2 Bo) and, when `places` is true, `places` (q1 Oslo), both keyed by id.
  static func catalog(engine: TestEngine, places: Bool) throws -> TestCatalog {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("id,name\np1,Ann\np2,Bo\n", collection: "people", key: "id")
    if places { try test.importCSV("id,name\nq1,Oslo\n", collection: "places", key: "id") }
    return test
  }

  /// Imports one row (p3 Cy) in `mode` into `collection`, a name the user chose or, when
  /// `isDefault`, only a default one such as a file's stem.
  @discardableResult
  static func importRow(
    into test: TestCatalog, collection: String?, isDefault: Bool = false,
    mode: ImportOptions.Mode
  ) throws -> ImportSummary {
    let path = try test.directory.write("row.csv", "id,name\np3,Cy\n")
    var options = ImportOptions(collection: collection, mode: mode)
    options.collectionIsDefault = isDefault
    return try test.catalog.importCollection(from: CSVReader(path: path), options: options)
  }

  /// Each collection's name and item count, and the catalog's version.
  static func state(_ test: TestCatalog) throws -> [String] {
    try test.rows("SELECT name, item_count FROM collections ORDER BY name")
      + test.rows("SELECT version FROM catalog_state")
  }

  @Test(arguments: TestEngine.all, modes)
  func aNameNoCollectionHasIsUnknownAndMakesNone(engine: TestEngine, mode: ImportOptions.Mode)
    throws
  {
    let test = try Self.catalog(engine: engine, places: true)
    let before = try Self.state(test)
    #expect(before == ["people|2", "places|1", "2"])
    #expect(throws: CatalogError.unknownCollection(name: "more", available: ["people", "places"])) {
      try Self.importRow(into: test, collection: "more", mode: mode)
    }
    #expect(try Self.state(test) == before)
  }

  @Test(arguments: TestEngine.all, modes)
  func aNameTheUserChoseIsNotTradedForTheOnlyCollection(
    engine: TestEngine, mode: ImportOptions.Mode
  ) throws {
    let test = try Self.catalog(engine: engine, places: false)
    #expect(throws: CatalogError.unknownCollection(name: "more", available: ["people"])) {
      try Self.importRow(into: test, collection: "more", mode: mode)
    }
    #expect(try Self.state(test) == ["people|2", "1"])
  }

  @Test(arguments: TestEngine.all, modes)
  func aDefaultNameThatACollectionHasIsThatCollection(
    engine: TestEngine, mode: ImportOptions.Mode
  ) throws {
    let test = try Self.catalog(engine: engine, places: true)
    let summary = try Self.importRow(into: test, collection: "places", isDefault: true, mode: mode)
    #expect(summary.collection == "places")
    // A sync leaves only the file's row.
    #expect(
      try Self.state(test) == ["people|2", mode == .sync ? "places|1" : "places|2", "3"])
    #expect(
      try test.rows(
        "SELECT i.title FROM items i JOIN collections c ON c.id = i.collection_id "
          + "WHERE c.name = 'places' ORDER BY i.item")
        == (mode == .sync ? ["Cy"] : ["Oslo", "Cy"]))
  }

  @Test(arguments: TestEngine.all, modes)
  func aDefaultNameNoCollectionHasFallsBackToTheOnlyCollection(
    engine: TestEngine, mode: ImportOptions.Mode
  ) throws {
    let test = try Self.catalog(engine: engine, places: false)
    let summary = try Self.importRow(into: test, collection: "more", isDefault: true, mode: mode)
    #expect(summary.collection == "people")
    #expect(try Self.state(test) == [mode == .sync ? "people|1" : "people|3", "2"])
  }

  @Test(arguments: TestEngine.all, modes)
  func aDefaultNameNoCollectionHasAmongSeveralIsUnknown(
    engine: TestEngine, mode: ImportOptions.Mode
  ) throws {
    let test = try Self.catalog(engine: engine, places: true)
    #expect(throws: CatalogError.unknownCollection(name: "more", available: ["people", "places"])) {
      try Self.importRow(into: test, collection: "more", isDefault: true, mode: mode)
    }
    #expect(try Self.state(test) == ["people|2", "places|1", "2"])
  }

  @Test(arguments: TestEngine.all, modes)
  func noNameIsTheOnlyCollection(engine: TestEngine, mode: ImportOptions.Mode) throws {
    let test = try Self.catalog(engine: engine, places: false)
    #expect(try Self.importRow(into: test, collection: nil, mode: mode).collection == "people")
    #expect(try Self.state(test) == [mode == .sync ? "people|1" : "people|3", "2"])
  }

  @Test(arguments: TestEngine.all, modes)
  func noNameAmongSeveralCollectionsChoosesNone(engine: TestEngine, mode: ImportOptions.Mode)
    throws
  {
    let test = try Self.catalog(engine: engine, places: true)
    #expect(throws: CatalogError.collectionNotChosen(available: ["people", "places"])) {
      try Self.importRow(into: test, collection: nil, mode: mode)
    }
    #expect(try Self.state(test) == ["people|2", "places|1", "2"])
  }

  @Test(arguments: TestEngine.all, modes)
  func aCatalogWithoutCollectionsGetsNone(engine: TestEngine, mode: ImportOptions.Mode) throws {
    let test = try TestCatalog(engine: engine)
    for (name, isDefault) in [(nil, false), ("more", true)] as [(String?, Bool)] {
      #expect(throws: CatalogError.noCollections(path: test.path)) {
        try Self.importRow(into: test, collection: name, isDefault: isDefault, mode: mode)
      }
    }
    #expect(throws: CatalogError.unknownCollection(name: "more", available: [])) {
      try Self.importRow(into: test, collection: "more", mode: mode)
    }
    #expect(try Self.state(test) == ["0"])
  }

  @Test(arguments: TestEngine.all) func aReplaceStillMakesTheCollectionItNames(engine: TestEngine)
    throws
  {
    let test = try Self.catalog(engine: engine, places: false)
    let summary = try Self.importRow(
      into: test, collection: "more", isDefault: true, mode: .replace)
    #expect(summary.collection == "more")
    #expect(try Self.state(test) == ["more|1", "people|2", "2"])
    #expect(
      throws: CatalogError.invalidRequest(
        "an import that makes or replaces a collection needs its name")
    ) {
      try Self.importRow(into: test, collection: nil, mode: .replace)
    }
  }
}
