extension Int {
  /// The number with a comma between each group of three digits: 29880 → "29,880". Fixed, not
  /// from the user's locale, so output can be tested and parsed.
  var withThousandsSeparators: String {
    let digits = String(magnitude)
    var grouped = ""
    for (position, digit) in digits.enumerated() {
      if position > 0 && (digits.count - position) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (self < 0 ? "-" : "") + grouped
  }
}

extension Double {
  /// Seconds with one decimal, such as "0.4 s".
  var secondsText: String {
    let tenths = Int((self * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) s"
  }
}
