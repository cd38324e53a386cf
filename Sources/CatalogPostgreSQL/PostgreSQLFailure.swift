import CatalogStore

/// What PostgreSQL (the server, or libpq on its way there) said when a call failed: made where a
/// call fails, it becomes the `CatalogError` that says what went wrong, which keeps it as an
/// engine-neutral `DatabaseFailure`.
package struct PostgreSQLFailure: Equatable, Sendable {
  /// The SQLSTATE, such as "42501" (insufficient_privilege); empty when libpq failed before the
  /// server answered (a connection that could not be made or was lost).
  package let sqlState: String
  /// The server's or libpq's message.
  package let message: String
  /// The statement that failed, if a statement did (a connection has none).
  package let sql: String?

  package init(sqlState: String, message: String, sql: String? = nil) {
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
  }

  /// The failure as a `CatalogError` keeps it: `PostgreSQL error 42501: permission denied for
  /// table items; in: INSERT INTO items …`, the SQLSTATE without a name.
  package var databaseFailure: DatabaseFailure {
    DatabaseFailure(
      engineName: "PostgreSQL", code: sqlState.isEmpty ? nil : sqlState, message: message,
      sql: sql)
  }

  /// The typed error for a statement's failure on the catalog at `location` (its URI, the
  /// password masked), by its SQLSTATE; `connectionIsBad` when libpq says the connection is
  /// gone, whatever the state; `serverIsStandby` when the server is a hot standby, which refuses
  /// writes as a read-only server does.
  package func error(at location: String, connectionIsBad: Bool, serverIsStandby: Bool = false)
    -> CatalogError
  {
    let failure = databaseFailure
    if connectionIsBad { return .connectionLost(path: location, failure: failure) }
    switch sqlState {
    case SQLState.lockNotAvailable, SQLState.deadlockDetected, SQLState.serializationFailure:
      return .busy(path: location, failure: failure)
    case SQLState.insufficientPrivilege:
      return .readOnly(path: location, reason: .roleMayNotWrite, failure: failure)
    case SQLState.readOnlySQLTransaction:
      return .readOnly(
        path: location, reason: serverIsStandby ? .standby : .serverReadOnly, failure: failure)
    case SQLState.diskFull:
      return .diskFull(path: location, failure: failure)
    case SQLState.dataCorrupted, SQLState.indexCorrupted:
      return .damaged(path: location, failure: failure)
    case let state
    where state.hasPrefix(SQLState.connectionExceptionClass)
      || state.hasPrefix(SQLState.sessionEndedPrefix):
      return .connectionLost(path: location, failure: failure)
    default:
      return .database(path: location, failure)
    }
  }
}
