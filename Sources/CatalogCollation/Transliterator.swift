internal import CICU

/// One ICU transliterator, such as `Han-Latin/Names` or `Katakana-Latin`, that remembers the
/// results it gave: names repeat, and ICU takes microseconds for each Han character.
///
/// Not `Sendable`: an ICU transliterator must not be used from two threads at once, so each
/// thread that transliterates owns its own.
final class Transliterator {
  private let handle: OpaquePointer
  /// Results by input, emptied when it holds `rememberedResults` of them.
  private var results: [[UInt16]: [UInt16]] = [:]
  private static let rememberedResults = 32_768

  /// Opens ICU's transliterator `id`.
  ///
  /// - Throws: `CollationError.icu` when ICU has no such transliterator.
  init(id: String, locale: CollationLocale) throws(CollationError) {
    var status: Int32 = 0
    let handle = catalog_transliterator_open(id, &status)
    guard status <= 0, let handle else {
      throw .icu(code: String(cString: catalog_error_name(status)), locale: locale.identifier)
    }
    self.handle = handle
  }

  deinit { catalog_transliterator_close(handle) }

  /// The transliteration of a UTF-16 text, exactly as ICU gives it.
  func transliterate(_ text: [UInt16]) -> [UInt16] {
    if let result = results[text] { return result }
    let result = text.withUnsafeBufferPointer { input in
      utf16FromCBuffer(capacity: 4 * input.count + 16) { buffer, capacity in
        var status: Int32 = 0
        return catalog_transliterate(
          handle, input.baseAddress, Int32(input.count), buffer, capacity, &status)
      }
    }
    if results.count == Self.rememberedResults { results.removeAll(keepingCapacity: true) }
    results[text] = result
    return result
  }
}

@available(*, unavailable, message: "an ICU transliterator belongs to one thread")
extension Transliterator: Sendable {}
