import CatalogCollation
import Testing

/// `nfc` and `canonicalValue`: Unicode's canonical composition, checked on code points whose NFC
/// forms the Unicode Standard gives (UAX #15 and the UnicodeData decompositions).
struct NormalizationTests {
  @Test(arguments: [
    ("e\u{301}", "\u{E9}"),  // e + COMBINING ACUTE ACCENT → é
    ("\u{212B}", "\u{C5}"),  // ANGSTROM SIGN → Å (a singleton decomposition)
    ("\u{1100}\u{1161}\u{11A8}", "\u{AC01}"),  // conjoining jamo ᄀ ᅡ ᆨ → 각
    ("o\u{308}\u{304}", "\u{22B}"),  // o + diaeresis + macron → ȫ
    ("\u{E9}", "\u{E9}"),
    ("plain ASCII", "plain ASCII"),
    ("", ""),
  ])
  func composesAsUnicodeSays(text: String, composed: String) {
    #expect(Array(text.nfc.unicodeScalars) == Array(composed.unicodeScalars))
  }

  @Test func aCanonicalValueIsTrimmedAndComposed() {
    #expect(
      Array(" \u{3000}U\u{308}tah\t".canonicalValue.unicodeScalars) == ["\u{DC}", "t", "a", "h"])
    #expect(" Texas ".canonicalValue == "Texas")
    #expect("\u{A0}".canonicalValue.isEmpty)
  }
}
