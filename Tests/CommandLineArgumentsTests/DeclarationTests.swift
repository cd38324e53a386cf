import CommandLineArguments
import Testing

// MARK: - A tool made for the tests

/// A tool with a global option, a command with subcommands (the shape of `catalog token
/// create|list|revoke`), an option group shared by no one else, and every kind of declaration.
private struct Keys: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "keys", abstract: "Keep access keys.", version: "1.2",
    subcommands: [Token.self, Show.self])

  @Option("store", value: "path", help: "The file that holds the keys.", isGlobal: true)
  var store: String?
}

private struct Token: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "token", abstract: "Create, list and revoke tokens.",
    subcommands: [CreateToken.self, ListTokens.self, RevokeToken.self])
}

private struct CreateToken: ParsableCommand {
  static let configuration = CommandConfiguration(name: "create", abstract: "Create a token.")

  @Argument("name", help: "The token's name.")
  var name: String

  @Flag("write", help: "Let the token write too.")
  var canWrite: Bool

  @Option(
    "collection", short: "c", value: "name",
    help: "A collection the token may use; may be repeated.")
  var collections: [String]
}

private struct ListTokens: ParsableCommand {
  static let configuration = CommandConfiguration(name: "list", abstract: "List the tokens.")

  @OptionGroup var output: Output
}

private struct RevokeToken: ParsableCommand {
  static let configuration = CommandConfiguration(name: "revoke", abstract: "Revoke a token.")

  @Argument("name", help: "The token's name.")
  var name: String
}

private struct Output: ParsableArguments {
  @Option("format", value: "format", help: "How to print.")
  var format = Style.plain

  @Option("limit", value: "n", help: "Print at most this many.")
  var limit = 10
}

private enum Style: String, CaseIterable, ExpressibleByArgument {
  case plain, json
}

private struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "show", abstract: "Show the keys.", dependentOptions: [(option: "until", needs: "since")])

  @Argument("pattern", help: "Show only the keys whose name matches.")
  var pattern: String?

  @Flag() var order: Order?

  @Option("since", value: "date", help: "Show only the keys made on or after this date.")
  var since: String?

  @Option("until", value: "date", help: "With --since, only those made before this date.")
  var until: String?
}

private enum Order: String, EnumerableFlag {
  case oldest, newest

  var help: String { self == .oldest ? "Oldest first." : "Newest first." }
}

private let keys = CommandLineParser(root: CommandDefinition(Keys.self))

/// The invocation that `arguments` parse to with `parser`; nil when they ask for help.
private func invocation(
  _ arguments: [String], parser: CommandLineParser = keys
) throws -> ParsedInvocation? {
  guard case .invocation(let invocation) = try parser.parse(arguments) else { return nil }
  return invocation
}

/// The command that `arguments` name below `root`, with the values they give it; nil when they
/// ask for help or name another command.
private func command<Command: ParsableCommand>(
  _ arguments: [String], as type: Command.Type, root: any ParsableCommand.Type = Keys.self
) throws -> Command? {
  let parser = CommandLineParser(root: CommandDefinition(root))
  guard let invocation = try invocation(arguments, parser: parser) else { return nil }
  return root.subcommand(at: invocation.commandPath).parse(invocation) as? Command
}

// MARK: - Nested subcommands

@Test func aCommandWithSubcommandsShowsItsHelp() throws {
  let expected = """
    OVERVIEW: Create, list and revoke tokens.

    USAGE: keys token [--store <path>] <subcommand>

    OPTIONS:
      --store <path>          The file that holds the keys.
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      create                  Create a token.
      list                    List the tokens.
      revoke                  Revoke a token.

      See 'keys help token <subcommand>' for detailed help.
    """
  #expect(try keys.parse(["token"]) == .help(text: expected))
  #expect(try keys.parse(["--store", "k.db", "token", "--help"]) == .help(text: expected))
  #expect(try keys.parse(["help", "token"]) == .help(text: expected))
}

@Test func aSubcommandTwoLevelsDownHasItsOwnHelp() throws {
  let expected = """
    OVERVIEW: Create a token.

    USAGE: keys token create <name> [--write] [--collection <name> ...] [--store <path>]

    ARGUMENTS:
      <name>                  The token's name.

    OPTIONS:
      --write                 Let the token write too.
      -c, --collection <name> A collection the token may use; may be repeated.
      --store <path>          The file that holds the keys.
      --version               Show the version.
      -h, --help              Show help information.

    """
  #expect(try keys.parse(["token", "create", "-h"]) == .help(text: expected))
  #expect(try keys.parse(["help", "token", "create"]) == .help(text: expected))
}

@Test func usageErrorsTwoLevelsDownNameTheSubcommand() {
  let error = #expect(throws: UsageError.self) { try keys.parse(["token", "revoke"]) }
  #expect(
    error?.renderedText == """
      Error: Missing expected argument '<name>'
      Usage: keys token revoke <name> [--store <path>]
        See 'keys token revoke --help' for more information.
      """)
  let unknown = #expect(throws: UsageError.self) { try keys.parse(["token", "renew", "x"]) }
  #expect(
    unknown?.renderedText == """
      Error: Unexpected argument 'renew'
      Usage: keys token [--store <path>] <subcommand>
        See 'keys token --help' for more information.
      """)
}

@Test func theNamedSubcommandGetsTheValues() throws {
  let arguments = [
    "token", "create", "deploy", "--write", "-c", "towns", "--store", "k.db",
    "--collection=people",
  ]
  let invocation = try #require(try invocation(arguments))
  #expect(
    ObjectIdentifier(Keys.subcommand(at: invocation.commandPath))
      == ObjectIdentifier(CreateToken.self))
  let create = try #require(try command(arguments, as: CreateToken.self))
  #expect(create.name == "deploy")
  #expect(create.canWrite)
  #expect(create.collections == ["towns", "people"])
  #expect(Keys.parse(invocation).store == "k.db")
}

// MARK: - Values of each kind

@Test func propertiesHoldTheirDefaultsWhenNotGiven() throws {
  let list = try #require(try command(["token", "list"], as: ListTokens.self))
  #expect(list.output.format == .plain)
  #expect(list.output.limit == 10)
  let create = try #require(try command(["token", "create", "x"], as: CreateToken.self))
  #expect(!create.canWrite)
  #expect(create.collections == [])
  let show = try #require(try command(["show"], as: Show.self))
  #expect(show.pattern == nil)
  #expect(show.order == nil)
  #expect(show.since == nil)
  #expect(Keys.parse(try #require(try invocation(["show"]))).store == nil)
}

@Test func valuesHaveTheirPropertysType() throws {
  let list = try #require(
    try command(["token", "list", "--format", "json", "--limit", "007"], as: ListTokens.self))
  #expect(list.output.format == .json)
  #expect(list.output.limit == 7)
  let show = try #require(try command(["show", "ab*", "--newest"], as: Show.self))
  #expect(show.pattern == "ab*")
  #expect(show.order == .newest)
}

@Test func aGroupAndAnEnumerableFlagAreListedAsOptions() throws {
  let expected = """
    OVERVIEW: Show the keys.

    USAGE: keys show [<pattern>] [--oldest] [--newest] [--since <date>] [--until <date>] \
    [--store <path>]

    ARGUMENTS:
      <pattern>               Show only the keys whose name matches.

    OPTIONS:
      --oldest                Oldest first.
      --newest                Newest first.
      --since <date>          Show only the keys made on or after this date.
      --until <date>          With --since, only those made before this date.
      --store <path>          The file that holds the keys.
      --version               Show the version.
      -h, --help              Show help information.

    """
  #expect(try keys.parse(["show", "--help"]) == .help(text: expected))
  #expect(
    try keys.parse(["token", "list", "--help"])
      == .help(
        text: """
          OVERVIEW: List the tokens.

          USAGE: keys token list [--format <format>] [--limit <n>] [--store <path>]

          OPTIONS:
            --format <format>       How to print. (values: plain, json; default: plain)
            --limit <n>             Print at most this many. (default: 10)
            --store <path>          The file that holds the keys.
            --version               Show the version.
            -h, --help              Show help information.

          """))
}

@Test func theFlagsOfAnEnumerableFlagExcludeEachOther() {
  let error = #expect(throws: UsageError.self) {
    try keys.parse(["show", "--oldest", "--newest"])
  }
  #expect(
    error?.message
      == "Value to be set with flag '--newest' had already been set with flag '--oldest'")
}

@Test func theConfigurationsRulesApply() {
  let error = #expect(throws: UsageError.self) { try keys.parse(["show", "--until", "2025"]) }
  #expect(error?.message == "'--until' needs '--since <date>'")
}

@Test func valuesTheTypeRefusesAreUsageErrors() {
  let error = #expect(throws: UsageError.self) {
    try keys.parse(["token", "list", "--format", "xml"])
  }
  #expect(
    error?.message
      == "The value 'xml' is invalid for '--format <format>'. Please provide one of 'plain' and 'json'."
  )
}

// MARK: - Misspelt names

/// A command whose configuration names an option it does not declare.
private struct Misspelt: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "misspelt", abstract: "Names an option it lacks.",
    dependentOptions: [(option: "index-by", needs: "grup-by")])

  @Option("group-by", value: "column", help: "Group by this column.")
  var groupBy: String?

  @Option("index-by", value: "column", help: "Index by this column.")
  var indexBy: String?
}

@Test func aMisspeltOptionNameStopsTheProgramWhenTheDefinitionIsMade() async {
  await #expect(processExitsWith: .failure) {
    _ = CommandDefinition(Misspelt.self)
  }
}
