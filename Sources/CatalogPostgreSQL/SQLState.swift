/// The SQLSTATEs this engine tells apart (PostgreSQL's "Error Codes" appendix), by their condition
/// names; every other state is a plain `CatalogError.database`.
enum SQLState {
  /// `unique_violation`.
  static let uniqueViolation = "23505"
  /// `read_only_sql_transaction`: the server is a standby, or its transactions are read-only by
  /// default.
  static let readOnlySQLTransaction = "25006"
  /// `serialization_failure`.
  static let serializationFailure = "40001"
  /// `deadlock_detected`.
  static let deadlockDetected = "40P01"
  /// `insufficient_privilege`.
  static let insufficientPrivilege = "42501"
  /// `disk_full`.
  static let diskFull = "53100"
  /// `lock_not_available`: a lock was not had within `lock_timeout`.
  static let lockNotAvailable = "55P03"
  /// `data_corrupted`.
  static let dataCorrupted = "XX001"
  /// `index_corrupted`.
  static let indexCorrupted = "XX002"
  /// The class `connection_exception`: every state that starts with it.
  static let connectionExceptionClass = "08"
  /// The states of `operator_intervention` that end the session (`admin_shutdown`,
  /// `crash_shutdown`, `cannot_connect_now`, `database_dropped`, `idle_session_timeout`): every
  /// state that starts with it.
  static let sessionEndedPrefix = "57P"
}
