import CommandLineArguments

/// `catalog token create|list|revoke`: the access tokens that let clients read and write over
/// HTTP (DESIGN §15). It only shows its help; its subcommands do the work.
struct TokenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "token",
    abstract: "Create, list and revoke the tokens of catalog serve.",
    discussion: """
      A client sends a token's secret as 'Authorization: Bearer SECRET'. The catalog keeps only \
      the secret's SHA-256, so the secret is shown once, when the token is created.
      """,
    subcommands: [TokenCreateCommand.self, TokenListCommand.self, TokenRevokeCommand.self]
  )
}
