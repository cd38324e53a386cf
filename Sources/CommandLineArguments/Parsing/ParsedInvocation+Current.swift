extension ParsedInvocation {
  /// The invocation whose values the properties of a command read while the parser makes it (see
  /// ``ParsableArguments/parse(_:)``); nil otherwise, when each property holds its default.
  @TaskLocal static var current: ParsedInvocation?

  /// The last value given to the option `name` (else its default), as a `Value`.
  func value<Value: ExpressibleByArgument>(of name: String, as type: Value.Type) -> Value? {
    value(for: name).map { Self.converted($0, of: name) }
  }

  /// Every value given to the option `name`, in order, each as a `Value`.
  func values<Value: ExpressibleByArgument>(of name: String, as type: Value.Type) -> [Value] {
    values(for: name).map { Self.converted($0, of: name) }
  }

  /// The value of `word`, which the parser checked against `Value.constraint`.
  private static func converted<Value: ExpressibleByArgument>(_ word: String, of name: String)
    -> Value
  {
    guard let value = Value(argument: word) else {
      preconditionFailure("'\(word)' passed the check of --\(name) but is no \(Value.self)")
    }
    return value
  }
}
