import CatalogStore
import CatalogSync
import CommandLineArguments
import Foundation

/// What `mirror` and `sync` share: the token, and how a step is told.
struct MirrorOptions: ParsableArguments {
  static let tokenFileHelp = """
    Read the token from this file (default: $CATALOG_TOKEN); it is sent only in Authorization, \
    never kept or printed.
    """

  @Option("token-file", value: "file", help: tokenFileHelp)
  var tokenFile: String?

  @Option(
    "format", value: "format",
    help: "text (a summary on stderr) or json (one object on stdout per step).")
  var format = WriteFormat.text

  /// The token of `--token-file`, else `$CATALOG_TOKEN`; nil for none.
  func token(_ context: CommandContext) throws -> String? {
    if let tokenFile {
      guard let data = FileManager.default.contents(atPath: tokenFile) else {
        throw ValidationError("cannot read the token file '\(tokenFile)'")
      }
      let token = String(decoding: data, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      guard !token.isEmpty else { throw ValidationError("the token file '\(tokenFile)' is empty") }
      return token
    }
    let token = context.environment["CATALOG_TOKEN"]?.trimmingCharacters(
      in: .whitespacesAndNewlines)
    return token?.isEmpty == false ? token : nil
  }

  /// Prints what a step did: its summary on stderr, or its object on stdout.
  func report(_ step: SyncStep, _ context: CommandContext) throws {
    switch format {
    case .json:
      try context.output.line(step.jsonText)
      try context.output.flush()
    case .text:
      StandardError.line(step.summary)
    }
  }

  /// Runs `body`, turning a sync's failure into the catalog's own error where it is one.
  static func unwrapping<T>(_ body: () throws(SyncError) -> T) throws -> T {
    do {
      return try body()
    } catch .catalog(let error) {
      throw error
    } catch .badURL(let url, let reason) {
      throw ValidationError("'\(url)' is not a collection's address on a catalog server: \(reason)")
    }
  }
}
