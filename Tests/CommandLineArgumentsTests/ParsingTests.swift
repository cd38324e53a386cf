import CommandLineArguments
import Testing

// MARK: - A tool made for the tests

/// A tool with a global option and flag, and commands that take every kind of argument and of
/// option value, declared as definitions.
private let files = CommandDefinition(
  name: "files",
  abstract: "Keep files in a store.",
  version: "2.0",
  options: [
    .option("store", short: "s", value: "path", help: "The store.", isGlobal: true),
    .flag("verbose", help: "Say more.", isGlobal: true),
  ],
  subcommands: [
    CommandDefinition(
      name: "add",
      abstract: "Add files.",
      arguments: [ArgumentDefinition(name: "file", help: "The files to add.", isRepeating: true)],
      options: [
        .option("tag", short: "t", value: "tag", help: "A tag for every file.", isRepeatable: true),
        .option("owner", value: "name", help: "Who owns the files."),
        .option("separator", value: "char", help: "Between tags.", constraint: .fieldSeparator),
        .flag("replace", help: "Replace the files there are."),
        .flag("keep", help: "Keep the files there are."),
      ],
      exclusiveOptions: [["replace", "keep"]]),
    CommandDefinition(
      name: "list",
      abstract: "List files.",
      arguments: [ArgumentDefinition(name: "pattern", help: "Which files.", isRequired: false)],
      options: [
        .option(
          "format", value: "format", help: "How to print.",
          constraint: .oneOf(["plain", "json", "csv"]), defaultValue: "plain"),
        .option("limit", value: "n", help: "At most this many.", constraint: .nonNegativeInteger),
        .option("since", value: "date", help: "Made on or after."),
        .option("until", value: "date", help: "Made before."),
      ],
      dependentOptions: [(option: "until", needs: "since")]),
    CommandDefinition(
      name: "move",
      abstract: "Move a file.",
      arguments: [
        ArgumentDefinition(name: "from", help: "The file to move."),
        ArgumentDefinition(name: "to", help: "Where to move it."),
      ]),
    CommandDefinition(
      name: "serve",
      abstract: "Serve the files.",
      options: [
        .option(
          "port", value: "port", help: "The TCP port.", constraint: .port, defaultValue: "8080")
      ]),
  ])

private let parser = CommandLineParser(root: files)

private let rootUsage = "files [--store <path>] [--verbose] <subcommand>"
private let addUsage =
  "files add <file> ... [--tag <tag> ...] [--owner <name>] [--separator <char>] [--replace]"
  + " [--keep] [--store <path>] [--verbose]"
private let listUsage =
  "files list [<pattern>] [--format <format>] [--limit <n>] [--since <date>] [--until <date>]"
  + " [--store <path>] [--verbose]"
private let moveUsage = "files move <from> <to> [--store <path>] [--verbose]"

/// The invocation that `arguments` parse to, or nil when they ask for help or the version.
private func invocation(_ arguments: [String]) throws -> ParsedInvocation? {
  guard case .invocation(let invocation) = try parser.parse(arguments) else { return nil }
  return invocation
}

/// The help text that `arguments` ask for, or nil when they parse otherwise.
private func help(_ arguments: [String]) throws -> String? {
  guard case .help(let text) = try parser.parse(arguments) else { return nil }
  return text
}

/// The three lines that `arguments` print on standard error, or nil when they parse.
private func usageError(_ arguments: [String]) -> String? {
  do {
    _ = try parser.parse(arguments)
    return nil
  } catch {
    return error.renderedText
  }
}

/// The lines of a usage error of the command whose usage is `usage`, as `files list`'s.
private func rendered(_ message: String, usage: String, command: String) -> String {
  """
  Error: \(message)
  Usage: \(usage)
    See '\(command) --help' for more information.
  """
}

// MARK: - Options and their values

@Test func anOptionTakesItsValueAfterASpaceOrAnEqualsSign() throws {
  let spaced = try invocation(["add", "a.txt", "--owner", "ann", "-s", "k.db"])
  let joined = try invocation(["add", "--owner=ann", "a.txt", "--store=k.db"])
  #expect(spaced == joined)
  #expect(spaced?.commandPath == ["add"])
  #expect(spaced?.argumentValues("file") == ["a.txt"])
  #expect(spaced?.value(for: "owner") == "ann")
  #expect(spaced?.value(for: "store") == "k.db")
  #expect(try invocation(["add", "a.txt", "--owner="])?.value(for: "owner") == "")
}

@Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
  let parsed = try invocation(["add", "a.txt", "--tag", "x", "-t", "y", "--tag=z"])
  #expect(parsed?.values(for: "tag") == ["x", "y", "z"])
  #expect(parsed?.values(for: "owner") == [])
}

@Test func anOptionGivenTwiceKeepsTheLastValue() throws {
  let parsed = try invocation(["list", "--limit", "5", "--limit", "10"])
  #expect(parsed?.values(for: "limit") == ["10"])
  #expect(parsed?.integer(for: "limit") == 10)
  #expect(try invocation(["add", "a.txt", "--keep", "--keep"])?.hasFlag("keep") == true)
}

@Test(arguments: [
  ["--store", "k.db", "list"],
  ["list", "--store", "k.db"],
  ["-s", "k.db", "list"],
  ["--store=other.db", "list", "--store", "k.db"],
])
func aGlobalOptionComesBeforeOrAfterTheSubcommand(arguments: [String]) throws {
  let parsed = try invocation(arguments)
  #expect(parsed?.commandPath == ["list"])
  #expect(parsed?.value(for: "store") == "k.db")
}

@Test func optionsNotGivenHaveTheirDefaultsAndFlagsAreOff() throws {
  let parsed = try #require(try invocation(["list"]))
  #expect(parsed.value(for: "format") == "plain")
  #expect(parsed.value(for: "limit") == nil)
  #expect(parsed.integer(for: "limit") == nil)
  #expect(parsed.argument("pattern") == nil)
  #expect(!parsed.hasFlag("verbose"))
  #expect(try invocation(["serve"])?.value(for: "port") == "8080")
  #expect(try invocation(["--verbose", "list"])?.hasFlag("verbose") == true)
}

@Test(arguments: [("tab", "\t"), ("\\t", "\t"), ("\t", "\t"), (";", ";"), ("é", "é")])
func aFieldSeparatorIsNormalized(given: String, expected: String) throws {
  #expect(
    try invocation(["add", "a.txt", "--separator", given])?.value(for: "separator") == expected)
}

@Test func numbersAreNormalized() throws {
  #expect(try invocation(["list", "--limit", "007"])?.value(for: "limit") == "7")
  #expect(try invocation(["serve", "--port", "080"])?.value(for: "port") == "80")
}

// MARK: - Arguments and --

@Test func argumentsFillTheirPlacesInOrder() throws {
  let parsed = try #require(try invocation(["move", "a.txt", "b.txt"]))
  #expect(parsed.argument("from") == "a.txt")
  #expect(parsed.argument("to") == "b.txt")
  #expect(try invocation(["add", "a", "b", "c"])?.argumentValues("file") == ["a", "b", "c"])
  #expect(try invocation(["list", "*.txt"])?.argument("pattern") == "*.txt")
}

@Test func doubleDashEndsTheOptions() throws {
  let parsed = try #require(try invocation(["add", "--tag", "x", "--", "--tag", "-y", "--"]))
  #expect(parsed.argumentValues("file") == ["--tag", "-y", "--"])
  #expect(parsed.values(for: "tag") == ["x"])
  #expect(try invocation(["list", "--", "--help"])?.argument("pattern") == "--help")
  #expect(try invocation(["list", "--", "--version"])?.argument("pattern") == "--version")
  #expect(try invocation(["list", "--", "-s"])?.value(for: "store") == nil)
}

@Test func aDashAloneIsAnArgument() throws {
  #expect(try invocation(["add", "-", "-t", "x"])?.argumentValues("file") == ["-"])
}

// MARK: - Usage errors

@Test func anUnknownOption() {
  #expect(
    usageError(["list", "--everything"])
      == rendered("Unknown option '--everything'", usage: listUsage, command: "files list"))
  #expect(
    usageError(["list", "-x"])
      == rendered("Unknown option '-x'", usage: listUsage, command: "files list"))
  #expect(
    usageError(["--everything", "list"])
      == rendered("Unknown option '--everything'", usage: rootUsage, command: "files"))
}

@Test func anUnknownOptionCloseToAnotherSuggestsIt() {
  #expect(
    usageError(["list", "--limt", "3"])
      == rendered(
        "Unknown option '--limt'. Did you mean '--limit'?", usage: listUsage, command: "files list"
      ))
  #expect(
    usageError(["list", "--fromat=json"])
      == rendered(
        "Unknown option '--fromat'. Did you mean '--format'?", usage: listUsage,
        command: "files list"))
}

@Test func anOptionWithoutItsValue() {
  #expect(
    usageError(["add", "a.txt", "--owner"])
      == rendered("Missing value for '--owner <name>'", usage: addUsage, command: "files add"))
  #expect(
    usageError(["add", "a.txt", "-t", "--keep"])
      == rendered("Missing value for '-t <tag>'", usage: addUsage, command: "files add"))
  #expect(
    usageError(["--store"])
      == rendered("Missing value for '--store <path>'", usage: rootUsage, command: "files"))
}

@Test func aFlagWithAValue() {
  #expect(
    usageError(["add", "a.txt", "--keep=yes"])
      == rendered(
        "The option '--keep' does not take any value, but 'yes' was specified.", usage: addUsage,
        command: "files add"))
}

@Test func aMissingArgument() {
  #expect(
    usageError(["move", "a.txt"])
      == rendered("Missing expected argument '<to>'", usage: moveUsage, command: "files move"))
  #expect(
    usageError(["add", "--keep"])
      == rendered("Missing expected argument '<file> ...'", usage: addUsage, command: "files add"))
}

@Test func argumentsTooMany() {
  #expect(
    usageError(["move", "a", "b", "c"])
      == rendered("Unexpected argument 'c'", usage: moveUsage, command: "files move"))
  #expect(
    usageError(["move", "a", "b", "c", "d"])
      == rendered("2 unexpected arguments: 'c', 'd'", usage: moveUsage, command: "files move"))
}

@Test func anUnknownSubcommand() {
  #expect(
    usageError(["-s", "k.db", "remove", "a.txt"])
      == rendered("Unexpected argument 'remove'", usage: rootUsage, command: "files"))
}

@Test func optionsThatExcludeEachOther() {
  #expect(
    usageError(["add", "a.txt", "--replace", "--keep"])
      == rendered(
        "Value to be set with flag '--keep' had already been set with flag '--replace'",
        usage: addUsage, command: "files add"))
}

@Test func anOptionWithoutTheOptionItNeeds() throws {
  #expect(
    usageError(["list", "--until", "2025"])
      == rendered("'--until' needs '--since <date>'", usage: listUsage, command: "files list"))
  #expect(try invocation(["list", "--until", "2025", "--since=2024"]) != nil)
}

@Test func valuesTheOptionDoesNotAccept() {
  #expect(
    usageError(["list", "--format", "xml"])
      == rendered(
        "The value 'xml' is invalid for '--format <format>'. "
          + "Please provide one of 'plain', 'json' or 'csv'.",
        usage: listUsage, command: "files list"))
  #expect(
    usageError(["list", "--limit=-1"])
      == rendered(
        "The value '-1' is invalid for '--limit <n>': expected a whole number, 0 or more",
        usage: listUsage, command: "files list"))
  #expect(
    usageError(["serve", "--port", "65536"])
      == rendered(
        "The value '65536' is invalid for '--port <port>': expected a port number from 0 to 65535",
        usage: "files serve [--port <port>] [--store <path>] [--verbose]", command: "files serve"))
  for separator in [";;", "\"", "\n"] {
    #expect(
      usageError(["add", "a.txt", "--separator", separator])
        == rendered(
          "The value '\(separator)' is invalid for '--separator <char>': "
            + "expected one character (not a quote or line break), or 'tab'",
          usage: addUsage, command: "files add"))
  }
}

@Test func aUsageErrorSaysWhatIsWrongAndExitsWith64() throws {
  let error = try #require(throws: UsageError.self) { try parser.parse(["move", "a.txt"]) }
  #expect(error.exitCode == 64)
  #expect(error.message == "Missing expected argument '<to>'")
  #expect(error.description == "Missing expected argument '<to>'")
  #expect(error.usage == moveUsage)
  #expect(error.helpCommandLine == "files move --help")
}

@Test func aValidationErrorBecomesAUsageErrorOfItsCommand() throws {
  let parsed = try #require(try invocation(["move", "a.txt", "a.txt"]))
  let error = parser.usageError(ValidationError("'a.txt' is both <from> and <to>"), in: parsed)
  #expect(
    error.renderedText
      == rendered("'a.txt' is both <from> and <to>", usage: moveUsage, command: "files move"))
  #expect(error.exitCode == 64)
}

// MARK: - Help and version

@Test func helpWinsOverUsageErrors() throws {
  let listHelp = try #require(try help(["list", "--help"]))
  #expect(listHelp.hasPrefix("OVERVIEW: List files.\n"))
  #expect(try help(["list", "--everything", "-h"]) == listHelp)
  #expect(try help(["list", "--limit", "--help"]) == listHelp)
  #expect(try help(["help", "list", "nonsense"]) == listHelp)
  #expect(try help(["move", "a.txt", "-h"])?.hasPrefix("OVERVIEW: Move a file.\n") == true)
  #expect(try help(["help", "nonsense"])?.hasPrefix("OVERVIEW: Keep files in a store.\n") == true)
}

@Test func aCommandWithSubcommandsShowsItsHelpWhenNoneIsNamed() throws {
  #expect(try help([])?.hasPrefix("OVERVIEW: Keep files in a store.\n") == true)
  #expect(try help(["-s", "k.db"]) == help([]))
}

@Test(arguments: [
  ["--version"], ["list", "--version"], ["-s", "k.db", "list", "--version", "--bogus"],
  ["remove", "--version"],
])
func versionWinsOverEverythingButHelp(arguments: [String]) throws {
  #expect(try parser.parse(arguments) == .version("2.0"))
}

@Test func helpWinsOverVersion() throws {
  #expect(try help(["--version", "--help"]) == help([]))
}

@Test func aToolWithoutAVersionHasNoVersionOption() {
  let tool = CommandLineParser(root: CommandDefinition(name: "tool", abstract: "Do a thing."))
  let error = #expect(throws: UsageError.self) { try tool.parse(["--version"]) }
  #expect(error?.message == "Unknown option '--version'")
}
