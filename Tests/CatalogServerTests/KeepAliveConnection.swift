import Foundation

/// One HTTP/1.1 connection to the server that stays open from request to request, as a client
/// with keep-alive keeps it: each request is sent whole, and its answer read to its
/// `Content-Length`.
final class KeepAliveConnection {
  private let socket: Int32
  /// Bytes read past the last answer.
  private var pending: [UInt8] = []

  init(port: UInt16) throws {
    socket = try RawHTTPClient.connect(port: port)
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(socket) }

  /// Sends `method target` with `headers` and `body` (with its `Content-Length`), and reads the
  /// answer.
  func send(
    _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []
  ) throws -> RawHTTPClient.Response {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) {
      head += "Content-Length: \(body.count)\r\n"
    }
    let request = Array((head + "\r\n").utf8) + body
    var offset = 0
    while offset < request.count {
      let sent = request[offset...].withUnsafeBytes {
        Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw RawHTTPClient.Failure(description: "send: \(errno)") }
      offset += sent
    }
    return try readResponse()
  }

  /// Reads one answer: its head, then its body to its `Content-Length`.
  private func readResponse() throws -> RawHTTPClient.Response {
    let separator = Array("\r\n\r\n".utf8)
    while pending.firstRange(of: separator) == nil { try receive() }
    let end = pending.firstRange(of: separator)!
    let (status, headers) = try RawHTTPClient.head(
      Substring(String(decoding: pending[..<end.lowerBound], as: UTF8.self)))
    pending.removeSubrange(..<end.upperBound)
    let length = Int(headers["content-length"] ?? "0") ?? 0
    while pending.count < length { try receive() }
    let body = String(decoding: pending[..<length], as: UTF8.self)
    pending.removeSubrange(..<length)
    return RawHTTPClient.Response(status: status, headers: headers, body: body)
  }

  private func receive() throws {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = recv(socket, &buffer, buffer.count, 0)
    guard count > 0 else {
      throw RawHTTPClient.Failure(description: "the server closed the connection")
    }
    pending += buffer[0..<count]
  }
}
