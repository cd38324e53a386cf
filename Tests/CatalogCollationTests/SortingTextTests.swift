import Testing

@testable import CatalogCollation

/// What values sort and file by under `--names` and `--ignore-articles` (DESIGN §12).
struct SortingTextTests {
  func maker(_ locale: String, names: Bool = false, articles: Bool = false) throws
    -> SortingTextMaker
  {
    try SortingTextMaker(
      collation: Collation(localeIdentifier: locale),
      options: SortingOptions(valuesAreNames: names, ignoresArticles: articles))
  }

  // MARK: - Names

  /// Surnames whose family-name reading differs from the character's common one: 曾 zēng (céng),
  /// 单 shàn (dān), 翟 zhái (dí), 解 xiè (jiě), 仇 qiú (chóu), 区 ōu (qū), 查 zhā (chá), and the
  /// compound surname 长孙 zhǎngsūn (长 alone is cháng).
  @Test(arguments: [
    ("曾卓", "zēng zhuō", "Z"), ("单田芳", "shàn tián fāng", "S"), ("翟志刚", "zhái zhì gāng", "Z"),
    ("解缙", "xiè jìn", "X"), ("仇英", "qiú yīng", "Q"), ("区志坚", "ōu zhì jiān", "O"),
    ("查良镛", "zhā liáng yōng", "Z"), ("长孙无忌", "zhǎng sūn wú jì", "Z"),
  ])
  func chineseNamesFileByTheSurnameReading(name: String, reading: String, letter: String) throws {
    let names = try maker("zh", names: true)
    #expect(names.sortingText(for: name) == reading)
    #expect(names.collation.letter(of: names.sortingText(for: name)) == letter)
  }

  /// Without `--names`, zh files by the collation's reading: 曾 under C (céng), 单 under D (dān).
  @Test func withoutNamesTheCollationReadingCounts() throws {
    let plain = try maker("zh")
    #expect(plain.sortingText(for: "曾卓") == "曾卓")
    #expect(plain.collation.letter(of: "曾卓") == "C")
    #expect(plain.collation.letter(of: "单田芳") == "D")
  }

  /// 曾 and 卓 are written alike in simplified and traditional Chinese.
  @Test(arguments: ["zh_Hant", "zh-TW", "zh-TW-u-co-zhuyin", "zh_Hans_CN"])
  func everyChineseLocaleReadsNames(locale: String) throws {
    let names = try maker(locale, names: true)
    #expect(names.sortingText(for: "曾卓") == "zēng zhuō")
    #expect(names.collation.letter(of: names.sortingText(for: "曾卓")) == "Z")
  }

  @Test func valuesWithoutHanAndOtherLocalesAreUnaffected() throws {
    let names = try maker("zh", names: true)
    #expect(names.sortingText(for: "Anna Smith") == "Anna Smith")
    #expect(names.sortingText(for: " Zoë ") == "Zoë")
    #expect(try maker("ja", names: true).sortingText(for: "曾卓") == "曾卓")
    #expect(try maker("en", names: true).sortingText(for: "曾卓") == "曾卓")
  }

  @Test func repeatedNamesGiveTheSameReading() throws {
    let names = try maker("zh", names: true)
    let first = names.sortingText(for: "曾卓")
    #expect(names.sortingText(for: "曾卓") == first)
  }

  // MARK: - Articles

  @Test(arguments: [
    ("en", "The Beatles", "Beatles, The"), ("en", "A Tribe Called Quest", "Tribe Called Quest, A"),
    ("en", "An American in Paris", "American in Paris, An"), ("en", "THE WHO", "WHO, THE"),
    ("en", " The  Rolling Stones ", "Rolling Stones, The"),
    ("de", "Der Spiegel", "Spiegel, Der"), ("de", "Die Ärzte", "Ärzte, Die"),
    ("de", "Das Boot", "Boot, Das"), ("de", "Eine kleine Nachtmusik", "kleine Nachtmusik, Eine"),
    ("fr", "Les Misérables", "Misérables, Les"), ("fr", "Le Monde", "Monde, Le"),
    ("fr", "L'Étranger", "Étranger, L'"), ("fr", "L’Amour", "Amour, L’"),
    ("fr", "Une femme", "femme, Une"),
    ("es", "El Niño", "Niño, El"), ("es", "Los Olvidados", "Olvidados, Los"),
    ("es", "Una Noche", "Noche, Una"),
    ("it", "Il Gattopardo", "Gattopardo, Il"), ("it", "Gli Indifferenti", "Indifferenti, Gli"),
    ("it", "L'Avventura", "Avventura, L'"), ("it", "Un'altra storia", "altra storia, Un'"),
    ("nl", "De Telegraaf", "Telegraaf, De"), ("nl", "Het Parool", "Parool, Het"),
    ("nl", "'t Hooft", "Hooft, 't"), ("nl", "'s-Hertogenbosch", "Hertogenbosch, 's"),
    ("nl", "’s-Gravenhage", "Gravenhage, ’s"), ("nl", "ʼs-Heerenberg", "Heerenberg, ʼs"),
    ("nl", "'S-HERTOGENBOSCH", "HERTOGENBOSCH, 'S"), ("nl", "'s Gravenhage", "Gravenhage, 's"),
    ("pt", "O Globo", "Globo, O"), ("pt", "Os Lusíadas", "Lusíadas, Os"),
    ("pt", "Uma Aventura", "Aventura, Uma"),
  ])
  func aLeadingArticleGoesAfterTheRest(locale: String, title: String, sortingText: String) throws {
    #expect(try maker(locale, articles: true).sortingText(for: title) == sortingText)
  }

  @Test func titlesFileUnderTheWordAfterTheArticle() throws {
    let english = try maker("en", articles: true)
    #expect(english.collation.letter(of: english.sortingText(for: "The Beatles")) == "B")
    let french = try maker("fr", articles: true)
    #expect(french.collation.letter(of: french.sortingText(for: "Les Misérables")) == "M")
    let german = try maker("de", articles: true)
    #expect(german.collation.letter(of: german.sortingText(for: "Der Spiegel")) == "S")
    let sorted = ["Cream", "The Beatles", "Abba", "Beatles"].sorted {
      english.collation.sortKey(for: english.sortingText(for: $0))
        .lexicographicallyPrecedes(english.collation.sortKey(for: english.sortingText(for: $1)))
    }
    #expect(sorted == ["Abba", "Beatles", "The Beatles", "Cream"])
  }

  /// Dutch files 's-Hertogenbosch under H and 's-Gravenhage under G, whichever of the apostrophes
  /// that search takes as one (DESIGN §12) it is written with.
  @Test(arguments: ["'", "’", "‘", "ʼ"])
  func dutchPlaceNamesFileUnderTheWordAfterTheirArticle(apostrophe: String) throws {
    let dutch = try maker("nl", articles: true)
    let bosch = apostrophe + "s-Hertogenbosch"
    let hague = apostrophe + "s-Gravenhage"
    #expect(dutch.collation.letter(of: dutch.sortingText(for: bosch)) == "H")
    #expect(dutch.collation.letter(of: dutch.sortingText(for: hague)) == "G")
    let sorted = ["Hilversum", bosch, "Groningen", "Haarlem", hague].sorted {
      dutch.collation.sortKey(for: dutch.sortingText(for: $0))
        .lexicographicallyPrecedes(dutch.collation.sortKey(for: dutch.sortingText(for: $1)))
    }
    #expect(sorted == [hague, "Groningen", "Haarlem", bosch, "Hilversum"])
  }

  @Test(arguments: [
    ("en", "The"), ("en", "The "), ("fr", "Les"), ("fr", "L'"), ("nl", "'t"), ("en", "A"),
    ("nl", "'s"), ("nl", "'s-"), ("nl", "’s-"), ("nl", "'s- Hertogenbosch"),
  ])
  func aTitleThatIsOnlyAnArticleStays(locale: String, title: String) throws {
    #expect(
      try maker(locale, articles: true).sortingText(for: title)
        == String(title.trimmingWhiteSpace))
  }

  @Test(arguments: [
    ("en", "Theatre Royal"), ("en", "Anna Karenina"), ("en", "Der Spiegel"),
    ("en", "Les Misérables"), ("de", "The Beatles"), ("fr", "Lesotho"), ("pt", "À Procura"),
    ("it", "Ilaria"), ("en", "A-ha"), ("fr", "L'"), ("en", "'s-Hertogenbosch"),
    ("de", "'s-Hertogenbosch"), ("nl", "De-Hoop"), ("nl", "'x-Files"),
  ])
  func wordsThatAreNotArticlesOfTheLanguageStay(locale: String, title: String) throws {
    #expect(try maker(locale, articles: true).sortingText(for: title) == title)
  }

  @Test(arguments: ["sv", "ja", "zh", "ru"])
  func aLocaleWithoutArticlesIsUnaffected(locale: String) throws {
    #expect(try maker(locale, articles: true).sortingText(for: "The Beatles") == "The Beatles")
  }

  @Test func withoutTheOptionArticlesCount() throws {
    #expect(try maker("en").sortingText(for: "The Beatles") == "The Beatles")
  }
}

/// The hand-written data: the word lists are ASCII lower case, which the matching relies on.
struct LeadingArticleDataTests {
  @Test func articlesAreASCIILowerCase() {
    for (language, articles) in LeadingArticles.byLanguage {
      for article in articles {
        #expect(article.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) }, "\(language)")
      }
    }
  }

  @Test func theRequiredLanguagesHaveArticles() {
    for language in ["en", "de", "fr", "es", "it", "nl", "pt"] {
      #expect(LeadingArticles.byLanguage[Substring(language)]?.isEmpty == false)
    }
  }
}
