/// One value in a record.
public enum RecordValue: Equatable, Sendable {
  case text(String)
  case integer(Int)
  case null
  /// A value not set: left out of JSON objects, an empty cell in tables.
  case absent
  /// Named strings, such as an item's fields: a nested object in JSON, one column each in tables.
  case object([Pair])
  /// Strings, such as the titles a `•` index entry stands for: an array in JSON, one cell with
  /// the strings between spaces in tables.
  case list([String])

  /// One name and its text in an `object` value.
  public struct Pair: Equatable, Sendable {
    public let name: String
    public let text: String

    public init(name: String, text: String) {
      self.name = name
      self.text = text
    }
  }
}
