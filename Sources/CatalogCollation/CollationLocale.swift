internal import CICU

/// A locale that ICU knows, in canonical ICU form (`zh-Hant-TW` becomes `zh_Hant_TW`), with its
/// collation keywords in ICU's spelling (`de-u-co-phonebk` becomes `de@collation=phonebook`).
///
/// Making one is the only way to name a locale in this module, so an unknown or malformed id, and
/// a keyword or keyword value that ICU would silently ignore, is an error at the door rather
/// than a silent fallback to ICU's root collation.
public struct CollationLocale: Hashable, Sendable, CustomStringConvertible {
  /// The canonical ICU id, such as `sv`, `de_DE`, `zh_Hant` or `zh_TW@collation=zhuyin`; making
  /// a locale from it gives the same id back.
  public let identifier: String

  /// Validates and canonicalizes an ICU locale id or a BCP 47 tag, with ICU's collation
  /// keywords: `-u-co-` (`@collation=`, such as `phonebook`, `zhuyin`, `stroke`), `-u-kn`
  /// (`@colnumeric=yes`, numeric order), `-u-ka-shifted` (`@colalternate=shifted`, spaces and
  /// punctuation ignored), `-u-kf-upper` (`@colcasefirst=upper`) and `-u-kr-` (`@colreorder=`,
  /// such as `kana-hani-latn`).
  ///
  /// ```swift
  /// try CollationLocale("de-u-co-phonebk").identifier  // "de@collation=phonebook"
  /// try CollationLocale("en-u-kn").identifier          // "en@colnumeric=yes"
  /// ```
  ///
  /// - Throws: `CollationError.unknownLocale` when ICU does not know the language, script or
  ///   region, or the id is malformed (`xx_YY`, `!!`, the empty string);
  ///   `CollationError.unknownKeyword` for any other keyword (`en-u-zz-abc`, `en-u-ca-gregory`);
  ///   `CollationError.unknownKeywordValue` for a value ICU does not have for the locale
  ///   (`de@collation=nonsense`, `en-u-co-phonebk`, `en-u-kn-maybe`).
  public init(_ requested: String) throws(CollationError) {
    var status: Int32 = 0
    let identifier = stringFromCBuffer(capacity: 160) {
      _ = catalog_locale_canonicalize(requested, $0, $1, &status)
    }
    guard status <= 0 else { throw .unknownLocale(requested) }
    try Self.checkKeywords(of: identifier, requested: requested)
    self.identifier = identifier
  }

  /// The locale named by the environment, as a POSIX program reads it: the first non-empty of
  /// `LC_ALL`, `LC_COLLATE` and `LANG`, without its codeset and modifier (`sv_SE.UTF-8` → `sv_SE`);
  /// `C`, `POSIX` and no setting at all mean `en`.
  ///
  /// - Throws: `CollationError.unknownLocale` when the variable names a locale ICU does not know;
  ///   `environmentSetting(in:)` tells which variable that was.
  public static func fromEnvironment(_ environment: [String: String]) throws(CollationError) -> Self
  {
    try Self(environmentSetting(in: environment)?.locale ?? "en")
  }

  /// The variable that names the locale in the environment, its value, and the locale id in it:
  /// for `LANG=sv_SE.UTF-8`, `("LANG", "sv_SE.UTF-8", "sv_SE")`. Nil when no variable is set, or
  /// the first one set says `C` or `POSIX`, which stand for `en`.
  public static func environmentSetting(in environment: [String: String])
    -> (variable: String, value: String, locale: String)?
  {
    let setting = ["LC_ALL", "LC_COLLATE", "LANG"].lazy
      .compactMap { variable in environment[variable].map { (variable, $0) } }
      .first { !$0.1.isEmpty }
    guard let (variable, value) = setting else { return nil }
    let name = value.prefix { $0 != "." && $0 != "@" }
    if name == "C" || name == "POSIX" || name.isEmpty { return nil }
    return (variable, value, String(name))
  }

  public var description: String { identifier }
}
