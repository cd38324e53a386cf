import CatalogCollation
import CatalogStore

/// A request the server cannot answer with data: the HTTP status, and a message that names the
/// problem in the API's own terms (parameters and fields, not command-line options).
struct APIError: Error, Equatable, Sendable {
  let status: Int
  let message: String
  /// The methods the resource has, for a 405's `Allow` header.
  var allowedMethods: [String] = []
  /// A word for programs beside the message (`{"error":…,"reason":…}`), where a client acts on
  /// which of several causes it was: a 410's.
  var reason: String?
  /// Headers the error answer carries besides the usual ones.
  var headers: [(name: String, value: String)] = []

  init(status: Int, message: String, allowedMethods: [String] = []) {
    self.status = status
    self.message = message
    self.allowedMethods = allowedMethods
  }

  static func == (left: APIError, right: APIError) -> Bool {
    left.status == right.status && left.message == right.message
      && left.allowedMethods == right.allowedMethods && left.reason == right.reason
  }

  /// 410: what a client asked for is no longer there to give (DESIGN §16: the changes after a
  /// version); `reason` says why, for the client to act on.
  static func gone(_ message: String, reason: String) -> APIError {
    var error = APIError(status: 410, message: message)
    error.reason = reason
    return error
  }

  /// 422: a request the server understood and will not carry out as sent (an `Idempotency-Key`
  /// used before with another request).
  static func unprocessable(_ message: String) -> APIError {
    APIError(status: 422, message: message)
  }

  /// 400: a parameter, path, header or body the server cannot use as given.
  static func badRequest(_ message: String) -> APIError { APIError(status: 400, message: message) }

  /// 401: no token where one is needed, or one the catalog does not know (never made, or
  /// revoked). The message never repeats what the client sent.
  static func unauthorized(_ message: String) -> APIError {
    APIError(status: 401, message: message)
  }

  /// 403: a token that may not do this, or not to this collection.
  static func forbidden(_ message: String) -> APIError { APIError(status: 403, message: message) }

  /// 404: no such collection, item, column, page file or endpoint.
  static func notFound(_ message: String) -> APIError { APIError(status: 404, message: message) }

  /// 405: a method the resource lacks; `allowed` are the ones it has.
  static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
    APIError(
      status: 405,
      message: "\(method) is not allowed here; the methods here are: "
        + allowed.joined(separator: ", "),
      allowedMethods: allowed)
  }

  /// 412: the item changed since the version the request's `If-Match` names.
  static func preconditionFailed(item: Int, version: Int) -> APIError {
    APIError(
      status: 412,
      message: "item \(item) was changed since: it is at version \(version) (its ETag is "
        + "\"\(version)\")")
  }

  /// 413: a body larger than the server takes.
  static func tooLarge(limit: Int, what: String) -> APIError {
    APIError(status: 413, message: "\(what) is larger than \(limit) bytes, as much as it may be")
  }

  /// 414: a request target longer than the server reads.
  static func targetTooLong(limit: Int) -> APIError {
    APIError(status: 414, message: "the request's path and query are longer than \(limit) bytes")
  }

  /// 415: a body of another media type than the resource takes.
  static func unsupportedMediaType(_ given: String?, expected: String) -> APIError {
    APIError(
      status: 415,
      message: given.map { "the body is \($0); send \(expected)" }
        ?? "the body has no Content-Type; send \(expected)")
  }

  /// The status and message for what the catalog threw, in the API's terms: a column's role and
  /// an operation that needs a key named by the parameters that ask for them (`group_by`,
  /// `mode=upsert`).
  init(_ error: CatalogError) {
    let message = Self.message(for: error)
    switch error {
    case .unknownCollection, .unknownSection, .unknownIndexTitle, .unknownItem, .unknownColumn:
      self.init(status: 404, message: message)
    case .collation, .invalidRequest:
      self.init(status: 400, message: message)
    case .readOnly:
      self.init(status: 403, message: message)
    case .busy, .connectionLost, .cannotOpen(_, .serverUnreachable, _):
      // The database is busy, or away (a PostgreSQL server restarting or failing over): the
      // request may go through when sent again.
      self.init(status: 503, message: message)
    default:
      self.init(status: 500, message: message)
    }
  }

  /// The status and message for what a write threw: a body that does not fit the collection
  /// (an unknown column, a blank or duplicate key, bad CSV) is a 400. An unknown column is named
  /// without a role, as the field of the body it is (the page reads the column from
  /// "unknown column 'NAME';" to mark that field).
  init(writing error: CatalogError) {
    switch error {
    case .unknownColumn:
      self.init(
        status: 400,
        message: error.description(role: { _ in nil }, operation: Self.parameter(for:)))
    case .csv(let csv):
      let place = csv.line > 0 ? "line \(csv.line), column \(csv.column): " : ""
      self.init(status: 400, message: "the CSV body is not valid: \(place)\(csv.message)")
    case .duplicateKey, .blankKey, .keyRequired, .settingsMismatch, .invalidCollectionName:
      self.init(status: 400, message: Self.message(for: error))
    case .readOnly(_, .standby, _):
      // 403 as for any read-only catalog, not 503: this server will not take the write however
      // often it is sent, until it is started with somewhere to send writes.
      self.init(
        status: 403,
        message: Self.message(for: error)
          + " (a server that reads a standby takes writes when started with --write-db naming "
          + "the primary)")
    default:
      self.init(error)
    }
  }

  /// 400 for a locale that ICU does not know.
  init(_ error: CollationError) {
    self.init(status: 400, message: error.description)
  }

  /// What `error` says, with roles and operations named by this API's parameters.
  private static func message(for error: CatalogError) -> String {
    error.description(role: parameter(for:), operation: parameter(for:))
  }

  /// The query parameter that names a column for `role`, where the API has one.
  private static func parameter(for role: CatalogError.ColumnRole) -> String? {
    switch role {
    case .groupBy: return "group_by"
    case .indexBy: return "index_by"
    case .title: return "title"
    case .key: return "key"
    case .sortAs, .addedField, .updatedField, .upsertedField: return nil
    }
  }

  /// The parameter that asks for `operation`, where one does: an upload's mode.
  private static func parameter(for operation: CatalogError.KeyedOperation) -> String {
    switch operation {
    case .upsertImport: return "mode=upsert"
    case .syncImport: return "mode=sync"
    case .itemByKey, .upsert, .mirrorAdd: return operation.description
    }
  }
}
