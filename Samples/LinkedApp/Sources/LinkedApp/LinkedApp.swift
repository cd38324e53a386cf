import CatalogCollation
import CatalogQuery
import CatalogStore
import Foundation

/// Opens a catalog (creating it and importing the cities sample when the collection is missing),
/// then prints the cities as an indexed list: each state with its cities, and the index of state
/// codes.
///
/// Usage: LinkedApp CATALOG [CSV]   (CSV defaults to Samples/cities.csv)
@main
struct LinkedApp {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard (1...2).contains(arguments.count) else {
      FileHandle.standardError.write(Data("usage: LinkedApp CATALOG [CSV]\n".utf8))
      exit(64)
    }
    do {
      try await run(catalogPath: arguments[0], csvPath: arguments.count > 1 ? arguments[1] : nil)
    } catch {
      FileHandle.standardError.write(Data("LinkedApp: \(error)\n".utf8))
      exit(1)
    }
  }

  /// The cities sample beside this package: Samples/cities.csv.
  static let samplePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Sources/LinkedApp
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // LinkedApp
    .deletingLastPathComponent()  // Samples
    .appendingPathComponent("cities.csv").path

  static func run(catalogPath: String, csvPath: String?) async throws {
    let catalog = try Catalog(path: catalogPath, creating: true)

    // Import the cities once, with their grouping by state built up front.
    if try catalog.collection(named: "cities") == nil {
      let reader = try CSVReader(path: csvPath ?? samplePath)
      let options = ImportOptions(
        collection: "cities", locale: try CollationLocale("en"), groupBy: ["state"],
        mode: .create)
      let summary = try catalog.importCollection(from: reader, options: options)
      print(
        "imported \(summary.importedItems) cities from \(reader.inputName) into "
          + "\(summary.sectionCount) sections")
    }

    let list = try IndexedList(
      catalog: catalog, collection: "cities", grouping: .column("state"), indexBy: "state_code")
    print("\(list.itemCount) cities in \(list.sectionCount) states, in \(list.collation.locale)")

    // The list, section by section; both cursors read from the catalog a batch at a time.
    let sections = try list.sections()
    while let section = try sections.next() {
      print("\(section.heading) [\(section.indexTitle)], rows \(section.rows)")
      var titles: [String] = []
      let items = try list.items(in: section)
      while let item = try items.next() { titles.append(item.title) }
      print("  " + titles.joined(separator: ", "))
    }

    // The right-edge index: the search entry, then one entry per state code.
    print("index:")
    for entry in try list.indexEntries(compact: false, includesSearch: true) {
      let target = entry.section.map { "section \($0)" } ?? "search field"
      print("  \(entry.title) -> \(target), \(entry.count) items")
    }

    // A tap on "TX" in the index, and its items streamed with Swift concurrency.
    if let texas = try list.section(forIndexTitle: "TX") {
      print("\(texas.heading), as an AsyncSequence:")
      let population = list.collection.columns.firstIndex(of: "population")
      for try await item in try list.items(in: texas).values {
        print("  \(item.row): \(item.title)" + (population.map { " (\(item.fields[$0]))" } ?? ""))
      }
    }
  }
}
