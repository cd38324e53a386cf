/// A collation keyword that a locale id may carry, named as ICU spells it in ids
/// (`de@collation=phonebook`); `bcp47Key` is its BCP 47 spelling (`de-u-co-phonebk`).
enum CollationKeyword: String, CaseIterable, Sendable {
  /// The collation type, such as `phonebook`, `zhuyin` or `stroke` (`-u-co-`).
  case collation
  /// Digits sort by their numeric value, `yes` or `no` (`-u-kn`).
  case numeric = "colnumeric"
  /// `shifted` ignores spaces and punctuation, `non-ignorable` does not (`-u-ka-`).
  case alternate = "colalternate"
  /// Which case sorts first at tertiary strength: `upper`, `lower` or `no` (`-u-kf-`).
  case caseFirst = "colcasefirst"
  /// The order of scripts and of digits, punctuation and symbols, such as `kana-hani-latn`
  /// (`-u-kr-`).
  case reorder = "colreorder"

  var bcp47Key: String {
    switch self {
    case .collation: return "co"
    case .numeric: return "kn"
    case .alternate: return "ka"
    case .caseFirst: return "kf"
    case .reorder: return "kr"
    }
  }

  /// The keywords as an error message lists them: `collation (co), colnumeric (kn), …`.
  static var list: String {
    allCases.map { "\($0.rawValue) (\($0.bcp47Key))" }.joined(separator: ", ")
  }
}
