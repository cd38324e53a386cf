import CatalogStore
import CatalogTokens

/// A write request sent with an `Idempotency-Key` (DESIGN §16): the key, whose it is (the token
/// that sent it), and what its digest is taken of. Carried out through
/// `Catalog.performOnce(_:fingerprint:_:)`, so that the write and its answer commit together, a
/// replay gets the first answer (with `Idempotency-Replayed: true`) and writes nothing, and the
/// key on another request is a 422.
struct IdempotentWrite: Sendable {
  let key: IdempotencyKey
  let method: String
  /// The path and query as sent.
  let target: String

  /// The longest key taken, in bytes.
  static let maximumKeyLength = 255

  /// The request's key, if it sent one, of the token that sent it.
  ///
  /// - Throws: `APIError` 400 for a key that is empty, longer than 255 bytes, or not printable
  ///   ASCII.
  init?(_ request: HTTPRequest, token: AccessToken?) throws(APIError) {
    guard let key = request[header: "idempotency-key"] else { return nil }
    guard !key.isEmpty, key.utf8.count <= Self.maximumKeyLength,
      key.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else {
      throw .badRequest(
        "the Idempotency-Key header must be 1 to \(Self.maximumKeyLength) printable ASCII "
          + "characters without spaces")
    }
    self.key = IdempotencyKey(scope: token?.name ?? "", key: key)
    method = request.method
    target =
      request.rawPath
      + (request.rawArguments.isEmpty
        ? "" : "?" + request.rawArguments.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))
  }

  /// The digest of this request with the body `body`.
  func digest(body: [UInt8]) throws(APIError) -> [UInt8] {
    try RequestDigest.of(method: method, target: target, body: body)
  }

  /// A digest of this request, to feed its body as it arrives.
  func startDigest() throws(APIError) -> RequestDigest {
    try RequestDigest(method: method, target: target)
  }

  /// `answer`, a write's response made inside the write, carried out on `catalog` once for this
  /// key (the request's digest is `fingerprint`); the first answer again for a replay.
  ///
  /// - Throws: `APIError` 422 when the key came with another request; what `answer` throws.
  func answer(
    on catalog: Catalog, fingerprint: () throws -> [UInt8], _ answer: () throws -> HTTPResponse
  ) throws -> HTTPResponse {
    let outcome = try catalog.performOnce(key, fingerprint: fingerprint) {
      try answer().recorded()
    }
    return try respond(to: outcome)
  }

  /// The answer to this request, whose digest is `fingerprint`, when its key has an answer kept
  /// already: that answer for the same request.
  ///
  /// - Throws: `APIError` 422 when the key came with another request; 409 when its answer was
  ///   pruned (kept a day) since the request's headers were read.
  func replay(with catalogs: CatalogPool, fingerprint: [UInt8]) throws(APIError) -> HTTPResponse {
    let outcome = try catalogs.reading { (catalog) throws(CatalogError) in
      try catalog.recordedOutcome(of: key, fingerprint: fingerprint)
    }
    guard let outcome else {
      throw APIError(
        status: 409,
        message: "the answer to the Idempotency-Key '\(key.key)' is no longer kept; send the "
          + "request again")
    }
    return try respond(to: outcome)
  }

  /// The answer to a request whose key's outcome is `outcome`.
  ///
  /// - Throws: `APIError` 422 for `.keyReused`.
  func respond(to outcome: IdempotentOutcome) throws(APIError) -> HTTPResponse {
    switch outcome {
    case .performed(let answer): return HTTPResponse(recorded: answer)
    case .replayed(let answer):
      var response = HTTPResponse(recorded: answer)
      response.headers.append(("Idempotency-Replayed", "true"))
      return response
    case .keyReused:
      throw .unprocessable(
        "the Idempotency-Key '\(key.key)' was sent before with another request (method, path "
          + "or body); a key names one request")
    }
  }
}

extension HTTPResponse {
  /// The JSON answer of a write as it was recorded.
  init(recorded: RecordedAnswer) {
    self = .json(recorded.body, status: recorded.status)
    headers += recorded.headers.map { ($0.name, $0.value) }
  }

  /// The answer as `Catalog.performOnce` keeps it: status, body and the headers that say what
  /// the write did.
  ///
  /// - Throws: `APIError` 500 for an answer that streams (no write's does).
  func recorded() throws(APIError) -> RecordedAnswer {
    guard case .bytes(let body) = body else {
      throw APIError(status: 500, message: "a write's answer cannot be kept")
    }
    return RecordedAnswer(
      status: status,
      headers: headers.filter { $0.name != "Cache-Control" }.map {
        RecordedAnswer.Header(name: $0.name, value: $0.value)
      },
      body: body)
  }
}
