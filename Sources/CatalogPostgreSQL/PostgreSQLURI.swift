import CatalogStore
import Foundation

/// A PostgreSQL connection URI as `--db`, `$CATALOG_DB` or a program gives it
/// (`postgresql://app@db.example/places?schema=shop`), taken apart into what libpq is given and
/// what the catalog keeps for itself (DESIGN §14).
///
/// The `schema` parameter names the schema that holds the catalog (`catalog` by default); it is
/// taken out before libpq sees the URI, which would refuse a parameter it does not know. The
/// password, if the URI has one, never appears in `description`.
package struct PostgreSQLURI: Sendable, Equatable, CustomStringConvertible {
  /// The URI without the `schema` parameter, for libpq.
  package let connectionURI: String
  /// The schema that holds the catalog.
  package let schema: String
  /// The URI as given, its password (in the user part or a `password` parameter) replaced by
  /// `***`: what messages name the catalog by.
  package let description: String

  /// The schema a catalog is kept in when the URI names none.
  static let defaultSchema = "catalog"

  /// Whether `text` is a PostgreSQL URI rather than an SQLite path.
  package static func isURI(_ text: String) -> Bool {
    text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
  }

  /// Takes `text` apart.
  ///
  /// - Throws: `CatalogError.invalidRequest` for a URI with an empty or repeated `schema`, or one
  ///   that is not a PostgreSQL URI.
  package init(_ text: String) throws(CatalogError) {
    guard Self.isURI(text) else {
      throw .invalidRequest("'\(text)' is not a PostgreSQL URI (postgresql://…)")
    }
    let schemeEnd = text.range(of: "://")!.upperBound
    let scheme = String(text[..<schemeEnd])
    var rest = String(text[schemeEnd...])
    var query: [Substring] = []
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...].split(
        separator: "&", omittingEmptySubsequences: true)
      rest = String(rest[..<mark])
    }
    var schema: String?
    var kept: [Substring] = []
    for parameter in query {
      let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts[0] == "schema" else {
        kept.append(parameter)
        continue
      }
      guard schema == nil else { throw .invalidRequest("the URI names its schema twice") }
      let value = parts.count == 2 ? (String(parts[1]).removingPercentEncoding ?? "") : ""
      guard !value.isEmpty else { throw .invalidRequest("the URI's schema is empty") }
      schema = value
    }
    self.schema = schema ?? Self.defaultSchema
    connectionURI = scheme + rest + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    let shownQuery = query.map { $0.hasPrefix("password=") ? "password=***" : String($0) }
    description =
      scheme + Self.maskingPassword(in: rest)
      + (shownQuery.isEmpty ? "" : "?" + shownQuery.joined(separator: "&"))
  }

  /// The authority and path with the password of `user:password@host` replaced by `***`.
  private static func maskingPassword(in text: String) -> String {
    let authorityEnd = text.firstIndex(of: "/") ?? text.endIndex
    guard let at = text[..<authorityEnd].lastIndex(of: "@"),
      let colon = text[..<at].firstIndex(of: ":")
    else { return text }
    return String(text[...colon]) + "***" + String(text[at...])
  }
}
