/// One request as the HTTP library hands it over, before any decoding: the method, the path and
/// the query arguments exactly as the client sent them (percent escapes kept).
struct HTTPRequest: Sendable {
  /// `GET`, `HEAD`, `POST` …
  let method: String
  /// The path, from its leading slash to the `?`, percent escapes kept.
  let rawPath: String
  /// The query arguments in the order sent; a name sent without `=` has an empty value.
  let rawArguments: [(name: String, value: String)]
  /// Whether the request comes with a body (`Content-Length` or `Transfer-Encoding`), which the
  /// server never reads.
  let hasBody: Bool
  /// The `Last-Event-ID` header, which an EventSource sends when it reconnects to a stream.
  var lastEventID: String? = nil

  /// The length of the request target, near enough to bound it: path, names, values and the
  /// `?`, `=` and `&` between them.
  var targetLength: Int {
    rawArguments.reduce(rawPath.utf8.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 }
  }
}
