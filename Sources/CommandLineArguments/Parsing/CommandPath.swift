/// The commands from the root of a tool down to the one being parsed or described, such as
/// `tool` → `import`.
///
/// It knows what the innermost command accepts (its own options, the global options of the
/// commands above it, and `-h, --help`) and how the usage line and error hints name it.
struct CommandPath: Sendable {
  /// The root command first, the innermost command last; never empty.
  private(set) var commands: [CommandDefinition]

  /// A path holding only the root command.
  init(root: CommandDefinition) {
    commands = [root]
  }

  /// The path from `root` down through the subcommands `names`, as a parsed invocation names
  /// them (``ParsedInvocation/commandPath``).
  init(root: CommandDefinition, following names: [String]) {
    commands = [root]
    for name in names {
      if let subcommand = current.subcommand(named: name) { descend(into: subcommand) }
    }
  }

  /// The innermost command.
  var current: CommandDefinition { commands[commands.count - 1] }

  /// Whether the path holds only the root command.
  var isAtRoot: Bool { commands.count == 1 }

  /// The names of the commands below the root, such as `["import"]`.
  var subcommandNames: [String] { commands.dropFirst().map(\.name) }

  /// The command as typed: `tool import`.
  var displayName: String { commands.map(\.name).joined(separator: " ") }

  /// Moves one level down, to `subcommand`.
  mutating func descend(into subcommand: CommandDefinition) {
    commands.append(subcommand)
  }

  /// The global options of the commands above the innermost one.
  var inheritedOptions: [OptionDefinition] {
    commands.dropLast().flatMap { $0.options.filter(\.isGlobal) }
  }

  /// What `--version` prints: the version of the innermost command that has one, or nil.
  var version: String? {
    commands.last { !$0.version.isEmpty }?.version
  }

  /// Every option the innermost command accepts, in the order the help lists them: its own,
  /// then the inherited global ones, then `--version` when a command of the path has a version,
  /// then `-h, --help`.
  var acceptedOptions: [OptionDefinition] {
    current.options + inheritedOptions + (version == nil ? [] : [.version]) + [.help]
  }

  /// The accepted option that `token` (such as `--locale` or `-c`) names, if any.
  func option(spelled token: String) -> OptionDefinition? {
    acceptedOptions.first { $0.isSpelled(token) }
  }
}
