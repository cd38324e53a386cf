import Foundation

/// An IPv4 or IPv6 address and port to listen on, resolved from a host name or address.
struct SocketAddress: CustomStringConvertible {
  private var storage = sockaddr_storage()
  /// Whether it is an IPv6 address.
  let isIPv6: Bool
  let host: String
  let port: UInt16

  /// Resolves `host` (`127.0.0.1`, `::1`, `localhost`) to its first address.
  ///
  /// - Throws: `ServerError.unknownHost` when the host resolves to no IPv4 or IPv6 address.
  init(host: String, port: UInt16) throws(ServerError) {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_family = AF_UNSPEC
    var results: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, nil, &hints, &results)
    defer { if results != nil { freeaddrinfo(results) } }
    guard status == 0, let first = results?.pointee, let address = first.ai_addr else {
      let reason = status == 0 ? "no address" : String(cString: gai_strerror(status))
      throw .unknownHost(host: host, reason: reason)
    }
    self.host = host
    self.port = port
    isIPv6 = first.ai_family == AF_INET6
    withUnsafeMutableBytes(of: &storage) { target in
      target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(first.ai_addrlen)))
    }
    withUnsafeMutableBytes(of: &storage) { target in
      if isIPv6 {
        target.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_port =
          port.bigEndian
      } else {
        target.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_port =
          port.bigEndian
      }
    }
  }

  /// Whether the address is this machine's loopback (`127.0.0.0/8`, `::1`, or `127.x.y.z` mapped
  /// into IPv6), which no other machine can reach.
  var isLoopback: Bool {
    withUnsafeBytes(of: storage) { raw in
      if isIPv6 {
        let bytes = withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
        let isMapped =
          bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        return bytes == Array(repeating: 0, count: 15) + [1] || (isMapped && bytes[12] == 127)
      }
      return UInt32(bigEndian: raw.load(as: sockaddr_in.self).sin_addr.s_addr) >> 24 == 127
    }
  }

  /// Calls `body` with the address as a `struct sockaddr *`.
  func withSocketAddress<T>(_ body: (UnsafeMutableRawPointer) -> T) -> T {
    var copy = storage
    return withUnsafeMutableBytes(of: &copy) { body($0.baseAddress!) }
  }

  var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
