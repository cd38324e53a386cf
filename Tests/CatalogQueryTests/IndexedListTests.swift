import CatalogCollation
import CatalogQuery
import CatalogSQLite
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// Sections, items and index entries against lists worked out by hand from the alphabets.
struct IndexedListTests {
  let test: TestCatalog

  init() throws { test = try TestCatalog() }

  func list(
    _ collection: String? = nil, grouping: Grouping = .letters, indexBy: String? = nil,
    locale: String? = nil
  ) throws -> IndexedList {
    try IndexedList(
      catalog: test.catalog, collection: collection, grouping: grouping, indexBy: indexBy,
      locale: locale.map { try CollationLocale($0) })
  }

  func headings(_ list: IndexedList) throws -> [String] {
    try list.sections().collect().map(\.heading)
  }

  func titles(_ list: IndexedList) throws -> [String] {
    try list.items().collect().map(\.title)
  }

  static let swedishContacts = """
    name
    Anna
    Åsa
    Örjan
    Zoe
    Émile
    42 Street
    Ärla
    Bertil
    anders

    """

  // MARK: - Letter grouping

  @Test func swedishFilesÅÄÖAfterZAndOtherLast() throws {
    try test.importCSV(Self.swedishContacts, locale: "sv")
    let contacts = try list()
    #expect(try headings(contacts) == ["A", "B", "E", "Z", "Å", "Ä", "Ö", "#"])
    #expect(
      try titles(contacts) == [
        "anders", "Anna", "Bertil", "Émile", "Zoe", "Åsa", "Ärla", "Örjan", "42 Street",
      ])
    let sections = try contacts.sections().collect()
    #expect(sections.map(\.count) == [2, 1, 1, 1, 1, 1, 1, 1])
    #expect(sections.map(\.firstRow) == [0, 2, 3, 4, 5, 6, 7, 8])
    #expect(contacts.sectionCount == 8)
  }

  @Test func swedishIndexListsEveryLetterAndJumpsForward() throws {
    try test.importCSV(Self.swedishContacts, locale: "sv")
    let entries = try list().indexEntries()
    #expect(entries.count == 30)
    let byTitle = Dictionary(uniqueKeysWithValues: entries.map { ($0.title, $0) })
    #expect(byTitle["A"] == IndexEntry(kind: .title, title: "A", section: 0, count: 2))
    #expect(byTitle["C"] == IndexEntry(kind: .title, title: "C", section: 2, count: 0))
    #expect(byTitle["D"]?.section == 2)
    #expect(byTitle["F"] == IndexEntry(kind: .title, title: "F", section: 3, count: 0))
    #expect(byTitle["Y"]?.section == 3)
    #expect(byTitle["Ö"] == IndexEntry(kind: .title, title: "Ö", section: 6, count: 1))
    #expect(entries.last == IndexEntry(kind: .title, title: "#", section: 7, count: 1))
    let compact = try list().indexEntries(compact: true).map(\.title)
    #expect(compact == ["A", "B", "E", "Z", "Å", "Ä", "Ö", "#"])
  }

  @Test func emptyLettersAfterTheLastSectionJumpToTheLastSection() throws {
    try test.importCSV("name\nAnna\nBo\n", locale: "en")
    let entries = try list().indexEntries()
    #expect(entries.first { $0.title == "Z" }?.section == 1)
    #expect(entries.last == IndexEntry(kind: .title, title: "#", section: 1, count: 0))
  }

  @Test func searchEntryComesFirstWhenAskedFor() throws {
    try test.importCSV("name\nAnna\n", locale: "en")
    let entries = try list().indexEntries(compact: true, includesSearch: true)
    #expect(entries.map(\.kind) == [.search, .title])
    #expect(entries[0].title == IndexEntry.searchTitle)
  }

  @Test func germanFilesUmlautsUnderTheirBaseLetter() throws {
    try test.importCSV("name\nÄrger\nApfel\nZorn\nÖl\nBirne\n", locale: "de")
    let words = try list()
    #expect(try headings(words) == ["A", "B", "O", "Z"])
    #expect(try titles(words) == ["Apfel", "Ärger", "Birne", "Öl", "Zorn"])
  }

  @Test func japaneseNamesFileUnderTheKanaRowOfTheirReading() throws {
    let csv = "name,reading\n田中,たなか\n山田,やまだ\n鈴木,すずき\n佐藤,さとう\nKenji,Kenji\n"
    try test.importCSV(csv, locale: "ja", sortAs: ["reading"])
    let names = try list()
    // The locale's own script first (DESIGN §2): the kana rows, then Latin.
    #expect(try headings(names) == ["さ", "た", "や", "K"])
    #expect(try titles(names) == ["佐藤", "鈴木", "田中", "山田", "Kenji"])
  }

  @Test func aBlankSortAsFallsBackToTheTitle() throws {
    let csv = "name,reading\n田中,たなか\nBoris,\n山田,  \n"
    try test.importCSV(csv, locale: "ja", sortAs: ["reading"])
    let names = try list()
    #expect(try headings(names) == ["た", "B", "#"])
    #expect(try titles(names) == ["田中", "Boris", "山田"])
  }

  @Test func chineseNamesFileUnderTheirPinyinInitial() throws {
    try test.importCSV("name\n张伟\n李娜\n王芳\n陈静\n刘洋\n", locale: "zh")
    let names = try list()
    #expect(try headings(names) == ["C", "L", "W", "Z"])
    #expect(try titles(names) == ["陈静", "李娜", "刘洋", "王芳", "张伟"])
  }

  @Test func aQueryMayAskForAnotherLocale() throws {
    try test.importCSV("name\nÅsa\nZoe\nAnna\n", locale: "en")
    #expect(try headings(list()) == ["A", "Z"])
    #expect(try headings(list(locale: "sv")) == ["A", "Z", "Å"])
    #expect(try titles(list(locale: "sv")) == ["Anna", "Zoe", "Åsa"])
  }

  // MARK: - Column grouping

  static let cities = """
    name,state,state_code
    Birmingham,Alabama,AL
    Anchorage,Alaska,AK
    Houston,Texas,TX
    Austin,Texas,TX
    Juneau,Alaska,AK
    Tucson,Arizona,AZ
    Nashville,Tennessee,TN

    """

  @Test func citiesGroupedByStateWithStateCodesAsIndexTitles() throws {
    try test.importCSV(Self.cities, groupBy: ["state"])
    let byState = try list(grouping: .column("state"), indexBy: "state_code")
    let sections = try byState.sections().collect()
    #expect(sections.map(\.heading) == ["Alabama", "Alaska", "Arizona", "Tennessee", "Texas"])
    #expect(sections.map(\.indexTitle) == ["AL", "AK", "AZ", "TN", "TX"])
    #expect(sections.map(\.count) == [1, 2, 1, 1, 2])
    #expect(sections.map(\.firstRow) == [0, 1, 3, 4, 5])
    #expect(
      try titles(byState) == [
        "Birmingham", "Anchorage", "Juneau", "Tucson", "Nashville", "Austin", "Houston",
      ])
    #expect(
      try byState.indexEntries().map(\.title) == ["AL", "AK", "AZ", "TN", "TX"])
  }

  @Test func withoutIndexByTheIndexHasTheLettersOfTheHeadings() throws {
    try test.importCSV(Self.cities, groupBy: ["state"])
    let entries = try list(grouping: .column("state")).indexEntries()
    #expect(
      entries == [
        IndexEntry(kind: .title, title: "A", section: 0, count: 4),
        IndexEntry(kind: .title, title: "T", section: 3, count: 3),
      ])
  }

  @Test func frenchFoldsQuébecSpellingsIntoOneSectionHeadedByTheMostFrequent() throws {
    let csv = "name,province\nA,Québec\nB,Quebec\nC,QUEBEC\nD,Québec\nE,Ontario\n"
    try test.importCSV(csv, locale: "fr", groupBy: ["province"])
    let sections = try list(grouping: .column("province")).sections().collect()
    #expect(sections.map(\.heading) == ["Ontario", "Québec"])
    #expect(sections.map(\.count) == [1, 4])
  }

  @Test func equallyFrequentSpellingsGiveTheFirstInCollationOrder() throws {
    try test.importCSV("name,province\nA,Québec\nB,Quebec\n", locale: "fr", groupBy: ["province"])
    #expect(try headings(list(grouping: .column("province"))) == ["Quebec"])
  }

  @Test func nfdAndNfcValuesAreOneSection() throws {
    try test.importCSV("name,state\nA,Que\u{301}bec\nB,Qu\u{E9}bec\n", groupBy: ["state"])
    let sections = try list(grouping: .column("state")).sections().collect()
    #expect(sections.count == 1)
    #expect(sections.first?.count == 2)
  }

  @Test func swedishKeepsÅreAndAreApart() throws {
    try test.importCSV("name,town\nA,Åre\nB,Are\n", locale: "sv", groupBy: ["town"])
    #expect(try headings(list(grouping: .column("town"))) == ["Are", "Åre"])
  }

  @Test func blankValuesFormOneSectionPlacedLast() throws {
    try test.importCSV("name,state\nA,Texas\nB,\nC,  \nD,Alabama\n", groupBy: ["state"])
    let sections = try list(grouping: .column("state")).sections().collect()
    #expect(sections.map(\.heading) == ["Alabama", "Texas", ""])
    #expect(sections.last?.count == 2)
    #expect(sections.last?.indexTitle == "#")
  }

  @Test func aGroupingNotBuiltAtImportIsBuiltOnceWhenAskedFor() throws {
    try test.importCSV(Self.cities)
    var built: [String] = []
    let first = try IndexedList(
      catalog: test.catalog, grouping: .column("state"), willBuild: { built.append($0) })
    #expect(first.sectionCount == 5)
    _ = try IndexedList(
      catalog: test.catalog, grouping: .column("state"), willBuild: { built.append($0) })
    #expect(built.count == 1)
  }

  // MARK: - Rows and jumps

  @Test func rowsMapToTheSectionThatSticksAtTheTop() throws {
    try test.importCSV(Self.swedishContacts, locale: "sv")
    let contacts = try list()
    #expect(try contacts.section(containingRow: 0)?.heading == "A")
    #expect(try contacts.section(containingRow: 1)?.heading == "A")
    #expect(try contacts.section(containingRow: 2)?.heading == "B")
    #expect(try contacts.section(containingRow: 8)?.heading == "#")
    #expect(try contacts.section(containingRow: 9) == nil)
    #expect(try contacts.section(containingRow: -1) == nil)
  }

  @Test func itemsFromARowKnowTheirSections() throws {
    try test.importCSV(Self.swedishContacts, locale: "sv")
    let page = try list().items(fromRow: 4, limit: 3).collect()
    #expect(page.map(\.row) == [4, 5, 6])
    #expect(page.map(\.heading) == ["Z", "Å", "Ä"])
    #expect(page.map(\.section) == [3, 4, 5])
  }

  @Test func sectionsAreFoundByHeadingAsTheLocaleFoldsIt() throws {
    try test.importCSV("name,province\nA,Québec\n", locale: "fr", groupBy: ["province"])
    let provinces = try list(grouping: .column("province"))
    #expect(try provinces.section(withHeading: "QUEBEC").heading == "Québec")
    #expect(
      throws: CatalogError.unknownSection(
        heading: "Ontario", collection: "items", grouping: .column("province"))
    ) { try provinces.section(withHeading: "Ontario") }
  }

  @Test func anIndexTitleLeadsToTheSectionItJumpsTo() throws {
    try test.importCSV(Self.swedishContacts, locale: "sv")
    #expect(try list().section(forIndexTitle: "C")?.heading == "E")
    #expect(throws: CatalogError.self) { try list().section(forIndexTitle: "Q!") }
  }

  @Test func theItemCursorReadsInBatches() throws {
    let names = (0..<2000).map { "Name \($0)" }.joined(separator: "\n")
    try test.importCSV("name\n" + names + "\n")
    let cursor = try list().items()
    _ = try cursor.next()
    #expect(cursor.batchesRead == 1)
    var count = 1
    while try cursor.next() != nil { count += 1 }
    #expect(count == 2000)
    #expect(cursor.batchesRead == 4)
  }

  @Test func sectionsAreAnAsyncSequenceToo() async throws {
    try test.importCSV(Self.swedishContacts, locale: "sv")
    var headings: [String] = []
    for try await section in try list().sections().values { headings.append(section.heading) }
    #expect(headings == ["A", "B", "E", "Z", "Å", "Ä", "Ö", "#"])
  }

  // MARK: - Search

  @Test func frenchSearchIgnoresAccentsAndCaseAndMatchesWordStarts() throws {
    try test.importCSV("name\nMontréal\nQuébec\nSaint-Quentin\nQuebecor\n", locale: "fr")
    #expect(
      try list().search("que").collect().map(\.title) == ["Québec", "Quebecor", "Saint-Quentin"])
    #expect(try list().search("QUÉB").collect().map(\.title) == ["Québec", "Quebecor"])
  }

  @Test func swedishSearchKeepsÅApartFromA() throws {
    try test.importCSV("name\nÅre\nAre\nAnna\nÄlvsbyn\n", locale: "sv")
    #expect(try list().search("a").collect().map(\.title) == ["Anna", "Are"])
    #expect(try list().search("å").collect().map(\.title) == ["Åre"])
  }

  @Test func searchResultsCarryTheirSectionsAndRespectTheLimit() throws {
    try test.importCSV(Self.cities, groupBy: ["state"])
    let byState = try list(grouping: .column("state"))
    let results = try byState.search("a").collect()
    #expect(results.map(\.title) == ["Anchorage", "Austin"])
    #expect(results.map(\.heading) == ["Alaska", "Texas"])
    #expect(results.map(\.row) == [1, 5])
    #expect(try byState.search("a", limit: 1).collect().map(\.title) == ["Anchorage"])
  }

  @Test func aListOpenedBeforeItsSearchKeysWereBuiltFindsItemsByThem() throws {
    try test.importCSV(Self.cities, groupBy: ["state"])
    let byState = try list(grouping: .column("state"))
    // Another list in the same locale builds the search keys after byState's snapshot began.
    #expect(try list().search("a").collect().map(\.title) == ["Anchorage", "Austin"])
    let results = try byState.search("a").collect()
    #expect(results.map(\.title) == ["Anchorage", "Austin"])
    #expect(results.map(\.row) == [1, 5])
  }

  @Test func anItemMatchingSeveralWordsIsFoundOnce() throws {
    try test.importCSV("name\nCarl\nAnna Andersson\nBo Ask Alm\n")
    let results = try list().search("a").collect()
    #expect(results.map(\.title) == ["Anna Andersson", "Bo Ask Alm"])
    #expect(results.map(\.row) == [0, 1])
  }

  @Test func aBlankSearchIsAnError() throws {
    try test.importCSV("name\nAnna\n")
    #expect(throws: CatalogError.self) { try list().search("  ") }
  }

  // MARK: - Collections and annotations

  @Test func theOnlyCollectionNeedsNoName() throws {
    try test.importCSV("name\nAnna\n", collection: "people")
    #expect(try list().collection.name == "people")
    try test.importCSV("name\nOslo\n", collection: "towns")
    #expect(throws: CatalogError.collectionNotChosen(available: ["people", "towns"])) {
      try list()
    }
    #expect(throws: CatalogError.unknownCollection(name: "pets", available: ["people", "towns"])) {
      try list("pets")
    }
  }

  @Test func sectionNotesSurviveARebuildAndCanBeCleared() throws {
    try test.importCSV(Self.cities, groupBy: ["state"])
    let byState = try list(grouping: .column("state"))
    try test.catalog.annotate(
      collection: byState.collection, grouping: .column("state"), sectionHeading: "Texas",
      header: "Lone Star", footer: nil, clear: false)
    try test.importCSV(
      "name,state,state_code\nEl Paso,TEXAS,TX\n", groupBy: ["state"], mode: .append)
    let texas = try list(grouping: .column("state")).section(withHeading: "texas")
    #expect(texas.header == "Lone Star")
    #expect(texas.footer == nil)
    #expect(texas.count == 3)
    try test.catalog.annotate(
      collection: byState.collection, grouping: .column("state"), sectionHeading: "Texas",
      header: nil, footer: nil, clear: true)
    #expect(try list(grouping: .column("state")).section(withHeading: "Texas").header == nil)
  }
}

/// A reader with its own connection sees the catalog as it was before an import that is under way,
/// and as it is after once the import commits.
struct ReaderIsolationTests {
  @Test func aReaderDuringAnImportSeesTheCatalogBeforeIt() throws {
    let test = try TestCatalog()
    try test.importCSV("name\nAnna\nBo\n", collection: "people")
    var pipe: [Int32] = [0, 0]
    #expect(Foundation.pipe(&pipe) == 0)
    let writer = FileHandle(fileDescriptor: pipe[1], closeOnDealloc: true)

    let importDone = DispatchSemaphore(value: 0)
    let path = test.path
    let readFileDescriptor = pipe[0]
    Thread.detachNewThread {
      defer { importDone.signal() }
      do {
        let importer = try Catalog(path: path, creating: false)
        let reader = try CSVReader(fileDescriptor: readFileDescriptor, inputName: "<pipe>")
        _ = try importer.importCollection(
          from: reader,
          options: ImportOptions(
            collection: "people", locale: try CollationLocale("en"), mode: .append))
      } catch {
        Issue.record("the import failed: \(error)")
      }
    }
    // More than the reader's 1 MiB chunk, so the import has begun writing inside its transaction
    // by the time this returns; it then waits for the rest of the input.
    writer.write(Data(("name\n" + (0..<200_000).map { "Name \($0)\n" }.joined()).utf8))
    Thread.sleep(forTimeInterval: 0.3)
    let during = try IndexedList(catalog: Catalog(path: path, creating: false))
    #expect(during.itemCount == 2)
    #expect(try during.items().collect().map(\.title) == ["Anna", "Bo"])

    try writer.close()
    importDone.wait()
    let after = try IndexedList(catalog: Catalog(path: path, creating: false))
    #expect(after.itemCount == 200_002)
  }
}
