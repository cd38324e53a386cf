internal import CICU

/// ICU's word break rules for a locale, with its dictionaries for Chinese, Japanese, Thai and the
/// other languages written without spaces: 山田太郎 is 山田|太郎, O’Brien is one word.
///
/// Not `Sendable`: an ICU break iterator holds the text it is given, so each thread owns its own.
final class WordBreaker {
  private let handle: OpaquePointer
  private var starts: [Int32] = Array(repeating: 0, count: 16)

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

  /// Calls `body` with the UTF-16 offsets where the words of `text` start, in order: where
  /// letters, numbers, kana or ideographs begin, not white space or punctuation.
  func withWordStarts<Result>(
    in text: UnsafeBufferPointer<UInt16>, _ body: (ArraySlice<Int32>) -> Result
  ) -> Result {
    while true {
      var status: Int32 = 0
      let capacity = starts.count
      let count = Int(
        starts.withUnsafeMutableBufferPointer {
          catalog_word_starts(
            handle, text.baseAddress, Int32(text.count), $0.baseAddress, Int32(capacity), &status)
        })
      if status > 0 { return body([]) }
      if count <= capacity { return body(starts[..<count]) }
      starts = Array(repeating: 0, count: count)
    }
  }
}

@available(*, unavailable, message: "an ICU break iterator belongs to one thread")
extension WordBreaker: Sendable {}
