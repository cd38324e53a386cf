/// What the database engine said when one of its calls failed: the facts behind a
/// `CatalogError`, for a developer or a bug report rather than for the person who ran the
/// command (`catalog --verbose` shows them).
public enum DatabaseFailure: Equatable, Sendable, CustomStringConvertible {
  case sqlite(SQLiteFailure)
  case postgreSQL(PostgreSQLFailure)

  /// The engine's name, for messages: "SQLite", "PostgreSQL".
  public var engineName: String {
    switch self {
    case .sqlite: return "SQLite"
    case .postgreSQL: return "PostgreSQL"
    }
  }

  /// The engine's message for the failure.
  public var message: String {
    switch self {
    case .sqlite(let failure): return failure.message
    case .postgreSQL(let failure): return failure.message
    }
  }

  /// The SQLite failure, when SQLite failed.
  public var sqlite: SQLiteFailure? {
    if case .sqlite(let failure) = self { return failure }
    return nil
  }

  /// The PostgreSQL failure, when PostgreSQL failed.
  public var postgreSQL: PostgreSQLFailure? {
    if case .postgreSQL(let failure) = self { return failure }
    return nil
  }

  public var description: String {
    switch self {
    case .sqlite(let failure): return failure.description
    case .postgreSQL(let failure): return failure.description
    }
  }
}

/// What PostgreSQL (the server, or libpq on its way there) said when a call failed.
///
/// ```swift
/// failure.description
/// // PostgreSQL error 55P03 (lock_not_available): canceling statement due to lock timeout;
/// // in: SELECT pg_advisory_xact_lock($1, $2)
/// ```
public struct PostgreSQLFailure: Equatable, Sendable, CustomStringConvertible {
  /// The SQLSTATE, such as "42501" (insufficient_privilege); empty when libpq failed before the
  /// server answered (a connection that could not be made or was lost).
  public let sqlState: String
  /// The server's or libpq's message, without its trailing newline.
  public let message: String
  /// The statement that failed, if a statement did (a connection has none).
  public let sql: String?

  public init(sqlState: String, message: String, sql: String? = nil) {
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
  }

  public var description: String {
    var text = "PostgreSQL error"
    if !sqlState.isEmpty { text += " \(sqlState)" }
    text += ": \(message)"
    if let sql { text += "; in: \(sql)" }
    return text
  }
}
