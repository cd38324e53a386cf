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
    var bytes: [UInt8] = []
    appendJSON(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the record as `json` spells it, in UTF-8: what a stream of records writes, reusing
  /// one buffer.
  public func appendJSON(to bytes: inout [UInt8]) {
    Self.appendObject(zip(columns, values), to: &bytes)
  }

  private static func appendObject(
    _ pairs: some Sequence<(String, RecordValue)>, to bytes: inout [UInt8]
  ) {
    bytes.append(UInt8(ascii: "{"))
    var isFirst = true
    for (name, value) in pairs where !value.isAbsent {
      if !isFirst { bytes.append(UInt8(ascii: ",")) }
      isFirst = false
      JSONText.appendQuoted(name, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      appendJSON(value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  private static func appendJSON(_ value: RecordValue, to bytes: inout [UInt8]) {
    switch value {
    case .text(let string): JSONText.appendQuoted(string, to: &bytes)
    case .integer(let integer): bytes.append(contentsOf: String(integer).utf8)
    case .boolean(let boolean): bytes.append(contentsOf: (boolean ? "true" : "false").utf8)
    case .null, .absent: bytes.append(contentsOf: "null".utf8)
    case .displayed(let value, _): appendJSON(value, to: &bytes)
    case .object(let pairs): appendObject(pairs.lazy.map { ($0.name, $0.value) }, to: &bytes)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { bytes.append(UInt8(ascii: ",")) }
        appendJSON(element, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// `value` as JSON text, such as `{"group_by":null,"locale":"en"}`; an absent value is `null`.
  public static func json(_ value: RecordValue) -> String {
    var bytes: [UInt8] = []
    appendJSON(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
