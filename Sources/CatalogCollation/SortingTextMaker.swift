internal import CICU

/// The text that an item's sort-as value sorts and files by, under a collection's
/// `SortingOptions`: what the storage layer keys in place of the value (DESIGN §12).
///
/// - With `ignoresArticles`, a value that begins with a leading article of the locale's language
///   followed by more text gives the rest with the article after a comma: "The Beatles" →
///   "Beatles, The", "Les Misérables" → "Misérables, Les" in `fr`, "L'Ami" → "Ami, L'".
/// - With `valuesAreNames`, in a Chinese locale (`zh`, `zh_Hant`, `zh_TW@collation=zhuyin`, …),
///   a value with Han characters gives ICU's `Han-Latin/Names` reading of the whole value,
///   exactly as ICU gives it: 曾卓 → "zēng zhuō" (under Z), 单田芳 → "shàn tián fāng".
///
/// Everything else is given back trimmed of white space and otherwise as it is.
///
/// Not `Sendable`: it owns an ICU transliterator, which one thread at a time may use. Make one
/// per thread that keys items (opening the first costs about 0.1 s, the next ones less); it
/// remembers the readings it gave, so repeated names cost a dictionary look-up.
public final class SortingTextMaker {
  public let collation: Collation
  public let options: SortingOptions
  private let articles: Set<String>
  private let names: Transliterator?
  private var units: [UInt16] = []

  /// Prepares the sorting text of `collation`'s locale under `options`.
  ///
  /// - Throws: `CollationError.icu` when ICU cannot open its `Han-Latin/Names` transliterator.
  public init(collation: Collation, options: SortingOptions) throws(CollationError) {
    self.collation = collation
    self.options = options
    let language = collation.locale.language
    articles = options.ignoresArticles ? LeadingArticles.byLanguage[language] ?? [] : []
    names =
      options.valuesAreNames && language == "zh"
      ? try Transliterator(id: "Han-Latin/Names", locale: collation.locale) : nil
  }

  /// The text that `value` sorts and files by.
  ///
  /// Under half a microsecond for a Latin title; a value with Han characters that it has not
  /// read before takes ICU about 5 µs for each character of the value (Han or not), so a name
  /// like 张伟 about 10 µs the first time and a dictionary look-up after.
  public func sortingText(for value: some StringProtocol) -> String {
    var text = value.trimmingWhiteSpace
    var article: Substring = ""
    if let split = LeadingArticles.split(text, articles: articles) {
      text = split.rest
      article = split.article
    }
    var result: String
    if let names, text.unicodeScalars.contains(where: { $0.isHan }) {
      units.removeAll(keepingCapacity: true)
      units.append(contentsOf: text.utf16)
      result = String(decoding: names.transliterate(units), as: UTF16.self)
    } else {
      result = String(text)
    }
    if !article.isEmpty { result += ", " + article }
    return result
  }
}

@available(*, unavailable, message: "a SortingTextMaker belongs to one thread")
extension SortingTextMaker: Sendable {}

extension Unicode.Scalar {
  /// Whether ICU gives the scalar the Han script.
  var isHan: Bool {
    value >= 0x2E80 && catalog_script_of(Int32(bitPattern: value)) == CATALOG_SCRIPT_HAN
  }
}
