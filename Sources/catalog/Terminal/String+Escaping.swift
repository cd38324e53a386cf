extension String {
  /// The string as a TSV field: backslash, tab, line feed and carriage return escaped as `\\`,
  /// `\t`, `\n` and `\r`, so that fields and records stay apart.
  var tsvEscaped: String { escaped(allControls: false) }

  /// The string as a cell of a table on a terminal: escaped as in TSV, and every other control
  /// character (C0, DEL, C1) as `\xHH`, so that the row stays on one line and its columns line up.
  var tableEscaped: String { escaped(allControls: true) }

  private func escaped(allControls: Bool) -> String {
    // Most text needs nothing: look at the bytes first. C1 controls are U+0080–U+009F, whose
    // UTF-8 starts with 0xC2.
    let needsEscaping = utf8.contains {
      $0 < 0x20 || $0 == UInt8(ascii: "\\") || (allControls && ($0 == 0x7F || $0 == 0xC2))
    }
    guard needsEscaping else { return self }
    var escaped = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case _ where allControls && scalar.properties.generalCategory == .control:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\x" + (hex.count < 2 ? "0" + hex : hex)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
