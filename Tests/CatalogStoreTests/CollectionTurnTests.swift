import CatalogStore
import CatalogTestSupport
import Testing

/// On PostgreSQL, writers of one collection take turns and writers of different collections do
/// not wait for each other (DESIGN §14). The turn is taken by a statement sent without waiting
/// for its answer; a writer that does not get it in time still says so, and changes nothing.
struct CollectionTurnTests {
  @Test(arguments: TestEngine.postgreSQLOnly)
  func aSecondWriterOfOneCollectionGivesUpAfterTheBusyTimeoutAndOthersGoOn(engine: TestEngine)
    throws
  {
    let test = try TestCatalog(engine: engine)
    try test.importCSV("name\nAustin\n", collection: "first")
    try test.importCSV("name\nBoston\n", collection: "second")
    let other = try test.reopen(configuration: .init(busyTimeoutMilliseconds: 100))
    var refused: CatalogError?
    try test.catalog.write(to: "first") { writer in
      try writer.add(["name": "Chicago"])
      // The first writer holds its collection's turn until it commits.
      do {
        _ = try other.add(["name": "Denver"], to: "first")
      } catch {
        refused = error as? CatalogError
      }
      _ = try other.add(["name": "El Paso"], to: "second")
    }
    guard case .busy = refused else {
      Issue.record("expected busy, got \(String(describing: refused))")
      return
    }
    #expect(
      try test.rows(
        """
        SELECT c.name || ' ' || i.title FROM items i JOIN collections c ON c.id = i.collection_id
        ORDER BY c.name, i.title
        """) == ["first Austin", "first Chicago", "second Boston", "second El Paso"])
    // Once the turn is free, the refused writer's connection writes again.
    _ = try other.add(["name": "Denver"], to: "first")
    #expect(try test.rows("SELECT count(*) FROM items") == ["5"])
  }
}
