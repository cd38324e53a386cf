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

  /// Opens the collator of `locale`, through the id that puts its own script first.
  init(locale: CollationLocale, strength: Strength) throws(CollationError) {
    var status: Int32 = 0
    let handle = catalog_collator_open(try locale.collatorIdentifier(), strength.rawValue, &status)
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
    var key: [UInt8] = []
    _ = sortKey(text, letterIndex: nil, into: &key)
    return key
  }

  /// Puts the ICU sort key of a UTF-16 text into `key`, reusing its storage, without the
  /// trailing zero byte.
  func sortKey(utf16 text: UnsafeBufferPointer<UInt16>, into key: inout [UInt8]) {
    var capacity = 64 + 4 * text.count
    while true {
      let done = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
        let length = Int(
          catalog_collator_sort_key_utf16(
            handle, text.baseAddress, Int32(text.count), buffer.baseAddress, Int32(capacity)))
        guard length <= capacity else {
          capacity = length
          return false
        }
        key.removeAll(keepingCapacity: true)
        key.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<max(length - 1, 0)]))
        return true
      }
      if done { return }
    }
  }

  /// Puts the ICU sort key of `text` into `key` (reusing its storage) and returns, when
  /// `letterIndex` is given, the position of the label whose bucket holds the text (-1 for ICU's
  /// other buckets, and without a letter index): one conversion of the text for both.
  func sortKey(_ text: Substring, letterIndex: LetterIndex?, into key: inout [UInt8]) -> Int {
    var text = text
    var letter: Int32 = -1
    var status: Int32 = 0
    text.withUTF8 { utf8 in
      utf8.withMemoryRebound(to: CChar.self) { chars in
        var capacity = 64 + 4 * chars.count
        var written = false
        while !written {
          withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let length = Int(
              catalog_item_keys(
                handle, letterIndex?.handle, chars.baseAddress, Int32(chars.count),
                buffer.baseAddress, Int32(capacity), &letter, &status))
            guard length <= capacity else {
              capacity = length
              return
            }
            key.removeAll(keepingCapacity: true)
            key.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<max(length - 1, 0)]))
            written = true
          }
        }
      }
    }
    return status > 0 ? -1 : Int(letter)
  }
}
