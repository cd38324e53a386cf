import CatalogCollation
import Testing

/// Which letter a name files under (DESIGN §2), against what a reader of each language expects.
struct LetterTests {
  func letter(_ text: String, _ locale: String) throws -> String {
    try Collation(localeIdentifier: locale).letter(of: text)
  }

  @Test func swedishÅIsALetterButGermanÅIsA() throws {
    #expect(try letter("Åsa", "sv") == "Å")
    #expect(try letter("Åsa", "de") == "A")
    #expect(try letter("Örjan", "sv") == "Ö")
  }

  @Test func germanUmlautFilesUnderItsBaseLetter() throws {
    #expect(try letter("Ärger", "de") == "A")
    #expect(try letter("Öl", "de") == "O")
  }

  @Test func spanishÑIsALetter() throws {
    #expect(try letter("Ñandú", "es") == "Ñ")
    #expect(try letter("Nube", "es") == "N")
  }

  @Test func czechCHIsALetter() throws {
    #expect(try letter("Chrudim", "cs") == "CH")
    #expect(try letter("Cheb", "cs") == "CH")
    #expect(try letter("Cesky", "cs") == "C")
  }

  @Test func chineseFilesUnderPinyinInitial() throws {
    #expect(try letter("张伟", "zh") == "Z")
    #expect(try letter("李娜", "zh") == "L")
    #expect(try letter("王芳", "zh") == "W")
  }

  @Test func koreanFilesUnderInitialConsonant() throws {
    #expect(try letter("김철수", "ko") == "ㄱ")
    #expect(try letter("박지민", "ko") == "ㅂ")
    #expect(try letter("Kim", "ko") == "K")
  }

  @Test func japaneseKanaFilesUnderItsRowAndKanjiUnderOther() throws {
    #expect(try letter("たなか", "ja") == "た")
    #expect(try letter("タナカ", "ja") == "た")
    #expect(try letter("やまだ", "ja") == "や")
    #expect(try letter("田中", "ja") == "#")
  }

  @Test(arguments: ["123", "", "   ", "😀", "(Home)", "#hashtag", "٣٤"])
  func digitsSymbolsAndBlankFileUnderOther(text: String) throws {
    #expect(try letter(text, "en") == "#")
    #expect(try letter(text, "sv") == "#")
  }

  @Test func otherScriptsFileUnderOther() throws {
    #expect(try letter("Москва", "en") == "#")
    #expect(try letter("Boston", "ru") == "B")
    #expect(try letter("Москва", "ru") == "М")
  }

  @Test func leadingWhiteSpaceDoesNotCount() throws {
    #expect(try letter(" Anna", "en") == "A")
    #expect(try letter("\u{3000}\u{A0}\tZed ", "en") == "Z")
  }

  @Test func caseAndCompatibilityFormsFold() throws {
    #expect(try letter("anna", "en") == "A")
    #expect(try letter("ＡＢＣ", "en") == "A")
    #expect(try letter("ﬁona", "en") == "F")
  }

  @Test func nfdAndNfcFileTogether() throws {
    let nfc = "\u{C5}sa"
    let nfd = "A\u{30A}sa"
    let angstromSign = "\u{212B}sa"
    let swedish = try Collation(localeIdentifier: "sv")
    #expect(swedish.letter(of: nfc) == "Å")
    #expect(swedish.letter(of: nfd) == "Å")
    #expect(swedish.letter(of: angstromSign) == "Å")
  }

  @Test func letterPositionIndexesTheLabels() throws {
    let swedish = try Collation(localeIdentifier: "sv")
    #expect(swedish.letterPosition(of: "Anna") == 0)
    #expect(swedish.letterPosition(of: "Örjan") == 28)
    #expect(swedish.letterPosition(of: "42") == swedish.labels.count - 1)
  }
}
