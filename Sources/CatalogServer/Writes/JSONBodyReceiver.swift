/// Keeps a JSON body as it arrives (the daemon holds it to its limit, `ServerLimits.bodyBytes`)
/// and, once it is in, parses it (`FieldsBody`) and answers with `respond`.
final class JSONBodyReceiver: BodyReceiver {
  private var bytes: [UInt8] = []
  private let respond: (FieldsBody, [UInt8]) throws(APIError) -> HTTPResponse
  private let finishing: (HTTPResponse) -> HTTPResponse

  /// - Parameters:
  ///   - respond: the answer to the parsed body.
  ///   - finishing: what every answer goes through last (the cross-origin headers).
  init(
    respond: @escaping (FieldsBody, [UInt8]) throws(APIError) -> HTTPResponse,
    finishing: @escaping (HTTPResponse) -> HTTPResponse
  ) {
    self.respond = respond
    self.finishing = finishing
  }

  func receive(_ part: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: part)
  }

  func finish() -> HTTPResponse {
    do {
      return finishing(try respond(try FieldsBody(parsing: bytes), bytes))
    } catch {
      return finishing(.error(error))
    }
  }

  func abandon() {
    bytes = []
  }
}
