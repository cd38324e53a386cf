import CatalogStore
import CatalogTestSupport
import Testing

/// `Catalog.write(to:_:)`: the writes of one body commit together, or not at all.
struct WriteTransactionTests {
  /// A catalog of two cities grouped by state.
  func cities(_ engine: TestEngine) throws -> TestCatalog {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("name,state\nAustin,Texas\nBoston,Massachusetts\n", groupBy: ["state"])
    return test
  }

  /// Everything the writes could change: items, lists and the version.
  func contents(_ test: TestCatalog) throws -> [String] {
    try [
      "SELECT item, fields FROM items ORDER BY item",
      "SELECT key, length(key), item FROM rows ORDER BY key",
      "SELECT heading, item_count FROM sections ORDER BY key",
      "SELECT version FROM catalog_state",
    ].flatMap(test.rows)
  }

  struct AppError: Error, Equatable {}

  @Test(arguments: TestEngine.all) func theBodysOwnErrorRollsBackAndReachesTheCaller(
    engine: TestEngine
  ) throws {
    let test = try cities(engine)
    let before = try contents(test)
    #expect(throws: AppError()) {
      try test.catalog.write(to: "items") { writer in
        try writer.add(["name": "Chicago", "state": "Illinois"])
        try writer.remove(.number(0))
        throw AppError()
      }
    }
    #expect(try contents(test) == before)
  }

  @Test(arguments: TestEngine.all) func aCatalogErrorInTheBodyRollsBackToo(engine: TestEngine)
    throws
  {
    let test = try cities(engine)
    let before = try contents(test)
    #expect {
      try test.catalog.write(to: "items") { writer in
        try writer.add(["name": "Chicago", "state": "Illinois"])
        try writer.add(["name": "Denver", "county": "Denver"])
      }
    } throws: { error in
      guard case .unknownColumn(let column, _, _) = error as? CatalogError else { return false }
      return column == "county"
    }
    #expect(try contents(test) == before)
  }

  @Test(arguments: TestEngine.all) func theWritesOfOneBodyAreOneVersion(engine: TestEngine) throws {
    let test = try cities(engine)
    let (added, summary) = try test.catalog.write(to: "items") { writer in
      [try writer.add(["name": "Chicago"]), try writer.add(["name": "Denver"])]
    }
    #expect(added == [2, 3])
    #expect(summary.version == 2)
    #expect(summary.added == [2, 3])
    #expect(try test.rows("SELECT version FROM catalog_state") == ["2"])
  }
}
