import CatalogCollation
import CatalogTestSupport
import Foundation
import Testing

@testable import CatalogStore

/// A catalog keeps what writing a collection needs from one write to the next, the top level of
/// each list's block counts among it; a write by another connection that grows a level makes it
/// read them again.
struct WriterSetupTests {
  /// Each level of the list's block counts counts every element once: the sums of its nodes are
  /// the same at every level.
  static func levelSums(_ test: TestCatalog) throws -> [String] {
    try test.rows(
      """
      SELECT level, sum(row_count), sum(section_count) FROM row_blocks
      WHERE grouping_id = (SELECT min(id) FROM groupings) GROUP BY level ORDER BY level
      """)
  }

  @Test(arguments: TestEngine.all)
  func aWriteAfterAnotherConnectionGrewALevelCountsAtEveryLevel(engine: TestEngine) throws {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("name\nAnna\nBo\n", collection: "names")
    _ = try test.catalog.add(["name": "Cleo"], to: "names")
    #expect(try test.rows("SELECT max(level) FROM row_blocks") == ["0"])

    // Another connection appends enough rows for the list's blocks to need a level above them.
    let other = try test.reopen()
    let rows = (0..<9_000).map { "Name \($0)" }
    let path = try test.directory.write("more.csv", "name\n" + rows.joined(separator: "\n") + "\n")
    _ = try other.importCollection(
      from: try CSVReader(path: path),
      options: ImportOptions(collection: "names", mode: .append))
    #expect(try test.rows("SELECT max(level) FROM row_blocks") != ["0"])

    _ = try test.catalog.add(["name": "Dana"], to: "names")
    let sums = try Self.levelSums(test)
    #expect(sums.count > 1)
    #expect(sums.allSatisfy { $0.split(separator: "|").dropFirst() == ["9004", "5"] }, "\(sums)")
  }
}
