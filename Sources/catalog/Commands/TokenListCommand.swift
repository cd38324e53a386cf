import CatalogRecords
import CatalogTokens
import CommandLineArguments

/// `catalog token list`: every token with what it may do, never a secret.
struct TokenListCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "list",
    abstract: "List the tokens, never their secrets."
  )

  @OptionGroup var output: OutputOptions

  /// `{"name":"ci","write":true,"collections":null,"created_at":"…","last_used_at":null}`;
  /// `collections` null (`all` in tables) for every collection.
  static let columns = ["name", "write", "collections", "created_at", "last_used_at"]

  func run(_ context: CommandContext) throws {
    let table = ResultTable(columns: Self.columns, format: output.format, output: context.output)
    for token in try context.openCatalog(creating: false).tokens() {
      try table.row(
        Record(
          columns: Self.columns,
          values: [
            .text(token.name), .boolean(token.canWrite),
            token.collections.map(RecordValue.texts) ?? .displayed(.null, text: "all"),
            .text(token.createdAt), .nullable(token.lastUsedAt),
          ]))
    }
    try table.finish()
  }
}
