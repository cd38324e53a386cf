/// The apostrophes that search treats as one character (DESIGN §12): `'`, `’`, `‘` and `ʼ`.
/// ICU 72 tells them apart even at primary strength, so keys and queries are written with `'`.
enum Apostrophe {
  /// U+0027 APOSTROPHE, which the others become.
  static let plain: UInt16 = 0x27

  /// `unit` with U+2019 RIGHT SINGLE QUOTATION MARK, U+2018 LEFT SINGLE QUOTATION MARK and
  /// U+02BC MODIFIER LETTER APOSTROPHE replaced by `'`.
  static func folded(_ unit: UInt16) -> UInt16 {
    unit == 0x2019 || unit == 0x2018 || unit == 0x02BC ? plain : unit
  }

  /// Replaces `units` with the UTF-16 of `text`, its apostrophes folded.
  static func setFoldedUTF16(of text: Substring, in units: inout [UInt16]) {
    units.removeAll(keepingCapacity: true)
    var text = text
    text.withUTF8 { utf8 in
      if utf8.allSatisfy({ $0 < 0x80 }) {
        units.append(contentsOf: utf8.lazy.map(UInt16.init))
      } else {
        _ = transcode(
          utf8.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: false
        ) { units.append(folded($0)) }
      }
    }
  }
}
