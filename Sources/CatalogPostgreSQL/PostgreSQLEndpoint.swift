internal import CLibPQ
import CatalogStore

/// Where a connection goes — host (or socket directory), port, database and user, as libpq
/// resolved them from the URI and its defaults — and how a failed connection reads.
struct PostgreSQLEndpoint: Sendable {
  let host: String
  let port: String
  let database: String
  let user: String
  /// The catalog's URI with its password masked.
  let location: String

  init(handle: OpaquePointer, uri: PostgreSQLURI) {
    func text(_ value: UnsafeMutablePointer<CChar>?) -> String {
      value.map { String(cString: $0) } ?? ""
    }
    host = text(pq.host(handle))
    port = text(pq.port(handle))
    database = text(pq.db(handle))
    user = text(pq.user(handle))
    location = uri.description
  }

  /// The server as messages name it: `db.example:5432` or `/run/postgresql:5432`.
  var address: String { "\(host):\(port)" }

  /// The error for a connection that could not be made, from libpq's message (a failed
  /// connection has no SQLSTATE in libpq).
  func connectionError(message: String) -> CatalogError {
    let failure = PostgreSQLFailure(sqlState: "", message: message).databaseFailure
    let problem: CatalogError.OpenProblem
    if message.contains("does not exist") && message.contains("database") {
      problem = .missingDatabase(database, server: address)
    } else if message.contains("authentication failed") || message.contains("no pg_hba.conf")
      || (message.contains("role") && message.contains("does not exist"))
    {
      problem = .loginRefused(user: user, server: address)
    } else {
      problem = .serverUnreachable(server: address, reason: Self.reason(of: message))
    }
    return .cannotOpen(path: location, problem: problem, failure: failure)
  }

  /// The part of libpq's connection message that says why: what follows "failed: " on its
  /// first line ("Connection refused", "No such file or directory"), without the address it
  /// repeats.
  private static func reason(of message: String) -> String {
    let line = message.split(separator: "\n").first.map(String.init) ?? message
    guard let failed = line.range(of: "failed: ", options: .backwards) else { return line }
    let reason = line[failed.upperBound...].trimmingCharacters(in: .whitespaces)
    return reason.isEmpty ? line : reason
  }
}
