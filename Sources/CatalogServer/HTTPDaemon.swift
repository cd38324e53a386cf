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
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(ServerError) {
    let context = Unmanaged.passRetained(HandlerBox(handler))
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
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    init(_ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.handler = handler }
  }

  /// Called by libmicrohttpd once the request's headers are in, again for each part of a body,
  /// and once more when the request is complete. A GET or HEAD without a body is answered on
  /// that last call, which keeps the connection open for the next request; anything else is
  /// answered on the first, so its body is never read (the library then discards it and closes
  /// the connection).
  private static let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, _, _, requestState in
    guard let context, let connection, let url, let method, let requestState else {
      return .NO
    }
    let methodName = String(cString: method)
    let hasBody =
      MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Transfer-Encoding")
      != nil
      || MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length")
        .map { String(cString: $0) != "0" } ?? false
    if requestState.pointee == nil && (methodName == "GET" || methodName == "HEAD") && !hasBody {
      requestState.pointee = headersReceived
      return .YES
    }
    let handler = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().handler
    let request = HTTPRequest(
      method: methodName, rawPath: String(cString: url), rawArguments: arguments(of: connection),
      hasBody: hasBody,
      lastEventID: MHD_lookup_connection_value(
        connection, MHD_ValueKind.HEADER_KIND, "Last-Event-ID"
      ).map { String(cString: $0) })
    return queue(handler(request), on: connection)
  }

  /// The request state of a GET or HEAD whose headers are in: any pointer but nil will do.
  private static var headersReceived: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: 1)!
  }

  private static func arguments(of connection: OpaquePointer) -> [(name: String, value: String)] {
    final class Collector { var arguments: [(name: String, value: String)] = [] }
    let collector = Collector()
    let iterator: MHD_KeyValueIterator = { context, _, key, value in
      guard let context, let key else { return .YES }
      Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue().arguments.append(
        (String(cString: key), value.map { String(cString: $0) } ?? ""))
      return .YES
    }
    withExtendedLifetime(collector) {
      _ = MHD_get_connection_values(
        connection, MHD_ValueKind.GET_ARGUMENT_KIND, iterator,
        Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.arguments
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
    handle.addHeader("Content-Type", response.contentType)
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
