import CatalogCollation
import Testing

/// The index labels of each locale, against the alphabets as the languages know them (CLDR's
/// index characters), with Latin A–Z added after non-Latin scripts and `#` last.
struct IndexLabelTests {
  static let latin = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }

  func labels(_ locale: String) throws -> [String] {
    try Collation(localeIdentifier: locale).labels
  }

  @Test(arguments: ["en", "de", "fr", "nl", "it", "pt"])
  func latinAlphabetLocalesHaveAToZ(locale: String) throws {
    #expect(try labels(locale) == Self.latin + ["#"])
  }

  @Test func swedishPutsÅÄÖAfterZ() throws {
    #expect(try labels("sv") == Self.latin + ["Å", "Ä", "Ö", "#"])
  }

  @Test func danishPutsÆØÅAfterZ() throws {
    #expect(try labels("da") == Self.latin + ["Æ", "Ø", "Å", "#"])
  }

  @Test func spanishPutsÑAfterN() throws {
    let expected = "A B C D E F G H I J K L M N Ñ O P Q R S T U V W X Y Z #"
    #expect(try labels("es") == expected.split(separator: " ").map(String.init))
  }

  @Test func czechHasCHAfterH() throws {
    let expected = "A B C Č D E F G H CH I J K L M N O P Q R Ř S Š T U V W X Y Z Ž #"
    #expect(try labels("cs") == expected.split(separator: " ").map(String.init))
  }

  @Test func russianIsCyrillicThenLatin() throws {
    let cyrillic = "А Б В Г Д Е Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ы Э Ю Я"
    #expect(
      try labels("ru") == cyrillic.split(separator: " ").map(String.init) + Self.latin + ["#"])
  }

  @Test func greekIsGreekThenLatin() throws {
    let greek = "Α Β Γ Δ Ε Ζ Η Θ Ι Κ Λ Μ Ν Ξ Ο Π Ρ Σ Τ Υ Φ Χ Ψ Ω"
    #expect(try labels("el") == greek.split(separator: " ").map(String.init) + Self.latin + ["#"])
  }

  @Test func arabicIsArabicThenLatin() throws {
    let arabic = "ا ب ت ث ج ح خ د ذ ر ز س ش ص ض ط ظ ع غ ف ق ك ل م ن ه و ي"
    #expect(try labels("ar") == arabic.split(separator: " ").map(String.init) + Self.latin + ["#"])
  }

  @Test func hebrewIsHebrewThenLatin() throws {
    let hebrew = "א ב ג ד ה ו ז ח ט י כ ל מ נ ס ע פ צ ק ר ש ת"
    #expect(try labels("he") == hebrew.split(separator: " ").map(String.init) + Self.latin + ["#"])
  }

  /// ICU's `ja` collation puts Latin first; the index puts the locale's own script first, as iOS
  /// does (DESIGN §2).
  @Test func japaneseHasKanaRowsThenLatin() throws {
    let kanaRows = ["あ", "か", "さ", "た", "な", "は", "ま", "や", "ら", "わ"]
    #expect(try labels("ja") == kanaRows + Self.latin + ["#"])
    #expect(try labels("ja_JP") == kanaRows + Self.latin + ["#"])
  }

  @Test func koreanIsInitialConsonantsThenLatin() throws {
    let consonants = "ㄱ ㄴ ㄷ ㄹ ㅁ ㅂ ㅅ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ"
    #expect(
      try labels("ko") == consonants.split(separator: " ").map(String.init) + Self.latin + ["#"])
  }

  @Test func chineseIsPinyinInitials() throws {
    #expect(try labels("zh") == Self.latin + ["#"])
  }

  @Test func traditionalChineseIsStrokeCountsThenLatin() throws {
    let strokes = Array(1...33) + [35, 36, 39, 48]
    #expect(try labels("zh_Hant") == strokes.map { "\($0)劃" } + Self.latin + ["#"])
  }

  @Test func bcp47TagsGiveTheSameLabelsAsIcuIds() throws {
    #expect(try labels("zh-Hant-TW") == labels("zh_Hant_TW"))
    #expect(try labels("sv-SE") == labels("sv"))
  }
}
