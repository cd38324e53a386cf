import CatalogCollation
import CatalogQuery
import CatalogSQLite
import CatalogStore
import Foundation

/// Opens a catalog (creating it and importing the cities sample when the collection is missing),
/// prints the cities as an indexed list (each state with its cities, and the index of state
/// codes), then writes to it from a second connection while it watches the list, applying each
/// change set to a table model the way a table view would, and checks the model against a fresh
/// query.
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

    try await watchWrites(to: list, catalogPath: catalogPath)
  }

  /// Adds a city to a state of its own, moves one to another state and removes it again from a
  /// second connection, as another process would, while the list's `changes()` delivers each
  /// write's change set; a table model follows them and must equal a fresh query after each.
  static func watchWrites(to list: IndexedList, catalogPath: String) async throws {
    var model = try TableModel(reading: list)
    let writes: [(String, @Sendable (Catalog) throws -> Void)] = [
      (
        "add Juneau, in a new state",
        { writer in
          try writer.add(["name": "Juneau", "state": "Yukon", "state_code": "YT"], to: "cities")
        }
      ),
      (
        "move Juneau to Alaska",
        { writer in
          let item = try writer.collection(named: "cities")!.nextItem - 1
          try writer.update(.number(item), in: "cities", setting: ["state": "Alaska"])
        }
      ),
      (
        "remove Juneau",
        { writer in
          let item = try writer.collection(named: "cities")!.nextItem - 1
          try writer.remove([.number(item)], from: "cities")
        }
      ),
    ]
    var changes = try list.changes().makeAsyncIterator()
    for (what, write) in writes {
      let writer = try Catalog(path: catalogPath, creating: false)
      try write(writer)
      guard let changeSets = try await changes.next() else { break }
      for change in changeSets { try model.apply(change, from: list) }
      let matches = model == (try TableModel(reading: list))
      print("\(what): \(changeSets.map(\.jsonText).joined(separator: " "))")
      print("  the table model \(matches ? "matches" : "does not match") a fresh query")
      if !matches { throw CatalogError.invalidRequest("the change set did not apply") }
    }
  }
}
