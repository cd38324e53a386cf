import CatalogStore

/// Why the server could not start.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The host is neither an address nor a name that resolves to one.
  case unknownHost(host: String, reason: String)
  /// The daemon could not listen on the address: the port is taken, the address is not this
  /// machine's, or the system refused.
  case cannotListen(address: String, reason: String)
  /// The catalog to serve could not be opened.
  case catalog(CatalogError)

  public var description: String {
    switch self {
    case .unknownHost(let host, let reason):
      return "cannot listen on '\(host)': \(reason)"
    case .cannotListen(let address, let reason):
      return "cannot listen on \(address): \(reason)"
    case .catalog(let error):
      return error.description
    }
  }
}
