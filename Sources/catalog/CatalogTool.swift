import CatalogLocations
import CatalogStore
import CommandLineArguments
import Foundation

/// The `catalog` program: parses the command line, runs the command, and turns what went wrong
/// into a message on standard error and an exit status (0 success, 1 failure, 64 wrong usage).
enum CatalogTool {
  /// The version of this build, which `catalog --version` and `catalog info` print.
  static let version = "0.1.0"

  /// The parser of `catalog`'s command lines.
  private static let parser = CommandLineParser(root: .catalog)

  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    let output = StandardOutput()
    var isVerbose = false
    var isShared = false
    do {
      switch try parser.parse(arguments) {
      case .help(let text):
        try output.line(text)
      case .version(let text):
        try output.line(text)
      case .invocation(let invocation):
        let options = CatalogCommand.parse(invocation)
        isVerbose = options.isVerbose
        isShared =
          CatalogAddress(option: options.database, environment: environment).isPostgreSQL
        try run(
          invocation,
          in: CommandContext(options: options, output: output, environment: environment))
      }
      try output.flush()
      return 0
    } catch is StandardOutput.OutputClosed {
      return 0
    } catch let error as UsageError {
      StandardError.line(error.renderedText)
      return error.exitCode
    } catch CatalogError.interrupted {
      StandardError.line("\ninterrupted: nothing was imported, the catalog is unchanged")
      return 130
    } catch {
      StandardError.line(
        ErrorMessage(error, isVerbose: isVerbose, isShared: isShared, environment: environment)
          .text)
      return 1
    }
  }

  /// Runs the command that `invocation` names, with the values it gives.
  ///
  /// - Throws: What the command throws; a `ValidationError` as the `UsageError` of the command.
  private static func run(_ invocation: ParsedInvocation, in context: CommandContext) throws {
    let command = CatalogCommand.subcommand(at: invocation.commandPath).parse(invocation)
    guard let command = command as? any RunnableCommand else {
      preconditionFailure("the parser names only commands without subcommands, which all run")
    }
    do {
      try command.run(context)
    } catch let error as ValidationError {
      throw parser.usageError(error, in: invocation)
    }
  }
}
