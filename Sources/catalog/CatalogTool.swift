import CatalogStore
import Foundation

/// The `catalog` program: parses the command line, runs the command, and turns what went wrong
/// into a message on standard error and an exit status (0 success, 1 failure, 64 wrong usage).
enum CatalogTool {
  /// The version of this build, which `catalog --version` and `catalog info` print.
  static let version = "0.1.0"

  static func run(arguments: [String], environment: [String: String]) -> Int32 {
    let output = StandardOutput()
    var invocation: ParsedInvocation?
    do {
      switch try CommandLineParser(root: .catalog).parse(arguments) {
      case .help(let text):
        try output.line(text)
      case .version(let text):
        try output.line(text)
      case .invocation(let parsed):
        invocation = parsed
        let context = CommandContext(invocation: parsed, output: output, environment: environment)
        try command(named: parsed.commandPath.first ?? "")(context)
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
        ErrorMessage(error, invocation: invocation, environment: environment).text)
      return 1
    }
  }

  private static func command(named name: String) -> (CommandContext) throws -> Void {
    switch name {
    case "import": return ImportCommand.run
    case "sections": return SectionsCommand.run
    case "index": return IndexCommand.run
    case "list": return ListCommand.run
    case "search": return SearchCommand.run
    case "collections": return CollectionsCommand.run
    case "annotate": return AnnotateCommand.run
    case "info": return InfoCommand.run
    case "add": return AddCommand.run
    case "update": return UpdateCommand.run
    case "remove": return RemoveCommand.run
    case "watch": return WatchCommand.run
    case "export": return ExportCommand.run
    case "drop": return DropCommand.run
    case "rename": return RenameCommand.run
    case "build": return BuildCommand.run
    case "serve": return ServeCommand.run
    default: preconditionFailure("the parser accepted an unknown command '\(name)'")
    }
  }
}
