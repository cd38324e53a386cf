internal import CICU

/// ICU's alphabetic index of a locale: its labels, and which label a text files under.
///
/// `@unchecked Sendable`: it wraps an ICU `ImmutableIndex`, which ICU documents as thread-safe.
final class LetterIndex: @unchecked Sendable {
  let handle: OpaquePointer
  /// The ordinary labels in ICU's order, without the underflow, inflow and overflow buckets.
  let labels: [String]

  init(locale: CollationLocale) throws(CollationError) {
    var status: Int32 = 0
    let handle = catalog_letter_index_open(try locale.collatorIdentifier(), &status)
    guard status <= 0, let handle else {
      throw .icu(code: String(cString: catalog_error_name(status)), locale: locale.identifier)
    }
    self.handle = handle
    labels = (0..<catalog_letter_index_label_count(handle)).map { position in
      var buffer = [CChar](repeating: 0, count: 64)
      let length = Int(catalog_letter_index_label(handle, position, &buffer, Int32(buffer.count)))
      if length > buffer.count {
        buffer = [CChar](repeating: 0, count: length)
        _ = catalog_letter_index_label(handle, position, &buffer, Int32(buffer.count))
      }
      return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  deinit { catalog_letter_index_close(handle) }

  /// The position in `labels` of the bucket that holds `text`, or nil for ICU's underflow, inflow
  /// and overflow buckets.
  func labelPosition(of text: Substring) -> Int? {
    var text = text
    let position = text.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { chars in
        var status: Int32 = 0
        return catalog_letter_index_bucket(handle, chars.baseAddress, Int32(chars.count), &status)
      }
    }
    return position >= 0 ? Int(position) : nil
  }
}
