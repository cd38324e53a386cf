import CatalogTestSupport
import Foundation
import Testing

/// `add`, `update`, `remove`, `import --key/--append/--upsert/--sync` and `watch`, end to end, by
/// exact expected output of small hand-checkable cases (Swedish letters: Å and Ö after Z), on
/// each engine.
struct WriteCommandTests {
  static let contacts = """
    id,name,city
    a1,Anna Andersson,Stockholm
    b2,Bo Ek,Malmö
    c3,Örjan Öhman,Göteborg

    """

  @Test(arguments: TestEngine.all) func addPrintsTheKeyAndFilesTheItem(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    let result = try runner.run(["add", "id=d4", "name=Åsa Lindqvist", "city=Umeå"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "d4\n")
    #expect(result.standardError == "added item 'd4' to 'contacts'\n")
    #expect(
      try runner.list() == [
        "A", "  Anna Andersson", "B", "  Bo Ek", "Å", "  Åsa Lindqvist", "Ö", "  Örjan Öhman",
      ])
  }

  @Test(arguments: TestEngine.all) func writesAsJSONNameTheVersionAndTheItems(engine: TestEngine)
    throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    #expect(
      try runner.run(["add", "id=d4", "name=Zed", "--format", "json"]).outputLines == [
        #"{"version":2,"added":[3],"updated":[],"removed":[]}"#
      ])
    #expect(
      try runner.run(["update", "b2", "name=Bertil Ek", "--format", "json"]).outputLines == [
        #"{"version":3,"added":[],"updated":[1],"removed":[]}"#
      ])
    #expect(
      try runner.run(["remove", "a1", "d4", "--format", "json"]).outputLines == [
        #"{"version":4,"added":[],"updated":[],"removed":[0,3]}"#
      ])
    // Item numbers are never given again, even after a remove of the last one.
    #expect(
      try runner.run(["add", "id=e5", "name=Eva", "--format", "json"]).outputLines == [
        #"{"version":5,"added":[4],"updated":[],"removed":[]}"#
      ])
    #expect(try runner.list() == ["B", "  Bertil Ek", "E", "  Eva", "Ö", "  Örjan Öhman"])
  }

  @Test(arguments: TestEngine.all) func withoutAKeyItemsAreNamedByNumber(engine: TestEngine) throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts([])
    let added = try runner.run(["add", "name=Zed"])
    #expect(added.standardOutput == "3\n")
    #expect(added.standardError == "added item 3 to 'contacts'\n")
    let updated = try runner.run(["update", "1", "name=Bo Åkesson"])
    #expect(updated.standardError == "updated item 1 of 'contacts'\n")
    let unchanged = try runner.run(["update", "1", "name=Bo Åkesson"])
    #expect(unchanged.standardError == "item 1 of 'contacts' already has those fields\n")
    let removed = try runner.run(["remove", "0", "3", "0"])
    #expect(removed.standardError == "removed 2 items from 'contacts'\n")
    #expect(try runner.list() == ["B", "  Bo Åkesson", "Ö", "  Örjan Öhman"])
  }

  @Test(
    arguments: TestEngine.all,
    [
      (["add", "nope=1"], "Error: unknown column 'nope' for add; the columns are: id, name, city"),
      (["add", "id=b2", "name=X"], "Error: duplicate key 'b2': item 1 of 'contacts' has it"),
      (
        ["add", "id= ", "name=X"],
        "Error: blank key: every item of 'contacts' needs a value in its key column 'id'"
      ),
      (["update", "zz", "name=X"], "Error: no item 'zz' in 'contacts'"),
      (["update", "a1", "id=c3"], "Error: duplicate key 'c3': item 2 of 'contacts' has it"),
      (["remove", "a1", "zz"], "Error: no item 'zz' in 'contacts'"),
      (
        ["add", "-c", "people", "name=X"],
        "Error: no collection named 'people'; the collections are: contacts"
      ),
    ])
  func refusedWritesSayWhyAndChangeNothing(
    engine: TestEngine, refused: (arguments: [String], message: String)
  ) throws {
    let (arguments, message) = refused
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    let before = try runner.contents()
    let result = try runner.run(arguments)
    #expect(result.status == 1)
    #expect(result.standardError == message + "\n")
    #expect(try runner.contents() == before)
  }

  @Test(arguments: TestEngine.all) func aNumberIsNeededWithoutAKeyColumn(engine: TestEngine) throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts([])
    let result = try runner.run(["remove", "a1"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: 'a1' is not an item number, and 'contacts' has no key column to name items by "
        + "(import it with --key COLUMN for that)\n")
  }

  @Test(arguments: TestEngine.all) func fieldsMustBeColumnEqualsValue(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    let result = try runner.run(["add", "name"])
    #expect(result.status == 64)
    #expect(
      result.standardError.hasPrefix("Error: Expected a field as COLUMN=VALUE, found 'name'\n"))
    // The value is everything after the first '='.
    #expect(try runner.run(["add", "id=d4", "name=a=b"]).status == 0)
    #expect(try runner.list().contains("  a=b"))
  }

  @Test(
    arguments: TestEngine.all,
    [
      ["add", "id=d5", "name=Anna", "name=Bo"], ["update", "a1", "name=", "name=Bo"],
    ])
  func aColumnGivenTwiceIsRefused(engine: TestEngine, arguments: [String]) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    let before = try runner.contents()
    let result = try runner.run(arguments)
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("Error: The column 'name' is given twice\n"))
    #expect(try runner.contents() == before)
  }

  @Test(arguments: TestEngine.all) func importedKeysMustBeUniqueAndNonBlank(engine: TestEngine)
    throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("dup.csv", "id,name\n0042,Anna\n7,Bo\n\"0042\",Cecilia\n")
    let duplicate = try runner.run(["import", "dup.csv", "--key", "id"])
    #expect(duplicate.status == 1)
    #expect(
      duplicate.standardError == "dup.csv:4:1: error: duplicate key '0042' (first on line 2)\n")
    try runner.write("blank.csv", "id,name\n1,Anna\n  ,Bo\n")
    let blank = try runner.run(["import", "blank.csv", "--key", "id"])
    #expect(
      blank.standardError == "blank.csv:3:1: error: blank key: the key column 'id' is empty\n")
    #expect(
      try runner.rows("SELECT count(*) FROM items") == ["0"])
  }

  @Test(arguments: TestEngine.all) func appendAddsRowsByColumnNameAndRefusesKnownKeys(
    engine: TestEngine
  ) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    try runner.write("more.csv", "name,id\nZed,z9\n")
    let appended = try runner.run(["import", "more.csv", "-c", "contacts", "--append"])
    #expect(appended.status == 0, "\(appended.standardError)")
    #expect(appended.standardError.hasPrefix("appended 1 item into 4 sections of 'contacts' in "))
    let before = try runner.contents()
    try runner.write("again.csv", "id,name\nq7,Quinn\nb2,Bo\n")
    let again = try runner.run(["import", "again.csv", "-c", "contacts", "--append"])
    #expect(again.status == 1)
    #expect(again.standardError == "again.csv:3:1: error: duplicate key 'b2' (item 1 has it)\n")
    #expect(try runner.contents() == before)
  }

  @Test(arguments: TestEngine.all) func upsertAndSyncMakeTheCollectionTheFile(engine: TestEngine)
    throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    try runner.write("update.csv", "id,name,city\nb2,Bo Ek,Lund\nd4,Dan,Kiruna\n")
    let upsert = try runner.run(["import", "update.csv", "-c", "contacts", "--upsert"])
    #expect(upsert.status == 0, "\(upsert.standardError)")
    #expect(
      upsert.standardError.hasPrefix(
        "read 2 rows: added 1, updated 1, removed 0; 'contacts' has 4 items in "))
    try runner.write("all.csv", "id,name,city\nd4,Dan,Kiruna\nc3,Örjan Öhman,Göteborg\n")
    let sync = try runner.run(["import", "all.csv", "-c", "contacts", "--sync"])
    #expect(
      sync.standardError.hasPrefix(
        "read 2 rows: added 0, updated 0, removed 2; 'contacts' has 2 items in "))
    #expect(try runner.list() == ["D", "  Dan", "Ö", "  Örjan Öhman"])
    let cities = try runner.run(["list", "--format", "csv"]).outputLines
    #expect(cities.contains("0,0,D,3,Dan,d4,Dan,Kiruna"))
  }

  @Test(arguments: TestEngine.all) func upsertNeedsAKeyColumn(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts([])
    let result = try runner.run(["import", "contacts.csv", "--upsert"])
    #expect(result.status == 1)
    #expect(result.standardError == "Error: --upsert needs a key column, and 'contacts' has none\n")
  }

  @Test(arguments: TestEngine.all) func replaceKeepsTheSettingsThatAreNotGiven(engine: TestEngine)
    throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.write("contacts.csv", Self.contacts)
    #expect(
      try runner.run([
        "import", "contacts.csv", "--locale", "sv", "--key", "id", "--group-by", "city",
      ]).status == 0)
    #expect(
      try runner.run(["annotate", "--group-by", "city", "--section", "Malmö", "--header", "South"])
        .status == 0)
    try runner.write("contacts.csv", Self.contacts + "e5,Åsa Ek,Malmö\n")
    let replaced = try runner.run(["import", "contacts.csv", "--replace"])
    #expect(replaced.status == 0, "\(replaced.standardError)")
    // Still Swedish (Å after Z), still keyed, still grouped by city, the note still there.
    #expect(try runner.list().suffix(4) == ["Å", "  Åsa Ek", "Ö", "  Örjan Öhman"])
    #expect(try runner.run(["update", "e5", "name=Eva Ek"]).status == 0)
    let cities = try runner.run(["sections", "--group-by", "city", "--format", "csv"]).outputLines
    #expect(cities.contains("1,Malmö,M,2,1,South,"))
    #expect(try runner.run(["collections", "--format", "json"]).standardOutput.contains("\"sv\""))
  }

  @Test(arguments: TestEngine.all) func watchPrintsEachWritesChangeSet(engine: TestEngine) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    #expect(try runner.run(["add", "id=d4", "name=Åsa"]).status == 0)
    #expect(try runner.run(["update", "b2", "name=Bertil"]).status == 0)
    #expect(try runner.run(["remove", "a1"]).status == 0)
    let result = try runner.run(["watch", "--since", "1", "--count", "3"])
    #expect(result.status == 0)
    // v2: Å is a new section 2 (A B Å Ö). v3: Bertil stays row 0 of B, with new fields.
    // v4: Anna was the only A: section 0 and its row go.
    #expect(
      result.outputLines == [
        #"{"version":2,"collection":"contacts","group_by":null,"locale":"sv","sections":{"deleted":[],"inserted":[2],"updated":[]},"rows":{"deleted":[],"inserted":[[2,0]],"moved":[],"updated":[]}}"#,
        #"{"version":3,"collection":"contacts","group_by":null,"locale":"sv","sections":{"deleted":[],"inserted":[],"updated":[]},"rows":{"deleted":[],"inserted":[],"moved":[[[1,0],[1,0]]],"updated":[[1,0]]}}"#,
        #"{"version":4,"collection":"contacts","group_by":null,"locale":"sv","sections":{"deleted":[0],"inserted":[],"updated":[]},"rows":{"deleted":[[0,0]],"inserted":[],"moved":[],"updated":[]}}"#,
      ])
  }

  @Test(arguments: TestEngine.all) func watchSeesAnotherProcessWriteAsItCommits(engine: TestEngine)
    throws
  {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    let watch = Process()
    watch.executableURL = CatalogRunner.executable
    watch.arguments = ["--db", runner.databasePath, "watch", "--count", "1"]
    let output = Pipe()
    watch.standardOutput = output
    try watch.run()
    Thread.sleep(forTimeInterval: 0.5)
    #expect(try runner.run(["add", "id=z9", "name=Zed"]).status == 0)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    watch.waitUntilExit()
    #expect(watch.terminationStatus == 0)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"version":2,"collection":"contacts","group_by":null,"locale":"sv","sections":{"deleted":[],"inserted":[2],"updated":[]},"rows":{"deleted":[],"inserted":[[2,0]],"moved":[],"updated":[]}}"#
        + "\n")
  }

  @Test(arguments: TestEngine.all) func watchingFromAVersionNotYetWrittenIsRefused(
    engine: TestEngine
  ) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    let result = try runner.run(["watch", "--since", "2", "--count", "1"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Error: --since 2 is after the catalog's version 1; leave --since out to watch from now\n"
    )
  }

  @Test(arguments: TestEngine.all) func watchingFromAVersionTheLogNoLongerHoldsStartsWithAReload(
    engine: TestEngine
  ) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    #expect(try runner.run(["add", "id=d4", "name=Åsa"]).status == 0)
    let result = try runner.run(["watch", "--since", "0", "--count", "1"])
    #expect(
      result.outputLines == [
        #"{"version":2,"collection":"contacts","group_by":null,"locale":"sv","reload":true}"#
      ])
  }

  @Test(arguments: TestEngine.all) func aWriteOfMoreThanAThousandRowsOfAListIsAReload(
    engine: TestEngine
  ) throws {
    let runner = try CatalogRunner(engine: engine)
    try runner.importContacts()
    let rows = (0..<1_001).map { "n\($0),Name \($0),Town" }.joined(separator: "\n")
    try runner.write("many.csv", "id,name,city\n" + rows + "\n")
    #expect(try runner.run(["import", "many.csv", "-c", "contacts", "--append"]).status == 0)
    try runner.write("few.csv", "id,name,city\nf1,Few,Town\n")
    #expect(try runner.run(["import", "few.csv", "-c", "contacts", "--append"]).status == 0)
    let result = try runner.run(["watch", "--since", "1", "--count", "2"])
    #expect(
      result.outputLines.first
        == #"{"version":2,"collection":"contacts","group_by":null,"locale":"sv","reload":true}"#)
    #expect(
      result.outputLines.last?.hasPrefix(
        #"{"version":3,"collection":"contacts","group_by":null,"locale":"sv","sections":"#) == true)
  }
}

extension CatalogRunner {
  fileprivate func importContacts(_ extra: [String] = ["--key", "id"]) throws {
    try write("contacts.csv", WriteCommandTests.contacts)
    let result = try run(["import", "contacts.csv", "--locale", "sv"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
  }

  fileprivate func list() throws -> [String] { try run(["list"]).outputLines }
}
