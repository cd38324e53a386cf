import Foundation

/// An HTTP/1.1 client over a plain socket that sends request targets byte for byte, as a hostile
/// client would (`..`, bad escapes, huge lines), which URLSession would clean up first.
enum RawHTTPClient {
  struct Response {
    let status: Int
    /// Header names in lowercase.
    let headers: [String: String]
    let body: String
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// A connected socket to `127.0.0.1:port`; the caller closes it.
  static func connect(port: UInt16) throws -> Int32 {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      close(socket)
      throw Failure(description: "connect: \(errno)")
    }
    return socket
  }

  /// Sends `request` as it is and reads the response until the server closes the connection.
  static func exchange(_ request: String, port: UInt16) throws -> Response {
    let socket = try connect(port: port)
    defer { close(socket) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(
      socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    // A server may answer and close before it has read a long request: a failed send is fine,
    // the answer is what counts.
    _ = Array(request.utf8).withUnsafeBytes {
      send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[0..<count]
    }
    return try parse(received)
  }

  /// `GET target` with `Connection: close`.
  static func get(_ target: String, port: UInt16, method: String = "GET", extraHeaders: String = "")
    throws -> Response
  {
    try exchange(
      "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(extraHeaders)\r\n",
      port: port)
  }

  private static func parse(_ bytes: [UInt8]) throws -> Response {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n") else {
      throw Failure(description: "no complete response in \(bytes.count) bytes: \(text)")
    }
    let (status, headers) = try head(text[..<end.lowerBound])
    return Response(status: status, headers: headers, body: String(text[end.upperBound...]))
  }

  /// The status and headers (names in lowercase) of a response's status line and header lines,
  /// without the blank line after them.
  static func head(_ text: Substring) throws -> (status: Int, headers: [String: String]) {
    let lines = text.components(separatedBy: "\r\n")
    let statusParts = lines[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line: \(lines[0])")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
  }
}

/// `text` as a JSON string literal, quotes included, as the server spells it in its answers.
func jsonQuoted(_ text: String) -> String {
  let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
  return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
}
