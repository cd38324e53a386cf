extension StringProtocol {
  /// The text without leading and trailing Unicode White_Space, which never counts for any key.
  public var trimmingWhiteSpace: Substring {
    let scalars = Substring(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return Substring(scalars[scalars.endIndex...]) }
    return Substring(scalars[first...last])
  }
}
