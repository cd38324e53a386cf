/// Parses command lines against a tree of ``CommandDefinition``s, looking and behaving like
/// swift-argument-parser.
///
///     let parser = CommandLineParser(root: CommandDefinition(Tool.self))
///     do {
///       switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
///       case .invocation(let invocation): run(invocation)
///       case .help(let text): print(text)
///       }
///     } catch {
///       // error is a UsageError
///       print(error.renderedText, to: &standardError)
///       exit(error.exitCode)
///     }
///
/// It accepts `--name value`, `--name=value` and `-c value`; `--` makes the words after it
/// positional; global options are accepted before and after the subcommand name; `-h` or
/// `--help` anywhere before `--` asks for the help of the command named so far, and, when the
/// root has a version, `--version` for the version (help wins when both are given).
public struct CommandLineParser: Sendable {
  /// The command that the program itself is.
  public var root: CommandDefinition
  /// The number of columns that help text wraps to.
  public var screenWidth: Int

  public init(root: CommandDefinition, screenWidth: Int = 80) {
    self.root = root
    self.screenWidth = screenWidth
  }

  /// Parses `arguments`, the words after the program name.
  ///
  /// - Returns: The invocation to run, or the help text or version to print.
  /// - Throws: `UsageError` when the words do not fit the commands' definitions.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
    let options = arguments.prefix { $0 != "--" }
    let isHelpRequested = options.contains { OptionDefinition.help.isSpelled($0) }
    if !isHelpRequested, !root.version.isEmpty,
      options.contains(where: OptionDefinition.version.isSpelled)
    {
      return .version(root.version)
    }
    var scanner = ArgumentScanner(root: root)
    do throws(UsageError) {
      if let helpPath = try scanner.scan(arguments) {
        return help(for: helpPath)
      }
      if isHelpRequested || !scanner.path.current.subcommands.isEmpty {
        return help(for: scanner.path)
      }
      return .invocation(try scanner.makeInvocation())
    } catch {
      if isHelpRequested {
        return help(for: scanner.path)
      }
      throw error
    }
  }

  /// The usage error for `error`, which the command that `invocation` names threw when it ran:
  /// with that command's usage line, as the parser's own errors have theirs.
  public func usageError(_ error: ValidationError, in invocation: ParsedInvocation) -> UsageError {
    UsageError(error.message, path: CommandPath(root: root, following: invocation.commandPath))
  }

  private func help(for path: CommandPath) -> ParseResult {
    .help(text: HelpGenerator(path: path, screenWidth: screenWidth).render())
  }
}
