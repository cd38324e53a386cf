/// One record of CSV input: its fields as written, and where it starts.
public struct CSVRecord: Sendable, Equatable {
  /// The fields, exactly as written: quotes removed from quoted fields and doubled quotes
  /// unescaped, nothing else changed (leading zeros, white space and line breaks are kept).
  public var fields: [String]
  /// The line where the record starts, from 1; a quoted field with line breaks makes a record span
  /// several lines.
  public var line: Int
}
