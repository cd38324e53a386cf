/// One step of the catalog schema, compiled from `Migrations/NNNN_name.sql` into the binary.
public struct Migration: Sendable {
  /// The schema version the catalog has after this step; versions run 1, 2, 3… without gaps.
  public let version: Int
  /// The file name's part after the version, such as "initial".
  public let name: String
  /// The SQL script, run in one transaction.
  public let sql: String
}
