extension String {
  /// The text broken at spaces into lines of at most `width` columns, every non-empty line
  /// indented by `indent` spaces, as swift-argument-parser wraps help text.
  ///
  /// Existing line breaks are kept. A word longer than a line stands on a line of its own.
  func wrapped(to width: Int, indent: Int = 0) -> String {
    let lineLength = Swift.max(width - indent, 1)
    var lines: [Substring] = []
    var rest = self[...]
    while true {
      let candidate = rest.prefix(lineLength)
      if let lineBreak = candidate.lastIndex(of: "\n") {
        lines += rest[..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false)
        rest = rest[rest.index(after: lineBreak)...]
      } else if candidate.endIndex != rest.endIndex,
        let space = candidate.lastIndex(of: " ") ?? rest.firstIndex(of: " ")
      {
        lines.append(rest[..<space])
        rest = rest[rest.index(after: space)...]
      } else {
        lines.append(rest)
        break
      }
    }
    let margin = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
  }
}
