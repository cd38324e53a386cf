import CatalogTokens
import CommandLineArguments

/// `catalog token revoke NAME`: deletes a token; its secret is refused from the next request on.
struct TokenRevokeCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "revoke",
    abstract: "Revoke a token; its secret is refused from the next request on."
  )

  @Argument("name", help: "The token's name.")
  var name: String

  func run(_ context: CommandContext) throws {
    try context.openCatalog(creating: false).revokeToken(named: name)
    StandardError.line("revoked token '\(name)'")
  }
}
