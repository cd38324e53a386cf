internal import CLibPQ
import CatalogStore
import Foundation

/// Hands an open COPY's data to libpq on a thread of its own, so that the thread making the rows
/// goes on while the socket is full: up to `capacity` chunks wait for the server to take them,
/// which it does as they come, also while the rows' maker is busy with other work (an import
/// sorts its keys between batches). The connection is the sender's until `finish` returns.
///
/// `@unchecked Sendable`: the connection is used by the sender's thread alone until `finish`,
/// and `failed` is written by that thread and read after it is done.
final class CopySender: @unchecked Sendable {
  /// How many chunks may wait.
  static let capacity = 16
  private let handle: OpaquePointer
  private let chunks = BoundedChannel<[UInt8]>(capacity: capacity)
  private let done = DispatchSemaphore(value: 0)
  private var failed = false

  /// Starts the thread that sends to `handle`, a connection in COPY IN.
  init(handle: OpaquePointer) {
    self.handle = handle
    Thread.detachNewThread { [self] in
      while let chunk = chunks.receive() {
        guard !failed else { continue }
        let sent = chunk.withUnsafeBytes { bytes in
          pq.putCopyData(
            self.handle, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        }
        if sent != 1 {
          failed = true
          chunks.cancel()
        }
      }
      done.signal()
    }
  }

  /// Queues `chunk` (not empty), waiting while `capacity` chunks wait; false once libpq failed
  /// to take one (then call `finish`, and the connection says why).
  func send(_ chunk: [UInt8]) -> Bool {
    chunks.send(chunk)
  }

  /// Waits until every chunk queued is handed to libpq, and gives the connection back; whether
  /// all were.
  func finish() -> Bool {
    chunks.finish()
    done.wait()
    return !failed
  }
}
