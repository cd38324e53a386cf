import CatalogTestSupport
import Foundation
import Testing

/// `import --format json`: the write summary of DESIGN §9 in every mode, naming the items the
/// import added, updated and removed. Hand-checked against the contacts of `WriteCommandTests`,
/// which a first import numbers in file order: 0 a1 Anna, 1 b2 Bo, 2 c3 Örjan; the items added
/// later count on from 3, and a number is never given twice.
struct ImportSummaryTests {
  let runner: CatalogRunner

  init() throws { runner = try CatalogRunner() }

  func importContacts() throws {
    try runner.write("contacts.csv", WriteCommandTests.contacts)
    let result = try runner.run(
      ["import", "contacts.csv", "--locale", "sv", "--key", "id", "--quiet"])
    #expect(result.status == 0, "\(result.standardError)")
  }

  /// Each item's number and title, in list order.
  func itemsAndTitles() throws -> [String] {
    try runner.run(["list", "--format", "csv"]).csvColumns("item", "title")
  }

  @Test func aFirstImportListsEveryItemAsAdded() throws {
    try runner.write("contacts.csv", WriteCommandTests.contacts)
    let result = try runner.run(["import", "contacts.csv", "--key", "id", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.outputLines == [#"{"version":1,"added":[0,1,2],"updated":[],"removed":[]}"#])
  }

  @Test(arguments: [
    // d4 and e5 are new.
    (
      ["--append"], "id,name,city\nd4,Dan,Umeå\ne5,Eva,Lund\n",
      #"{"version":2,"added":[3,4],"updated":[],"removed":[]}"#,
      ["item,title", "0,Anna Andersson", "1,Bo Ek", "3,Dan", "4,Eva", "2,Örjan Öhman"]
    ),
    // b2 is as before, so not updated; c3 moves to Uppsala; f6 is new.
    (
      ["--upsert"], "id,name,city\nb2,Bo Ek,Malmö\nc3,Örjan Öhman,Uppsala\nf6,Fia,Visby\n",
      #"{"version":2,"added":[3],"updated":[2],"removed":[]}"#,
      ["item,title", "0,Anna Andersson", "1,Bo Ek", "3,Fia", "2,Örjan Öhman"]
    ),
    // c3 is as before; a1 gets another name; g7 is new; b2 is not in the file, so it goes.
    // --quiet keeps standard error quiet, not the JSON.
    (
      ["--sync", "--quiet"],
      "id,name,city\nc3,Örjan Öhman,Göteborg\na1,Anna Berg,Stockholm\ng7,Gun,Kiruna\n",
      #"{"version":2,"added":[3],"updated":[0],"removed":[1]}"#,
      ["item,title", "0,Anna Berg", "3,Gun", "2,Örjan Öhman"]
    ),
    // Every item goes, and the file's rows come back as new items, a1 too.
    (
      ["--replace"], "id,name,city\na1,Anna Andersson,Stockholm\nh8,Hugo,Visby\n",
      #"{"version":2,"added":[3,4],"updated":[],"removed":[0,1,2]}"#,
      ["item,title", "3,Anna Andersson", "4,Hugo"]
    ),
  ])
  func eachModeNamesTheItemsItChanges(
    flags: [String], csv: String, summary: String, items: [String]
  ) throws {
    try importContacts()
    try runner.write("file.csv", csv)
    let result = try runner.run(
      ["import", "file.csv", "-c", "contacts", "--format", "json"] + flags)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.outputLines == [summary])
    #expect(try itemsAndTitles() == items)
  }
}
