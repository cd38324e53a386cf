internal import CMicroHTTPD
import Foundation

/// A libmicrohttpd daemon listening on one address, answering every request with `handler` on the
/// request's own connection thread; stopped, and its threads joined, when the value goes away.
///
/// Each connection gets a thread of its own (`MHD_USE_THREAD_PER_CONNECTION`), so a handler may
/// block on SQLite. The daemon accepts at most `limits.connections` connections at once (more are
/// refused at once) and closes a connection idle for `limits.idleSeconds`, so many slow or idle
/// clients cannot keep others out for longer than that.
///
/// The handler sees each request once its headers are in, and says what to do with it
/// (`RequestHandling`): answer, or read the body into a `BodyReceiver` that answers once it is
/// in. A body is handed over part by part as it arrives and counted: once it is over its limit
/// (known from `Content-Length` before any of it is read, which gets the answer at once, or
/// while a chunked body arrives) none of it is handed over any more, the receiver abandons it,
/// and the rest is read and thrown away (up to `limits.discardedBytes`, beyond which the
/// connection is closed) so that the client gets the 413 once it has sent it: libmicrohttpd
/// queues no answer while a body is being read.
///
/// A streamed body (`HTTPResponse.Body.stream`) is a callback response: libmicrohttpd asks the
/// `ResponseStream` for more on the connection's thread, which the stream may block. While it
/// blocks, libmicrohttpd neither sends nor reads nor checks the idle time, and when it comes
/// back after more than the idle time with nothing sent meanwhile, the connection is closed; a
/// client that stops reading is closed once its socket buffer is full and the idle time passes.
/// So a stream comes back within the idle time, watches the socket while it waits (a client
/// that hangs up, or `MHD_stop_daemon` shutting the sockets down, ends it at once), and ends
/// by itself after a while. When the connection's thread ends, ITC lets the listening thread
/// count its place free at once.
final class HTTPDaemon {
  /// The port the daemon listens on, the one the system chose when asked for port 0.
  let port: UInt16
  private let daemon: OpaquePointer
  private let context: Unmanaged<HandlerBox>

  /// Starts listening on `address`.
  ///
  /// - Throws: `ServerError.cannotListen` when the daemon cannot start (the port is in use, the
  ///   address is not this machine's).
  init(
    address: SocketAddress, limits: ServerLimits,
    handler: @escaping @Sendable (HTTPRequest) -> RequestHandling
  ) throws(ServerError) {
    let context = Unmanaged.passRetained(
      HandlerBox(handler, discardedBytes: limits.discardedBytes))
    // ITC: a connection thread that ends wakes the listening thread, which then counts the
    // connection as gone at once instead of when the next client comes.
    var flags =
      MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
      | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
    if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
    let keepEscapes:
      @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?
      ) -> Int = { _, _, text in text.map { strlen($0) } ?? 0 }
    errno = 0
    let started = address.withSocketAddress { socketAddress in
      var options = [
        MHD_OptionItem(option: MHD_OPTION.SOCK_ADDR, value: 0, ptr_value: socketAddress),
        MHD_OptionItem(
          option: MHD_OPTION.CONNECTION_LIMIT, value: limits.connections, ptr_value: nil),
        MHD_OptionItem(
          option: MHD_OPTION.CONNECTION_TIMEOUT, value: limits.idleSeconds, ptr_value: nil),
        MHD_OptionItem(
          option: MHD_OPTION.CONNECTION_MEMORY_LIMIT, value: limits.connectionMemory,
          ptr_value: nil),
        // Request targets reach the handler exactly as sent, so that an escaped slash in a
        // collection's name stays part of the name; the router decodes each part itself.
        MHD_OptionItem(
          option: MHD_OPTION.UNESCAPE_CALLBACK, value: unsafeBitCast(keepEscapes, to: Int.self),
          ptr_value: nil),
        MHD_OptionItem(
          option: MHD_OPTION.NOTIFY_COMPLETED,
          value: unsafeBitCast(Self.requestCompleted, to: Int.self), ptr_value: nil),
        MHD_OptionItem(option: MHD_OPTION.END, value: 0, ptr_value: nil),
      ]
      return catalog_mhd_start_daemon(
        UInt32(flags), Self.accessHandler, context.toOpaque(), &options)
    }
    guard let started else {
      context.release()
      let reason = errno == 0 ? "libmicrohttpd could not start" : String(cString: strerror(errno))
      throw .cannotListen(address: address.description, reason: reason)
    }
    daemon = started
    self.context = context
    port = catalog_mhd_bound_port(started)
  }

  deinit {
    MHD_stop_daemon(daemon)
    context.release()
  }

  /// Holds the handler for the C callbacks, which reach it through their context pointer.
  private final class HandlerBox {
    let handler: @Sendable (HTTPRequest) -> RequestHandling
    let discardedBytes: Int

    init(_ handler: @escaping @Sendable (HTTPRequest) -> RequestHandling, discardedBytes: Int) {
      self.handler = handler
      self.discardedBytes = discardedBytes
    }
  }

  /// Called by libmicrohttpd once the request's headers are in, again for each part of a body,
  /// and once more when the request is complete. The handler decides on the first call; an
  /// answer to a request without a body is queued on the last, which keeps the connection open
  /// for the next request, and one to a request whose body is not wanted at once, so that the
  /// body is never read (the library then discards it and closes the connection).
  private static let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadSize, requestState in
    guard let context, let connection, let url, let method, let uploadSize, let requestState
    else { return .NO }
    if let existing = requestState.pointee {
      let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
      if uploadSize.pointee > 0 {
        let bytes = UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)
        uploadSize.pointee = 0
        return state.reception?.take(bytes) ?? true ? .YES : .NO
      }
      guard let response = state.reception?.finish() ?? state.answer else { return .NO }
      state.reception = nil
      return queue(response, on: connection)
    }
    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
    let request = HTTPRequest(
      method: String(cString: method), rawPath: String(cString: url),
      rawArguments: values(of: connection, kind: MHD_ValueKind.GET_ARGUMENT_KIND),
      headers: headers(of: connection))
    let state = RequestState()
    requestState.pointee = Unmanaged.passRetained(state).toOpaque()
    switch box.handler(request) {
    case .respond(let response):
      if request.hasBody { return queue(response, on: connection) }
      state.answer = response
    case .receive(let receiver, let limit, let tooLarge):
      state.reception = BodyReception(
        receiver: receiver, limit: limit, tooLarge: tooLarge, discardedBytes: box.discardedBytes)
    }
    return .YES
  }

  /// Called by libmicrohttpd when a request is done with, answered or not: a body still being
  /// received is abandoned (the client went away, or the connection timed out).
  private static let requestCompleted: MHD_RequestCompletedCallback = {
    _, _, requestState, _ in
    guard let requestState, let pointer = requestState.pointee else { return }
    requestState.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(pointer).takeRetainedValue()
    state.reception?.abandon()
    state.reception = nil
  }

  /// The headers of a request by lowercase name, values sent under one name joined by `, `.
  private static func headers(of connection: OpaquePointer) -> [String: String] {
    var headers: [String: String] = [:]
    for (name, value) in values(of: connection, kind: MHD_ValueKind.HEADER_KIND) {
      let key = name.lowercased()
      headers[key] = headers[key].map { $0 + ", " + value } ?? value
    }
    return headers
  }

  private static func values(of connection: OpaquePointer, kind: MHD_ValueKind) -> [(
    name: String, value: String
  )] {
    final class Collector { var values: [(name: String, value: String)] = [] }
    let collector = Collector()
    let iterator: MHD_KeyValueIterator = { context, _, key, value in
      guard let context, let key else { return .YES }
      Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().values.append(
        (String(cString: key), value.map { String(cString: $0) } ?? ""))
      return .YES
    }
    withExtendedLifetime(collector) {
      _ = MHD_get_connection_values(
        connection, kind, iterator, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.values
  }

  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let handle: ResponseHandle?
    switch response.body {
    case .bytes(let bytes):
      handle = ResponseHandle(copying: bytes)
    case .stream(let stream):
      handle = ResponseHandle(
        streaming: stream,
        to: ClientSocket(descriptor: catalog_mhd_connection_socket(connection)))
    }
    guard let handle else { return .NO }
    if !response.contentType.isEmpty { handle.addHeader("Content-Type", response.contentType) }
    handle.addHeader("X-Content-Type-Options", "nosniff")
    for header in response.headers { handle.addHeader(header.name, header.value) }
    return MHD_queue_response(connection, UInt32(response.status), handle.response)
  }
}

/// Owns one libmicrohttpd response; the library keeps its own reference while it sends it.
private final class ResponseHandle {
  let response: OpaquePointer

  /// A response with a copy of `bytes` as its body; nil when the library has no memory for it.
  init?(copying bytes: [UInt8]) {
    let response = bytes.withUnsafeBytes { buffer in
      MHD_create_response_from_buffer(
        buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress),
        MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
    }
    guard let response else { return nil }
    self.response = response
  }

  /// A response of unknown length (chunked) whose body `stream` makes as it is sent to
  /// `client`; the library releases the stream when it is done with the response. Nil when the
  /// library has no memory for it.
  init?(streaming stream: any ResponseStream, to client: ClientSocket) {
    let pump = Unmanaged.passRetained(StreamPump(stream: stream, client: client))
    guard
      let response = MHD_create_response_from_callback(
        UInt64.max, StreamPump.blockSize, StreamPump.read, pump.toOpaque(), StreamPump.release)
    else {
      pump.release()
      return nil
    }
    self.response = response
  }

  deinit { MHD_destroy_response(response) }

  func addHeader(_ name: String, _ value: String) {
    _ = MHD_add_response_header(response, name, value)
  }
}

/// Feeds a `ResponseStream` to libmicrohttpd's content reader callback, which asks for at most
/// so many bytes at a time: what the stream gives beyond that waits here for the next call.
private final class StreamPump {
  /// The buffer size libmicrohttpd is asked to read the body in.
  static let blockSize = 16 * 1024

  let stream: any ResponseStream
  let client: ClientSocket
  private var pending: [UInt8] = []
  private var sent = 0

  init(stream: any ResponseStream, client: ClientSocket) {
    self.stream = stream
    self.client = client
  }

  /// Copies the next bytes into `buffer`, asking the stream for more (and so perhaps
  /// blocking) only when none are left; -1 (`MHD_CONTENT_READER_END_OF_STREAM`) at the end.
  func fill(_ buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
    if sent == pending.count {
      guard let next = stream.next(watching: client), !next.isEmpty else { return -1 }
      pending = next
      sent = 0
    }
    let count = min(capacity, pending.count - sent)
    pending.withUnsafeBufferPointer { bytes in
      UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + sent, byteCount: count)
    }
    sent += count
    return count
  }

  static let read: MHD_ContentReaderCallback = { context, _, buffer, capacity in
    guard let context, let buffer, capacity > 0 else { return -1 }
    return Unmanaged<StreamPump>.fromOpaque(context).takeUnretainedValue().fill(
      buffer, capacity: capacity)
  }

  static let release: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<StreamPump>.fromOpaque(context).release()
  }
}

/// What the daemon keeps of one request between the calls of its access handler.
private final class RequestState {
  /// The answer to queue once the request is in.
  var answer: HTTPResponse?
  /// The body being received, until it is in or abandoned.
  var reception: BodyReception?
}

/// A body being handed to its receiver as it arrives, counted against its limit.
private final class BodyReception {
  private let receiver: any BodyReceiver
  private let limit: Int
  private let tooLarge: HTTPResponse
  private let discardedBytes: Int
  private var received = 0
  private var isAbandoned = false

  init(receiver: any BodyReceiver, limit: Int, tooLarge: HTTPResponse, discardedBytes: Int) {
    self.receiver = receiver
    self.limit = limit
    self.tooLarge = tooLarge
    self.discardedBytes = discardedBytes
  }

  /// Hands `bytes` to the receiver while the body is within its limit; once over it, abandons
  /// the body and throws the rest away. False when so much has been thrown away that the
  /// connection is to be closed.
  func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
    received += bytes.count
    if received > limit && !isAbandoned { abandon() }
    guard !isAbandoned else { return received - limit <= discardedBytes }
    receiver.receive(bytes)
    return true
  }

  /// The answer now that the body is in: the receiver's, or the 413.
  func finish() -> HTTPResponse {
    isAbandoned ? tooLarge : receiver.finish()
  }

  /// Tells the receiver, once, that its body will not be wanted.
  func abandon() {
    guard !isAbandoned else { return }
    isAbandoned = true
    receiver.abandon()
  }
}
