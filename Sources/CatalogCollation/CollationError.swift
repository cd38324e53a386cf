/// Why a collation could not be made.
public enum CollationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The locale id is malformed, or names a language, script or region that ICU does not know.
  case unknownLocale(String)
  /// ICU failed; `code` is its error name, such as `U_MISSING_RESOURCE_ERROR`.
  case icu(code: String, locale: String)

  public var description: String {
    switch self {
    case .unknownLocale(let id):
      return
        "unknown locale '\(id)' (expected an ICU locale id or BCP 47 tag such as sv, de_DE, zh-Hant)"
    case .icu(let code, let locale):
      return "ICU failed (\(code)) for locale '\(locale)'"
    }
  }
}
