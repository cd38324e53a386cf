/// A command's flag, an option without a value, declared as a stored property of the command:
///
///     @Flag("quiet", help: "Print no summary.")
///     var isQuiet: Bool       // whether --quiet is given
///
///     @Flag() var mode: ImportMode?   // --replace, --append, …: at most one of them; nil for none
@propertyWrapper
public struct Flag<Value: Sendable>: Sendable, ParameterDeclaration {
  /// The flags as the parser and the help know them: one, or one for each case of an
  /// ``EnumerableFlag``.
  let definitions: [OptionDefinition]
  /// What the command line gives.
  public let wrappedValue: Value

  func declare(in parameters: inout CommandParameters) {
    parameters.options += definitions
    if definitions.count > 1 {
      parameters.exclusiveOptions.append(definitions.map(\.longName))
    }
  }
}

extension Flag where Value == Bool {
  /// A flag that is true when it is given.
  public init(_ name: String, short: Character? = nil, help: String, isGlobal: Bool = false) {
    definitions = [.flag(name, short: short, help: help, isGlobal: isGlobal)]
    wrappedValue = ParsedInvocation.current?.hasFlag(name) ?? false
    declareToCollector()
  }
}

extension Flag {
  /// One flag for each case of `Choice`, named by its raw value, of which at most one may be
  /// given: the property holds the case whose flag is given, or nil when none is.
  public init<Choice: EnumerableFlag>() where Value == Choice? {
    definitions = Choice.allCases.map { .flag($0.rawValue, help: $0.help) }
    wrappedValue = Choice.allCases.first { ParsedInvocation.current?.hasFlag($0.rawValue) == true }
    declareToCollector()
  }
}
