import CatalogStore
import CatalogTestSupport
import Testing

/// `Catalog.write(to:_:)`: the writes of one body commit together, or not at all.
struct WriteTransactionTests {
  let test: TestCatalog

  init() throws {
    test = try TestCatalog()
    try test.importCSV("name,state\nAustin,Texas\nBoston,Massachusetts\n", groupBy: ["state"])
  }

  /// Everything the writes could change: items, lists and the version.
  func contents() throws -> [String] {
    try test.sqlite3(
      """
      SELECT item, fields FROM items; SELECT hex(key), item FROM rows;
      SELECT heading, item_count FROM sections; SELECT version FROM catalog_state;
      """)
  }

  struct AppError: Error, Equatable {}

  @Test func theBodysOwnErrorRollsBackAndReachesTheCaller() throws {
    let before = try contents()
    #expect(throws: AppError()) {
      try test.catalog.write(to: "items") { writer in
        try writer.add(["name": "Chicago", "state": "Illinois"])
        try writer.remove(.number(0))
        throw AppError()
      }
    }
    #expect(try contents() == before)
  }

  @Test func aCatalogErrorInTheBodyRollsBackToo() throws {
    let before = try contents()
    #expect {
      try test.catalog.write(to: "items") { writer in
        try writer.add(["name": "Chicago", "state": "Illinois"])
        try writer.add(["name": "Denver", "county": "Denver"])
      }
    } throws: { error in
      guard case .unknownColumn(let column, _, _) = error as? CatalogError else { return false }
      return column == "county"
    }
    #expect(try contents() == before)
  }

  @Test func theWritesOfOneBodyAreOneVersion() throws {
    let (added, summary) = try test.catalog.write(to: "items") { writer in
      [try writer.add(["name": "Chicago"]), try writer.add(["name": "Denver"])]
    }
    #expect(added == [2, 3])
    #expect(summary.version == 2)
    #expect(summary.added == [2, 3])
    #expect(try test.sqlite3("SELECT version FROM catalog_state") == ["2"])
  }
}
