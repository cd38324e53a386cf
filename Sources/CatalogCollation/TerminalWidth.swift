internal import CICU

extension StringProtocol {
  /// The columns the text takes in a terminal, by ICU's East Asian Width and general category: a
  /// character (grapheme cluster) takes 2 when any of its code points is wide or fullwidth (東,
  /// Ａ, most emoji), 0 when all are combining marks or format or control characters, else 1
  /// (é, even when written with a combining accent). Aligning table columns needs this, not
  /// `count`.
  public var terminalWidth: Int {
    var width = 0
    for character in self {
      var columns = 0
      for scalar in character.unicodeScalars {
        columns = Swift.max(columns, Int(catalog_terminal_columns(Int32(bitPattern: scalar.value))))
      }
      width += columns
    }
    return width
  }
}
