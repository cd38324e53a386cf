import CatalogTestSupport
import Foundation
import Testing

/// `export`, `drop` and `rename` (DESIGN §11), end to end, on each engine.
struct CollectionCommandTests {
  /// Fields that need quoting, a line break, a quote, a comma, empty fields, non-ASCII text.
  static let tricky = #"""
    id,name,notes,empty
    1,"Anna, Andersson","She said ""hej""",
    2,Örjan,"two
    lines",
    3,  Bo  ,,
    4,"",x,

    """#

  /// The same as `catalog export` writes it: quoted only where needed, so the empty quoted field
  /// of item 4 is written as an empty field.
  static let exported = tricky.replacingOccurrences(of: "4,\"\",x,", with: "4,,x,")

  @Test(arguments: TestEngine.all) func exportGivesTheImportedFileBackAndImportsAsTheSameCollection(
    engine: TestEngine
  ) throws {
    let runner = try CatalogRunner(engine: engine)
    // A BOM the import skips, and line ends it reads as CRLF or LF alike.
    try runner.write("tricky.csv", "\u{FEFF}" + Self.tricky)
    #expect(try runner.run(["import", "tricky.csv", "-c", "people", "--quiet"]).status == 0)
    let exported = try runner.run(["export", "-c", "people"])
    #expect(exported.status == 0)
    #expect(exported.standardOutput == Self.exported, "quoted only where needed")
    try runner.write("again.csv", exported.standardOutput)
    #expect(try runner.run(["import", "again.csv", "-c", "again", "--quiet"]).status == 0)
    #expect(try runner.run(["export", "-c", "again"]).standardOutput == Self.exported)
    #expect(
      try runner.run(["list", "-c", "again", "--format", "json"]).standardOutput
        == (try runner.run(["list", "-c", "people", "--format", "json"])).standardOutput)
  }

  @Test(arguments: TestEngine.all) func aTSVExportImportsBackAsTheSameCollection(engine: TestEngine)
    throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("tricky.csv", Self.tricky)
    #expect(try runner.run(["import", "tricky.csv", "-c", "people", "--quiet"]).status == 0)
    #expect(
      try runner.run(["export", "-c", "people", "--format", "tsv", "--output", "out.tsv"]).status
        == 0)
    #expect(try runner.run(["import", "out.tsv", "-c", "again", "--quiet"]).status == 0)
    #expect(try runner.run(["export", "-c", "again"]).standardOutput == Self.exported)
  }

  @Test(arguments: TestEngine.all) func exportWritesJSONLinesOfTheCollectionsOwnColumns(
    engine: TestEngine
  ) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("tricky.csv", Self.tricky)
    #expect(try runner.run(["import", "tricky.csv", "-c", "people", "--quiet"]).status == 0)
    #expect(
      try runner.run(["export", "--format", "json"]).outputLines.prefix(2) == [
        #"{"id":"1","name":"Anna, Andersson","notes":"She said \"hej\"","empty":""}"#,
        #"{"id":"2","name":"Örjan","notes":"two\nlines","empty":""}"#,
      ])
  }

  /// Unicode's other line breaks split a line for some readers, so their fields are quoted too;
  /// text around them (an en dash, U+2013, shares their first UTF-8 byte) is left as it is.
  @Test(arguments: TestEngine.all) func exportQuotesEveryKindOfLineBreak(engine: TestEngine) throws
  {
    let runner = try CatalogRunner(engine: engine)
    let csv = "name,notes\nA,\"x\u{2028}y\"\nB,\"x\u{85}y\"\nC,\"x\u{2029}y\"\nD,x\u{2013}y\n"
    try runner.write("breaks.csv", csv)
    #expect(try runner.run(["import", "breaks.csv", "--quiet"]).status == 0)
    #expect(try runner.run(["export"]).standardOutput == csv)
  }

  @Test(arguments: TestEngine.all) func aThousandColumnsRoundTrip(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    let header = (0..<1_000).map { "c\($0)" }.joined(separator: ",")
    let rows = (0..<3).map { row in (0..<1_000).map { "\(row)-\($0)" }.joined(separator: ",") }
    let csv = header + "\n" + rows.joined(separator: "\n") + "\n"
    try runner.write("wide.csv", csv)
    #expect(try runner.run(["import", "wide.csv", "--quiet"]).status == 0)
    #expect(try runner.run(["export"]).standardOutput == csv)
  }

  @Test(arguments: TestEngine.all) func exportIsInItemOrderAfterWrites(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("people.csv", "name\nZed\nAda\n")
    #expect(try runner.run(["import", "people.csv", "--quiet"]).status == 0)
    #expect(try runner.run(["add", "name=Bo", "--quiet"]).status == 0)
    #expect(try runner.run(["remove", "0", "--quiet"]).status == 0)
    #expect(try runner.run(["export"]).outputLines == ["name", "Ada", "Bo"])
  }

  @Test(arguments: TestEngine.all) func dropRemovesTheCollectionAndEverythingStoredForIt(
    engine: TestEngine
  ) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("people.csv", "name,city\nZed,Umeå\nAda,Lund\n")
    #expect(try runner.run(["import", "people.csv", "--group-by", "city", "--quiet"]).status == 0)
    try runner.write("towns.csv", "name\nLund\n")
    #expect(try runner.run(["import", "towns.csv", "--quiet"]).status == 0)
    #expect(try runner.run(["search", "-c", "people", "a"]).status == 0)
    let dropped = try runner.run(["drop", "-c", "people"])
    #expect(dropped.status == 0)
    #expect(dropped.standardError == "dropped 'people'\n")
    #expect(try runner.run(["export"]).outputLines == ["name", "Lund"], "only towns is left")
    let leftovers = try runner.rows(
      """
      SELECT (SELECT count(*) FROM items WHERE collection_id NOT IN (SELECT id FROM collections)),
        (SELECT count(*) FROM rows WHERE grouping_id NOT IN (SELECT id FROM groupings)),
        (SELECT count(*) FROM row_blocks WHERE grouping_id NOT IN (SELECT id FROM groupings)),
        (SELECT count(*) FROM section_values WHERE grouping_id NOT IN (SELECT id FROM groupings)),
        (SELECT count(*) FROM search_keys
         WHERE search_index_id NOT IN (SELECT id FROM search_indexes)),
        (SELECT count(*) FROM search_starts WHERE grouping_id NOT IN (SELECT id FROM groupings))
      """)
    #expect(leftovers == ["0|0|0|0|0|0"])
    // The same name can be imported again.
    #expect(try runner.run(["import", "people.csv", "--quiet"]).status == 0)
  }

  @Test(arguments: TestEngine.all) func dropNeedsANameAndAnExistingCollection(engine: TestEngine)
    throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("people.csv", "name\nZed\n")
    #expect(try runner.run(["import", "people.csv", "--quiet"]).status == 0)
    let unnamed = try runner.run(["drop"])
    #expect(unnamed.status == 64)
    #expect(
      unnamed.standardError.hasPrefix("Error: Missing expected option '--collection <name>'\n"))
    let unknown = try runner.run(["drop", "-c", "nope"])
    #expect(unknown.status == 1)
    #expect(
      unknown.standardError == "Error: no collection named 'nope'; the collections are: people\n")
  }

  @Test(arguments: TestEngine.all) func renameKeepsEverything(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("people.csv", "id,name,city\n1,Zed,Umeå\n2,Ada,Lund\n")
    #expect(
      try runner.run(["import", "people.csv", "--key", "id", "--group-by", "city", "--quiet"])
        .status == 0)
    #expect(try runner.run(["annotate", "--header", "Friends"]).status == 0)
    let before = try runner.run(["list", "--group-by", "city", "--format", "json"]).standardOutput
    #expect(
      try runner.run(["rename", "-c", "people", "friends"]).standardError
        == "renamed 'people' to 'friends'\n")
    #expect(
      try runner.run(["list", "--group-by", "city", "--format", "json"]).standardOutput == before)
    #expect(try runner.run(["update", "-c", "friends", "2", "name=Adam"]).status == 0)
    #expect(try runner.run(["list", "-c", "friends"]).outputLines.first == "(header: Friends)")
  }

  @Test(arguments: TestEngine.all) func renameRefusesATakenOrBlankName(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("people.csv", "name\nZed\n")
    #expect(try runner.run(["import", "people.csv", "--quiet"]).status == 0)
    #expect(try runner.run(["import", "people.csv", "-c", "towns", "--quiet"]).status == 0)
    let taken = try runner.run(["rename", "-c", "people", "towns"])
    #expect(taken.status == 1)
    #expect(taken.standardError.hasPrefix("Error: collection 'towns' exists already"))
    let blank = try runner.run(["rename", "-c", "people", "  "])
    #expect(blank.status == 1)
    #expect(
      blank.standardError
        == "Error: invalid collection name '  ': it must not be empty or only white space\n")
  }
}
