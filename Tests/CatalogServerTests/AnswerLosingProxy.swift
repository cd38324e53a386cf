import Foundation

/// A proxy in front of a `catalog serve` that loses the answer to the first write it forwards:
/// the server carries the write out, and the client sees its connection close with no answer,
/// as when a network drops a response (DESIGN §16: such a write, sent again, is applied once).
final class AnswerLosingProxy: @unchecked Sendable {
  let port: UInt16
  private let target: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var lost = 0

  /// How many answers were lost.
  var lostAnswers: Int { lock.withLock { lost } }

  init(to target: UInt16) throws {
    self.target = target
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 16) == 0
          && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound else { throw RawHTTPClient.Failure(description: "proxy: \(errno)") }
    port = UInt16(bigEndian: address.sin_port)
    self.listener = listener
    Thread.detachNewThread { [self] in
      while true {
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        Thread.detachNewThread { [self] in serve(client) }
      }
    }
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    guard let server = try? RawHTTPClient.connect(port: target) else { return }
    defer { close(server) }
    while let request = Self.readMessage(client) {
      guard Self.write(request, to: server), let response = Self.readMessage(server) else {
        return
      }
      let isWrite =
        request.starts(with: Array("POST".utf8))
        || request.starts(with: Array("PATCH".utf8))
      let loses = lock.withLock {
        guard isWrite, lost == 0 else { return false }
        lost += 1
        return true
      }
      if loses {
        // Reset, as a dropped connection does: the client learns at once that no answer came.
        var linger = Foundation.linger(l_onoff: 1, l_linger: 0)
        setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        return
      }
      guard Self.write(response, to: client) else { return }
      // One exchange a connection, so that the lost answer is a fresh connection's, which a
      // client cannot take for a kept-alive one that timed out and send again by itself.
      return
    }
  }

  /// One HTTP message: its head and a body of `Content-Length` bytes.
  private static func readMessage(_ socket: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var headEnd: Int?
    var total = Int.max
    while bytes.count < total {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { return nil }
      bytes += buffer[0..<count]
      if headEnd == nil, let end = find(Array("\r\n\r\n".utf8), in: bytes) {
        headEnd = end + 4
        let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
          .flatMap {
            Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
          }
        total = end + 4 + (length ?? 0)
      }
    }
    return bytes
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for start in 0...(bytes.count - needle.count)
    where bytes[start..<start + needle.count].elementsEqual(needle) {
      return start
    }
    return nil
  }

  private static func write(_ bytes: [UInt8], to socket: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return false }
      sent += count
    }
    return true
  }
}
