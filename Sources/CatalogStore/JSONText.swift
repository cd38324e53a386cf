/// The JSON spelling of strings and string arrays, used for the columns and fields the catalog
/// stores and for `--format json` output. Written by hand because it is on the import's hot path.
public enum JSONText {
  /// `text` as a JSON string literal, quotes included.
  public static func quoted(_ text: some StringProtocol) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count + 2)
    appendQuoted(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// `strings` as a JSON array of strings.
  public static func array(_ strings: some Sequence<some StringProtocol>) -> String {
    var output: [UInt8] = []
    appendArray(strings, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `strings` as a JSON array of strings, in UTF-8.
  public static func appendArray(
    _ strings: some Sequence<some StringProtocol>, to output: inout [UInt8]
  ) {
    output.append(UInt8(ascii: "["))
    for (position, string) in strings.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      appendQuoted(string, to: &output)
    }
    output.append(UInt8(ascii: "]"))
  }

  /// Appends `text` as a JSON string literal in UTF-8, escaping quotes, backslashes and control
  /// characters, and copying runs of plain bytes at once.
  public static func appendQuoted(_ text: some StringProtocol, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = Substring(text)
    text.withUTF8 { utf8 in
      var plainStart = 0
      for (index, byte) in utf8.enumerated()
      where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
        output.append(contentsOf: escape(byte).utf8)
        plainStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func escape(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "\""): return "\\\""
    case UInt8(ascii: "\\"): return "\\\\"
    case UInt8(ascii: "\n"): return "\\n"
    case UInt8(ascii: "\r"): return "\\r"
    case UInt8(ascii: "\t"): return "\\t"
    default:
      let hex = String(byte, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// The byte that the JSON escape of `letter` (`\n`, `\"` …) stands for, for every escape but
  /// `\u`; nil for a letter that no escape has.
  package static func escapedByte(_ letter: UInt8) -> UInt8? {
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "t"): return 0x09
    default: return nil
    }
  }

  /// Decodes a JSON array of strings as the catalog stores it, from its UTF-8 bytes (as
  /// `Statement.stringArray(at:)` reads a column); nil when they are not one.
  package static func decodeStringArray(utf8: UnsafeBufferPointer<UInt8>) -> [String]? {
    var parser = StringArrayParser(utf8: utf8)
    return parser.parse()
  }
}

/// A parser for exactly the JSON that `JSONText.array` writes (and any equivalent JSON array of
/// strings), fast enough to read a million items: strings without escapes are decoded straight
/// from the input bytes.
private struct StringArrayParser {
  let utf8: UnsafeBufferPointer<UInt8>
  var position = 0

  mutating func parse() -> [String]? {
    skipWhiteSpace()
    guard take(UInt8(ascii: "[")) else { return nil }
    var strings: [String] = []
    skipWhiteSpace()
    if take(UInt8(ascii: "]")) { return strings }
    repeat {
      skipWhiteSpace()
      guard let string = parseString() else { return nil }
      strings.append(string)
      skipWhiteSpace()
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]")) ? strings : nil
  }

  private mutating func parseString() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    while position < utf8.count {
      switch utf8[position] {
      case UInt8(ascii: "\""):
        position += 1
        return String(
          decoding: UnsafeBufferPointer(rebasing: utf8[start..<position - 1]), as: UTF8.self)
      case UInt8(ascii: "\\"):
        var bytes = Array(utf8[start..<position])
        return parseEscapedRest(into: &bytes)
      default:
        position += 1
      }
    }
    return nil
  }

  /// The rest of a string that holds an escape, from the backslash at `position` on.
  private mutating func parseEscapedRest(into bytes: inout [UInt8]) -> String? {
    while position < utf8.count {
      let byte = utf8[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: bytes, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < utf8.count else { return nil }
        let escaped = utf8[position]
        position += 1
        if escaped == UInt8(ascii: "u") {
          guard let scalar = parseUnicodeEscape() else { return nil }
          bytes.append(contentsOf: String(Character(scalar)).utf8)
        } else {
          bytes.append(JSONText.escapedByte(escaped) ?? escaped)
        }
      default:
        bytes.append(byte)
      }
    }
    return nil
  }

  /// Reads the four hex digits after `\u`, and a following low surrogate escape when the first is
  /// a high surrogate.
  private mutating func parseUnicodeEscape() -> Unicode.Scalar? {
    guard let high = parseHex4() else { return nil }
    if (0xD800..<0xDC00).contains(high) {
      guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = parseHex4(),
        (0xDC00..<0xE000).contains(low)
      else { return nil }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }
    return Unicode.Scalar(high)
  }

  private mutating func parseHex4() -> UInt32? {
    guard position + 4 <= utf8.count,
      let value = UInt32(String(decoding: utf8[position..<position + 4], as: UTF8.self), radix: 16)
    else { return nil }
    position += 4
    return value
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < utf8.count, utf8[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func skipWhiteSpace() {
    while position < utf8.count {
      switch utf8[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }
}
