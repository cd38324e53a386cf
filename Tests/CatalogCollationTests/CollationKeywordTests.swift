import CatalogCollation
import Testing

/// Locale ids with ICU's collation keywords (DESIGN §1): accepted in BCP 47 and ICU spelling,
/// canonicalized to ICU's, honoured by the collation, and refused when ICU would ignore them.
struct CollationKeywordTests {
  func sorted(_ names: [String], _ locale: String) throws -> [String] {
    let collation = try Collation(localeIdentifier: locale)
    return names.sorted {
      collation.sortKey(for: $0).lexicographicallyPrecedes(collation.sortKey(for: $1))
    }
  }

  @Test(arguments: [
    ("de-u-co-phonebk", "de@collation=phonebook"),
    ("de@collation=phonebook", "de@collation=phonebook"),
    ("de@Collation=PhoneBook", "de@collation=phonebook"),
    ("de-DE-u-co-phonebk", "de_DE@collation=phonebook"),
    ("zh-TW-u-co-zhuyin", "zh_TW@collation=zhuyin"),
    ("en-u-kn", "en@colnumeric=yes"),
    ("en-u-kn-true", "en@colnumeric=yes"),
    ("en@colNumeric=YES", "en@colnumeric=yes"),
    ("en-u-ka-shifted", "en@colalternate=shifted"),
    ("en-u-kf-upper", "en@colcasefirst=upper"),
    ("ja-u-kr-kana-hani-latn", "ja@colreorder=kana-hani-latn"),
    ("ja@colReorder=Kana-Hani-Latn", "ja@colreorder=kana-hani-latn"),
    ("de-u-co-phonebk-kn", "de@collation=phonebook;colnumeric=yes"),
    ("sv-u-co-trad", "sv@collation=traditional"),
  ])
  func keywordsCanonicalizeToICUSpelling(requested: String, canonical: String) throws {
    #expect(try CollationLocale(requested).identifier == canonical)
  }

  /// Stored ids are read back through the same door.
  @Test(arguments: [
    "de-u-co-phonebk", "zh-TW-u-co-zhuyin", "en-u-kn-ka-shifted", "ja-u-kr-kana-hani-latn",
    "en-u-kf-upper",
  ])
  func canonicalIdsWithKeywordsRoundTrip(requested: String) throws {
    let canonical = try CollationLocale(requested)
    #expect(try CollationLocale(canonical.identifier) == canonical)
  }

  @Test(arguments: [("en-u-zz-abc", "zz"), ("en-u-ca-gregory", "calendar"), ("en@foo=bar", "foo")])
  func anUnknownKeywordIsAnErrorNamingIt(requested: String, keyword: String) {
    #expect(throws: CollationError.unknownKeyword(keyword: keyword, locale: requested)) {
      try CollationLocale(requested)
    }
  }

  @Test func anUnknownCollationTypeIsAnErrorListingTheLocalesTypes() {
    #expect {
      try CollationLocale("de@collation=nonsense")
    } throws: { error in
      guard
        case .unknownKeywordValue(let keyword, let value, let locale, let expected) =
          error as? CollationError
      else { return false }
      return keyword == "collation" && value == "nonsense" && locale == "de@collation=nonsense"
        && expected.contains("phonebook") && expected.contains("standard")
    }
  }

  /// English has no phonebook order; ICU would silently use the standard one.
  @Test func aCollationTypeTheLocaleLacksIsAnError() {
    #expect {
      try CollationLocale("en-u-co-phonebk")
    } throws: { error in
      guard case .unknownKeywordValue(_, "phonebook", _, let expected) = error as? CollationError
      else { return false }
      return !expected.contains("phonebook")
    }
  }

  @Test(arguments: [
    ("en@colnumeric=maybe", "colnumeric", "maybe"),
    ("en-u-ka-maybe", "colalternate", "maybe"),
    ("en-u-kf-middle", "colcasefirst", "middle"),
    ("en-u-kr-nothing", "colreorder", "nothing"),
  ])
  func anUnknownAttributeValueIsAnErrorNamingIt(requested: String, keyword: String, value: String) {
    #expect(
      throws: CollationError.unknownKeywordValue(
        keyword: keyword, value: value, locale: requested, expected: [])
    ) { try CollationLocale(requested) }
  }

  @Test(arguments: ["en-x-private", "sq_x_x_"])
  func privateUseIsNoKeyword(requested: String) {
    #expect(throws: CollationError.unknownLocale(requested)) { try CollationLocale(requested) }
  }

  /// In the German phone book, Ö is spelt OE: Ölands is Oelands, so it sorts before Offenbach.
  @Test func phonebookOrderSpellsUmlautsOut() throws {
    let names = ["Offenbach", "Ölands", "Odenwald"]
    #expect(try sorted(names, "de-u-co-phonebk") == ["Odenwald", "Ölands", "Offenbach"])
    #expect(try sorted(names, "de") == ["Odenwald", "Offenbach", "Ölands"])
    let phonebook = try Collation(localeIdentifier: "de@collation=phonebook")
    #expect(phonebook.sectionKey(for: "Ölands") == phonebook.sectionKey(for: "Oelands"))
    let german = try Collation(localeIdentifier: "de")
    #expect(german.sectionKey(for: "Ölands") != german.sectionKey(for: "Oelands"))
  }

  /// Zhuyin (Bopomofo) order: the letters ㄅ…ㄩ in the order of their Unicode block, which is the
  /// order Taiwan teaches them; ㄝ begins no syllable of its own in CLDR's data, so it has no
  /// bucket. Then A–Z and `#`.
  @Test func zhuyinIndexIsBopomofoThenLatin() throws {
    let bopomofo = (0x3105...0x3129).filter { $0 != 0x311D }.map {
      String(Character(Unicode.Scalar($0)!))
    }
    let latin = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    let zhuyin = try Collation(localeIdentifier: "zh-TW-u-co-zhuyin")
    #expect(zhuyin.labels == bopomofo + latin + ["#"])
    // 張 zhāng ㄓㄤ, 王 wáng ㄨㄤˊ, 陳 chén ㄔㄣˊ, 李 lǐ ㄌㄧˇ.
    #expect(zhuyin.letter(of: "張") == "ㄓ")
    #expect(zhuyin.letter(of: "王") == "ㄨ")
    #expect(zhuyin.letter(of: "陳") == "ㄔ")
    #expect(zhuyin.letter(of: "李") == "ㄌ")
  }

  @Test func numericOrderComparesNumbersByValue() throws {
    let titles = ["100", "10 Downing", "9 Lives"]
    #expect(try sorted(titles, "en-u-kn") == ["9 Lives", "10 Downing", "100"])
    #expect(try sorted(titles, "en") == ["10 Downing", "100", "9 Lives"])
  }

  @Test func shiftedIgnoresSpacesAndPunctuation() throws {
    let shifted = try Collation(localeIdentifier: "en-u-ka-shifted")
    #expect(shifted.sectionKey(for: "Ile-de-France") == shifted.sectionKey(for: "Ile de France"))
    #expect(shifted.sectionKey(for: "O'Brien") == shifted.sectionKey(for: "OBrien"))
    let english = try Collation(localeIdentifier: "en")
    #expect(english.sectionKey(for: "O'Brien") != english.sectionKey(for: "OBrien"))
  }

  @Test func upperCaseFirst() throws {
    #expect(try sorted(["anna", "Anna"], "en-u-kf-upper") == ["Anna", "anna"])
    #expect(try sorted(["Anna", "anna"], "en") == ["anna", "Anna"])
  }

  /// A reorder that the id names wins over the locale's own script first.
  @Test func anExplicitReorderIsHonoured() throws {
    let latinFirst = try Collation(localeIdentifier: "ja-u-kr-latn-kana")
    #expect(latinFirst.labels.first == "A")
    #expect(try sorted(["たなか", "Tokyo"], "ja-u-kr-latn-kana") == ["Tokyo", "たなか"])
  }
}
