import CatalogCollation
import Testing

/// How many terminal columns text takes, which aligns table output in every script.
struct TerminalWidthTests {
  @Test func latinTextTakesOneColumnACharacter() {
    #expect("Malmö".terminalWidth == 5)
    #expect("Cafe\u{301}".terminalWidth == 4)  // e + COMBINING ACUTE ACCENT is one column
    #expect("".terminalWidth == 0)
  }

  @Test func eastAsianWideAndFullwidthTakeTwo() {
    #expect("東京都".terminalWidth == 6)
    #expect("김철수".terminalWidth == 6)
    #expect("たなか".terminalWidth == 6)
    #expect("ＡＢ".terminalWidth == 4)  // FULLWIDTH LATIN CAPITAL LETTER A, B
    #expect("ｶﾀｶﾅ".terminalWidth == 4)  // halfwidth katakana: one column each
  }

  @Test func invisibleCharactersTakeNone() {
    #expect("a\u{200B}b".terminalWidth == 2)  // ZERO WIDTH SPACE is a format character
    #expect("\u{301}".terminalWidth == 0)
  }
}
