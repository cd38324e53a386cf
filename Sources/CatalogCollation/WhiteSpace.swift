extension StringProtocol {
  /// The text without leading and trailing Unicode White_Space, which never counts for any key.
  public var trimmingWhiteSpace: Substring {
    let scalars = Substring(self).unicodeScalars
    var start = scalars.startIndex
    if let first = scalars.first, !first.isCertainlyNotWhiteSpace {
      while start != scalars.endIndex && scalars[start].properties.isWhitespace {
        start = scalars.index(after: start)
      }
    }
    var end = scalars.endIndex
    if let last = scalars.last, !last.isCertainlyNotWhiteSpace {
      while end != start && scalars[scalars.index(before: end)].properties.isWhitespace {
        end = scalars.index(before: end)
      }
    }
    return Substring(scalars[start..<end])
  }
}

extension Unicode.Scalar {
  /// A character before U+1680 that is not White_Space: the common case at both ends of a field
  /// (Latin, Greek, Cyrillic, Hebrew, Arabic…), decided without looking up Unicode properties.
  /// Below U+1680, White_Space is only U+0009–U+000D, U+0020, U+0085 and U+00A0.
  var isCertainlyNotWhiteSpace: Bool {
    value < 0x1680 && value != 0x20 && !(0x09...0x0D).contains(value) && value != 0x85
      && value != 0xA0
  }
}
