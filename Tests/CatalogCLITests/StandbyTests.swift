import CatalogTestSupport
import Foundation
import Testing

/// A catalog read on a streaming hot standby of its primary (DESIGN §17), against the real
/// clusters the tests start (`PostgreSQLTestServer.replicated`).
@Suite(.enabled(if: PostgreSQLTestServer.replicated != nil))
struct StandbyTests {
  var primary: PostgreSQLTestServer { PostgreSQLTestServer.replicated!.primary }
  var standby: PostgreSQLTestServer { PostgreSQLTestServer.replicated!.standby }

  /// The clusters themselves: the standby replays what the primary commits, and the server
  /// refuses writes there.
  @Test func theStandbyReplaysThePrimaryAndTakesNoWrites() throws {
    let table = "t_" + UUID().uuidString.prefix(8).lowercased()
    try primary.psql("CREATE TABLE \(table) (a int); INSERT INTO \(table) VALUES (7)")
    try primary.waitUntilReplayed(by: standby)
    #expect(try standby.psql("SELECT pg_is_in_recovery(), a FROM \(table)") == ["t|7"])
    #expect(throws: (any Error).self) { try standby.psql("INSERT INTO \(table) VALUES (8)") }
    #expect(try primary.psql("SELECT pg_is_in_recovery()") == ["f"])
  }
}
