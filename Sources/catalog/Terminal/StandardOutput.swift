import CatalogStore
import Foundation

/// Results on standard output, buffered, ending quietly when the reader goes away.
///
/// `catalog list | head -1`: once `head` exits, a write fails with EPIPE (SIGPIPE is ignored) and
/// `OutputClosed` is thrown, which `main` turns into a quiet exit 0.
final class StandardOutput {
  /// Thrown when standard output's reader has gone away.
  struct OutputClosed: Error {}

  private var buffer: [UInt8] = []
  private let capacity = 64 * 1024
  private let descriptor: Int32
  private let ownsDescriptor: Bool

  init() {
    descriptor = STDOUT_FILENO
    ownsDescriptor = false
    buffer.reserveCapacity(capacity)
  }

  /// Output to a file, created or emptied, instead of standard output (`export --output`).
  init(path: String) throws(CatalogError) {
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw .invalidRequest("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    ownsDescriptor = true
    buffer.reserveCapacity(capacity)
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// Writes `text` and a newline.
  func line(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= capacity { try flush() }
  }

  /// Writes a line already spelled in UTF-8, and a newline.
  func line(utf8: [UInt8]) throws {
    buffer.append(contentsOf: utf8)
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= capacity { try flush() }
  }

  /// Writes what is buffered.
  func flush() throws {
    var written = 0
    while written < buffer.count {
      let result = buffer[written...].withUnsafeBytes {
        write(descriptor, $0.baseAddress, $0.count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        buffer.removeAll()
        throw OutputClosed()
      }
      written += result
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
