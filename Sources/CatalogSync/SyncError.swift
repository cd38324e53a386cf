import CatalogStore

/// Why a mirror or a sync stopped (DESIGN §16), with what it was about.
public enum SyncError: Error, Equatable, CustomStringConvertible {
  /// The address is not a collection of a `catalog serve`, or carries a token.
  case badURL(String, reason: String)
  /// The server refused the token (401): none was given where one is needed, or it is revoked.
  case tokenRefused(url: String)
  /// The server could not be reached, or kept answering 503 or 5xx, until the sync gave up.
  case unreachable(url: String, reason: String)
  /// The server answered what a mirror cannot go on from (its status and error).
  case unexpectedAnswer(url: String, status: Int, error: String)
  /// The local collection mirrors no server collection.
  case notAMirror(collection: String)
  /// No conflict is kept on that item.
  case noConflict(item: String, collection: String)
  /// The local catalog failed.
  case catalog(CatalogError)

  public var description: String {
    switch self {
    case .badURL(let url, let reason):
      return "'\(url)' is not a collection's address on a catalog server: \(reason)"
    case .tokenRefused(let url):
      return "the server refused the token (401) at \(url): give one that may read (and write) "
        + "the collection in $CATALOG_TOKEN or --token-file"
    case .unreachable(let url, let reason):
      return "cannot reach \(url): \(reason); the local writes stay queued"
    case .unexpectedAnswer(let url, let status, let error):
      return "the server answered \(status) at \(url): \(error)"
    case .notAMirror(let collection):
      return "'\(collection)' mirrors no server collection (make one with `catalog mirror URL`)"
    case .noConflict(let item, let collection):
      return "no conflict is kept on item \(item) of '\(collection)'"
    case .catalog(let error):
      return error.description
    }
  }
}
