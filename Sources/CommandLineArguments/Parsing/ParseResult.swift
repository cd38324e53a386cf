/// What a command line asks for, when it is not wrong.
public enum ParseResult: Equatable, Sendable {
  /// Run the command with these values.
  case invocation(ParsedInvocation)
  /// Print this text on standard output with `print` and exit with status 0: the command line
  /// asked for help (`-h`, `--help`, `tool help import`), or named a command that only has
  /// subcommands, such as plain `tool`.
  case help(text: String)
  /// Print this version on standard output and exit with status 0: the command line asked for
  /// it with `--version`.
  case version(String)
}
