import Foundation

/// Messages for the person at the terminal: errors, progress, summaries. Never results.
enum StandardError {
  /// Writes `text` as is, without a newline.
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeMutableBytes {
        Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count)
      }
      if result < 0 && errno == EINTR { continue }
      if result <= 0 { return }
      written += result
    }
    bytes.removeAll()
  }

  /// Writes `text` and a newline.
  static func line(_ text: String) { write(text + "\n") }

  /// Whether standard error is a terminal, where progress is shown.
  static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
