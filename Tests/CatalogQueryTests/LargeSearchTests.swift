import CatalogQuery
import CatalogStore
import CatalogTestSupport
import Testing

/// A search that finds thousands of items, more than go into its table of results at a time, on
/// both engines.
struct LargeSearchTests {
  @Test(arguments: TestEngine.all) func aSearchThatFindsThousandsGivesEachOnceInListOrder(
    engine: TestEngine
  ) throws {
    let test = try TestCatalog(engine: engine)
    // Two in three of the 3,000 names have a word that starts with "a".
    var csv = "name\n"
    for number in 0..<3000 {
      csv += ["Cedar \(number)", "Alder \(number)", "Birch Ash \(number)"][number % 3] + "\n"
    }
    try test.importCSV(csv)
    let list = try IndexedList(catalog: test.catalog, collection: nil, grouping: .letters)
    let expected = try list.items().collect().filter { !$0.title.hasPrefix("Cedar") }
    let found = try list.search("a").collect()
    #expect(found.count == 2000)
    #expect(found.map(\.item) == expected.map(\.item))
    #expect(found.map(\.row) == expected.map(\.row))
    #expect(found.map(\.heading) == expected.map(\.heading))
  }
}
