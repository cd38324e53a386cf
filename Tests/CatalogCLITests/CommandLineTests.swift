// catalog's command line as its commands declare it: the help texts, usage lines, value
// lists, rules and typed values that are catalog's own. How the parser behaves is tested in
// CommandLineArgumentsTests.

import CommandLineArguments
import Testing

@testable import catalog

// MARK: - Helpers

private let parser = CommandLineParser(root: .catalog)

/// The help text that `arguments` ask for, or `nil` when they parse otherwise.
private func help(_ arguments: [String]) throws -> String? {
  guard case .help(let text) = try parser.parse(arguments) else { return nil }
  return text
}

/// The invocation that `arguments` parse to, or `nil` when they ask for help.
private func invocation(_ arguments: [String]) throws -> ParsedInvocation? {
  guard case .invocation(let invocation) = try parser.parse(arguments) else { return nil }
  return invocation
}

/// The catalog command that `arguments` name, with the values they give it; nil when they ask
/// for help or name another command.
private func command<Command: ParsableCommand>(
  _ arguments: [String], as type: Command.Type
) throws -> Command? {
  guard let invocation = try invocation(arguments) else { return nil }
  return CatalogCommand.subcommand(at: invocation.commandPath).parse(invocation) as? Command
}

/// The three lines that `arguments` print on standard error, or `nil` when they parse.
private func usageError(_ arguments: [String]) -> String? {
  do {
    _ = try parser.parse(arguments)
    return nil
  } catch {
    return error.renderedText
  }
}

private let importUsage =
  "catalog import <file> [--collection <name>] [--title <column>] [--sort-as <columns>]"
  + " [--locale <id> ...] [--group-by <column> ...] [--index-by <column> ...]"
  + " [--delimiter <char>] [--key <column>] [--names] [--ignore-articles] [--replace] [--append]"
  + " [--upsert] [--sync] [--search] [--quiet] [--format <format>] [--db <path-or-uri>] [--verbose]"

private let listUsage =
  "catalog list [--collection <name>] [--group-by <column>] [--index-by <column>]"
  + " [--locale <id>] [--section <heading>] [--index <title>] [--offset <n>] [--limit <n>]"
  + " [--format <format>] [--db <path-or-uri>] [--verbose]"

// MARK: - Help

private let rootHelp = """
  OVERVIEW: Store CSV catalogs in SQLite files or on PostgreSQL and list them in
  sections with an index.

  USAGE: catalog [--db <path-or-uri>] [--verbose] <subcommand>

  OPTIONS:
    --db <path-or-uri>      The catalog: an SQLite file's path or a PostgreSQL
                            URI (default: $CATALOG_DB or ./catalog.db).
    --verbose               On an error, also show what SQLite or PostgreSQL said
                            and the SQL that failed (as does CATALOG_DEBUG=1).
    --version               Show the version.
    -h, --help              Show help information.

  SUBCOMMANDS:
    import                  Import a CSV file as a collection.
    sections                List the sections of a collection.
    index                   List the index entries of a collection.
    list                    List the items of a collection, section by section.
    search                  Find the items whose title starts with the given text.
    collections             List the collections in the catalog.
    info                    Show the catalog, and the versions of this build.
    annotate                Set header or footer text for a collection or section.
    add                     Add an item to a collection.
    update                  Set fields of an item.
    remove                  Remove items from a collection.
    watch                   Print how each write changes a list, as it commits.
    export                  Write a collection's items as CSV, TSV or JSON lines.
    drop                    Remove a collection with its items and lists.
    rename                  Give a collection another name.
    build                   Store groupings, index titles and search keys ahead
                            of queries.
    serve                   Serve the lists as a page and a JSON API over HTTP.
    token                   Create, list and revoke the tokens of catalog serve.
    mirror                  Copy a served collection here, to follow it with sync.
    sync                    Bring a mirror up to date with its server, both ways.

    See 'catalog help <subcommand>' for detailed help.
  """

@Test(arguments: [[], ["-h"], ["--help"], ["help"], ["--db", "x.db"], ["--db", "x.db", "-h"]])
func rootHelp(arguments: [String]) throws {
  #expect(try help(arguments) == rootHelp)
}

@Test func collectionsHelp() throws {
  let expected = """
    OVERVIEW: List the collections in the catalog.

    USAGE: catalog collections [--format <format>] [--db <path-or-uri>] [--verbose]

    OPTIONS:
      --format <format>       The output format. (values: table, json, csv, tsv;
                              default: table)
      --db <path-or-uri>      The catalog: an SQLite file's path or a PostgreSQL
                              URI (default: $CATALOG_DB or ./catalog.db).
      --verbose               On an error, also show what SQLite or PostgreSQL said
                              and the SQL that failed (as does CATALOG_DEBUG=1).
      --version               Show the version.
      -h, --help              Show help information.

    """
  #expect(try help(["collections", "--help"]) == expected)
}

@Test func importHelp() throws {
  let expected = """
    OVERVIEW: Import a CSV file as a collection.

    The file is RFC 4180 CSV in UTF-8 with a header row, which names the columns.
    The import is all or nothing: on any error the catalog stays exactly as it was.

    USAGE: \(importUsage)

    ARGUMENTS:
      <file>                  The CSV file to import, or '-' for standard input.

    OPTIONS:
      -c, --collection <name> The name of the collection (default: the file name
                              without extension; for --append, --upsert and --sync,
                              the only collection when none is named after the
                              file).
      --title <column>        The column shown for each item (default: the first
                              column named name, title or display_name, else the
                              first column).
      --sort-as <columns>     Comma-separated columns whose values, joined by a
                              space, each item sorts and files under (default: the
                              title).
      --locale <id>           The ICU locale of the collection, such as sv, de_DE
                              or ja (default: from LC_ALL, LC_COLLATE or LANG, else
                              en); repeated, the others are built too.
      --group-by <column>     Build the grouping by this column during the import;
                              may be repeated.
      --index-by <column>     With --group-by, store index titles from this column;
                              may be repeated.
      --delimiter <char>      The character between fields, or 'tab' (default: tab
                              for .tsv files, else ',').
      --key <column>          The column whose values identify items: each must be
                              non-empty and unique. Writes then name items by key.
      --names                 The titles are people's names: in Chinese, Han names
                              sort and file by their surname reading (曾 as Zēng, 单
                              as Shàn).
      --ignore-articles       A leading article does not count: 'The Beatles' sorts
                              and files under B.
      --replace               Replace the collection's items with the file's; its
                              settings stay unless given.
      --append                Add every row to the collection as a new item.
      --upsert                Replace the item whose key a row has with the row,
                              and add the others.
      --sync                  Upsert, and remove the items whose key is not in the
                              file.
      --search                Build the search keys too.
      --quiet                 Print neither progress nor the summary.
      --format <format>       Print a summary on standard error, or the version and
                              changed items as JSON. (values: text, json; default:
                              text)
      --db <path-or-uri>      The catalog: an SQLite file's path or a PostgreSQL
                              URI (default: $CATALOG_DB or ./catalog.db).
      --verbose               On an error, also show what SQLite or PostgreSQL said
                              and the SQL that failed (as does CATALOG_DEBUG=1).
      --version               Show the version.
      -h, --help              Show help information.

    """
  #expect(try help(["import", "--help"]) == expected)
  #expect(try help(["import", "-h"]) == expected)
  #expect(try help(["help", "import"]) == expected)
  #expect(try help(["--db", "x.db", "import", "cities.csv", "-h"]) == expected)
}

// MARK: - Usage errors

@Test func unknownOptionSuggestsTheClosestName() {
  #expect(
    usageError(["import", "cities.csv", "--lcoale", "sv"]) == """
      Error: Unknown option '--lcoale'. Did you mean '--locale'?
      Usage: \(importUsage)
        See 'catalog import --help' for more information.
      """)
}

@Test func exclusiveFlags() {
  #expect(
    usageError(["import", "cities.csv", "--replace", "--append"]) == """
      Error: Value to be set with flag '--append' had already been set with flag '--replace'
      Usage: \(importUsage)
        See 'catalog import --help' for more information.
      """)
  #expect(
    usageError(["list", "--index=A", "--section", "Alabama"]) == """
      Error: Value to be set with option '--section' had already been set with option '--index'
      Usage: \(listUsage)
        See 'catalog list --help' for more information.
      """)
}

@Test func invalidValues() {
  #expect(
    usageError(["list", "--format", "xml"]) == """
      Error: The value 'xml' is invalid for '--format <format>'. \
      Please provide one of 'table', 'json', 'csv' or 'tsv'.
      Usage: \(listUsage)
        See 'catalog list --help' for more information.
      """)
  #expect(
    usageError(["list", "--offset=-1"]) == """
      Error: The value '-1' is invalid for '--offset <n>': expected a whole number, 0 or more
      Usage: \(listUsage)
        See 'catalog list --help' for more information.
      """)
  #expect(
    usageError(["list", "--limit", "ten"]) == """
      Error: The value 'ten' is invalid for '--limit <n>': expected a whole number, 0 or more
      Usage: \(listUsage)
        See 'catalog list --help' for more information.
      """)
  #expect(
    usageError(["import", "cities.csv", "--delimiter", ";;"]) == """
      Error: The value ';;' is invalid for '--delimiter <char>': \
      expected one character (not a quote or line break), or 'tab'
      Usage: \(importUsage)
        See 'catalog import --help' for more information.
      """)
}

@Test func usageErrorsBeforeTheSubcommandUseTheRootUsage() {
  #expect(
    usageError(["--db"]) == """
      Error: Missing value for '--db <path-or-uri>'
      Usage: catalog [--db <path-or-uri>] [--verbose] <subcommand>
        See 'catalog --help' for more information.
      """)
}

// MARK: - Defaults

@Test func defaultsAndFlags() throws {
  let parsed = try #require(try invocation(["import", "cities.csv", "--append"]))
  #expect(parsed.hasFlag("append"))
  #expect(!parsed.hasFlag("replace"))
  #expect(parsed.value(for: "delimiter") == nil)
  #expect(parsed.value(for: "db") == nil)
  #expect(try invocation(["list"])?.value(for: "format") == "table")
  #expect(try invocation(["list"])?.integer(for: "offset") == 0)
  #expect(try invocation(["list"])?.integer(for: "limit") == nil)
}

// MARK: - Rules and global options

@Test func anOptionWithoutTheOptionItNeeds() throws {
  #expect(
    usageError(["annotate", "--group-by", "state", "--header", "x"]) == """
      Error: '--group-by' needs '--section <heading>'
      Usage: catalog annotate [--collection <name>] [--group-by <column>] [--section <heading>] \
      [--header <text>] [--footer <text>] [--clear] [--db <path-or-uri>] [--verbose]
        See 'catalog annotate --help' for more information.
      """)
  #expect(try invocation(["sections", "--group-by", "state", "--index-by", "code"]) != nil)
  #expect(try invocation(["list", "--group-by=state", "--index-by=code"]) != nil)
}

@Test func verboseIsAGlobalFlag() throws {
  #expect(try invocation(["--verbose", "list"])?.hasFlag("verbose") == true)
  #expect(try invocation(["list", "--verbose"])?.hasFlag("verbose") == true)
  #expect(try invocation(["list"])?.hasFlag("verbose") == false)
}

// MARK: - Typed values

@Test func catalogCommandsReadTheirOptionsAsTypedValues() throws {
  let list = try #require(
    try command(
      [
        "list", "-c", "towns", "--group-by", "state", "--offset", "007", "--section", "Texas",
        "--format", "json",
      ],
      as: ListCommand.self))
  #expect(list.listOptions.collection == "towns")
  #expect(list.listOptions.groupBy == "state")
  #expect(list.listOptions.indexBy == nil)
  #expect(list.offset == 7)
  #expect(list.limit == nil)
  #expect(list.section == "Texas")
  #expect(list.output.format == .json)

  let defaults = try #require(
    try command(["list"], as: ListCommand.self))
  #expect(defaults.offset == 0)
  #expect(defaults.output.format == .table)

  let importing = try #require(
    try command(
      [
        "import", "cities.tsv", "--append", "--locale", "sv", "--locale=de", "--delimiter", "tab",
        "--format", "json",
      ],
      as: ImportCommand.self))
  #expect(importing.file == "cities.tsv")
  #expect(importing.mode == .append)
  #expect(importing.locales == ["sv", "de"])
  #expect(importing.delimiter == "\t")
  #expect(importing.format == .json)
  #expect(!importing.isQuiet)
}

@Test func theGlobalOptionsAreTheRootCommands() throws {
  let parsed = try invocation(["list", "--verbose", "--db", "x.db"])
  let options = CatalogCommand.parse(try #require(parsed))
  #expect(options.database == "x.db")
  #expect(options.isVerbose)
}
