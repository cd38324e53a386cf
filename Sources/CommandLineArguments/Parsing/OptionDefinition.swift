/// A named option of a command: a flag such as `--quiet`, or an option with a value such as
/// `-c, --collection <name>`.
///
/// Make them with ``option(_:short:value:help:constraint:defaultValue:isRepeatable:isGlobal:)``
/// and ``flag(_:short:help:)``.
public struct OptionDefinition: Sendable {
  /// The long name without its dashes: `collection` for `--collection`. Values of a parsed
  /// invocation are keyed by it.
  public var longName: String
  /// The one-letter name used with a single dash, as `c` in `-c`, if the option has one.
  public var shortName: Character?
  /// The placeholder of the value, as `name` in `--collection <name>`; `nil` for a flag.
  public var valueName: String?
  /// A one-line description for the `OPTIONS:` section of the help.
  public var help: String
  /// What values the option accepts, checked while parsing.
  public var constraint: ValueConstraint
  /// The value used when the option is not given, shown as `(default: …)` in the help.
  public var defaultValue: String?
  /// Whether the option may be given more than once, keeping every value in order. An option
  /// that does not repeat keeps the last value given.
  public var isRepeatable: Bool
  /// Whether the subcommands below the command that declares the option accept it too, as
  /// `tool --db x list` and `tool list --db x`.
  public var isGlobal: Bool

  /// An option that takes a value, as `--locale <id>`.
  public static func option(
    _ longName: String,
    short shortName: Character? = nil,
    value valueName: String,
    help: String,
    constraint: ValueConstraint = .any,
    defaultValue: String? = nil,
    isRepeatable: Bool = false,
    isGlobal: Bool = false
  ) -> OptionDefinition {
    OptionDefinition(
      longName: longName, shortName: shortName, valueName: valueName, help: help,
      constraint: constraint, defaultValue: defaultValue, isRepeatable: isRepeatable,
      isGlobal: isGlobal)
  }

  /// A flag: an option without a value, as `--quiet`.
  public static func flag(
    _ longName: String, short shortName: Character? = nil, help: String, isGlobal: Bool = false
  ) -> OptionDefinition {
    OptionDefinition(
      longName: longName, shortName: shortName, valueName: nil, help: help, constraint: .any,
      defaultValue: nil, isRepeatable: false, isGlobal: isGlobal)
  }

  /// The `-h, --help` flag that every command accepts.
  static let help = flag("help", short: "h", help: "Show help information.")

  /// The `--version` flag that every command of a tool with a version accepts.
  static let version = flag("version", help: "Show the version.")

  /// Whether the option takes a value, as opposed to being a flag.
  var takesValue: Bool { valueName != nil }

  /// The long name as typed: `--collection`.
  var longSpelling: String { "--" + longName }

  /// The short name as typed: `-c`.
  var shortSpelling: String? { shortName.map { "-\($0)" } }

  /// Whether `token` is one of the option's names, exactly as typed on the command line.
  func isSpelled(_ token: String) -> Bool {
    token == longSpelling || token == shortSpelling
  }

  /// How an error message names the option as the user typed it: `'--locale <id>'`, or
  /// `'--quiet'` for a flag.
  func quoted(as spelling: String) -> String {
    "'" + (valueName.map { "\(spelling) <\($0)>" } ?? spelling) + "'"
  }
}
