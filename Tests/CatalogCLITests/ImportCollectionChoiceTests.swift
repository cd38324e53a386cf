import CatalogTestSupport
import Foundation
import Testing

/// Which collection `import --append`, `--upsert` and `--sync` write into (issue 33): one there
/// is, never a new one. With `-c`, the one it names; without, the one named after the file, else
/// the only one; otherwise an error that names the collections. Each mode, on each engine, with
/// hand-written messages and collection lists.
struct ImportCollectionChoiceTests {
  static let modes = ["--append", "--upsert", "--sync"]

  /// The row every test writes: a new key, under Z in either collection's locale.
  static let row = "id,name,city\nz9,Zed,Kiruna\n"

  /// `contacts` (a1 Anna, b2 Bo, c3 Örjan; Swedish) and, when `places` is true, `places` (q1
  /// Quinn; English), both keyed by id.
  static func runner(engine: TestEngine, places: Bool) throws -> CatalogRunner {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("contacts.csv", WriteCommandTests.contacts)
    let contacts = try runner.run(["import", "contacts.csv", "--locale", "sv", "--key", "id"])
    #expect(contacts.status == 0, "\(contacts.standardError)")
    if places {
      try runner.write("places.csv", "id,name,city\nq1,Quinn,Oslo\n")
      let places = try runner.run(["import", "places.csv", "--locale", "en", "--key", "id"])
      #expect(places.status == 0, "\(places.standardError)")
    }
    return runner
  }

  /// Each collection's name and item count, as `collections` lists them.
  static func collections(_ runner: CatalogRunner) throws -> [String] {
    try runner.run(["collections", "--format", "csv"]).csvColumns("name", "items")
  }

  /// Runs an import that must fail with `message` and exit status 1, and checks that it changed
  /// nothing: no new collection, no item, no version.
  static func expectRefused(
    _ arguments: [String], input: String = "", in runner: CatalogRunner, message: String
  ) throws {
    let before = try runner.contents()
    let collections = try Self.collections(runner)
    let result = try runner.run(arguments, input: input)
    #expect(result.status == 1)
    #expect(result.standardOutput == "")
    #expect(result.standardError == message + "\n")
    #expect(try runner.contents() == before)
    #expect(try Self.collections(runner) == collections)
  }

  @Test(arguments: TestEngine.all, modes)
  func withoutCTheOnlyCollectionIsWrittenWhenNoneIsNamedAfterTheFile(
    engine: TestEngine, mode: String
  ) throws {
    let runner = try Self.runner(engine: engine, places: false)
    try runner.write("more.csv", Self.row)
    let result = try runner.run(["import", "more.csv", mode])
    #expect(result.status == 0, "\(result.standardError)")
    // Anna, Bo, Örjan and Zed file under A, B, Ö and Z; a sync keeps only Zed.
    let summary = [
      "--append": "appended 1 item into 4 sections of 'contacts' in ",
      "--upsert": "read 1 row: added 1, updated 0, removed 0; 'contacts' has 4 items in ",
      "--sync": "read 1 row: added 1, updated 0, removed 3; 'contacts' has 1 item in ",
    ]
    #expect(result.standardError.hasPrefix(summary[mode]!), "\(result.standardError)")
    #expect(
      try Self.collections(runner)
        == ["name,items", mode == "--sync" ? "contacts,1" : "contacts,4"])
  }

  @Test(arguments: TestEngine.all, modes)
  func withoutCTheCollectionNamedAfterTheFileIsWrittenAmongSeveral(
    engine: TestEngine, mode: String
  ) throws {
    let runner = try Self.runner(engine: engine, places: true)
    try runner.write("places.csv", Self.row)
    let result = try runner.run(["import", "places.csv", mode])
    #expect(result.status == 0, "\(result.standardError)")
    // Quinn and Zed file under Q and Z; a sync keeps only Zed.
    let summary = [
      "--append": "appended 1 item into 2 sections of 'places' in ",
      "--upsert": "read 1 row: added 1, updated 0, removed 0; 'places' has 2 items in ",
      "--sync": "read 1 row: added 1, updated 0, removed 1; 'places' has 1 item in ",
    ]
    #expect(result.standardError.hasPrefix(summary[mode]!), "\(result.standardError)")
    #expect(
      try Self.collections(runner)
        == ["name,items", "contacts,3", mode == "--sync" ? "places,1" : "places,2"])
  }

  @Test(arguments: TestEngine.all, modes)
  func withoutCAmongSeveralCollectionsNoneNamedAfterTheFileIsAnError(
    engine: TestEngine, mode: String
  ) throws {
    let runner = try Self.runner(engine: engine, places: true)
    try runner.write("more.csv", Self.row)
    try Self.expectRefused(
      ["import", "more.csv", mode], in: runner,
      message: "Error: no collection named 'more' for \(mode), and the catalog holds 2 "
        + "collections; choose one with -c NAME; the collections are: contacts, places")
    #expect(try Self.collections(runner) == ["name,items", "contacts,3", "places,1"])
  }

  @Test(arguments: TestEngine.all, modes)
  func cNamesTheCollectionEvenWhenAnotherIsNamedAfterTheFile(engine: TestEngine, mode: String)
    throws
  {
    let runner = try Self.runner(engine: engine, places: true)
    try runner.write("places.csv", Self.row)
    let result = try runner.run(["import", "places.csv", "-c", "contacts", mode, "--quiet"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try Self.collections(runner)
        == ["name,items", mode == "--sync" ? "contacts,1" : "contacts,4", "places,1"])
  }

  @Test(arguments: TestEngine.all, modes)
  func anUnknownCollectionNamedWithCIsAnErrorEvenBesideTheOnlyOne(
    engine: TestEngine, mode: String
  ) throws {
    let runner = try Self.runner(engine: engine, places: false)
    try runner.write("more.csv", Self.row)
    try Self.expectRefused(
      ["import", "more.csv", "-c", "more", mode], in: runner,
      message: "Error: no collection named 'more'; the collections are: contacts")
    let several = try Self.runner(engine: engine, places: true)
    try several.write("more.csv", Self.row)
    try Self.expectRefused(
      ["import", "more.csv", "-c", "nope", mode], in: several,
      message: "Error: no collection named 'nope'; the collections are: contacts, places")
  }

  @Test(arguments: TestEngine.all, modes)
  func standardInputWritesIntoTheOnlyCollection(engine: TestEngine, mode: String) throws {
    let runner = try Self.runner(engine: engine, places: false)
    let result = try runner.run(["import", "-", mode, "--quiet"], input: Self.row)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try Self.collections(runner)
        == ["name,items", mode == "--sync" ? "contacts,1" : "contacts,4"])
  }

  @Test(arguments: TestEngine.all, modes)
  func standardInputAmongSeveralCollectionsIsAnError(engine: TestEngine, mode: String) throws {
    let runner = try Self.runner(engine: engine, places: true)
    try Self.expectRefused(
      ["import", "-", mode], input: Self.row, in: runner,
      message: "Error: the catalog holds 2 collections; choose one with -c NAME; the "
        + "collections are: contacts, places")
  }

  @Test(arguments: TestEngine.all, modes)
  func aCatalogWithoutCollectionsIsAnError(engine: TestEngine, mode: String) throws {
    let runner = try Self.runner(engine: engine, places: false)
    #expect(try runner.run(["drop", "-c", "contacts"]).status == 0)
    try runner.write("more.csv", Self.row)
    // A PostgreSQL catalog's place is shown with its password masked; the test server has none.
    let place = runner.databasePath
    for arguments in [["import", "more.csv", mode], ["import", "-", mode]] {
      try Self.expectRefused(
        arguments, input: Self.row, in: runner,
        message: "Error: \(place) holds no collections yet, and \(mode) never makes one; "
          + "make one with 'catalog import FILE'")
    }
    try Self.expectRefused(
      ["import", "more.csv", "-c", "more", mode], in: runner,
      message: "Error: no collection named 'more'; there are no collections")
    #expect(try Self.collections(runner) == ["name,items"])
  }

  @Test(arguments: TestEngine.all, modes)
  func aMissingCatalogIsAnErrorAndIsNotMade(engine: TestEngine, mode: String) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("more.csv", Self.row)
    let missing =
      "Error: no catalog at \(runner.databasePath) (create one with 'catalog import FILE')\n"
    let result = try runner.run(["import", "more.csv", mode])
    #expect(result.status == 1)
    #expect(result.standardError == missing)
    #expect(try runner.run(["collections"]).standardError == missing, "still no catalog")
  }

  @Test(arguments: TestEngine.all) func aReplaceAndAPlainImportStillMakeTheCollection(
    engine: TestEngine
  ) throws {
    let runner = try Self.runner(engine: engine, places: false)
    try runner.write("more.csv", Self.row)
    try runner.write("other.csv", Self.row)
    #expect(try runner.run(["import", "more.csv", "--replace", "--quiet"]).status == 0)
    #expect(try runner.run(["import", "other.csv", "--quiet"]).status == 0)
    #expect(
      try Self.collections(runner) == ["name,items", "contacts,3", "more,1", "other,1"])
  }
}
