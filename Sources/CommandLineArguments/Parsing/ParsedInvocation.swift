/// A command line that parsed cleanly: which command to run and the values given to it, by
/// name. Commands do not read it by name: the properties that declare their options read their
/// own values from it (``ParsableArguments/parse(_:)``).
///
/// Values have passed their option's ``ValueConstraint`` and are normalized (`--delimiter tab`
/// reads as a tab character, `--limit 007` as `7`); options that were not given read as their
/// default value, if they have one.
///
///     // tool --db my.db import cities.csv --group-by state --group-by country
///     invocation.commandPath            // ["import"]
///     invocation.argument("file")       // "cities.csv"
///     invocation.value(for: "db")       // "my.db"
///     invocation.values(for: "group-by") // ["state", "country"]
///     invocation.hasFlag("quiet")       // false
public struct ParsedInvocation: Equatable, Sendable {
  /// The names of the commands below the root, such as `["import"]`.
  public internal(set) var commandPath: [String]
  /// Positional values by argument name: one, or every remaining word for a repeating argument.
  public internal(set) var arguments: [String: [String]]
  /// Option values by long name, each in the order given.
  public internal(set) var optionValues: [String: [String]]
  /// The long names of the flags that were given.
  public internal(set) var flags: Set<String>

  /// The value of the positional argument `name`, or `nil` when an optional one was left out.
  public func argument(_ name: String) -> String? {
    arguments[name]?.first
  }

  /// Every value of the repeating positional argument `name`, in order.
  public func argumentValues(_ name: String) -> [String] {
    arguments[name] ?? []
  }

  /// The value of the option with long name `option`: the last one given, else its default.
  public func value(for option: String) -> String? {
    optionValues[option]?.last
  }

  /// Every value given to the option with long name `option`, in order; its default alone
  /// when it was not given, and empty when it has no default either.
  public func values(for option: String) -> [String] {
    optionValues[option] ?? []
  }

  /// The value of the option `option` as a number, for options constrained to integers.
  public func integer(for option: String) -> Int? {
    value(for: option).flatMap { Int($0) }
  }

  /// Whether the flag with long name `flag` was given.
  public func hasFlag(_ flag: String) -> Bool {
    flags.contains(flag)
  }
}
