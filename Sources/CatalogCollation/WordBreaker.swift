internal import CICU

/// ICU's word break rules for a locale, with its dictionaries for Chinese, Japanese, Thai and the
/// other languages written without spaces: 山田太郎 is 山田|太郎, O’Brien is one word.
///
/// Not `Sendable`: an ICU break iterator holds the text it is given, so each thread owns its own.
final class WordBreaker {
  private let handle: OpaquePointer

  /// Opens the word break rules of `locale`.
  ///
  /// - Throws: `CollationError.icu` when ICU cannot open them.
  init(locale: CollationLocale) throws(CollationError) {
    var status: Int32 = 0
    let handle = catalog_word_breaker_open(locale.identifier, &status)
    guard status <= 0, let handle else {
      throw .icu(code: String(cString: catalog_error_name(status)), locale: locale.identifier)
    }
    self.handle = handle
  }

  deinit { catalog_word_breaker_close(handle) }

  /// Puts into `starts` the UTF-16 offsets where the words of `text` start, in order: where
  /// letters, numbers, kana or ideographs begin, not white space or punctuation.
  func wordStarts(in text: UnsafeBufferPointer<UInt16>, into starts: inout [Int32]) {
    starts.removeAll(keepingCapacity: true)
    var capacity = 64
    while true {
      let complete = withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { buffer in
        var status: Int32 = 0
        let count = Int(
          catalog_word_starts(
            handle, text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(capacity),
            &status))
        if status > 0 { return true }
        guard count <= capacity else {
          capacity = count
          return false
        }
        starts.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        return true
      }
      if complete { return }
    }
  }
}

@available(*, unavailable, message: "an ICU break iterator belongs to one thread")
extension WordBreaker: Sendable {}
