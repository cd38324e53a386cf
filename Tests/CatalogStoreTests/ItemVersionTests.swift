import CatalogTestSupport
import Testing

@testable import CatalogStore

/// The version that last wrote each item (DESIGN §15: an HTTP `ETag`), on both engines: an
/// import writes every item at its version, a single write the items it adds and updates at
/// its own, and nothing else moves an item's version.
struct ItemVersionTests {
  /// A catalog whose first import (version 1) is `id,name` with keys a, b, c.
  static func keyed(_ engine: TestEngine) throws -> TestCatalog {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("id,name\na,Ada\nb,Bo\nc,Cy\n", collection: "people", key: "id")
    return test
  }

  /// Each item's number and version, in item order.
  static func versions(_ test: TestCatalog) throws -> [String] {
    ["a", "b", "c", "d"].compactMap { key in
      guard let item = try? test.catalog.item(.key(key), in: "people") else { return nil }
      return "\(key) \(item.item) v\(item.version)"
    }
  }

  @Test(arguments: TestEngine.all)
  func eachItemHasTheVersionOfTheWriteThatLastChangedIt(engine: TestEngine) throws {
    let test = try Self.keyed(engine)
    #expect(try Self.versions(test) == ["a 0 v1", "b 1 v1", "c 2 v1"])
    try test.catalog.update(.key("b"), in: "people", setting: ["name": "Bob"])  // 2
    try test.catalog.add(["id": "d", "name": "Di"], to: "people")  // 3
    #expect(try Self.versions(test) == ["a 0 v1", "b 1 v2", "c 2 v1", "d 3 v3"])
    // A write that changes nothing takes no version and moves no item.
    let unchanged = try test.catalog.update(.key("a"), in: "people", setting: ["name": "Ada"])
    #expect(unchanged.version == 3)
    // A write to one item leaves the others, and a write of many marks each it changed.
    _ = try test.catalog.write(to: "people") { writer in
      try writer.update(.key("c"), ["name": "Cyd"])
      try writer.remove(.key("a"))
    }  // 4
    #expect(try Self.versions(test) == ["b 1 v2", "c 2 v4", "d 3 v3"])
    // An upsert of a file (version 5) changes only the items whose fields differ.
    let path = try test.directory.write("more.csv", "id,name\nb,Bob\nd,Dee\ne,Eve\n")
    _ = try test.catalog.importCollection(
      from: CSVReader(path: path), options: ImportOptions(collection: "people", mode: .upsert))
    #expect(try Self.versions(test) == ["b 1 v2", "c 2 v4", "d 3 v5"])
    #expect(try test.catalog.item(.key("e"), in: "people").version == 5)
    // A replace writes every item anew, at its version.
    try test.importCSV("id,name\nb,Bob\nz,Zed\n", collection: "people", mode: .replace)  // 6
    #expect(try Self.versions(test) == ["b 5 v6"])
    #expect(try test.catalog.item(.key("z"), in: "people").version == 6)
    // No item is left marked as being written.
    #expect(try test.rows("SELECT count(*) FROM items WHERE version = -1") == ["0"])
  }

  @Test(arguments: TestEngine.all)
  func anItemIsReadWithItsKeyColumnsAndFields(engine: TestEngine) throws {
    let test = try Self.keyed(engine)
    #expect(
      try test.catalog.item(.key(" b "), in: "people")
        == StoredItem(item: 1, key: "b", version: 1, columns: ["id", "name"], fields: ["b", "Bo"]))
    #expect(try test.catalog.item(.number(2), in: nil).fields == ["c", "Cy"])
    #expect(throws: CatalogError.unknownItem(.key("q"), collection: "people")) {
      try test.catalog.item(.key("q"), in: "people")
    }
    #expect(throws: CatalogError.unknownItem(.number(7), collection: "people")) {
      try test.catalog.item(.number(7), in: "people")
    }
    let unkeyed = try TestCatalog(engine: engine)
    try unkeyed.importCSV("name\nAda\n")
    #expect(
      throws: CatalogError.keyRequired(collection: "items", operation: .itemByKey)
    ) {
      try unkeyed.catalog.item(.key("Ada"), in: "items")
    }
  }

  @Test(arguments: TestEngine.all)
  func insideAWriteAnItemItChangedIsMarkedAsBeingWritten(engine: TestEngine) throws {
    let test = try Self.keyed(engine)
    let (seen, summary) = try test.catalog.write(to: "people") { writer in
      let before = try writer.stored(.key("a")).version
      try writer.update(.key("a"), ["name": "Ava"])
      let added = try writer.add(["id": "d", "name": "Di"])
      return [
        before, try writer.stored(.key("a")).version, try writer.stored(.number(added)).version,
      ]
    }
    #expect(seen == [1, -1, -1])
    #expect(summary.version == 2)
    #expect(try Self.versions(test) == ["a 0 v2", "b 1 v1", "c 2 v1", "d 3 v2"])
  }

  /// The single write's last statement finds the items it marked by index, on SQLite too, whose
  /// planner knows nothing of how few they are: not by reading every item of the collection.
  @Test func theItemsAWriteMarkedAreFoundByTheirIndex() throws {
    let test = try Self.keyed(.sqlite)
    let plan = try test.sqlite3(
      "EXPLAIN QUERY PLAN UPDATE items SET version = 2 WHERE collection_id = 1 AND version = -1")
    #expect(plan.contains { $0.contains("USING COVERING INDEX items_being_written") }, "\(plan)")
  }
}
