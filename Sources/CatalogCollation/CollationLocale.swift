internal import CICU

/// A locale that ICU knows, in canonical ICU form (`zh-Hant-TW` becomes `zh_Hant_TW`).
///
/// Making one is the only way to name a locale in this module, so an unknown or malformed id is an
/// error at the door rather than a silent fallback to ICU's root collation.
public struct CollationLocale: Hashable, Sendable, CustomStringConvertible {
  /// The canonical ICU id, such as `sv`, `de_DE` or `zh_Hant`.
  public let identifier: String

  /// Validates and canonicalizes an ICU locale id or a BCP 47 tag.
  ///
  /// - Throws: `CollationError.unknownLocale` when ICU does not know the language, script or
  ///   region, or the id is malformed (`xx_YY`, `!!`, the empty string).
  public init(_ requested: String) throws(CollationError) {
    var status: Int32 = 0
    let identifier = stringFromCBuffer(capacity: 160) {
      _ = catalog_locale_canonicalize(requested, $0, $1, &status)
    }
    guard status <= 0 else { throw .unknownLocale(requested) }
    self.identifier = identifier
  }

  /// The locale named by the environment, as a POSIX program reads it: the first non-empty of
  /// `LC_ALL`, `LC_COLLATE` and `LANG`, without its codeset and modifier (`sv_SE.UTF-8` → `sv_SE`);
  /// `C`, `POSIX` and no setting at all mean `en`.
  ///
  /// - Throws: `CollationError.unknownLocale` when the variable names a locale ICU does not know.
  public static func fromEnvironment(_ environment: [String: String]) throws(CollationError) -> Self
  {
    let setting = ["LC_ALL", "LC_COLLATE", "LANG"].lazy
      .compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let setting else { return try Self("en") }
    let name = setting.prefix { $0 != "." && $0 != "@" }
    if name == "C" || name == "POSIX" || name.isEmpty { return try Self("en") }
    return try Self(String(name))
  }

  public var description: String { identifier }
}
