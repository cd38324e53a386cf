/// How a collection's values are read for sorting, filing and search, beyond the locale
/// (`import --names`, `import --ignore-articles`; DESIGN §12).
public struct SortingOptions: Hashable, Sendable {
  /// The values are people's names: in a Chinese locale, Han characters are read as ICU's
  /// `Han-Latin/Names` reads names, with the surname reading of the family name
  /// (曾卓 zēng zhuō, 单田芳 shàn tián fāng).
  public var valuesAreNames: Bool
  /// A leading article of the locale's language does not count: "The Beatles" sorts and files as
  /// "Beatles, The".
  public var ignoresArticles: Bool

  public init(valuesAreNames: Bool = false, ignoresArticles: Bool = false) {
    self.valuesAreNames = valuesAreNames
    self.ignoresArticles = ignoresArticles
  }
}
