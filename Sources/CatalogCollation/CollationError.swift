/// Why a collation could not be made.
public enum CollationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The locale id is malformed, or names a language, script or region that ICU does not know.
  case unknownLocale(String)
  /// The locale id carries a keyword that is not a collation keyword this module supports, such
  /// as `zz` in `en-u-zz-abc` or `calendar` in `en@calendar=gregorian`. `keyword` is spelled as
  /// in ICU ids; `locale` is the id as requested.
  case unknownKeyword(keyword: String, locale: String)
  /// A collation keyword has a value that ICU does not know or does not have for the locale,
  /// such as `de@collation=nonsense` or `en-u-co-phonebk`. `expected` lists the values ICU has
  /// for the locale where it can tell (the collation types), else is empty.
  case unknownKeywordValue(keyword: String, value: String, locale: String, expected: [String])
  /// ICU failed; `code` is its error name, such as `U_MISSING_RESOURCE_ERROR`.
  case icu(code: String, locale: String)

  public var description: String {
    switch self {
    case .unknownLocale(let id):
      return
        "unknown locale '\(id)' (expected an ICU locale id or BCP 47 tag such as sv, de_DE, zh-Hant)"
    case .unknownKeyword(let keyword, let locale):
      return "unknown collation keyword '\(keyword)' in locale '\(locale)' "
        + "(expected \(CollationKeyword.list))"
    case .unknownKeywordValue(let keyword, let value, let locale, let expected):
      let known = expected.isEmpty ? "" : " (expected \(expected.joined(separator: ", ")))"
      return "unknown value '\(value)' of collation keyword '\(keyword)' in locale '\(locale)'"
        + known
    case .icu(let code, let locale):
      return "ICU failed (\(code)) for locale '\(locale)'"
    }
  }
}
