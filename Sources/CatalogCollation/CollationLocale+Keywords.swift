internal import CICU

extension CollationLocale {
  /// The language part of the id, such as `zh` for `zh_Hant_TW@collation=zhuyin`.
  var language: Substring {
    identifier.prefix { $0 != "_" && $0 != "@" }
  }

  /// The id that ICU's collators and alphabetic index for this locale are opened with: the
  /// identifier, with reorder codes that put the locale's own scripts before Latin where ICU's
  /// collation does not and the id names no order of its own (`ja` is opened as
  /// `ja@colreorder=kana-hani-latn`, DESIGN §2).
  func collatorIdentifier() throws(CollationError) -> String {
    var status: Int32 = 0
    let collatorIdentifier = stringFromCBuffer(capacity: 160) {
      _ = catalog_collation_locale(identifier, $0, $1, &status)
    }
    guard status <= 0 else {
      throw .icu(code: String(cString: catalog_error_name(status)), locale: identifier)
    }
    return collatorIdentifier
  }

  /// Checks each keyword of a canonical id against what ICU's collator does with it, since ICU
  /// opens a collator for an unknown keyword or collation type without a word.
  static func checkKeywords(of identifier: String, requested: String) throws(CollationError) {
    guard let separator = identifier.firstIndex(of: "@") else { return }
    let base = identifier[..<separator]
    for setting in identifier[identifier.index(after: separator)...].split(separator: ";") {
      let parts = setting.split(separator: "=", maxSplits: 1)
      let key = String(parts[0])
      let value = parts.count > 1 ? String(parts[1]) : ""
      // ICU keeps BCP 47's private-use, transform and attribute subtags as keywords too; they are
      // no part of a collation locale.
      if ["x", "t", "attribute"].contains(key) { throw .unknownLocale(requested) }
      guard let keyword = CollationKeyword(rawValue: key) else {
        throw .unknownKeyword(keyword: key, locale: requested)
      }
      if keyword == .collation {
        let types = collationTypes(of: String(base))
        guard types.contains(value) else {
          throw .unknownKeywordValue(
            keyword: key, value: value, locale: requested, expected: types)
        }
      } else {
        var status: Int32 = 0
        let collator = catalog_collator_open("\(base)@\(key)=\(value)", 0, &status)
        catalog_collator_close(collator)
        guard status <= 0 else {
          throw .unknownKeywordValue(keyword: key, value: value, locale: requested, expected: [])
        }
      }
    }
  }

  /// ICU's collation types for a locale, such as `standard`, `phonebook`, `search`.
  private static func collationTypes(of base: String) -> [String] {
    var status: Int32 = 0
    let list = stringFromCBuffer(capacity: 512) {
      _ = catalog_collation_types(base, $0, $1, &status)
    }
    return status > 0 ? [] : list.split(separator: ",").map(String.init)
  }
}
