import CatalogPostgreSQL
import CatalogStore
import CatalogTestSupport
import Foundation
import Testing

/// PostgreSQL's failures: the engine-neutral failure a `CatalogError` keeps, and the case and
/// reason each SQLSTATE becomes.
struct PostgreSQLFailureTests {
  /// The failure as the store keeps it, for any engine: the SQLSTATE shown alone, as
  /// `catalog --verbose` has always shown it, and no code where libpq failed before the server
  /// answered.
  @Test func theNeutralFailureKeepsEveryFact() {
    let failure = PostgreSQLFailure(
      sqlState: "42501", message: "permission denied for table items",
      sql: "INSERT INTO items (item) VALUES ($1)"
    ).databaseFailure
    #expect(failure.engineName == "PostgreSQL")
    #expect(failure.code == "42501")
    #expect(failure.codeName == nil)
    #expect(failure.systemMessage == nil)
    #expect(failure.summary == "PostgreSQL error 42501: permission denied for table items")
    #expect(
      failure.description
        == "PostgreSQL error 42501: permission denied for table items; in: INSERT INTO items "
        + "(item) VALUES ($1)")
    let unanswered = PostgreSQLFailure(sqlState: "", message: "no connection to the server")
      .databaseFailure
    #expect(unanswered.code == nil)
    #expect(unanswered.description == "PostgreSQL error: no connection to the server")
  }

  /// What each SQLSTATE says about a catalog, as the case and reason of the error; a connection
  /// that libpq says is gone is lost, whatever the state.
  @Test func eachStateBecomesItsCase() {
    let uri = "postgresql:///db?schema=s"
    func expect(
      _ state: String, connectionIsBad: Bool = false, serverIsStandby: Bool = false,
      _ expected: (DatabaseFailure) -> CatalogError,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let failure = PostgreSQLFailure(sqlState: state, message: "m", sql: "S")
      #expect(
        failure.error(
          at: uri, connectionIsBad: connectionIsBad, serverIsStandby: serverIsStandby)
          == expected(failure.databaseFailure),
        sourceLocation: sourceLocation)
    }
    expect("55P03") { .busy(path: uri, failure: $0) }  // lock_not_available
    expect("40P01") { .busy(path: uri, failure: $0) }  // deadlock_detected
    expect("40001") { .busy(path: uri, failure: $0) }  // serialization_failure
    expect("42501") { .readOnly(path: uri, reason: .roleMayNotWrite, failure: $0) }
    expect("25006") { .readOnly(path: uri, reason: .serverReadOnly, failure: $0) }
    expect("25006", serverIsStandby: true) { .readOnly(path: uri, reason: .standby, failure: $0) }
    expect("53100") { .diskFull(path: uri, failure: $0) }  // disk_full
    expect("XX001") { .damaged(path: uri, failure: $0) }  // data_corrupted
    expect("XX002") { .damaged(path: uri, failure: $0) }  // index_corrupted
    expect("08006") { .connectionLost(path: uri, failure: $0) }  // connection_failure
    expect("57P01") { .connectionLost(path: uri, failure: $0) }  // admin_shutdown
    expect("57014") { .database(path: uri, $0) }  // query_canceled: the session goes on
    expect("23505") { .database(path: uri, $0) }  // unique_violation
    expect("42501", connectionIsBad: true) { .connectionLost(path: uri, failure: $0) }
    expect("", connectionIsBad: true) { .connectionLost(path: uri, failure: $0) }
  }
}

/// The read-only reasons of a real server: a role that may only read, and a role whose
/// transactions are read-only, as on a standby.
@Suite(.enabled(if: PostgreSQLTestServer.shared != nil))
struct PostgreSQLReadOnlyTests {
  var server: PostgreSQLTestServer { PostgreSQLTestServer.shared! }

  /// Makes a catalog with one collection, and a role that `grants` (SQL, given the role's and
  /// the schema's names) sets up; adds an item as that role: it is refused as read-only for
  /// `reason`, with the server's `sqlState` kept, and the catalog holds what it held.
  func expectRefusal(
    reason: CatalogError.ReadOnlyReason, sqlState: String,
    grants: (_ role: String, _ schema: String) -> String
  ) throws {
    let test = try TestCatalog(engine: .postgreSQL)
    try test.importCSV("name\nAda\n")
    let schema = String(test.place.split(separator: "schema=").last!)
    let role = "role_\(schema)"
    try server.psql("CREATE ROLE \(role) LOGIN; " + grants(role, schema))
    let catalog = try Catalog(
      at: .postgreSQL(uri: server.uri(user: role, schema: schema)), creating: false)
    let error = #expect(throws: CatalogError.self) {
      try catalog.add(["name": "Bo"], to: "items")
    }
    guard case .readOnly(let path, let found, let failure) = error, found == reason else {
      Issue.record("expected .readOnly(\(reason)), got \(String(describing: error))")
      return
    }
    #expect(failure?.code == sqlState)
    #expect(error?.description == "the catalog \(path) is read-only; nothing was changed")
    #expect(try test.rows("SELECT title FROM items") == ["Ada"])
  }

  @Test func aRoleThatMayOnlyReadHasNoWritePrivilege() throws {
    try expectRefusal(reason: .roleMayNotWrite, sqlState: "42501") { role, schema in
      """
      GRANT USAGE ON SCHEMA \(schema) TO \(role);
      GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(role);
      """
    }
  }

  @Test func aServerThatTakesNoWritesIsReadOnly() throws {
    try expectRefusal(reason: .serverReadOnly, sqlState: "25006") { role, schema in
      """
      GRANT ALL ON SCHEMA \(schema) TO \(role);
      GRANT ALL ON ALL TABLES IN SCHEMA \(schema) TO \(role);
      GRANT ALL ON ALL SEQUENCES IN SCHEMA \(schema) TO \(role);
      ALTER ROLE \(role) SET default_transaction_read_only = on;
      """
    }
  }
}
