/// A command of a command-line tool, described declaratively: its name, what it does, the
/// positional arguments and options it accepts, and its subcommands.
///
/// A command has either subcommands or positional arguments, not both: a word that is not an
/// option names a subcommand when the command has any, and fills the next positional argument
/// otherwise.
///
///     let greet = CommandDefinition(
///       name: "greet",
///       abstract: "Say hello.",
///       arguments: [ArgumentDefinition(name: "name", help: "Whom to greet.")],
///       options: [.flag("loud", help: "Shout.")]
///     )
///
/// The tool's commands are types (``ParsableCommand``) whose properties declare these, and
/// ``init(_:)`` makes their definitions.
public struct CommandDefinition: Sendable {
  /// The word that selects the command, as in `tool import`.
  public var name: String
  /// A one-line summary, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
  public var abstract: String
  /// Longer text shown below the abstract in the command's own help; empty for none.
  public var discussion: String
  /// The positional arguments, in the order they are given.
  public var arguments: [ArgumentDefinition]
  /// The named options, in the order the help lists them.
  public var options: [OptionDefinition]
  /// Groups of options, by long name, of which at most one may be given at a time.
  public var exclusiveOptions: [[String]]
  /// Options, by long name, that may only be given together with another: `index-by` needs
  /// `group-by`.
  public var dependentOptions: [(option: String, needs: String)]
  /// The commands one level below this one.
  var subcommands: [SubcommandDefinition]
  /// What `--version` prints; empty when the command has no version. As in swift-argument-parser,
  /// the root's version makes `--version` an option of every command below it.
  public var version: String

  public init(
    name: String,
    abstract: String,
    discussion: String = "",
    version: String = "",
    arguments: [ArgumentDefinition] = [],
    options: [OptionDefinition] = [],
    exclusiveOptions: [[String]] = [],
    dependentOptions: [(option: String, needs: String)] = [],
    subcommands: [CommandDefinition] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.arguments = arguments
    self.options = options
    self.exclusiveOptions = exclusiveOptions
    self.dependentOptions = dependentOptions
    self.subcommands = subcommands.map { definition in
      SubcommandDefinition(name: definition.name, abstract: definition.abstract) { definition }
    }
  }

  /// The subcommand selected by `name`, if there is one, made now.
  func subcommand(named name: String) -> CommandDefinition? {
    subcommands.first { $0.name == name }?.make()
  }
}

/// A command one level below another: its name and summary, which its parent's help lists, and
/// how to make its whole definition, which is made only for the command that a command line
/// selects (making every definition at each start cost a tool of eighteen commands about 3 ms).
struct SubcommandDefinition: Sendable {
  let name: String
  let abstract: String
  let make: @Sendable () -> CommandDefinition
}
