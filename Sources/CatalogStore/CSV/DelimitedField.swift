/// A field of a CSV or TSV line, spelled in bytes: the hot path of `list --format csv`, `export`
/// and a mirror's copy, which write a million lines.
public enum DelimitedField {
  /// Appends `text` as an RFC 4180 field: quoted, with its quotes doubled, when it holds the
  /// delimiter, a quote or a line break (any that Unicode counts, so no reader splits the line).
  public static func append(_ text: String, delimiter: UInt8, to line: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      guard needsQuotes(utf8, delimiter: delimiter) else {
        line.append(contentsOf: utf8)
        return
      }
      line.append(UInt8(ascii: "\""))
      for byte in utf8 {
        line.append(byte)
        if byte == UInt8(ascii: "\"") { line.append(byte) }
      }
      line.append(UInt8(ascii: "\""))
    }
  }

  /// Appends `fields` between delimiters.
  public static func append(_ fields: [String], delimiter: UInt8, to line: inout [UInt8]) {
    for (position, field) in fields.enumerated() {
      if position > 0 { line.append(delimiter) }
      append(field, delimiter: delimiter, to: &line)
    }
  }

  /// Whether the bytes hold the delimiter, a quote, or a line break: LF, VT, FF, CR, or in UTF-8
  /// NEL (C2 85), LINE SEPARATOR (E2 80 A8) and PARAGRAPH SEPARATOR (E2 80 A9).
  private static func needsQuotes(_ utf8: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> Bool {
    for (index, byte) in utf8.enumerated() {
      switch byte {
      case delimiter, UInt8(ascii: "\""), 0x0A...0x0D:
        return true
      case 0xC2 where index + 1 < utf8.count && utf8[index + 1] == 0x85:
        return true
      case 0xE2
      where index + 2 < utf8.count && utf8[index + 1] == 0x80
        && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
        return true
      default:
        continue
      }
    }
    return false
  }
}
