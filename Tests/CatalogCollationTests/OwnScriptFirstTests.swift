import CatalogCollation
import Testing

/// The locale's own script comes first, in the index and in the order of items, so that the two
/// agree (DESIGN §2).
struct OwnScriptFirstTests {
  /// Sorts by sort key and gives each name's letter.
  func sortedLetters(_ names: [String], _ locale: String) throws -> [(String, String)] {
    let collation = try Collation(localeIdentifier: locale)
    return names.sorted {
      collation.sortKey(for: $0).lexicographicallyPrecedes(collation.sortKey(for: $1))
    }.map { ($0, collation.letter(of: $0)) }
  }

  /// Kana before Latin in the sort order as in the index; kanji without a reading sort between
  /// them (ICU's `ja` order with kana and Han first) but file under `#`, the last section.
  @Test func japaneseSortsKanaBeforeLatin() throws {
    let names = ["Tokyo", "たなか", "田中", "あおき", "Anna", "サトウ"]
    let sorted = try sortedLetters(names, "ja")
    #expect(sorted.map(\.0) == ["あおき", "サトウ", "たなか", "田中", "Anna", "Tokyo"])
    #expect(sorted.map(\.1) == ["あ", "さ", "た", "#", "A", "T"])
  }

  @Test(arguments: [
    ("ru", "Москва", "Boston"), ("ko", "김철수", "Kim"), ("el", "Αθήνα", "Athens"),
    ("zh_Hant", "張", "Zhang"), ("ja", "やまだ", "Yamada"),
  ])
  func ownScriptSortsAndFilesBeforeLatin(locale: String, own: String, latin: String) throws {
    let collation = try Collation(localeIdentifier: locale)
    #expect(collation.sortKey(for: own).lexicographicallyPrecedes(collation.sortKey(for: latin)))
    #expect(collation.letterPosition(of: own) < collation.letterPosition(of: latin))
    #expect(collation.letter(of: latin) == String(latin.prefix(1)))
  }

  /// Within the labelled letters, the order of sort keys never goes back to an earlier letter.
  @Test(arguments: ["ja", "ru", "ko", "el", "zh_Hant"])
  func sortOrderAndLettersAgree(locale: String) throws {
    let names = [
      "Anna", "Zed", "Москва", "Яна", "김철수", "하나", "Αθήνα", "Ωμέγα", "張", "一", "あおき", "わたなべ",
      "カトウ",
    ]
    let labels = try Collation(localeIdentifier: locale).labels
    let positions = try sortedLetters(names, locale).compactMap { _, letter in
      letter == Collation.otherLabel ? nil : labels.firstIndex(of: letter)
    }
    #expect(positions.count >= 4)
    #expect(positions == positions.sorted())
  }

  @Test func plainIdsKeepTheirCanonicalForm() throws {
    #expect(try CollationLocale("ja").identifier == "ja")
    #expect(try CollationLocale("ja-JP").identifier == "ja_JP")
  }
}
