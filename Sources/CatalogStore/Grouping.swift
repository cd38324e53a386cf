/// How a collection is cut into sections (DESIGN §1).
public enum Grouping: Hashable, Sendable, CustomStringConvertible {
  /// Sections are the alphabetic-index letters of the sort-as value, as in Contacts.
  case letters
  /// Sections are the distinct values of a column, as the locale folds them.
  case column(String)

  /// The grouping column, or nil for letters.
  public var column: String? {
    if case .column(let name) = self { return name }
    return nil
  }

  /// The value stored in `groupings.group_by`: the column, or '' for letters.
  var storedColumn: String {
    switch self {
    case .letters: return ""
    case .column(let name): return name
    }
  }

  init(storedColumn: String) {
    self = storedColumn.isEmpty ? .letters : .column(storedColumn)
  }

  public var description: String {
    switch self {
    case .letters: return "letters"
    case .column(let name): return "column '\(name)'"
    }
  }
}
