import CatalogStore

/// Takes the body of a write request whose `Idempotency-Key` has an answer kept already: it
/// writes nothing, only hashes the body as it arrives, and answers with the first answer when
/// the request is the same (method, target and body), else with a 422.
final class ReplayReceiver: BodyReceiver {
  private let write: IdempotentWrite
  private let catalogs: CatalogPool
  private var digest: RequestDigest
  private var failure: APIError?
  private let finishing: (HTTPResponse) -> HTTPResponse

  /// - Parameter finishing: what the answer goes through last (the cross-origin headers).
  init(
    _ write: IdempotentWrite, catalogs: CatalogPool,
    finishing: @escaping (HTTPResponse) -> HTTPResponse
  ) throws(APIError) {
    self.write = write
    self.catalogs = catalogs
    self.finishing = finishing
    digest = try write.startDigest()
  }

  func receive(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    do throws(APIError) {
      try digest.add(bytes)
    } catch {
      failure = error
    }
  }

  func finish() -> HTTPResponse {
    do throws(APIError) {
      if let failure { throw failure }
      let fingerprint = try digest.finish()
      let outcome = try catalogs.reading { catalog throws(CatalogError) in
        try catalog.recordedOutcome(of: write.key, fingerprint: fingerprint)
      }
      guard let outcome else {
        // Its answer was pruned (kept a day) between the headers and the end of the body.
        throw APIError(
          status: 409,
          message: "the answer to the Idempotency-Key '\(write.key.key)' is no longer kept; "
            + "send the request again")
      }
      return finishing(try write.respond(to: outcome))
    } catch {
      return finishing(.error(error))
    }
  }

  func abandon() {}
}
