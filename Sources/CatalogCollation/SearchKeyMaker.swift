/// The search keys of items: what `search TEXT` finds them by (DESIGN §6, §12).
///
/// An item is found when its title or sort-as value, or a word in them, starts with the query
/// under the locale's primary-strength folding. Each place a search may start gets one key: the
/// primary-strength collation key of the text from there on, and a query matches the keys that
/// its own key (`Collation.searchKey(forQuery:)`) is a byte prefix of. The places are:
///
/// - the start of the (trimmed) text and each word start by ICU's word break rules, with their
///   dictionaries for Chinese, Japanese and Thai (山田太郎 is 山田|太郎, so 太郎 finds it);
///   apostrophes `'` `’` `‘` `ʼ` are one character, so `o'brien` finds "Conan O’Brien";
/// - with `ignoresArticles`, the text after a leading article, elided ones too (`ami` finds
///   "L'Ami");
/// - in Chinese locales, at each word start on a Han character, the pinyin of the Han characters
///   from there to the end, without spaces, and their initials when there are two or more
///   (`zhang`, `zhangwei`, `wei` and `zw` find 张伟); ICU's `Han-Latin` reads them, a run of Han
///   characters at a time, or `Han-Latin/Names` with `valuesAreNames` (`shan` finds 单田芳);
/// - in Korean, at each word start on a Hangul syllable, the initial consonants of the syllables
///   from there to the end, when two or more (`ㄱㅊ` and `ㄱㅊㅅ` find 김철수);
/// - in Japanese, the start and each word start of the romaji of a text with kana, by ICU's
///   `Katakana-Latin` then `Hiragana-Latin` (`tanaka` finds たなか; long vowels are written
///   `ou`: `satou`).
///
/// Keys that would be empty (a text of punctuation with `-u-ka-shifted`) are left out, and each
/// key is given once. A title like "Anna Smith 123" takes about 2 µs (`forEachKey` a little
/// less), a Chinese or Japanese one 4–15 µs (Benchmarks/SearchKeyBenchmark).
///
/// Not `Sendable`: it owns an ICU break iterator and transliterators, which one thread at a time
/// may use. Make one per thread that builds keys; the `Collation` may be shared.
public final class SearchKeyMaker {
  public let collation: Collation
  public let options: SortingOptions

  let breaker: WordBreaker
  /// In Chinese locales, ICU's pinyin of Han characters.
  let pinyin: Transliterator?
  /// In Japanese, ICU's romaji of kana: `Katakana-Latin`, then `Hiragana-Latin` (which would
  /// garble katakana: ジュン → jiュン).
  let romaji: [Transliterator]
  /// In Korean, Hangul is found by its initial consonants.
  let readsHangulInitials: Bool
  private let articles: Set<String>
  /// Buffers reused from one item to the next, taken out while an item's keys are made.
  private var buffers = Buffers()

  struct Buffers {
    var keys = SearchKeyList()
    var units: [UInt16] = []
    var starts: [Int32] = []
  }

  /// Prepares the search keys of `collation`'s locale under `options`.
  ///
  /// - Throws: `CollationError.icu` when ICU cannot open the word break rules or a
  ///   transliterator.
  public init(collation: Collation, options: SortingOptions = SortingOptions())
    throws(CollationError)
  {
    self.collation = collation
    self.options = options
    let locale = collation.locale
    breaker = try WordBreaker(locale: locale)
    articles = options.ignoresArticles ? LeadingArticles.byLanguage[locale.language] ?? [] : []
    let language = locale.language
    pinyin =
      language == "zh"
      ? try Transliterator(
        id: options.valuesAreNames ? "Han-Latin/Names" : "Han-Latin", locale: locale) : nil
    romaji =
      language == "ja"
      ? [
        try Transliterator(id: "Katakana-Latin", locale: locale),
        try Transliterator(id: "Hiragana-Latin", locale: locale),
      ] : []
    readsHangulInitials = language == "ko"
  }

  /// The search keys of one item, each once, in no particular order.
  ///
  /// - Parameters:
  ///   - title: the item's title.
  ///   - sortAs: its sort-as value as joined from its columns (not its sorting text), or nil
  ///     when that is the title.
  public func keys(title: String, sortAs: String?) -> [[UInt8]] {
    var keys: [[UInt8]] = []
    forEachKey(title: title, sortAs: sortAs) { keys.append(Array($0)) }
    return keys
  }

  /// Calls `body` with each search key of one item, as `keys(title:sortAs:)` gives them, without
  /// allocating: the bytes are valid only during the call.
  public func forEachKey(
    title: String, sortAs: String?, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
  ) rethrows {
    var buffers = Buffers()
    swap(&buffers, &self.buffers)
    defer { swap(&buffers, &self.buffers) }
    buffers.keys.removeAll()
    addKeys(of: title, to: &buffers)
    if let sortAs, sortAs != title { addKeys(of: sortAs, to: &buffers) }
    try buffers.keys.bytes.withUnsafeBufferPointer { bytes in
      for range in buffers.keys.ranges { try body(UnsafeBufferPointer(rebasing: bytes[range])) }
    }
  }

  private func addKeys(of text: String, to buffers: inout Buffers) {
    let trimmed = text.trimmingWhiteSpace
    guard !trimmed.isEmpty else { return }
    Apostrophe.setFoldedUTF16(of: trimmed, in: &buffers.units)
    let units = buffers.units
    units.withUnsafeBufferPointer { text in
      addWordStartKeys(of: text, to: &buffers)
      if let split = LeadingArticles.split(trimmed, articles: articles) {
        let offset = trimmed.utf16.distance(from: trimmed.startIndex, to: split.rest.startIndex)
        buffers.keys.add(
          UnsafeBufferPointer(rebasing: text[offset...]), collator: collation.sectionCollator)
      }
      addReadingKeys(text, to: &buffers)
    }
  }

  /// Adds the key of `text` from its start and from each word start in it: the title, and a
  /// reading of it (romaji) where the locale has one.
  func addWordStartKeys(of text: UnsafeBufferPointer<UInt16>, to buffers: inout Buffers) {
    let collator = collation.sectionCollator
    buffers.keys.add(text, collator: collator)
    breaker.wordStarts(in: text, into: &buffers.starts)
    for start in buffers.starts where start > 0 {
      buffers.keys.add(UnsafeBufferPointer(rebasing: text[Int(start)...]), collator: collator)
    }
  }
}

@available(*, unavailable, message: "a SearchKeyMaker belongs to one thread")
extension SearchKeyMaker: Sendable {}
