import CatalogCollation
import CatalogQuery
import CatalogSQLite
import CatalogStore
import CatalogTestSupport
import Testing

/// The `Sendable` types used from several tasks at once. CI also runs this suite under
/// `swift test --sanitize=thread --filter ConcurrentUseTests`.
struct ConcurrentUseTests {
  static let names = [
    "Åsa", "Anna", "Örjan", "Zoe", "Émile", "42 Street", "Ärla", "张伟", "たなか", "김철수", "Chloé",
  ]

  @Test func oneCollationSharedByManyTasksGivesTheSameKeys() async throws {
    let swedish = try Collation(localeIdentifier: "sv")
    let expected = Self.names.map { [swedish.sortKey(for: $0), swedish.sectionKey(for: $0)] }
    let letters = Self.names.map { swedish.letter(of: $0) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<200 {
            #expect(
              Self.names.map { [swedish.sortKey(for: $0), swedish.sectionKey(for: $0)] } == expected
            )
            #expect(Self.names.map { swedish.letter(of: $0) } == letters)
          }
        }
      }
      try await group.waitForAll()
    }
  }

  @Test func readersWithTheirOwnConnectionsShareSectionsAcrossTasks() async throws {
    let test = try TestCatalog()
    try test.importCSV("name\n" + Self.names.joined(separator: "\n") + "\n", locale: "sv")
    let path = test.path
    let expected = try IndexedList(catalog: test.catalog).sections().collect()
    let seen = try await withThrowingTaskGroup(of: [Section].self) { group in
      for _ in 0..<4 {
        group.addTask {
          let list = try IndexedList(catalog: Catalog(path: path, creating: false))
          var sections: [Section] = []
          for try await section in try list.sections().values { sections.append(section) }
          return sections
        }
      }
      var all: [[Section]] = []
      for try await sections in group { all.append(sections) }
      return all
    }
    #expect(seen.count == 4)
    #expect(seen.allSatisfy { $0 == expected })
  }
}
