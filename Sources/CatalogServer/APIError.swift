import CatalogCollation
import CatalogStore

/// A request the server cannot answer with data: the HTTP status, and a message that names the
/// problem in the API's own terms (parameters, not command-line options).
struct APIError: Error, Equatable, Sendable {
  let status: Int
  let message: String

  init(status: Int, message: String) {
    self.status = status
    self.message = message
  }

  /// 400: a parameter or path the server cannot use as given.
  static func badRequest(_ message: String) -> APIError { APIError(status: 400, message: message) }

  /// 404: no such collection, column, page file or endpoint.
  static func notFound(_ message: String) -> APIError { APIError(status: 404, message: message) }

  /// 405: anything but GET and HEAD; the server is read-only.
  static func methodNotAllowed(_ method: String) -> APIError {
    APIError(status: 405, message: "the server is read-only: \(method) is not allowed, only GET")
  }

  /// 414: a request target longer than the server reads.
  static func targetTooLong(limit: Int) -> APIError {
    APIError(status: 414, message: "the request's path and query are longer than \(limit) bytes")
  }

  /// The status and message for what the catalog threw; `parameterName` turns the command-line
  /// option that the library names (`--group-by`) into the query parameter (`group_by`).
  init(_ error: CatalogError) {
    switch error {
    case .unknownCollection, .unknownSection, .unknownIndexTitle:
      self.init(status: 404, message: error.description)
    case .unknownColumn(let column, let option, let available):
      self.init(
        status: 404,
        message: "unknown column '\(column)' for \(Self.parameterName(option)); the columns are: "
          + available.joined(separator: ", "))
    case .collation, .invalidRequest:
      self.init(status: 400, message: error.description)
    case .busy:
      self.init(status: 503, message: error.description)
    default:
      self.init(status: 500, message: error.description)
    }
  }

  /// 400 for a locale that ICU does not know.
  init(_ error: CollationError) {
    self.init(status: 400, message: error.description)
  }

  private static func parameterName(_ option: String) -> String {
    String(option.drop { $0 == "-" }).replacingOccurrences(of: "-", with: "_")
  }
}
