import Foundation

/// A client of a `catalog serve` change stream (`/api/collections/NAME/changes`) over a plain
/// socket, that reads it line by line until the change set of a version arrives.
final class ChangeStreamReader {
  private let socket: Int32
  private var buffered: [UInt8] = []

  init(port: UInt16, collection: String) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    let request =
      "GET /api/collections/\(collection)/changes HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      + "Accept: text/event-stream\r\n\r\n"
    _ = Array(request.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
  }

  deinit { close(socket) }

  /// Reads until the stream's first `version` event, which says from which version on it sends
  /// change sets: a write committed before the server has begun the stream is not in it.
  func waitForStart() throws {
    try readLines { $0.elementsEqual("event: version".utf8) }
  }

  /// Reads until a `data:` line of the change set of `version` has arrived.
  func waitForEvent(version: Int) throws {
    let marker = Array("\"version\":\(version),".utf8)
    try readLines { $0.starts(with: Array("data: {".utf8)) && $0.firstRange(of: marker) != nil }
  }

  /// Reads lines until one for which `isWanted` is true.
  private func readLines(until isWanted: (ArraySlice<UInt8>) -> Bool) throws {
    while true {
      while let newline = buffered.firstIndex(of: 10) {
        let line = buffered[..<newline]
        buffered.removeSubrange(...newline)
        if isWanted(line) { return }
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = recv(socket, &chunk, chunk.count, 0)
      guard count > 0 else { throw POSIXError(.ECONNRESET) }
      buffered += chunk[..<count]
    }
  }
}
