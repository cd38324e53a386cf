extension StringProtocol {
  /// The text without leading and trailing Unicode White_Space, which never counts for any key.
  public var trimmingWhiteSpace: Substring {
    let scalars = Substring(self).unicodeScalars
    var start = scalars.startIndex
    if let first = scalars.first, !first.isPlainASCII {
      while start != scalars.endIndex && scalars[start].properties.isWhitespace {
        start = scalars.index(after: start)
      }
    }
    var end = scalars.endIndex
    if let last = scalars.last, !last.isPlainASCII {
      while end != start && scalars[scalars.index(before: end)].properties.isWhitespace {
        end = scalars.index(before: end)
      }
    }
    return Substring(scalars[start..<end])
  }
}

extension Unicode.Scalar {
  /// An ASCII character that is not white space: the common case at both ends of a field,
  /// decided without looking up Unicode properties (all other White_Space is outside ASCII).
  fileprivate var isPlainASCII: Bool {
    value < 0x80 && value != 0x20 && !(0x09...0x0D).contains(value)
  }
}
