/// One value in a record.
public enum RecordValue: Equatable, Sendable {
  case text(String)
  case integer(Int)
  case boolean(Bool)
  case null
  /// A value not set: left out of JSON objects, an empty cell in tables.
  case absent
  /// Named values, such as an item's fields: a nested object in JSON. As a value of a record, one
  /// column each in tables.
  case object([Pair])
  /// Values in order, such as the titles a `•` index entry stands for: an array in JSON.
  case array([RecordValue])
  /// A value that tables show as `text`: a stored grouping, an object in JSON, is
  /// `state/en_US` in a table. The only case that holds a value in place, so the only one boxed.
  indirect case displayed(RecordValue, text: String)

  /// One name and its value in an `object` value.
  public struct Pair: Equatable, Sendable {
    public let name: String
    public let value: RecordValue

    public init(name: String, value: RecordValue) {
      self.name = name
      self.value = value
    }
  }

  /// Whether the value is not set, and left out of JSON objects.
  public var isAbsent: Bool {
    switch self {
    case .absent: return true
    case .displayed(let value, _): return value.isAbsent
    default: return false
    }
  }

  /// An array of texts, such as column names.
  public static func texts(_ strings: [String]) -> RecordValue { .array(strings.map(Self.text)) }

  /// The text, or null when there is none.
  public static func nullable(_ text: String?) -> RecordValue { text.map(Self.text) ?? .null }
}
