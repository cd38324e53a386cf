import CatalogCollation
import CatalogStore
import CatalogSync
import CommandLineArguments

/// `catalog mirror URL`: copies a collection of a `catalog serve` into this catalog, to list in
/// the device's own locale and groupings, offline too, and to follow with `sync` (DESIGN §16).
struct MirrorCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "mirror",
    abstract: "Copy a served collection here, to follow it with sync.",
    discussion: """
      URL is a collection of a catalog serve: http[s]://HOST[:PORT]/api/collections/NAME. The \
      copy is made page by page as of one server version, resumes where it stopped when cut \
      off, and appears at once when complete. Sort keys, sections, index and search keys are \
      made here, in the locale and groupings given (default: the server's). Writes to the \
      mirror are queued and uploaded by 'catalog sync'.
      """
  )

  @Argument("url", help: "The collection's address: http[s]://HOST[:PORT]/api/collections/NAME.")
  var url: String

  @Option(
    "collection", short: "c", value: "name",
    help: "The local collection's name (default: the server collection's).")
  var collection: String?

  @Option(
    "locale", value: "id", help: "List the mirror in this ICU locale (default: the server's).")
  var locale: String?

  @Option("group-by", value: "column", help: "Also store the grouping by this column; repeatable.")
  var groupBy: [String]

  @Option(
    "index-by", value: "column", help: "With --group-by, store index titles from this column.")
  var indexBy: String?

  @Flag("names", help: "The titles are people's names (as import --names).")
  var valuesAreNames: Bool

  @Flag("ignore-articles", help: "A leading article does not count (as import --ignore-articles).")
  var ignoresArticles: Bool

  @Flag("search", help: "Build the search keys too.")
  var search: Bool

  @OptionGroup var mirror: MirrorOptions

  func run(_ context: CommandContext) throws {
    _ = try MirrorOptions.unwrapping { () throws(SyncError) in
      try CatalogMirror.collectionURL(url)
    }
    let settings = MirrorSettings(
      locale: try locale.map(CollationLocale.init), groupBy: groupBy, indexBy: indexBy,
      valuesAreNames: valuesAreNames ? true : nil, ignoresArticles: ignoresArticles ? true : nil,
      search: search)
    let token = try mirror.token(context)
    let catalog = try context.openCatalog(creating: true)
    let client = CatalogMirror(catalog: catalog, token: token)
    let progress = StandardError.isTerminal && mirror.format == .text
    if progress {
      client.onProgress = { copied in
        StandardError.write("\r\u{1B}[Kcopied \(copied.withThousandsSeparators) items")
      }
    }
    defer { if progress { StandardError.write("\r\u{1B}[K") } }
    let step = try MirrorOptions.unwrapping { () throws(SyncError) in
      try client.mirror(url, as: collection, settings: settings)
    }
    if progress { StandardError.write("\r\u{1B}[K") }
    try mirror.report(step, context)
  }
}
