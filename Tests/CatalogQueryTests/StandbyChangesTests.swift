import CatalogQuery
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// `IndexedList.changes()` on a catalog read on a hot standby (DESIGN §17): it follows what the
/// standby replays, and each change set comes once a read there sees its version.
@Suite(.enabled(if: PostgreSQLTestServer.replicated != nil))
struct StandbyChangesTests {
  @Test func aListOnTheStandbyGetsEachPrimaryWriteOnceItCanReadIt() async throws {
    let (primary, standby) = PostgreSQLTestServer.replicated!
    let uri = primary.newCatalogURI()
    let standbyURI = uri.replacingOccurrences(
      of: "host=\(primary.directory)", with: "host=\(standby.directory)")
    let writer = try Catalog(at: TestEngine.postgreSQL.location(uri), creating: true)
    let directory = try TemporaryDirectory()
    _ = try writer.importCollection(
      from: CSVReader(path: try directory.write("people.csv", "name\nAnna\nBo\n")),
      options: ImportOptions(collection: "people"))
    try primary.waitUntilReplayed(by: standby)
    let catalog = try Catalog(at: TestEngine.postgreSQL.location(standbyURI), creating: false)
    #expect(catalog.readOnlyReason == .standby)
    let list = try IndexedList(catalog: catalog, collection: "people", grouping: .letters)
    var changes = try list.changes().makeAsyncIterator()
    for name in ["Cai", "Dag", "Abe"] {
      let version = try writer.add(["name": name], to: "people").summary.version
      let sets = try await changes.next() ?? []
      #expect(sets.map(\.version) == [version])
      // A read on the standby, right after, sees the write: the list and a catalog opened now.
      #expect(try list.items().collect().map(\.title).contains(name))
      let reader = try Catalog(at: TestEngine.postgreSQL.location(standbyURI), creating: false)
      #expect(try reader.version() == version)
    }
    #expect(try list.items().collect().map(\.title) == ["Abe", "Anna", "Bo", "Cai", "Dag"])
  }
}
