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
      return finishing(try write.replay(with: catalogs, fingerprint: try digest.finish()))
    } catch {
      return finishing(.error(error))
    }
  }

  func abandon() {}
}
