import Foundation

/// A client of one Server-Sent Events response over a plain socket, reading it as it comes:
/// the status and headers, then the chunked body decoded and cut into events, by the rules of
/// the HTML standard's `text/event-stream` (fields `id`, `event`, `data`; `:` comments).
final class EventStreamClient {
  /// One event as an EventSource would dispatch it, and the exact text it came in.
  struct Event: Equatable, CustomStringConvertible {
    var id: String?
    /// The `event` field; nil for a plain message.
    var type: String?
    var data: String
    /// The block of lines, with the blank line that ends it.
    var text: String

    var description: String { text }
  }

  let status: Int
  /// Header names in lowercase.
  let headers: [String: String]
  private let socket: Int32
  /// Bytes read and not yet decoded from their chunks.
  private var undecoded: [UInt8] = []
  /// The body decoded so far and not yet cut into events.
  private var body: [UInt8] = []
  private(set) var comments: [String] = []
  /// Whether the body ended with its last chunk.
  private(set) var hasEnded = false
  /// Whether the server closed the connection.
  private(set) var isClosed = false

  /// Sends `GET target` (with `Last-Event-ID` when given, and a token's secret as a page's
  /// streaming `fetch` sends it) and reads the status and headers.
  init(port: UInt16, target: String, lastEventID: String? = nil, token: String? = nil) throws {
    let socket = try RawHTTPClient.connect(port: port)
    self.socket = socket
    let resume = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
    let authorization = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
    let request =
      "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\(resume)"
      + "\(authorization)\r\n"
    _ = Array(request.utf8).withUnsafeBytes {
      send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    let head: (status: Int, headers: [String: String], rest: [UInt8])
    do {
      head = try Self.readHead(from: socket)
    } catch {
      Foundation.close(socket)
      throw error
    }
    status = head.status
    headers = head.headers
    undecoded = head.rest
    decodeChunks()
  }

  /// Reads the status line and headers, and what came after them in the same reads.
  private static func readHead(from socket: Int32) throws -> (
    status: Int, headers: [String: String], rest: [UInt8]
  ) {
    var received: [UInt8] = []
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var buffer = [UInt8](repeating: 0, count: 65536)
    while received.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { throw RawHTTPClient.Failure(description: "no response headers") }
      received += buffer[0..<count]
    }
    let end = received.firstRange(of: Array("\r\n\r\n".utf8))!
    let (status, headers) = try RawHTTPClient.head(
      Substring(String(decoding: received[..<end.lowerBound], as: UTF8.self)))
    return (status, headers, Array(received[end.upperBound...]))
  }

  deinit { Foundation.close(socket) }

  /// Hangs up, as a browser does when its page goes away.
  func close() { shutdown(socket, Int32(SHUT_RDWR)) }

  /// The body of a response that is not a stream (an error), read to its length.
  func wholeBody() throws -> String {
    let length = Int(headers["content-length"] ?? "") ?? 0
    let deadline = ContinuousClock.now + .seconds(10)
    while undecoded.count < length, try receive(until: deadline) {}
    return String(decoding: undecoded.prefix(length), as: UTF8.self)
  }

  /// The next `count` events, waiting up to `timeout` for them; fewer when the stream ends or
  /// the time is up.
  func events(_ count: Int, within timeout: Duration = .seconds(10)) throws -> [Event] {
    let deadline = ContinuousClock.now + timeout
    var events: [Event] = []
    while events.count < count {
      if let event = takeEvent() {
        events.append(event)
        continue
      }
      guard !hasEnded, try receive(until: deadline) else { break }
    }
    return events
  }

  /// The next `count` plain messages (change sets), skipping the other events.
  func messages(_ count: Int, within timeout: Duration = .seconds(10)) throws -> [Event] {
    let deadline = ContinuousClock.now + timeout
    var messages: [Event] = []
    while messages.count < count, ContinuousClock.now < deadline {
      let next = try events(1, within: deadline - ContinuousClock.now)
      guard let event = next.first else { break }
      if event.type == nil { messages.append(event) }
    }
    return messages
  }

  /// Reads until the body ends or the server closes the connection, for at most `timeout`;
  /// returns the events that came meanwhile.
  func readToEnd(within timeout: Duration) throws -> [Event] {
    let deadline = ContinuousClock.now + timeout
    var events: [Event] = []
    while true {
      while let event = takeEvent() { events.append(event) }
      guard !hasEnded, try receive(until: deadline) else { return events }
    }
  }

  /// Waits up to `timeout` for the server to close the connection; says whether it did.
  func waitUntilClosed(within timeout: Duration) throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while try receive(until: deadline) {}
    return isClosed
  }

  /// Reads what comes before `deadline` and decodes its chunks; false when nothing more will
  /// come (the server closed the connection, or the time is up).
  private func receive(until deadline: ContinuousClock.Instant) throws -> Bool {
    let left = deadline - ContinuousClock.now
    guard left > .zero, !isClosed else { return false }
    var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(left.components.seconds * 1000) + 1
    guard poll(&entry, 1, milliseconds) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = recv(socket, &buffer, buffer.count, 0)
    guard count > 0 else {
      isClosed = true
      return false
    }
    undecoded += buffer[0..<count]
    decodeChunks()
    return true
  }

  /// Moves the complete chunks of `undecoded` into `body`.
  private func decodeChunks() {
    guard headers["transfer-encoding"] == "chunked" else { return }
    while !hasEnded, let lineEnd = undecoded.firstRange(of: Array("\r\n".utf8)) {
      let sizeText = String(decoding: undecoded[..<lineEnd.lowerBound], as: UTF8.self)
      guard let size = Int(sizeText, radix: 16) else { return }
      let dataEnd = lineEnd.upperBound + size
      guard undecoded.count >= dataEnd + 2 else { return }
      body += undecoded[lineEnd.upperBound..<dataEnd]
      undecoded.removeSubrange(..<(dataEnd + 2))
      if size == 0 { hasEnded = true }
    }
  }

  /// The first complete event of the body, taken out of it; comments on the way are kept in
  /// `comments`, and blocks of nothing but comments or `retry` are skipped.
  private func takeEvent() -> Event? {
    while let end = body.firstRange(of: Array("\n\n".utf8)) {
      let text = String(decoding: body[..<end.upperBound], as: UTF8.self)
      body.removeSubrange(..<end.upperBound)
      var event = Event(id: nil, type: nil, data: "", text: text)
      var hasData = false
      for line in text.dropLast(2).split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix(":") {
          comments.append(String(line.dropFirst()).trimmingCharacters(in: .whitespaces))
          continue
        }
        let field = line.prefix { $0 != ":" }
        var value = line.dropFirst(field.count + 1)
        if value.hasPrefix(" ") { value = value.dropFirst() }
        switch field {
        case "id": event.id = String(value)
        case "event": event.type = String(value)
        case "data":
          event.data += (hasData ? "\n" : "") + value
          hasData = true
        default: break
        }
      }
      if hasData { return event }
    }
    return nil
  }
}
