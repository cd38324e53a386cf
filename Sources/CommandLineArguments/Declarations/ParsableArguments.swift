/// A type whose stored properties are arguments and options of a command, declared with
/// ``Argument``, ``Option``, ``Flag`` and ``OptionGroup``: a command (``ParsableCommand``), or a
/// group of options that several commands share.
///
///     struct ListOptions: ParsableArguments {
///       @Option("collection", short: "c", value: "name", help: "The collection to read.")
///       var collection: String?
///       @Option("limit", value: "n", help: "List at most this many items.")
///       var limit: Int?
///     }
///
/// Every stored property must be declared so, with its default in the declaration: the parser
/// makes the values with `init()`, and each property reads what the command line gave it.
public protocol ParsableArguments: Sendable {
  /// The values with every property as the command line gives it while the parser makes them
  /// (``parse(_:)``), else at its default.
  init()
}

extension ParsableArguments {
  /// The values that `invocation` gives: each property holds what the command line gave it, else
  /// its default.
  public static func parse(_ invocation: ParsedInvocation) -> Self {
    ParsedInvocation.$current.withValue(invocation) { Self() }
  }

  /// What the properties declare, in the order they come: each declares its part as it is made.
  static var parameters: CommandParameters {
    let collector = ParameterCollector()
    ParsedInvocation.$current.withValue(nil) {
      ParameterCollector.$current.withValue(collector) { _ = Self() }
    }
    return collector.parameters
  }
}
