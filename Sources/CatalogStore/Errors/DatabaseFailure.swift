import Foundation

/// What the database engine said when one of its calls failed: the facts behind a
/// `CatalogError`, for a developer or a bug report rather than for the person who ran the
/// command (`catalog --verbose` shows them). Each engine makes it from its own failure, in its
/// own words; the store and the tools read it without knowing which engine it was.
///
/// ```swift
/// failure.description
/// // SQLite error 13 (SQLITE_FULL): database or disk is full; system error 28 (No space left on
/// // device); in: COMMIT
/// ```
public struct DatabaseFailure: Equatable, Sendable, CustomStringConvertible {
  /// The engine's name, for messages: "SQLite", "PostgreSQL".
  public let engineName: String
  /// The engine's code for the failure, as the engine spells it: SQLite's extended result code
  /// ("1544"), PostgreSQL's SQLSTATE ("42501"); nil when the engine gave none (libpq failing
  /// before the server answered).
  public let code: String?
  /// The name of `code` where the engine's failures are shown with one, such as
  /// "SQLITE_READONLY_DIRECTORY"; nil where the code is shown alone (a SQLSTATE).
  public let codeName: String?
  /// The engine's message for the failure.
  public let message: String
  /// The statement that failed, if a statement did (an open or a connection has none).
  public let sql: String?
  /// The `errno` of the operating-system call that failed under the engine, or 0 when there was
  /// none.
  public let systemErrno: Int32

  public init(
    engineName: String, code: String?, codeName: String? = nil, message: String,
    sql: String? = nil, systemErrno: Int32 = 0
  ) {
    self.engineName = engineName
    self.code = code
    self.codeName = codeName
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// The operating system's words for `systemErrno`, such as "No space left on device".
  public var systemMessage: String? {
    systemErrno == 0 ? nil : String(cString: strerror(systemErrno))
  }

  /// The engine, its code and its message, on one line: `SQLite error 13 (SQLITE_FULL): database
  /// or disk is full`, `PostgreSQL error 42501: permission denied for table items`.
  public var summary: String {
    var text = "\(engineName) error"
    if let code { text += " \(code)" }
    if let codeName { text += " (\(codeName))" }
    return text + ": \(message)"
  }

  public var description: String {
    var text = summary
    if let systemMessage { text += "; system error \(systemErrno) (\(systemMessage))" }
    if let sql { text += "; in: \(sql)" }
    return text
  }
}
