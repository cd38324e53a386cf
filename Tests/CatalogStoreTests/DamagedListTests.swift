import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogStore

/// A write that finds a list other than its items say (a row or a tallied value missing, as a
/// hand edit or a bug would leave it) fails with `damagedList` and changes nothing, on both
/// engines: on PostgreSQL the checks travel with statements sent without waiting.
struct DamagedListTests {
  /// A catalog of three items grouped by state, and the rows that describe its state.
  func catalog(_ engine: TestEngine) throws -> TestCatalog {
    let test = try TestCatalog(engine: engine)
    try test.importCSV(
      "name,state\nAnna,Ohio\nBo,Ohio\nCleo,Utah\n", collection: "people", groupBy: ["state"])
    return test
  }

  func state(of test: TestCatalog) throws -> [String] {
    try test.rows("SELECT item, fields FROM items ORDER BY item")
      + test.rows("SELECT version FROM catalog_state")
      + test.rows("SELECT count(*) FROM rows")
      + test.rows("SELECT count(*), sum(count) FROM section_values")
  }

  func isDamage(_ error: any Error, _ reason: String) -> Bool {
    guard case .damagedList(_, let found) = error as? CatalogError else { return false }
    return found == reason
  }

  @Test(arguments: TestEngine.all)
  func removingAnItemWhoseRowIsMissingChangesNothing(engine: TestEngine) throws {
    let test = try catalog(engine)
    let item = Int(try test.rows("SELECT item FROM items WHERE title = 'Bo'")[0])!
    _ = try test.rows(
      """
      DELETE FROM rows WHERE item = \(item)
        AND grouping_id = (SELECT id FROM groupings WHERE group_by = 'state')
      """)
    let before = try state(of: test)
    #expect {
      try test.catalog.remove([.number(item)], from: "people")
    } throws: { isDamage($0, "item \(item) has no row") }
    #expect(try state(of: test) == before)
  }

  @Test(arguments: TestEngine.all)
  func updatingAnItemWhoseValueIsNotTalliedChangesNothing(engine: TestEngine) throws {
    let test = try catalog(engine)
    _ = try test.rows("DELETE FROM section_values WHERE value = 'Ohio'")
    // Bo leaves Ohio, which keeps Anna: Ohio's tally of its spelling is counted down.
    let item = Int(try test.rows("SELECT item FROM items WHERE title = 'Bo'")[0])!
    let before = try state(of: test)
    #expect {
      try test.catalog.update(.number(item), in: "people", setting: ["state": "Utah"])
    } throws: { isDamage($0, "a value of 'state' is not tallied") }
    #expect(try state(of: test) == before)
  }
}
