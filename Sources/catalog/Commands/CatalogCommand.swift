import CommandLineArguments

/// The `catalog` tool itself: the options that every command accepts, and the commands (DESIGN
/// §6). It only shows its help; `CatalogTool` runs the command that a command line names.
struct CatalogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "catalog",
    abstract:
      "Store CSV catalogs in SQLite files or on PostgreSQL and list them in sections with an "
      + "index.",
    version: CatalogTool.version,
    subcommands: [
      ImportCommand.self, SectionsCommand.self, IndexCommand.self, ListCommand.self,
      SearchCommand.self, CollectionsCommand.self, InfoCommand.self, AnnotateCommand.self,
      AddCommand.self, UpdateCommand.self, RemoveCommand.self, WatchCommand.self,
      ExportCommand.self, DropCommand.self, RenameCommand.self, BuildCommand.self,
      ServeCommand.self, TokenCommand.self, MirrorCommand.self, SyncCommand.self,
    ]
  )

  @Option(
    "db", value: "path-or-uri",
    help: "The catalog: an SQLite file's path or a PostgreSQL URI (default: $CATALOG_DB or "
      + "./catalog.db).",
    isGlobal: true)
  var database: String?

  /// Whether errors show what SQLite or PostgreSQL said.
  @Flag(
    "verbose",
    help: "On an error, also show what SQLite or PostgreSQL said and the SQL that failed (as "
      + "does CATALOG_DEBUG=1).",
    isGlobal: true)
  var isVerbose: Bool
}

extension CommandDefinition {
  /// The `catalog` tool, as the parser knows it.
  static let catalog = CommandDefinition(CatalogCommand.self)
}

/// A command of `catalog` that does something, rather than having subcommands.
protocol RunnableCommand: ParsableCommand {
  /// Runs the command. A `ValidationError` it throws is printed as a usage error of the command.
  func run(_ context: CommandContext) throws
}
