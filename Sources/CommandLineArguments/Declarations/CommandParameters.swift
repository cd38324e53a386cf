/// What the properties of a command declare: its positional arguments and options, in the order
/// the properties come, and the groups of options of which at most one may be given.
struct CommandParameters {
  var arguments: [ArgumentDefinition] = []
  var options: [OptionDefinition] = []
  var exclusiveOptions: [[String]] = []
}

/// A property wrapper that declares a part of a command's parameters: ``Argument``, ``Option``
/// and ``Flag`` (an ``OptionGroup``'s own properties declare theirs).
protocol ParameterDeclaration {
  /// Adds what the property declares to `parameters`.
  func declare(in parameters: inout CommandParameters)
}

extension ParameterDeclaration {
  /// Hands what the property declares to the collector under way, if any: each wrapper calls it
  /// last in its initializer.
  func declareToCollector() {
    ParameterCollector.current?.collect(self)
  }
}

/// Gathers what the property wrappers of a command declare while the command's values are made
/// (``ParsableArguments/parameters``): each adds its part from its initializer, so the
/// parameters come in the order of the properties without reflecting on them. Reflection cast
/// each property to ``ParameterDeclaration``, and every first cast of a type searched the
/// program's conformances: about 3.5 million instructions at each start of a tool of eighteen
/// commands.
final class ParameterCollector: @unchecked Sendable {
  /// The collector of the command whose values are being made, if that is what is under way.
  @TaskLocal static var current: ParameterCollector?

  private(set) var parameters = CommandParameters()

  func collect(_ declaration: some ParameterDeclaration) {
    declaration.declare(in: &parameters)
  }
}
