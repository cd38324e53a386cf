internal import CICU

/// Locale-aware keys for one locale, all from ICU: sort keys, section keys, letters and labels.
///
/// Leading and trailing white space never counts for any key. A `Collation` is immutable and
/// `Sendable`: one instance may be shared by every thread (ICU's const collator calls and its
/// `ImmutableIndex` are thread-safe, so no lock is taken).
///
/// ```swift
/// let swedish = try Collation(locale: CollationLocale("sv"))
/// swedish.letter(of: "Åsa")  // "Å", a letter after "Z"
/// ```
public final class Collation: Sendable {
  /// The label of everything outside the locale's letters: digits, symbols, other scripts.
  public static let otherLabel = "#"

  public let locale: CollationLocale
  /// The index labels in the locale's order, with Latin A–Z added when the locale's own letters
  /// are not Latin, and `#` last.
  public let labels: [String]
  /// The versions that made these keys; stored keys from other versions must be rebuilt.
  public let version: CollationVersion

  /// The version of the ICU this program runs with, such as "72.1".
  public static let icuVersion = stringFromCBuffer(capacity: 32) { catalog_icu_version($0, $1) }

  /// The Unicode version of ICU's character data, such as "15.0".
  public static let unicodeVersion = stringFromCBuffer(capacity: 32) {
    catalog_unicode_version($0, $1)
  }

  /// The CLDR version of ICU's locale data, such as "42.0".
  public static let cldrVersion = stringFromCBuffer(capacity: 32) { buffer, capacity in
    var status: Int32 = 0
    catalog_cldr_version(buffer, capacity, &status)
  }

  private let sortCollator: Collator
  let sectionCollator: Collator
  private let letterIndex: LetterIndex

  /// Opens ICU's collators and alphabetic index for a locale.
  ///
  /// - Throws: `CollationError.icu` if ICU cannot open them.
  public init(locale: CollationLocale) throws(CollationError) {
    self.locale = locale
    sortCollator = try Collator(locale: locale, strength: .tertiary)
    sectionCollator = try Collator(locale: locale, strength: .primary)
    letterIndex = try LetterIndex(locale: locale)
    labels = letterIndex.labels + [Self.otherLabel]
    version = CollationVersion(icu: Self.icuVersion, collator: sortCollator.version)
  }

  /// The versions that keys of `locale` would be made with, without building the whole collation:
  /// cheap enough to check stored keys every time a catalog is opened.
  public static func version(for locale: CollationLocale) throws(CollationError)
    -> CollationVersion
  {
    CollationVersion(
      icu: icuVersion, collator: try Collator(locale: locale, strength: .tertiary).version)
  }

  /// Validates a locale id or BCP 47 tag and opens its collation.
  ///
  /// - Throws: `CollationError.unknownLocale` for an id that ICU does not know.
  public convenience init(localeIdentifier: String) throws(CollationError) {
    try self.init(locale: CollationLocale(localeIdentifier))
  }

  /// The order of items: ICU's sort key at tertiary strength of the trimmed text. Byte-wise order
  /// of keys (`memcmp`, SQLite's BLOB order) is the locale's order; NFC and NFD give equal keys.
  public func sortKey(for text: some StringProtocol) -> [UInt8] {
    sortCollator.sortKey(text.trimmingWhiteSpace)
  }

  /// The identity of a column grouping's section: ICU's primary-strength key of the trimmed text,
  /// so case and accents fold as the locale folds them ("Québec" = "QUEBEC" in `fr`, but
  /// "Åre" ≠ "Are" in `sv`).
  public func sectionKey(for text: some StringProtocol) -> [UInt8] {
    sectionCollator.sortKey(text.trimmingWhiteSpace)
  }

  /// The position in `labels` of the letter that `text` files under; the last position (`#`) for
  /// what ICU puts in its underflow, inflow or overflow buckets.
  public func letterPosition(of text: some StringProtocol) -> Int {
    let trimmed = text.trimmingWhiteSpace
    guard !trimmed.isEmpty, let position = letterIndex.labelPosition(of: trimmed) else {
      return labels.count - 1
    }
    return position
  }

  /// Puts the sort key of `text` into `key`, reusing its storage, and returns the position of
  /// its letter: what `sortKey(for:)` and `letterPosition(of:)` give, for the price of about one
  /// and without allocating, as an import needs for every item of a letter grouping.
  public func sortKeyAndLetterPosition(of text: some StringProtocol, into key: inout [UInt8])
    -> Int
  {
    let trimmed = text.trimmingWhiteSpace
    let letter = sortCollator.sortKey(trimmed, letterIndex: letterIndex, into: &key)
    return trimmed.isEmpty || letter < 0 ? labels.count - 1 : letter
  }

  /// Puts the sort key of `text` into `key`, reusing its storage.
  public func sortKey(for text: some StringProtocol, into key: inout [UInt8]) {
    _ = sortCollator.sortKey(text.trimmingWhiteSpace, letterIndex: nil, into: &key)
  }

  /// The label of the letter that `text` files under, such as "A", "Å", "あ" or "#".
  public func letter(of text: some StringProtocol) -> String {
    labels[letterPosition(of: text)]
  }
}
