import Testing

@testable import CatalogStore

/// Where search finds words: each letter or digit after white space, punctuation or a symbol.
struct WordStartTests {
  func words(_ text: String) -> [String] {
    SearchKeys.wordStarts(in: text).map { String(text[$0...]) }
  }

  @Test func wordsStartAfterSpacesPunctuationAndSymbols() {
    #expect(words("O'Brien-Smith") == ["O'Brien-Smith", "Brien-Smith", "Smith"])
    #expect(words("  Anna  Ek") == ["Anna  Ek", "Ek"])
    #expect(words("R2-D2") == ["R2-D2", "D2"])
    #expect(words("x\ty+z") == ["x\ty+z", "y+z", "z"])
    #expect(words("São Paulo") == ["São Paulo", "Paulo"])
    #expect(words("東京 タワー") == ["東京 タワー", "タワー"])
    #expect(words("Ölschläger (Åsa)") == ["Ölschläger (Åsa)", "Åsa)"])
  }

  @Test func aControlCharacterIsNoBreak() {
    #expect(words("a\u{1}b") == ["a\u{1}b"])
    #expect(words("\u{1}b") == [])
  }

  @Test func asciiIsClassifiedAsItsUnicodePropertiesSay() {
    for value in UInt8(0)...0x7F {
      let character = Character(Unicode.Scalar(value))
      let expected: WordCharacterKind =
        character.isLetter || character.isNumber
        ? .word
        : character.isWhitespace || character.isPunctuation || character.isSymbol
          ? .separator : .other
      #expect(WordCharacterKind(character) == expected, "U+\(String(value, radix: 16))")
    }
  }
}
