import CatalogQuery
import CommandLineArguments

/// `catalog search TEXT`: items whose title or sort-as, or a word in them, starts with the text.
struct SearchCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "search",
    abstract: "Find the items whose title starts with the given text.",
    discussion: """
      An item matches when its title or sort-as value, or a word in them, starts with the \
      text, compared as the locale compares letters: case and accents are ignored unless the \
      language makes a letter of its own of them.
      """,
    dependentOptions: [ListOptions.indexByNeedsGroupBy]
  )

  @Argument("text", help: "The beginning of the words to find.")
  var text: String

  @OptionGroup var listOptions: ListOptions

  @Option("limit", value: "n", help: "List at most this many items.")
  var limit: Int?

  @OptionGroup var output: OutputOptions

  func run(_ context: CommandContext) throws {
    let list = try listOptions.openList(context)
    let results = try list.search(text, limit: limit) {
      StandardError.line("building the search keys of '\(list.collection.name)'…")
    }
    try ItemPrinter(list: list, format: output.format, output: context.output).print {
      try results.next()
    }
  }
}
