/// A command's positional argument, declared as a stored property of the command:
///
///     @Argument("file", help: "The CSV file to import.")
///     var file: String        // required
///
///     @Argument("name", help: "Whom to greet.")
///     var name: String?       // may be left out
///
///     @Argument("field", help: "A field as COLUMN=VALUE.")
///     var fields: [String]    // one or more: every remaining word; only the last may repeat
///
/// Arguments are given in the order their properties come.
@propertyWrapper
public struct Argument<Value: Sendable>: Sendable, ParameterDeclaration {
  /// The argument as the parser and the help know it.
  let definition: ArgumentDefinition
  /// What the command line gives.
  public let wrappedValue: Value

  func declare(in parameters: inout CommandParameters) {
    parameters.arguments.append(definition)
  }
}

extension Argument where Value == String {
  /// An argument that must be given; empty while the parser only reads the declarations.
  public init(_ name: String, help: String) {
    definition = ArgumentDefinition(name: name, help: help)
    wrappedValue = ParsedInvocation.current?.argument(name) ?? ""
    declareToCollector()
  }
}

extension Argument where Value == String? {
  /// An argument that may be left out, when the property is nil.
  public init(_ name: String, help: String) {
    definition = ArgumentDefinition(name: name, help: help, isRequired: false)
    wrappedValue = ParsedInvocation.current?.argument(name)
    declareToCollector()
  }
}

extension Argument where Value == [String] {
  /// An argument that takes every remaining word, at least one unless `isRequired` is false.
  public init(_ name: String, help: String, isRequired: Bool = true) {
    definition = ArgumentDefinition(
      name: name, help: help, isRequired: isRequired, isRepeating: true)
    wrappedValue = ParsedInvocation.current?.argumentValues(name) ?? []
    declareToCollector()
  }
}
