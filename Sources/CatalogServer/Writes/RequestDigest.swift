internal import CCrypto

/// The SHA-256 of a request — its method, its target and its body — taken as the body arrives in
/// parts of any size: the body is hashed in blocks of 64 KiB, each block with the hash of what
/// came before it, so that the same request gives the same digest however it was cut, and a body
/// of 64 MiB needs no more memory than a block (`Idempotency-Key`, DESIGN §16).
struct RequestDigest {
  static let blockSize = 65_536
  private var chained: [UInt8]
  private var block: [UInt8] = []
  private var length = 0

  /// A digest of a request with this method and target (path and query, as sent), and a body to
  /// come.
  init(method: String, target: String) throws(APIError) {
    chained = try Self.sha256(Array("\(method) \(target)\n".utf8))
    block.reserveCapacity(Self.blockSize)
  }

  /// Adds the next part of the body.
  mutating func add(_ bytes: UnsafeRawBufferPointer) throws(APIError) {
    var rest = bytes[...]
    while !rest.isEmpty {
      let taken = rest.prefix(Self.blockSize - block.count)
      block.append(contentsOf: taken)
      rest = rest.dropFirst(taken.count)
      length += taken.count
      if block.count == Self.blockSize {
        chained = try Self.sha256(chained + block)
        block.removeAll(keepingCapacity: true)
      }
    }
  }

  /// The digest of the request with the body given so far.
  func finish() throws(APIError) -> [UInt8] {
    try Self.sha256(chained + block + Array(" \(length)".utf8))
  }

  /// The digest of a request whose whole body is `body`.
  static func of(method: String, target: String, body: [UInt8]) throws(APIError) -> [UInt8] {
    var digest = try RequestDigest(method: method, target: target)
    var failure: APIError?
    body.withUnsafeBytes { bytes in
      do throws(APIError) {
        try digest.add(bytes)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return try digest.finish()
  }

  private static func sha256(_ bytes: [UInt8]) throws(APIError) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var error: UnsafePointer<CChar>?
    let hashed = bytes.withUnsafeBytes { ccrypto_sha256($0.baseAddress, $0.count, &digest, &error) }
    guard hashed == 1 else {
      throw APIError(
        status: 500,
        message: "cannot hash the request: " + (error.map { String(cString: $0) } ?? "unknown"))
    }
    return digest
  }
}
