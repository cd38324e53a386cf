/// What the server does with a request once its headers are in.
enum RequestHandling {
  /// Answer with this: at once, for a request whose body is not wanted (it is then not read, and
  /// the connection is closed after the answer), or once the request is in.
  case respond(HTTPResponse)
  /// Read the body, at most `limit` bytes of it, into `receiver`, which answers once it is in;
  /// a larger body gets `tooLarge`.
  case receive(any BodyReceiver, limit: Int, tooLarge: HTTPResponse)
}

/// Takes a request's body as it arrives, part by part, on the connection's thread, and answers
/// the request once it is in: a JSON body it parses, a CSV one it imports as it comes.
protocol BodyReceiver: AnyObject {
  /// The next part of the body; it is valid during the call only.
  func receive(_ bytes: UnsafeRawBufferPointer)
  /// The body is in: the answer.
  func finish() -> HTTPResponse
  /// The body will not be wanted: it was larger than its limit, or the client went away before
  /// it ended. Nothing of it is kept; `finish` is not called.
  func abandon()
}
