import CommandLineArguments
import Testing

// MARK: - swift-argument-parser's own example

// The math tool of swift-argument-parser's examples, less its default subcommand: the help of a
// command with subcommands below is that library's, in its MathExampleTests, to the byte.

private let math = CommandLineParser(
  root: CommandDefinition(
    name: "math",
    abstract: "A utility for performing maths.",
    version: "1.0.0",
    subcommands: [
      CommandDefinition(name: "add", abstract: "Print the sum of the values."),
      CommandDefinition(name: "multiply", abstract: "Print the product of the values."),
      CommandDefinition(
        name: "stats",
        abstract: "Calculate descriptive statistics.",
        subcommands: [
          CommandDefinition(name: "average", abstract: "Print the average of the values."),
          CommandDefinition(
            name: "stdev", abstract: "Print the standard deviation of the values."),
          CommandDefinition(
            name: "quantiles", abstract: "Print the quantiles of the values (TBD)."),
        ]),
    ]))

@Test(arguments: [["-h"], ["--help"], ["help"], []])
func theRootsHelpListsItsOptionsAndSubcommands(arguments: [String]) throws {
  let expected = """
    OVERVIEW: A utility for performing maths.

    USAGE: math <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      add                     Print the sum of the values.
      multiply                Print the product of the values.
      stats                   Calculate descriptive statistics.

      See 'math help <subcommand>' for detailed help.
    """
  #expect(try math.parse(arguments) == .help(text: expected))
}

@Test(arguments: [["stats", "-h"], ["stats", "--help"], ["help", "stats"], ["stats"]])
func aSubcommandWithSubcommandsPointsToItsOwnHelp(arguments: [String]) throws {
  let expected = """
    OVERVIEW: Calculate descriptive statistics.

    USAGE: math stats <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      average                 Print the average of the values.
      stdev                   Print the standard deviation of the values.
      quantiles               Print the quantiles of the values (TBD).

      See 'math help stats <subcommand>' for detailed help.
    """
  #expect(try math.parse(arguments) == .help(text: expected))
}

@Test func theVersionIsTheRoots() throws {
  #expect(try math.parse(["--version"]) == .version("1.0.0"))
  #expect(try math.parse(["stats", "--version"]) == .version("1.0.0"))
}

// MARK: - Arguments and options

/// A command with an argument, an option with a default and a flag, declared in the order
/// swift-argument-parser would list them.
private struct Greet: ParsableCommand {
  static let configuration = CommandConfiguration(name: "greet", abstract: "Say hello.")

  @Argument("name", help: "Whom to greet.")
  var name: String

  @Option("greeting", value: "greeting", help: "The greeting.")
  var greeting = "Hello"

  @Flag("loud", help: "Shout.")
  var isLoud: Bool
}

@Test func aCommandsHelpListsItsArgumentsAndOptions() throws {
  // A command without subcommands ends its help with a newline, so that `print` leaves a blank
  // line after it, as swift-argument-parser's does.
  let expected = """
    OVERVIEW: Say hello.

    USAGE: greet <name> [--greeting <greeting>] [--loud]

    ARGUMENTS:
      <name>                  Whom to greet.

    OPTIONS:
      --greeting <greeting>   The greeting. (default: Hello)
      --loud                  Shout.
      -h, --help              Show help information.

    """
  let parser = CommandLineParser(root: CommandDefinition(Greet.self))
  #expect(try parser.parse(["--help"]) == .help(text: expected))
  #expect(try parser.parse(["-h", "Ann"]) == .help(text: expected))
}

// MARK: - Layout

/// A tool made for the layout rules: a label too long for the description column, an optional
/// argument, a repeatable option, a default and a discussion.
private let layout = CommandDefinition(
  name: "greet",
  abstract: "Say hello.",
  discussion: "Greets everyone named.",
  arguments: [ArgumentDefinition(name: "name", help: "Whom to greet.", isRequired: false)],
  options: [
    .option(
      "greeting-in-a-language-of-choice", value: "language",
      help: "The language of the greeting.", defaultValue: "en"),
    .option("also", short: "a", value: "name", help: "Another name.", isRepeatable: true),
    .flag("loud", help: "Shout."),
  ])

/// The layout tool's help above its options, which is the same at any width from 40 up.
private let layoutHead = """
  OVERVIEW: Say hello.

  Greets everyone named.

  USAGE: greet [<name>] [--greeting-in-a-language-of-choice <language>] [--also <name> ...] [--loud]

  ARGUMENTS:
    <name>                  Whom to greet.


  """

@Test func aLabelThatReachesTheDescriptionColumnStandsOnItsOwnLine() throws {
  let expected =
    layoutHead + """
      OPTIONS:
        --greeting-in-a-language-of-choice <language>
                                The language of the greeting. (default: en)
        -a, --also <name>       Another name.
        --loud                  Shout.
        -h, --help              Show help information.

      """
  let result = try CommandLineParser(root: layout).parse(["--help"])
  #expect(result == .help(text: expected))
}

@Test func descriptionsWrapToTheScreenWidth() throws {
  let expected =
    layoutHead + """
      OPTIONS:
        --greeting-in-a-language-of-choice <language>
                                The language
                                of the
                                greeting.
                                (default: en)
        -a, --also <name>       Another name.
        --loud                  Shout.
        -h, --help              Show help
                                information.

      """
  let result = try CommandLineParser(root: layout, screenWidth: 40).parse(["-h"])
  #expect(result == .help(text: expected))
}

@Test func anOverviewLongerThanALineWraps() throws {
  let tool = CommandDefinition(
    name: "tool",
    abstract: "Read every file named on the command line and print the lines that match.")
  let expected = """
    OVERVIEW: Read every file named on the command
    line and print the lines that match.

    USAGE: tool

    OPTIONS:
      -h, --help              Show help information.

    """
  #expect(try CommandLineParser(root: tool, screenWidth: 50).parse(["-h"]) == .help(text: expected))
}
