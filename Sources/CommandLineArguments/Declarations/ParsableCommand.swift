/// A command of a tool, as a type: its ``configuration`` names it and lists its subcommands, and
/// its stored properties are its arguments and options (``ParsableArguments``).
///
///     struct GreetCommand: ParsableCommand {
///       static let configuration = CommandConfiguration(name: "greet", abstract: "Say hello.")
///
///       @Argument("name", help: "Whom to greet.")
///       var name: String
///       @Flag("loud", help: "Shout.")
///       var isLoud: Bool
///     }
///
/// ``CommandDefinition/init(_:)`` makes the definition that ``CommandLineParser`` parses with;
/// `GreetCommand.parse(invocation)` then makes the values of what it parsed.
public protocol ParsableCommand: ParsableArguments {
  /// The command's name, help and subcommands.
  static var configuration: CommandConfiguration { get }
}

extension ParsableCommand {
  /// The command that `names` select in turn below this one, as `["token", "create"]` below
  /// `tool`; this one for no names.
  ///
  /// `names` come from a parsed invocation, so each names a subcommand.
  public static func subcommand(at names: [String]) -> any ParsableCommand.Type {
    var command: any ParsableCommand.Type = Self.self
    for name in names {
      guard
        let subcommand = command.configuration.subcommands.first(where: {
          $0.configuration.name == name
        })
      else { preconditionFailure("'\(command.configuration.name)' has no subcommand '\(name)'") }
      command = subcommand
    }
    return command
  }
}
