import CatalogStore
import Foundation

/// The import's progress line on a terminal's standard error, redrawn at most ten times a second:
/// rows, MB/s, and for a file of known size the percentage and time left.
final class ProgressDisplay {
  private let start = Date()
  private var lastDrawn = Date.distantPast
  private var isShowing = false

  func update(_ progress: ImportProgress) {
    let now = Date()
    guard now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
    lastDrawn = now
    let elapsed = max(now.timeIntervalSince(start), 0.001)
    let megabytesPerSecond = Double(progress.bytesRead) / elapsed / 1_000_000
    var text = "\(progress.itemsRead.withThousandsSeparators) rows"
    text += "  \(Int(megabytesPerSecond.rounded())) MB/s"
    if let total = progress.totalBytes, total > 0 {
      let fraction = Double(progress.bytesRead) / Double(total)
      text += "  \(Int((fraction * 100).rounded(.down)))%"
      if fraction > 0 {
        text += "  ETA \(Int((elapsed / fraction - elapsed).rounded())) s"
      }
    }
    StandardError.write("\r\u{1B}[K" + text)
    isShowing = true
  }

  /// Clears the line, so the summary or an error starts on a clean one.
  func clear() {
    if isShowing { StandardError.write("\r\u{1B}[K") }
    isShowing = false
  }
}
