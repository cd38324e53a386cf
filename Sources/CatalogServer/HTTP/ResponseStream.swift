import Foundation

/// A response body made while it is sent, such as a stream of events: the daemon asks it for
/// more on the connection's own thread each time the last bytes are sent, and it may block
/// there until it has something, watching the client meanwhile.
///
/// It belongs to its connection: made, asked and released on that connection's thread (or,
/// once that thread is done with it, on the thread that stops the daemon), never two at once.
protocol ResponseStream: AnyObject {
  /// The next bytes of the body (never none), or nil when it ends.
  ///
  /// It must come back within the daemon's idle time (`ServerLimits.idleSeconds`) with bytes
  /// or nil: while it waits, libmicrohttpd neither sends nor looks at the clock, and it closes a
  /// connection that sent nothing for longer than that. It should come back with nil soon after
  /// `client` hangs up.
  func next(watching client: ClientSocket) -> [UInt8]?
}

/// The socket of a connection that a `ResponseStream` is sent over, for seeing the client hang
/// up while the stream waits for something to send.
struct ClientSocket {
  let descriptor: Int32

  /// `POLLRDHUP` (Linux: the peer closed its end), which the Glibc module does not export.
  private static let peerClosed: Int16 = 0x2000

  /// Waits up to `timeout` for the connection to end, and says whether it has: the client
  /// closed its end (or vanished with an error), or the daemon shut the socket down to stop.
  /// Data the client sends does not end the wait and is left for the daemon to read.
  func hasHungUp(waitingUpTo timeout: Duration) -> Bool {
    guard descriptor >= 0 else { return true }
    let milliseconds = Int32(
      clamping: timeout.components.seconds * 1000
        + timeout.components.attoseconds / 1_000_000_000_000_000)
    var entry = pollfd(fd: descriptor, events: Self.peerClosed, revents: 0)
    let ready = poll(&entry, 1, milliseconds)
    if ready < 0 { return errno != EINTR }
    return ready > 0
      && entry.revents & (Self.peerClosed | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL))
        != 0
  }
}
