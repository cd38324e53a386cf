/// The leading articles of each language that titles file without ("The Beatles" under B), the
/// only word lists in this module: ICU has none.
///
/// Source: MARC 21, Appendix F, "Initial Definite and Indefinite Articles" (Library of Congress,
/// https://www.loc.gov/marc/bibliographic/bdapndxf.html), the list libraries file titles by. Each
/// language has the forms that the appendix gives it, less, as the Library of Congress's own
/// practice does, plural indefinites (Spanish unos, unas; Portuguese uns, umas) and English
/// dialect forms (d', de, ye). Forms ending in an apostrophe are elided before a vowel (L'Ami).
/// Dutch's elided forms begin with one: 't ("het"), and 's ("des", as the Nederlandse Taalunie
/// explains at https://taaladvies.net/taal/advies/vraag/1203/), which place names join to the next
/// word with a hyphen ('s-Hertogenbosch, 's-Gravenhage) and lists file under that word
/// ("Hertogenbosch, 's").
enum LeadingArticles {
  /// ASCII lower case, with `'` for every apostrophe.
  static let byLanguage: [Substring: Set<String>] = [
    "en": ["the", "a", "an"],
    "de": [
      "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
    ],
    "fr": ["le", "la", "les", "l'", "un", "une"],
    "es": ["el", "la", "lo", "los", "las", "un", "una"],
    "it": ["il", "lo", "la", "i", "gli", "gl'", "le", "l'", "un", "uno", "una", "un'"],
    "nl": ["de", "het", "een", "'t", "'s", "'n"],
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
  /// of `articles` followed by more text: a whole word ("The Beatles"), an elided form joined to
  /// the next word ("L'Ami"), or one that begins with an apostrophe joined to it by a hyphen
  /// ("'s-Hertogenbosch", whose rest is "Hertogenbosch"), case ignored. A hyphen after any other
  /// word makes one word of the two ("A-ha").
  static func split(_ title: Substring, articles: Set<String>) -> Split? {
    guard !articles.isEmpty else { return nil }
    let scalars = title.unicodeScalars
    // Only the first characters can be an article: look no further than the longest one.
    var wordEnd = scalars.startIndex
    var apostrophe: String.Index?
    var hyphen: String.Index?
    var length = 0
    while wordEnd != scalars.endIndex && !scalars[wordEnd].isWhiteSpace {
      length += 1
      if length > longestArticle + 1 { break }
      if wordEnd != scalars.startIndex && apostrophe == nil && scalars[wordEnd].isApostrophe {
        apostrophe = wordEnd
      }
      if hyphen == nil && scalars[wordEnd].isHyphen { hyphen = wordEnd }
      wordEnd = scalars.index(after: wordEnd)
    }
    if wordEnd != scalars.endIndex && scalars[wordEnd].isWhiteSpace,
      isArticle(title[..<wordEnd], in: articles)
    {
      let rest = title[wordEnd...].drop { $0.unicodeScalars.first!.isWhiteSpace }
      if !rest.isEmpty { return Split(article: title[..<wordEnd], rest: rest) }
    }
    if let apostrophe {
      let restStart = scalars.index(after: apostrophe)
      if let split = joined(title, articleEnd: restStart, restStart: restStart, articles) {
        return split
      }
    }
    if let hyphen, scalars.first?.isApostrophe == true {
      let restStart = scalars.index(after: hyphen)
      return joined(title, articleEnd: hyphen, restStart: restStart, articles)
    }
    return nil
  }

  /// The split of `title` when its first characters, up to `articleEnd`, are one of `articles`,
  /// joined to a word that begins at `restStart`.
  private static func joined(
    _ title: Substring, articleEnd: String.Index, restStart: String.Index, _ articles: Set<String>
  ) -> Split? {
    let scalars = title.unicodeScalars
    guard restStart != scalars.endIndex && !scalars[restStart].isWhiteSpace,
      isArticle(title[..<articleEnd], in: articles)
    else { return nil }
    return Split(article: title[..<articleEnd], rest: title[restStart...])
  }

  /// Whether `word` is one of `articles`, ignoring case. The articles are ASCII, whose letters
  /// change case alike in every language that has articles here, so a word with any other
  /// character (after apostrophes are folded) is none of them.
  private static func isArticle(_ word: Substring, in articles: Set<String>) -> Bool {
    guard !word.isEmpty, word.utf16.count <= longestArticle else { return false }
    var lower: [UInt8] = []
    for unit in word.utf16 {
      let folded = Apostrophe.folded(unit)
      guard folded < 0x80 else { return false }
      lower.append(UInt8(folded) | (folded >= 0x41 && folded <= 0x5A ? 0x20 : 0))
    }
    return articles.contains(String(decoding: lower, as: UTF8.self))
  }
}

extension Unicode.Scalar {
  /// Unicode White_Space, decided without a property look-up for ASCII.
  fileprivate var isWhiteSpace: Bool {
    value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
  }

  fileprivate var isApostrophe: Bool {
    value <= 0xFFFF && Apostrophe.folded(UInt16(value)) == Apostrophe.plain
  }

  /// U+002D HYPHEN-MINUS, U+2010 HYPHEN or U+2011 NON-BREAKING HYPHEN.
  fileprivate var isHyphen: Bool {
    value == 0x2D || value == 0x2010 || value == 0x2011
  }
}
