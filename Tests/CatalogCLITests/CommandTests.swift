import CatalogTestSupport
import Foundation
import Testing

/// The version `catalog --version` prints, written here by hand: a release changes both.
enum CatalogToolVersion {
  static let expected = "0.1.0"
}

/// The commands end to end, by exact expected output of small hand-checkable cases.
struct CommandTests {
  let runner: CatalogRunner

  init() throws { runner = try CatalogRunner() }

  static let cities = """
    name,state,state_code
    Houston,Texas,TX
    Birmingham,Alabama,AL
    Austin,Texas,TX
    Anchorage,Alaska,AK

    """

  func importCities(_ extra: [String] = []) throws {
    try runner.write("cities.csv", Self.cities)
    let result = try runner.run(["import", "cities.csv", "--group-by", "state"] + extra)
    #expect(result.status == 0, "\(result.standardError)")
  }

  @Test func importSaysWhatItDidOnStandardError() throws {
    try runner.write("cities.csv", Self.cities)
    let result = try runner.run(["import", "cities.csv", "--group-by", "state"])
    #expect(result.status == 0)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("imported 4 items into 3 sections in "))
    #expect(result.standardError.hasSuffix(" s\n"))
  }

  @Test func quietImportPrintsNothing() throws {
    try runner.write("cities.csv", Self.cities)
    let result = try runner.run(["import", "cities.csv", "--quiet"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
  }

  @Test func sectionsAsJSON() throws {
    try importCities()
    let result = try runner.run([
      "sections", "--group-by", "state", "--index-by", "state_code", "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(
      result.outputLines == [
        #"{"section":0,"heading":"Alabama","index":"AL","count":1,"offset":0}"#,
        #"{"section":1,"heading":"Alaska","index":"AK","count":1,"offset":1}"#,
        #"{"section":2,"heading":"Texas","index":"TX","count":2,"offset":2}"#,
      ])
  }

  @Test func sectionsAsTable() throws {
    try importCities()
    let result = try runner.run(["sections"])
    #expect(
      result.outputLines == [
        "section  heading  index  count  offset",
        "0        A        A      2      0",
        "1        B        B      1      2",
        "2        H        H      1      3",
      ])
  }

  @Test func tablesAlignWideCharactersByTheColumnsTheyTake() throws {
    // 東京都 takes six terminal columns, not three characters' worth; in English, Han without a
    // reading files under #.
    try runner.write("places.csv", "name,prefecture\nShinjuku,東京都\nDayton,Ohio\n")
    #expect(try runner.run(["import", "places.csv", "--group-by", "prefecture"]).status == 0)
    let result = try runner.run(["sections", "--group-by", "prefecture"])
    #expect(
      result.outputLines == [
        "section  heading  index  count  offset",
        "0        Ohio     O      1      0",
        "1        東京都   #      1      1",
      ])
  }

  @Test func indexAsJSONListsEveryLetter() throws {
    try importCities()
    let result = try runner.run(["index", "--format", "json"])
    #expect(result.outputLines.count == 27)
    #expect(result.outputLines[0] == #"{"title":"A","section":0,"count":2}"#)
    #expect(result.outputLines[2] == #"{"title":"C","section":2,"count":0}"#)
    #expect(result.outputLines[26] == ##"{"title":"#","section":2,"count":0}"##)
    let compact = try runner.run(["index", "--compact", "--format", "csv"])
    #expect(compact.outputLines == ["title,section,count", "A,0,2", "B,1,1", "H,2,1"])
  }

  @Test func listPrintsEachHeadingOnceAboveItsItems() throws {
    try importCities()
    let result = try runner.run(["list", "--group-by", "state"])
    #expect(
      result.outputLines == [
        "Alabama", "  Birmingham", "Alaska", "  Anchorage", "Texas", "  Austin", "  Houston",
      ])
  }

  @Test func listAsJSONHasEveryField() throws {
    try importCities()
    let result = try runner.run([
      "list", "--group-by", "state", "--offset", "2", "--limit", "1", "--format", "json",
    ])
    #expect(
      result.outputLines == [
        #"{"row":2,"section":2,"heading":"Texas","item":2,"title":"Austin","fields":{"name":"Austin","state":"Texas","state_code":"TX"}}"#
      ])
  }

  @Test func listOneSectionOrFromAnIndexEntry() throws {
    try importCities()
    let texas = try runner.run(["list", "--group-by", "state", "--section", "TEXAS"])
    #expect(texas.outputLines == ["Texas", "  Austin", "  Houston"])
    let fromC = try runner.run(["list", "--index", "C"])
    #expect(fromC.outputLines == ["H", "  Houston"])
  }

  @Test func listAsTSVAndCSV() throws {
    try importCities()
    let tsv = try runner.run(["list", "--limit", "1", "--format", "tsv"])
    #expect(
      tsv.outputLines == [
        "row\tsection\theading\titem\ttitle\tname\tstate\tstate_code",
        "0\t0\tA\t3\tAnchorage\tAnchorage\tAlaska\tAK",
      ])
  }

  /// CSV quotes a cell holding a comma, a quote or a line break and doubles its quotes; TSV
  /// escapes tabs, line breaks and backslashes; the heading and title are cells like the others.
  @Test func listQuotesAndEscapesEachCellInCSVAndTSV() throws {
    try runner.write(
      "odd.csv", "name,note\n\"Smith, Ann\",\"say \"\"hi\"\"\"\nBo,\"a\tb\\c\nd\"\n")
    #expect(try runner.run(["import", "odd.csv", "--quiet"]).status == 0)
    #expect(
      try runner.run(["list", "--format", "csv"]).standardOutput
        == "row,section,heading,item,title,name,note\n0,0,B,1,Bo,Bo,\"a\tb\\c\nd\"\n"
        + "1,1,S,0,\"Smith, Ann\",\"Smith, Ann\",\"say \"\"hi\"\"\"\n")
    #expect(
      try runner.run(["list", "--format", "tsv"]).outputLines == [
        "row\tsection\theading\titem\ttitle\tname\tnote",
        "0\t0\tB\t1\tBo\tBo\ta\\tb\\\\c\\nd",
        "1\t1\tS\t0\tSmith, Ann\tSmith, Ann\tsay \"hi\"",
      ])
  }

  @Test func searchFindsWordStartsAsTheLocaleFolds() throws {
    try runner.write("places.csv", "name\nQuébec\nMontréal\nLac-Mégantic\n")
    #expect(try runner.run(["import", "places.csv", "--locale", "fr", "--quiet"]).status == 0)
    let result = try runner.run(["search", "meg", "--format", "csv"])
    #expect(
      result.outputLines == [
        "row,section,heading,item,title,name", "0,0,L,2,Lac-Mégantic,Lac-Mégantic",
      ])
  }

  /// When `collection` was imported, as the catalog file stores it, after checking that it is
  /// an ISO 8601 time in UTC between `start` and now.
  func importTime(of collection: String, since start: Date) throws -> String {
    let stored = try TestCatalog.sqlite3(
      path: runner.databasePath, "SELECT imported_at FROM collections WHERE name = '\(collection)'")
    let text = try #require(stored.first)
    let time = try Date.ISO8601FormatStyle().parse(text)
    #expect(time >= start.addingTimeInterval(-1) && time <= Date().addingTimeInterval(1))
    return text
  }

  /// Two collections with every setting `collections` shows: a sort-as, a key, groupings by
  /// two columns, ignored articles; names in Chinese; an item added after the imports.
  func importCollectionsWithSettings() throws -> (cities: String, towns: String) {
    let start = Date()
    try importCities([
      "--group-by", "state_code", "--locale", "en_US", "--sort-as", "state,name", "--key", "name",
      "--ignore-articles", "--quiet",
    ])
    try runner.write("towns.csv", "name\n张伟\n")
    #expect(try runner.run(["import", "towns.csv", "--names", "--locale", "zh"]).status == 0)
    #expect(try runner.run(["add", "-c", "cities", "name=Dallas", "state=Texas"]).status == 0)
    return (try importTime(of: "cities", since: start), try importTime(of: "towns", since: start))
  }

  /// Versions: the cities' import is write 1, the towns' 2, the added item 3 (DESIGN §1); the
  /// groupings are the letters and those named at import, in the collection's locale.
  @Test func collectionsAsJSONHaveEverySetting() throws {
    let (cities, towns) = try importCollectionsWithSettings()
    let result = try runner.run(["collections", "--format", "json"])
    #expect(result.status == 0)
    // Each collection's identity (DESIGN §16), random, as the catalog stores it.
    let identities = try TestCatalog.sqlite3(
      path: runner.databasePath, "SELECT identity FROM collections ORDER BY name")
    #expect(identities.count == 2 && identities[0] != identities[1])
    #expect(
      result.outputLines == [
        #"{"name":"cities","items":5,"locale":"en_US","title":"name","sort_as":["state","name"],"#
          + #""key":"name","version":3,"groupings":[{"group_by":null,"locale":"en_US"},"#
          + #"{"group_by":"state","locale":"en_US"},{"group_by":"state_code","locale":"en_US"}],"#
          + #""names":false,"ignore_articles":true,"imported_at":"\#(cities)","#
          + #""identity":"\#(identities[0])"}"#,
        #"{"name":"towns","items":1,"locale":"zh","title":"name","sort_as":["name"],"key":null,"#
          + #""version":2,"groupings":[{"group_by":null,"locale":"zh"}],"names":true,"#
          + #""ignore_articles":false,"imported_at":"\#(towns)","identity":"\#(identities[1])"}"#,
      ])
  }

  @Test func collectionsAsTableCSVAndTSV() throws {
    let (cities, towns) = try importCollectionsWithSettings()
    let groupings = "letters/en_US state/en_US state_code/en_US"
    #expect(
      try runner.run(["collections"]).outputLines == [
        "name    items  locale  title  sort_as     key   version  groupings"
          + "                                   names  ignore_articles  imported_at",
        "cities  5      en_US   name   state name  name  3        \(groupings)"
          + "  false  true             \(cities)",
        "towns   1      zh      name   name              2        letters/zh"
          + "                                  true   false            \(towns)",
      ])
    #expect(
      try runner.run(["collections", "--format", "csv"]).outputLines == [
        "name,items,locale,title,sort_as,key,version,groupings,names,ignore_articles,imported_at",
        "cities,5,en_US,name,state name,name,3,\(groupings),false,true,\(cities)",
        "towns,1,zh,name,name,,2,letters/zh,true,false,\(towns)",
      ])
    #expect(
      try runner.run(["collections", "--format", "tsv"]).outputLines == [
        "name\titems\tlocale\ttitle\tsort_as\tkey\tversion\tgroupings\tnames\tignore_articles"
          + "\timported_at",
        "cities\t5\ten_US\tname\tstate name\tname\t3\t\(groupings)\tfalse\ttrue\t\(cities)",
        "towns\t1\tzh\tname\tname\t\t2\tletters/zh\ttrue\tfalse\t\(towns)",
      ])
  }

  @Test func infoNamesTheVersions() throws {
    try importCities()
    let result = try runner.run(["info"])
    #expect(result.status == 0)
    #expect(result.outputLines.first == "catalog         \(runner.databasePath)")
    #expect(result.outputLines.contains("schema version  9"))
    #expect(result.outputLines.contains { $0.hasPrefix("ICU             7") })
    #expect(result.outputLines.last == "  cities        4 items, locale en, title name")
  }

  /// The version of a library the build links, as its package says (`pkg-config --modversion`),
  /// not as the library reports it to the program.
  static func builtVersion(of module: String) throws -> String {
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/pkg-config")
    process.arguments = ["--modversion", module]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The import is write 1 and the added item write 2, so the catalog is at version 2.
  @Test func infoShowsTheCatalogAndTheBuild() throws {
    try importCities()
    #expect(try runner.run(["add", "name=Dallas"]).status == 0)
    let (sqlite, icu) = try (Self.builtVersion(of: "sqlite3"), Self.builtVersion(of: "icu-uc"))
    let libpq = try Self.builtVersion(of: "libpq")
    let path = runner.databasePath
    #expect(
      try runner.run(["info"]).outputLines == [
        "catalog         \(path)",
        "schema version  9",
        "version         2",
        "build           catalog \(CatalogToolVersion.expected)",
        "SQLite          \(sqlite)",
        "libpq           \(libpq)",
        "ICU             \(icu)",
        "Unicode         15.0",
        "CLDR            42.0",
        "collections     1",
        "  cities        5 items, locale en, title name",
      ])
    #expect(
      try runner.run(["info", "--format", "json"]).outputLines == [
        #"{"path":"\#(path)","exists":true,"server":null,"schema_version":9,"version":2,"#
          + #""collections":["cities"],"build":{"catalog":"\#(CatalogToolVersion.expected)","#
          + #""sqlite":"\#(sqlite)","libpq":"\#(libpq)","icu":"\#(icu)","unicode":"15.0","#
          + #""cldr":"42.0"}}"#
      ])
  }

  @Test func infoWithoutACatalogShowsTheBuild() throws {
    let absent = runner.directory.path("absent.db")
    let (sqlite, icu) = try (Self.builtVersion(of: "sqlite3"), Self.builtVersion(of: "icu-uc"))
    let libpq = try Self.builtVersion(of: "libpq")
    let table = try runner.run(["info"], database: absent)
    #expect(table.status == 0)
    #expect(table.standardError == "")
    #expect(
      table.outputLines == [
        "catalog  \(absent) (no catalog there)",
        "build    catalog \(CatalogToolVersion.expected)",
        "SQLite   \(sqlite)",
        "libpq    \(libpq)",
        "ICU      \(icu)",
        // ICU 72 has the character data of Unicode 15.0 and the locale data of CLDR 42.
        "Unicode  15.0",
        "CLDR     42.0",
      ])
    let json = try runner.run(["info", "--format", "json"], database: absent)
    #expect(json.status == 0)
    #expect(
      json.outputLines == [
        #"{"path":"\#(absent)","exists":false,"server":null,"schema_version":null,"#
          + #""version":null,"collections":null,"#
          + #""build":{"catalog":"\#(CatalogToolVersion.expected)","sqlite":"\#(sqlite)","#
          + #""libpq":"\#(libpq)","icu":"\#(icu)","unicode":"15.0","cldr":"42.0"}}"#
      ])
    #expect(!FileManager.default.fileExists(atPath: absent))
  }

  @Test(arguments: [
    ["--version"], ["import", "--version"], ["--db", "x.db", "list", "--version"],
  ])
  func versionIsPrinted(arguments: [String]) throws {
    let result = try runner.run(arguments)
    #expect(result.status == 0)
    #expect(result.standardOutput == CatalogToolVersion.expected + "\n")
    #expect(result.standardError == "")
  }

  @Test func importFromStandardInputNeedsAName() throws {
    let unnamed = try runner.run(["import", "-"], input: Self.cities)
    #expect(unnamed.status == 64)
    #expect(
      unnamed.standardError.hasPrefix(
        "Error: Reading standard input needs '--collection <name>'\nUsage: catalog import"))
    let named = try runner.run(["import", "-", "-c", "towns", "--quiet"], input: Self.cities)
    #expect(named.status == 0)
    #expect(
      try runner.run(["collections", "--format", "csv"]).csvColumns(
        "name", "items", "locale", "title") == ["name,items,locale,title", "towns,4,en,name"])
  }

  @Test func fieldsNamedLikeTheListsOwnColumnsArePrefixedInCSV() throws {
    try runner.write("books.csv", "title,row\nEmma,7\n")
    #expect(try runner.run(["import", "books.csv", "--quiet"]).status == 0)
    let csv = try runner.run(["list", "--format", "csv"]).outputLines
    #expect(
      csv == ["row,section,heading,item,title,fields.title,fields.row", "0,0,E,0,Emma,Emma,7"])
    let json = try runner.run(["list", "--format", "json"]).outputLines
    #expect(
      json == [
        #"{"row":0,"section":0,"heading":"E","item":0,"title":"Emma","fields":{"title":"Emma","row":"7"}}"#
      ])
  }

  @Test func aTSVFileDefaultsToTabs() throws {
    try runner.write("pets.tsv", "name\tkind\nRex\tdog\n")
    #expect(try runner.run(["import", "pets.tsv", "--quiet"]).status == 0)
    #expect(
      try runner.run(["list", "--format", "csv"]).outputLines == [
        "row,section,heading,item,title,name,kind", "0,0,R,0,Rex,Rex,dog",
      ])
  }

  @Test func annotateShowsHeadersAndFooters() throws {
    try importCities()
    #expect(
      try runner.run([
        "annotate", "--group-by", "state", "--section", "texas", "--header", "Lone Star",
      ]).status == 0)
    #expect(try runner.run(["annotate", "--footer", "Source: census"]).status == 0)
    let sections = try runner.run(["sections", "--group-by", "state", "--format", "json"])
    #expect(
      sections.outputLines.last
        == #"{"section":2,"heading":"Texas","index":"T","count":2,"offset":2,"header":"Lone Star"}"#
    )
    let list = try runner.run(["list", "--group-by", "state", "--section", "Texas"])
    #expect(
      list.outputLines == [
        "Texas", "  (header: Lone Star)", "  Austin", "  Houston", "(footer: Source: census)",
      ])
  }

  @Test func collectionsShowTheirHeadersAndFootersWhereSet() throws {
    try importCities()
    try runner.write("towns.csv", "name\nAda\n")
    #expect(try runner.run(["import", "towns.csv", "--quiet"]).status == 0)
    #expect(try runner.run(["annotate", "-c", "cities", "--header", "US cities"]).status == 0)
    let json = try runner.run(["collections", "--format", "json"])
    #expect(json.outputLines.count == 2)
    #expect(json.outputLines[0].hasSuffix(#","header":"US cities"}"#))
    #expect(!json.outputLines[1].contains(#""header""#))
    #expect(!json.outputLines.joined().contains(#""footer""#))
    let csv = try runner.run(["collections", "--format", "csv"])
    #expect(
      csv.csvColumns("name", "items", "locale", "title", "header", "footer") == [
        "name,items,locale,title,header,footer", "cities,4,en,name,US cities,",
        "towns,1,en,name,,",
      ])
  }

  /// Line breaks, tabs and other control characters in fields are escaped in tables, as TSV
  /// escapes them, so that each row stays on its line; backslashes are doubled to keep it
  /// unambiguous. The JSON keeps the text as it is.
  @Test func tablesEscapeControlCharacters() throws {
    try runner.write(
      "notes.csv",
      "name,note\n\"Two\nLines\",\"line\nbreak\"\n\"Tab\there\",\"tab\tbed\"\n"
        + "\"Bell\u{7}\",\"esc\u{1B}[31mred\"\nPlain,back\\slash\n")
    #expect(try runner.run(["import", "notes.csv", "--group-by", "note", "--quiet"]).status == 0)
    #expect(
      try runner.run(["list"]).outputLines == [
        "B", "  Bell\\x07", "P", "  Plain", "T", "  Tab\\there", "  Two\\nLines",
      ])
    #expect(
      try runner.run(["sections", "--group-by", "note"]).outputLines == [
        "section  heading         index  count  offset",
        "0        back\\\\slash     B      1      0",
        "1        esc\\x1B[31mred  E      1      1",
        "2        line\\nbreak     L      1      2",
        "3        tab\\tbed        T      1      3",
      ])
    #expect(try runner.run(["annotate", "--header", "two\nlines"]).status == 0)
    #expect(
      try runner.run(["list", "--group-by", "note", "--limit", "1"]).outputLines == [
        "(header: two\\nlines)", "back\\\\slash", "  Plain",
      ])
    #expect(
      try runner.run(["list", "--offset", "3", "--format", "json"]).outputLines == [
        #"{"row":3,"section":2,"heading":"T","item":0,"title":"Two\nLines","#
          + #""fields":{"name":"Two\nLines","note":"line\nbreak"}}"#
      ])
  }

  /// An empty `--header` or `--footer` removes that text and keeps the other; without notes left,
  /// the header and footer columns go too.
  @Test func anEmptyTextClearsAHeaderOrFooter() throws {
    try importCities()
    #expect(
      try runner.run(["annotate", "--header", "US cities", "--footer", "Census"]).status == 0)
    #expect(try runner.run(["annotate", "--header", ""]).status == 0)
    #expect(
      try runner.run(["list", "--section", "H"]).outputLines == [
        "H", "  Houston", "(footer: Census)",
      ])
    #expect(try runner.run(["annotate", "--footer", ""]).status == 0)
    #expect(try runner.run(["list", "--section", "H"]).outputLines == ["H", "  Houston"])
    #expect(
      try runner.run(["collections", "--format", "csv"]).outputLines.first
        == "name,items,locale,title,sort_as,key,version,groupings,names,ignore_articles,imported_at"
    )

    let texas = ["--group-by", "state", "--section", "Texas"]
    #expect(
      try runner.run(["annotate"] + texas + ["--header", "Lone Star", "--footer", "Big"]).status
        == 0)
    #expect(try runner.run(["annotate"] + texas + ["--footer", ""]).status == 0)
    #expect(
      try runner.run(["sections", "--group-by", "state", "--format", "json"]).outputLines.last
        == #"{"section":2,"heading":"Texas","index":"T","count":2,"offset":2,"header":"Lone Star"}"#
    )
    #expect(try runner.run(["annotate"] + texas + ["--header", ""]).status == 0)
    #expect(
      try runner.run(["sections", "--group-by", "state", "--format", "csv"]).outputLines == [
        "section,heading,index,count,offset", "0,Alabama,A,1,0", "1,Alaska,A,1,1",
        "2,Texas,T,2,2",
      ])
  }

  @Test func aClosedPipeEndsQuietly() throws {
    let rows = (0..<20000).map { "Name \($0)" }.joined(separator: "\n")
    try runner.write("many.csv", "name\n" + rows + "\n")
    #expect(try runner.run(["import", "many.csv", "--quiet"]).status == 0)
    let script = "\"$0\" --db \"$1\" list | head -1; echo \"${PIPESTATUS[0]}\""
    let process = Process()
    process.executableURL = URL(filePath: "/bin/bash")
    process.arguments = ["-c", script, CatalogRunner.executable.path, runner.databasePath]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complaints = String(
      decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(printed == "N\n0\n")
    #expect(complaints == "")
  }

  @Test func theBinaryWorksWhenCopiedAwayFromTheBuildFolder() throws {
    let copy = runner.directory.url.appending(path: "catalog-copy")
    try FileManager.default.copyItem(at: CatalogRunner.executable, to: copy)
    try runner.write("cities.csv", Self.cities)
    let result = try runner.run(["import", "cities.csv"], executable: copy)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try runner.run(["info"], executable: copy).outputLines.contains("schema version  9"))
  }

  @Test func helpIsOnStandardOutput() throws {
    let result = try runner.run(["import", "--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("OVERVIEW: Import a CSV file as a collection."))
    #expect(result.standardError == "")
  }
}
