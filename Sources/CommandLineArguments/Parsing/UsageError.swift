/// A command line that the parser rejects: an unknown option, a missing value or argument, an
/// argument too many, an invalid value, or options that exclude each other.
///
/// Write ``renderedText`` to standard error followed by a newline, then exit with ``exitCode``:
///
///     Error: Missing expected argument '<file>'
///     Usage: tool import <file> [--collection <name>] …
///       See 'tool import --help' for more information.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, as one line without the `Error: ` label: `Unexpected argument 'x'`.
  public var message: String
  /// The usage line of the command being parsed: `tool import <file> …`.
  public var usage: String
  /// The command line that shows the command's help: `tool import --help`.
  public var helpCommandLine: String

  /// Makes the error for `message` about the innermost command of `path`.
  init(_ message: String, path: CommandPath) {
    self.message = message
    self.usage = path.usage
    self.helpCommandLine = path.displayName + " " + OptionDefinition.help.longSpelling
  }

  /// The process exit status for wrong usage: 64, `EX_USAGE` of `sysexits.h`.
  public var exitCode: Int32 { 64 }

  /// The three lines for standard error, without a final newline.
  public var renderedText: String {
    """
    Error: \(message)
    Usage: \(usage)
      See '\(helpCommandLine)' for more information.
    """
  }

  public var description: String { message }
}
