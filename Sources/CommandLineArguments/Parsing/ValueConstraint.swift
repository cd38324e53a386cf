/// What values an option accepts, checked while parsing so that commands receive clean values.
public enum ValueConstraint: Sendable {
  /// Any text.
  case any
  /// One of a fixed list of words, such as the output formats.
  case oneOf([String])
  /// A whole number from 0 up, such as a row offset. Stored in its plain decimal form.
  case nonNegativeInteger
  /// A TCP port, 0 to 65535.
  case port
  /// One character that is neither a double quote nor a line break, such as a field separator;
  /// `\t` (backslash, t) and `tab` stand for a tab, which is stored as the tab character itself.
  case fieldSeparator

  /// The value as the command receives it, or `nil` when the option does not accept it.
  func normalized(_ value: String) -> String? {
    switch self {
    case .any:
      return value
    case .oneOf(let values):
      return values.contains(value) ? value : nil
    case .nonNegativeInteger:
      guard let number = Int(value), number >= 0 else { return nil }
      return String(number)
    case .port:
      guard let port = UInt16(value) else { return nil }
      return String(port)
    case .fieldSeparator:
      if value == "\\t" || value == "tab" {
        return "\t"
      }
      guard value.unicodeScalars.count == 1, value != "\"", value != "\n", value != "\r" else {
        return nil
      }
      return value
    }
  }

  /// What follows `The value 'x' is invalid for '--option <value>'` in the error message.
  var rejectionReason: String {
    switch self {
    case .any:
      return ""
    case .oneOf(let values):
      let quoted = values.map { "'\($0)'" }
      let list =
        quoted.count <= 2
        ? quoted.joined(separator: " and ")
        : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
      return ". Please provide one of \(list)."
    case .nonNegativeInteger:
      return ": expected a whole number, 0 or more"
    case .port:
      return ": expected a port number from 0 to 65535"
    case .fieldSeparator:
      return ": expected one character (not a quote or line break), or 'tab'"
    }
  }
}
