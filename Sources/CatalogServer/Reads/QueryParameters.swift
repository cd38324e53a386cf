/// The decoded query parameters of one API request, checked against the names its endpoint
/// accepts: an unknown, repeated, undecodable or overlong parameter is a 400, never ignored.
struct QueryParameters {
  private var values: [String: String] = [:]
  private let limits: ServerLimits

  /// Decodes `rawArguments`, accepting only the names in `accepted`.
  ///
  /// - Throws: `APIError` 400 naming the first parameter that is not accepted, given twice,
  ///   badly escaped or longer than `limits.parameterLength`.
  init(_ rawArguments: [(name: String, value: String)], accepted: [String], limits: ServerLimits)
    throws(APIError)
  {
    self.limits = limits
    for argument in rawArguments {
      guard let name = PercentEncoding.decode(argument.name, plusIsSpace: true) else {
        throw .badRequest("a parameter name is not valid percent-encoded UTF-8")
      }
      guard accepted.contains(name) else {
        let list = accepted.isEmpty ? "none" : accepted.joined(separator: ", ")
        throw .badRequest("unknown parameter '\(name)'; the parameters here are: \(list)")
      }
      guard values[name] == nil else { throw .badRequest("the parameter '\(name)' is given twice") }
      guard let value = PercentEncoding.decode(argument.value, plusIsSpace: true) else {
        throw .badRequest("the value of '\(name)' is not valid percent-encoded UTF-8")
      }
      guard value.utf8.count <= limits.parameterLength else {
        throw .badRequest(
          "the value of '\(name)' is longer than \(limits.parameterLength) bytes")
      }
      values[name] = value
    }
  }

  /// The value of `name`, or nil when it is not given.
  subscript(name: String) -> String? { values[name] }

  /// The value of `name` as a whole number in `range`, or `defaultValue` when it is not given.
  ///
  /// - Throws: `APIError` 400 when the value is not a whole number in the range.
  func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int)
    throws(APIError) -> Int
  {
    guard let text = values[name] else { return defaultValue }
    guard let number = Int(text), range.contains(number) else {
      throw .badRequest(
        "the value '\(text)' of '\(name)' is not a whole number from \(range.lowerBound) to "
          + "\(range.upperBound)")
    }
    return number
  }

  /// The value of `name` as `true` or `false`, or false when it is not given.
  ///
  /// - Throws: `APIError` 400 for any other value.
  func flag(_ name: String) throws(APIError) -> Bool {
    switch values[name] {
    case nil, "false": return false
    case "true": return true
    case let text?: throw .badRequest("the value '\(text)' of '\(name)' is not true or false")
    }
  }

  /// The `offset` and `limit` of a page of rows or results.
  func page() throws(APIError) -> (offset: Int, limit: Int) {
    (
      try integer("offset", in: 0...Int(Int32.max), default: 0),
      try integer("limit", in: 0...limits.pageSize, default: limits.defaultPageSize)
    )
  }
}
