/// The character that separates the fields of a record: a comma for CSV, a tab for TSV.
///
/// Any printable ASCII character other than the double quote may be one, and so may a tab;
/// a delimiter is a single byte, which keeps reading fast.
public struct CSVDelimiter: Sendable, Equatable, CustomStringConvertible {
  /// The comma of `.csv` files.
  public static let comma = CSVDelimiter(byte: UInt8(ascii: ","))
  /// The tab of `.tsv` files.
  public static let tab = CSVDelimiter(byte: UInt8(ascii: "\t"))

  /// The delimiter's byte in the input.
  let byte: UInt8

  private init(byte: UInt8) { self.byte = byte }

  /// The delimiter written as `character`, or nil when it cannot separate fields: it must be a
  /// tab or a printable ASCII character other than the double quote.
  public init?(_ character: Character) {
    guard character.unicodeScalars.count == 1, let byte = character.asciiValue,
      byte == Self.tab.byte || (0x20...0x7E).contains(byte), byte != UInt8(ascii: "\"")
    else { return nil }
    self.byte = byte
  }

  /// How messages name the delimiter: `tab`, or the character in quotes, such as `','`.
  public var description: String {
    self == .tab ? "tab" : "'\(Character(Unicode.Scalar(byte)))'"
  }
}
