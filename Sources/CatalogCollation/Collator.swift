internal import CICU

/// One ICU collator at a fixed strength, with normalisation on.
///
/// `@unchecked Sendable`: the handle is never mutated after opening, and ICU's functions that take
/// a const collator (sort keys) are safe to call from several threads at once.
final class Collator: @unchecked Sendable {
  enum Strength: Int32 {
    case primary = 0
    case tertiary = 2
  }

  private let handle: OpaquePointer

  init(locale: CollationLocale, strength: Strength) throws(CollationError) {
    var status: Int32 = 0
    let handle = catalog_collator_open(locale.identifier, strength.rawValue, &status)
    guard status <= 0, let handle else {
      throw .icu(code: String(cString: catalog_error_name(status)), locale: locale.identifier)
    }
    self.handle = handle
  }

  deinit { catalog_collator_close(handle) }

  var version: String {
    stringFromCBuffer(capacity: 32) { catalog_collator_version(handle, $0, $1) }
  }

  /// The ICU sort key of `text`, without the trailing zero byte ICU adds.
  func sortKey(_ text: Substring) -> [UInt8] {
    sortKey(text, letterIndex: nil).key
  }

  /// The ICU sort key of `text` and, when `letterIndex` is given, the position of the label whose
  /// bucket holds it (-1 for ICU's other buckets): one conversion of the text for both.
  func sortKey(_ text: Substring, letterIndex: LetterIndex?) -> (key: [UInt8], letter: Int) {
    var text = text
    var letter: Int32 = -1
    var status: Int32 = 0
    let key = text.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { chars in
        var key = [UInt8](repeating: 0, count: 64 + 4 * chars.count)
        let length = Int(
          catalog_item_keys(
            handle, letterIndex?.handle, chars.baseAddress, Int32(chars.count), &key,
            Int32(key.count), &letter, &status))
        if length > key.count {
          key = [UInt8](repeating: 0, count: length)
          _ = catalog_collator_sort_key(
            handle, chars.baseAddress, Int32(chars.count), &key, Int32(key.count))
        }
        key.removeSubrange(max(length - 1, 0)...)
        return key
      }
    }
    return (key, status > 0 ? -1 : Int(letter))
  }
}
