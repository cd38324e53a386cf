/// What the properties of a command declare: its positional arguments and options, in the order
/// the properties come, and the groups of options of which at most one may be given.
struct CommandParameters {
  var arguments: [ArgumentDefinition] = []
  var options: [OptionDefinition] = []
  var exclusiveOptions: [[String]] = []
}

/// A property wrapper that declares a part of a command's parameters: ``Argument``, ``Option``,
/// ``Flag`` and ``OptionGroup``.
protocol ParameterDeclaration {
  /// Adds what the property declares to `parameters`.
  func declare(in parameters: inout CommandParameters)
}
