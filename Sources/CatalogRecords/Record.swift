import CatalogStore

/// One result as the command line prints it (`--format json`: one object per line) and the server
/// sends it (an element of a JSON array): named values in a fixed column order.
///
/// The initializers in the extensions make the record of each kind of result, so that both
/// front ends spell every field the same way (DESIGN §6).
public struct Record: Equatable, Sendable {
  /// The names of the values, in order; the same for every record of a kind.
  public let columns: [String]
  /// The values, one per column.
  public let values: [RecordValue]

  /// A record of `values` under `columns`, which must have as many names as there are values.
  public init(columns: [String], values: [RecordValue]) {
    precondition(columns.count == values.count, "a record needs one value per column")
    self.columns = columns
    self.values = values
  }

  /// The record as one JSON object, without white space; absent values are left out.
  ///
  /// ```swift
  /// Record(indexEntry: entry).json  // {"title":"A","section":0,"count":12}
  /// ```
  public var json: String {
    var text = "{"
    var isFirst = true
    for (column, value) in zip(columns, values) {
      if value.isAbsent { continue }
      if !isFirst { text += "," }
      isFirst = false
      JSONText.appendQuoted(column, to: &text)
      text += ":"
      Self.appendJSON(value, to: &text)
    }
    return text + "}"
  }

  private static func appendJSON(_ value: RecordValue, to text: inout String) {
    switch value {
    case .text(let string): JSONText.appendQuoted(string, to: &text)
    case .integer(let integer): text += String(integer)
    case .boolean(let boolean): text += boolean ? "true" : "false"
    case .null, .absent: text += "null"
    case .displayed(let value, _): appendJSON(value, to: &text)
    case .object(let pairs):
      text += "{"
      var isFirst = true
      for pair in pairs {
        if pair.value.isAbsent { continue }
        if !isFirst { text += "," }
        isFirst = false
        JSONText.appendQuoted(pair.name, to: &text)
        text += ":"
        appendJSON(pair.value, to: &text)
      }
      text += "}"
    case .array(let elements):
      text += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { text += "," }
        appendJSON(element, to: &text)
      }
      text += "]"
    }
  }

  /// `value` as JSON text, such as `{"group_by":null,"locale":"en"}`; an absent value is `null`.
  public static func json(_ value: RecordValue) -> String {
    var text = ""
    appendJSON(value, to: &text)
    return text
  }
}
