internal import CICU

/// The leading articles of each language that titles file without ("The Beatles" under B), the
/// only word lists in this module: ICU has none.
///
/// Source: MARC 21, Appendix F, "Initial Definite and Indefinite Articles" (Library of Congress,
/// https://www.loc.gov/marc/bibliographic/bdapndxf.html), the list libraries file titles by. Each
/// language has the forms that the appendix gives it, less, as the Library of Congress's own
/// practice does, plural indefinites (Spanish unos, unas; Portuguese uns, umas) and English
/// dialect forms (d', de, ye). Forms ending in an apostrophe are elided before a vowel (L'Ami).
enum LeadingArticles {
  /// Lower case, with `'` for every apostrophe.
  static let byLanguage: [Substring: Set<String>] = [
    "en": ["the", "a", "an"],
    "de": [
      "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
    ],
    "fr": ["le", "la", "les", "l'", "un", "une"],
    "es": ["el", "la", "lo", "los", "las", "un", "una"],
    "it": ["il", "lo", "la", "i", "gli", "gl'", "le", "l'", "un", "uno", "una", "un'"],
    "nl": ["de", "het", "een", "'t", "'n"],
    "pt": ["o", "a", "os", "as", "um", "uma"],
  ]

  /// The length of the longest article in UTF-16 units: longer first words are not looked up.
  private static let longestArticle = byLanguage.values.joined().map(\.utf16.count).max() ?? 0
}

extension LeadingArticles {
  /// A title's leading article and the text after it.
  struct Split {
    /// The article as written, such as "The" or "L’".
    let article: Substring
    /// The rest of the title, not empty.
    let rest: Substring
  }

  /// The leading article of `title` (trimmed) and what follows it, when the title begins with one
  /// of `articles` followed by more text: a whole word ("The Beatles") or an elided form joined
  /// to the next word ("L'Ami"). Case is ignored by the rules of `locale`.
  static func split(_ title: Substring, articles: Set<String>, locale: CollationLocale) -> Split? {
    guard !articles.isEmpty else { return nil }
    let word = title.prefix { !$0.isWhitespace }
    if word.endIndex != title.endIndex, isArticle(word, in: articles, locale: locale) {
      let rest = title[word.endIndex...].drop { $0.isWhitespace }
      if !rest.isEmpty { return Split(article: word, rest: rest) }
    }
    if let apostrophe = word.dropFirst().firstIndex(where: isApostrophe) {
      let article = word[...apostrophe]
      let rest = title[word.index(after: apostrophe)...]
      if !rest.isEmpty, !rest.first!.isWhitespace, isArticle(article, in: articles, locale: locale)
      {
        return Split(article: article, rest: rest)
      }
    }
    return nil
  }

  private static func isApostrophe(_ character: Character) -> Bool {
    character.utf16.count == 1 && Apostrophe.folded(character.utf16.first!) == Apostrophe.plain
  }

  private static func isArticle(
    _ word: Substring, in articles: Set<String>, locale: CollationLocale
  )
    -> Bool
  {
    guard !word.isEmpty, word.utf16.count <= longestArticle else { return false }
    let units = word.utf16.map(Apostrophe.folded)
    let lower = units.withUnsafeBufferPointer { text in
      utf16FromCBuffer(capacity: text.count + 4) { buffer, capacity in
        var status: Int32 = 0
        return catalog_lowercase(
          locale.identifier, text.baseAddress, Int32(text.count), buffer, capacity, &status)
      }
    }
    return articles.contains(String(decoding: lower, as: UTF16.self))
  }
}
