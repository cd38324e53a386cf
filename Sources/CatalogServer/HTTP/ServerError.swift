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
  /// Reads would be open to anyone (`AccessPolicy.Reads.openOnLoopback`) on an address that is
  /// not this machine's loopback, which other machines may reach.
  case openReadsOffLoopback(address: String)

  public var description: String {
    switch self {
    case .unknownHost(let host, let reason):
      return "cannot listen on '\(host)': \(reason)"
    case .cannotListen(let address, let reason):
      return "cannot listen on \(address): \(reason)"
    case .catalog(let error):
      return error.description
    case .openReadsOffLoopback(let address):
      return "\(address) is not a loopback address, and anyone who reaches it could read the "
        + "catalog: require a token to read, or say that reads are public"
    }
  }
}
