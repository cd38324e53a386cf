import CatalogCollation
import Testing

/// What `search TEXT` finds (DESIGN §6, §12): a query finds an item when its key is a byte prefix
/// of one of the item's search keys.
struct SearchKeyTests {
  struct Searcher {
    let maker: SearchKeyMaker

    init(_ locale: String, names: Bool = false, articles: Bool = false) throws {
      maker = try SearchKeyMaker(
        collation: Collation(localeIdentifier: locale),
        options: SortingOptions(valuesAreNames: names, ignoresArticles: articles))
    }

    func finds(_ query: String, _ title: String, sortAs: String? = nil) -> Bool {
      let key = maker.collation.searchKey(forQuery: query)
      return maker.keys(title: title, sortAs: sortAs).contains { $0.starts(with: key) }
    }
  }

  @Test func wordsAndTheWholeTitleAreFoundFromTheirStart() throws {
    let english = try Searcher("en")
    for query in ["anna", "ANNA", "Anna Sm", "smith", "Smith 1", "123", "a"] {
      #expect(english.finds(query, "Anna Smith 123"), "\(query)")
    }
    for query in ["nna", "mith", "23", "Smith 1234", "annas", "Anna  Smith", "x"] {
      #expect(!english.finds(query, "Anna Smith 123"), "\(query)")
    }
  }

  @Test func theTitleIsFoundFromItsFirstCharacterEvenWhenNotALetter() throws {
    let english = try Searcher("en")
    #expect(english.finds("(ho", "(Home)"))
    #expect(english.finds("home", "(Home)"))
    #expect(!english.finds("ome", "(Home)"))
  }

  @Test func theLocaleFolds() throws {
    #expect(try Searcher("fr").finds("que", "Québec"))
    #expect(try Searcher("de").finds("strasse", "Straße"))
    #expect(try !Searcher("sv").finds("a", "Åre"))
    #expect(try Searcher("sv").finds("å", "Åre"))
  }

  @Test(arguments: ["o'brien", "o’brien", "O‘Brien", "oʼbrien", "conan o'b"])
  func apostrophesAreOneCharacter(query: String) throws {
    let english = try Searcher("en")
    #expect(english.finds(query, "Conan O’Brien"))
    #expect(english.finds(query, "Conan O'Brien"))
    #expect(english.finds(query, "Conan Oʼbrien"))
  }

  /// ICU's word rules keep O'Brien one word, and split at the hyphen.
  @Test func wordStartsAreICUs() throws {
    let english = try Searcher("en")
    #expect(!english.finds("brien", "Conan O’Brien"))
    #expect(english.finds("smith", "O'Brien-Smith"))
    #expect(!english.finds("obrien", "O'Brien"))
    #expect(try Searcher("en-u-ka-shifted").finds("obrien", "O'Brien"))
  }

  @Test func wordsInsideTextWithoutSpacesAreFound() throws {
    let japanese = try Searcher("ja")
    #expect(japanese.finds("太郎", "山田太郎"))
    #expect(japanese.finds("山田", "山田太郎"))
    #expect(!japanese.finds("田太", "山田太郎"))
    #expect(japanese.finds("聡", "森聡太郎"))
    let thai = try Searcher("th")
    #expect(thai.finds("ใจดี", "สมชาย ใจดี"))
    #expect(thai.finds("ใจดี", "สมชายใจดี"))
    #expect(!thai.finds("ชาย", "สมชายใจดี"))
  }

  @Test(arguments: ["zhang", "zhangwei", "zhangw", "zw", "wei", "张", "伟", "ZHANG", "zhāng"])
  func chineseIsFoundByPinyinAndInitials(query: String) throws {
    #expect(try Searcher("zh").finds(query, "张伟"))
  }

  @Test(arguments: ["wz", "zhangwu", "hang", "ei", "zhw", "zhang wei", "wang"])
  func chineseIsNotFoundOutsideThePinyinStarts(query: String) throws {
    #expect(try !Searcher("zh").finds(query, "张伟"))
  }

  @Test func chinesePinyinFollowsTheWords() throws {
    let chinese = try Searcher("zh")
    #expect(chinese.finds("xiaolong", "李小龙"))
    #expect(chinese.finds("lxl", "李小龙"))
    #expect(!chinese.finds("long", "李小龙"))
    #expect(chinese.finds("zhangwei", "张 伟"))
    #expect(chinese.finds("zhangwei", "Dr. 张伟"))
    #expect(try Searcher("zh_Hant").finds("zhang", "張偉"))
    #expect(try !Searcher("en").finds("zhang", "张伟"))
  }

  @Test func namesUseTheSurnameReading() throws {
    let names = try Searcher("zh", names: true)
    #expect(names.finds("shan", "单田芳"))
    #expect(names.finds("stf", "单田芳"))
    #expect(names.finds("zeng", "曾卓"))
    #expect(!names.finds("dan", "单田芳"))
    #expect(!names.finds("ceng", "曾卓"))
    let plain = try Searcher("zh")
    #expect(plain.finds("dan", "单田芳"))
    #expect(!plain.finds("shan", "单田芳"))
  }

  @Test func koreanIsFoundByInitialConsonants() throws {
    let korean = try Searcher("ko")
    for query in ["ㄱㅊ", "ㄱㅊㅅ", "김", "김철", "ㄱ"] {
      #expect(korean.finds(query, "김철수"), "\(query)")
    }
    for query in ["ㅊㅅ", "ㄱㅅ", "철수", "ㄱㅊㅅㅂ"] {
      #expect(!korean.finds(query, "김철수"), "\(query)")
    }
    #expect(korean.finds("ㅊㅅ", "김 철수"))
  }

  @Test func japaneseKanaIsFoundByRomaji() throws {
    let japanese = try Searcher("ja")
    #expect(japanese.finds("tanaka", "たなか"))
    #expect(japanese.finds("tana", "タナカ"))
    #expect(japanese.finds("tanaka", "ﾀﾅｶ"))
    #expect(japanese.finds("sato", "さとう"))
    #expect(japanese.finds("jun", "ジュン"))
    #expect(japanese.finds("tarou", "やまだ たろう"))
    #expect(japanese.finds("yamada", "山田太郎", sortAs: "やまだ たろう"))
    #expect(!japanese.finds("anaka", "たなか"))
    #expect(!japanese.finds("tanaka", "田中"))
    #expect(try !Searcher("en").finds("tanaka", "たなか"))
  }

  @Test func anElidedArticleStartsAWordWhenArticlesAreIgnored() throws {
    #expect(try Searcher("fr", articles: true).finds("ami", "L'Ami Fritz"))
    #expect(try !Searcher("fr").finds("ami", "L'Ami Fritz"))
    #expect(try Searcher("en", articles: true).finds("the b", "The Beatles"))
  }

  @Test func theSortAsValueIsFoundToo() throws {
    let english = try Searcher("en")
    #expect(english.finds("smith", "Anna", sortAs: "Smith Anna"))
    #expect(!english.finds("jones", "Anna", sortAs: "Smith Anna"))
  }

  @Test func keysAreGivenOnceAndNeverEmpty() throws {
    let maker = try Searcher("en-u-ka-shifted").maker
    let keys = maker.keys(title: "Ab Ab Ab", sortAs: "Ab Ab")
    #expect(keys.count == Set(keys).count)
    #expect(maker.keys(title: "!!!", sortAs: nil).isEmpty)
    #expect(maker.keys(title: "   ", sortAs: nil).isEmpty)
  }

  @Test func queryKeysFoldApostrophesAndWhiteSpace() throws {
    let english = try Collation(localeIdentifier: "en")
    #expect(english.searchKey(forQuery: " o’brien ") == english.searchKey(forQuery: "O'BRIEN"))
    #expect(english.searchKey(forQuery: " ").isEmpty)
  }
}
