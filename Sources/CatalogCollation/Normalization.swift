internal import CICU

extension StringProtocol {
  /// The text in Unicode Normalization Form C, as ICU makes it: the one spelling that canonically
  /// equivalent texts (a precomposed "ü" and "u" with U+0308) share.
  public var nfc: String {
    isCertainlyNFC ? String(self) : normalizedNFC
  }

  /// A field as values are matched and counted — an item's key, a section's spellings of its
  /// value, an index column's values: without surrounding White_Space and in NFC, so that " Ütah"
  /// and "Ütah" written in NFD are one value, as NFC and NFD input are equal (DESIGN §1, §3).
  public var canonicalValue: Substring {
    let trimmed = trimmingWhiteSpace
    return trimmed.isCertainlyNFC ? trimmed : Substring(trimmed.normalizedNFC)
  }

  /// Whether every code point is below U+0300: each of those is NFC on its own and none composes
  /// with what follows, so the text is NFC without asking ICU (UTF-8 lead bytes below 0xCC).
  private var isCertainlyNFC: Bool { utf8.allSatisfy { $0 < 0xCC } }

  private var normalizedNFC: String {
    let units = Array(utf16)
    let normalized = units.withUnsafeBufferPointer { input in
      utf16FromCBuffer(capacity: input.count + 8) { buffer, capacity in
        var status: Int32 = 0
        return catalog_nfc(input.baseAddress, Int32(input.count), buffer, capacity, &status)
      }
    }
    return String(decoding: normalized, as: UTF16.self)
  }
}
