#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why CSV input could not be read, and where, printed compiler style:
/// `cities.csv:17:5: error: unterminated quoted field`.
///
/// The place is where the bad record starts, or the bad spot itself for errors about one spot
/// (a quote, a byte, a header name).
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with the input.
  public enum Kind: Equatable, Sendable {
    /// The file could not be opened; `errno` says why.
    case cannotOpen(errno: Int32)
    /// Reading failed; `errno` says why.
    case cannotRead(errno: Int32)
    /// The input starts with a UTF-16 byte order mark; only UTF-8 is read.
    case utf16
    /// The input has no header line: it is empty or has only blank lines.
    case missingHeader
    /// Header field `field` (from 1) is empty or only white space.
    case emptyHeaderName(field: Int)
    /// Header fields `firstField` and `field` (from 1) have the same name.
    case duplicateHeaderName(String, firstField: Int, field: Int)
    /// A quoted field has no closing quote before the end of the input.
    case unterminatedQuote
    /// A field that does not start with a quote has one inside.
    case quoteInUnquotedField
    /// A closing quote is followed by something other than the delimiter or a line end.
    case textAfterClosingQuote(delimiter: CSVDelimiter)
    /// A byte that does not belong in UTF-8 text here.
    case invalidUTF8(byte: UInt8)
    /// A NUL byte, which text never has.
    case nulByte
    /// A record with another number of fields than the header.
    case fieldCount(expected: Int, found: Int)
    /// A record's key (the trimmed value of the key column) is empty.
    case blankKey(column: String)
    /// A record's key is also the key of an earlier record, which starts on `firstLine`.
    case duplicateKey(String, firstLine: Int)
    /// An appended record's key is already the key of an item of the collection.
    case keyInUse(String, item: Int)
  }

  /// What is wrong.
  public let kind: Kind
  /// The input as the user named it: the path as typed, or `<stdin>`.
  public let inputName: String
  /// The line of the error, from 1; 0 for errors about the whole input (it cannot be opened or
  /// read).
  public let line: Int
  /// The column of the error, from 1, in Unicode scalars from the start of the line; 0 when `line`
  /// is 0.
  public let column: Int

  /// What is wrong, and what was expected instead.
  public var message: String {
    switch kind {
    case .cannotOpen(let errno): "cannot open: \(String(cString: strerror(errno)))"
    case .cannotRead(let errno): "cannot read: \(String(cString: strerror(errno)))"
    case .utf16: "UTF-16 text, expected UTF-8"
    case .missingHeader: "missing header, expected a line of column names"
    case .emptyHeaderName(let field): "empty header name in field \(field), expected a column name"
    case .duplicateHeaderName(let name, let firstField, let field):
      "duplicate header name \"\(name)\" in fields \(firstField) and \(field)"
    case .unterminatedQuote: "unterminated quoted field"
    case .quoteInUnquotedField: "quote inside an unquoted field"
    case .textAfterClosingQuote(let delimiter):
      "text after closing quote, expected \(delimiter) or end of line"
    case .invalidUTF8(let byte): "invalid UTF-8 byte 0x\(hex(byte))"
    case .nulByte: "NUL byte, expected text"
    case .fieldCount(let expected, let found):
      "expected \(expected) \(expected == 1 ? "field" : "fields") as in the header, found \(found)"
    case .blankKey(let column): "blank key: the key column '\(column)' is empty"
    case .duplicateKey(let key, let firstLine):
      "duplicate key '\(key)' (first on line \(firstLine))"
    case .keyInUse(let key, let item): "duplicate key '\(key)' (item \(item) has it)"
    }
  }

  /// How to fix the input, when there is a usual way.
  public var hint: String? {
    switch kind {
    case .utf16: "convert it first, for example: iconv -f utf-16 -t utf-8 FILE"
    case .unterminatedQuote: "expected a closing quote; a quote inside a quoted field is doubled"
    case .quoteInUnquotedField: "quote the whole field and double the quotes inside it"
    case .invalidUTF8: "convert it first, for example: iconv -f latin1 -t utf-8 FILE"
    default: nil
    }
  }

  /// The error, then the hint on a line of its own, compiler style.
  public var description: String {
    let place = line > 0 ? "\(inputName):\(line):\(column):" : "\(inputName):"
    let error = "\(place) error: \(message)"
    return hint.map { "\(error)\n\(place) note: \($0)" } ?? error
  }
}

/// `byte` as two upper-case hexadecimal digits.
private func hex(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return byte < 0x10 ? "0" + digits : digits
}
