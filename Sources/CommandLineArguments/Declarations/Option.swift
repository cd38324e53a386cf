/// A command's option that takes a value, declared as a stored property of the command:
///
///     @Option("title", value: "column", help: "The column shown for each item.")
///     var title: String?      // nil when the option is not given
///
///     @Option("offset", value: "n", help: "Skip this many items first.")
///     var offset = 0          // the default when it is not given, which the help shows
///
///     @Option("group-by", value: "column", help: "Group by this column; may be repeated.")
///     var groupBy: [String]   // every value given, in order: the option may be repeated
///
/// The property's type says which words the option accepts (``ExpressibleByArgument``): the parser
/// refuses any other with a usage error, so reading the option is reading the property.
@propertyWrapper
public struct Option<Value: Sendable>: Sendable, ParameterDeclaration {
  /// The option as the parser and the help know it.
  let definition: OptionDefinition
  /// The value the command line gives, else the default.
  public let wrappedValue: Value

  func declare(in parameters: inout CommandParameters) {
    parameters.options.append(definition)
  }
}

extension Option where Value: ExpressibleByArgument {
  /// An option that holds `defaultValue` when it is not given.
  public init(
    wrappedValue defaultValue: Value, _ name: String, short: Character? = nil,
    value valueName: String, help: String, isGlobal: Bool = false
  ) {
    definition = .option(
      name, short: short, value: valueName, help: help, constraint: Value.constraint,
      defaultValue: defaultValue.argumentDescription, isGlobal: isGlobal)
    wrappedValue = ParsedInvocation.current?.value(of: name, as: Value.self) ?? defaultValue
    declareToCollector()
  }
}

extension Option {
  /// An option that may be left out, when the property is nil.
  public init<Wrapped: ExpressibleByArgument>(
    _ name: String, short: Character? = nil, value valueName: String, help: String,
    isGlobal: Bool = false
  ) where Value == Wrapped? {
    definition = .option(
      name, short: short, value: valueName, help: help, constraint: Wrapped.constraint,
      isGlobal: isGlobal)
    wrappedValue = ParsedInvocation.current?.value(of: name, as: Wrapped.self)
    declareToCollector()
  }

  /// An option that may be given any number of times, keeping every value in order.
  public init<Element: ExpressibleByArgument>(
    _ name: String, short: Character? = nil, value valueName: String, help: String
  ) where Value == [Element] {
    definition = .option(
      name, short: short, value: valueName, help: help, constraint: Element.constraint,
      isRepeatable: true)
    wrappedValue = ParsedInvocation.current?.values(of: name, as: Element.self) ?? []
    declareToCollector()
  }
}
