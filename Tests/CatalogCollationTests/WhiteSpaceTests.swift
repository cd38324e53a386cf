import Testing

@testable import CatalogCollation

/// Unicode White_Space at either end never counts (DESIGN §1); everything else is kept as written.
struct WhiteSpaceTests {
  @Test func asciiWhiteSpaceIsTrimmed() {
    #expect(" Anna ".trimmingWhiteSpace == "Anna")
    #expect("\t\n\u{0B}\u{0C}\rAnna\r\n".trimmingWhiteSpace == "Anna")
    #expect("Anna".trimmingWhiteSpace == "Anna")
    #expect("A".trimmingWhiteSpace == "A")
  }

  @Test func whiteSpaceOutsideAsciiIsTrimmed() {
    // NEL, NO-BREAK SPACE, OGHAM SPACE MARK, EM SPACE, LINE SEPARATOR, IDEOGRAPHIC SPACE.
    #expect("\u{85}Anna\u{A0}".trimmingWhiteSpace == "Anna")
    #expect("\u{1680}\u{2003}Anna\u{2028}\u{3000}".trimmingWhiteSpace == "Anna")
  }

  @Test func whatIsNotWhiteSpaceStays() {
    #expect("Cafe\u{301}".trimmingWhiteSpace == "Cafe\u{301}")
    // ZERO WIDTH SPACE is not White_Space.
    #expect("\u{200B}Anna".trimmingWhiteSpace == "\u{200B}Anna")
    #expect(" A  B ".trimmingWhiteSpace == "A  B")
    #expect("東京 ".trimmingWhiteSpace == "東京")
  }

  @Test func blankTextBecomesEmpty() {
    #expect("".trimmingWhiteSpace == "")
    #expect(" \t\u{3000} ".trimmingWhiteSpace == "")
  }

  /// The shortcut that skips Unicode's tables agrees with them for every scalar it decides.
  @Test func theShortcutAgreesWithUnicodeWhiteSpace() {
    var decided = 0
    for value in UInt32(0)..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value), scalar.isCertainlyNotWhiteSpace else { continue }
      #expect(!scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
      decided += 1
    }
    // Everything below U+1680 but the eight White_Space characters there.
    #expect(decided == 0x1680 - 8)
  }
}
