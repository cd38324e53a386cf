/// What a ``ParsableCommand`` says about itself beside its arguments and options: its name and
/// help, its subcommands, and the rules between its options that the parser enforces.
public struct CommandConfiguration: Sendable {
  /// The word that selects the command, as in `tool import`.
  public var name: String
  /// A one-line summary, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
  public var abstract: String
  /// Longer text shown below the abstract in the command's own help; empty for none.
  public var discussion: String
  /// What `--version` prints; empty when the command has no version of its own.
  public var version: String
  /// The commands one level below this one; a command that has any only shows its help.
  public var subcommands: [any ParsableCommand.Type]
  /// Groups of options, by long name, of which at most one may be given at a time. (The flags of
  /// an ``EnumerableFlag`` exclude each other without being listed here.)
  public var exclusiveOptions: [[String]]
  /// Options, by long name, that may only be given together with another.
  public var dependentOptions: [(option: String, needs: String)]

  public init(
    name: String,
    abstract: String,
    discussion: String = "",
    version: String = "",
    subcommands: [any ParsableCommand.Type] = [],
    exclusiveOptions: [[String]] = [],
    dependentOptions: [(option: String, needs: String)] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.subcommands = subcommands
    self.exclusiveOptions = exclusiveOptions
    self.dependentOptions = dependentOptions
  }
}
