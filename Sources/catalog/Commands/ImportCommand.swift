import CatalogCollation
import CatalogLocations
import CatalogStore
import CommandLineArguments
import Foundation

/// `catalog import FILE|-`: reads a CSV file into a collection, all or nothing.
struct ImportCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "import",
    abstract: "Import a CSV file as a collection.",
    discussion: """
      The file is RFC 4180 CSV in UTF-8 with a header row, which names the columns. The import \
      is all or nothing: on any error the catalog stays exactly as it was.
      """,
    dependentOptions: [ListOptions.indexByNeedsGroupBy]
  )

  @Argument("file", help: "The CSV file to import, or '-' for standard input.")
  var file: String

  @Option(
    "collection", short: "c", value: "name",
    help: """
      The name of the collection (default: the file name without extension; for --append, \
      --upsert and --sync, the only collection when none is named after the file).
      """)
  var collection: String?

  @Option(
    "title", value: "column",
    help: """
      The column shown for each item (default: the first column named name, title or \
      display_name, else the first column).
      """)
  var title: String?

  @Option(
    "sort-as", value: "columns",
    help: """
      Comma-separated columns whose values, joined by a space, each item sorts and files \
      under (default: the title).
      """)
  var sortAs: String?

  @Option(
    "locale", value: "id",
    help: """
      The ICU locale of the collection, such as sv, de_DE or ja (default: from LC_ALL, \
      LC_COLLATE or LANG, else en); repeated, the others are built too.
      """)
  var locales: [String]

  @Option(
    "group-by", value: "column",
    help: "Build the grouping by this column during the import; may be repeated.")
  var groupBy: [String]

  @Option(
    "index-by", value: "column",
    help: "With --group-by, store index titles from this column; may be repeated.")
  var indexBy: [String]

  @Option(
    "delimiter", value: "char",
    help: "The character between fields, or 'tab' (default: tab for .tsv files, else ',').")
  var delimiter: Character?

  @Option(
    "key", value: "column",
    help: """
      The column whose values identify items: each must be non-empty and unique. Writes \
      then name items by key.
      """)
  var key: String?

  @Flag(
    "names",
    help: """
      The titles are people's names: in Chinese, Han names sort and file by their surname \
      reading (曾 as Zēng, 单 as Shàn).
      """)
  var valuesAreNames: Bool

  @Flag(
    "ignore-articles",
    help: "A leading article does not count: 'The Beatles' sorts and files under B.")
  var ignoresArticles: Bool

  @Flag() var mode: ImportMode?

  @Flag("search", help: "Build the search keys too.")
  var storesSearchKeys: Bool

  @Flag("quiet", help: "Print neither progress nor the summary.")
  var isQuiet: Bool

  @Option("format", value: "format", help: WriteOptions.formatHelp)
  var format = WriteFormat.text

  func run(_ context: CommandContext) throws {
    InterruptHandler.install()
    // --append, --upsert and --sync write into a collection there is, and never make one: the
    // file's name is only their first guess, and from standard input they have none.
    let writesItems = mode?.importMode.writesItems ?? false
    let fileName = file == "-" ? nil : URL(filePath: file).deletingPathExtension().lastPathComponent
    let name = collection ?? fileName
    guard name != nil || writesItems else {
      throw ValidationError("Reading standard input needs '--collection <name>'")
    }
    var options = try importOptions(collection: name, environment: context.environment)
    options.collectionIsDefault = collection == nil
    options.shouldStop = { InterruptHandler.wasInterrupted.load(ordering: .relaxed) }
    // The file this import makes the catalog in, if it makes one: an interrupted import
    // removes it again.
    let newFile = context.catalogAddress.filePath.flatMap {
      FileManager.default.fileExists(atPath: $0) ? nil : $0
    }
    let reader = try CSVReader(
      path: file,
      delimiter: delimiter.flatMap(CSVDelimiter.init)
        ?? (URL(filePath: file).pathExtension.lowercased() == "tsv" ? .tab : .comma))
    let display = !isQuiet && StandardError.isTerminal ? ProgressDisplay() : nil
    let start = Date()
    let catalog: Catalog
    let summary: ImportSummary
    do {
      catalog = try context.openCatalog(creating: !writesItems)
      summary = try catalog.importCollection(from: reader, options: options) { display?.update($0) }
      display?.clear()
    } catch {
      display?.clear()
      // An interrupted first import into a new path leaves no file behind.
      if case CatalogError.interrupted = error, let newFile {
        Self.removeCatalogFiles(newFile)
      }
      if writesItems, let mode {
        throw Self.advice(for: error, mode: mode, fileName: collection == nil ? fileName : nil)
      }
      throw error
    }
    if InterruptHandler.wasInterrupted.load(ordering: .relaxed) {
      StandardError.line("the interrupt came after the import was committed, so it is kept")
    }
    let output = WriteOutput(format: format, isQuiet: isQuiet, output: context.output)
    try output.report(
      summary.changes,
      line: Self.summaryLine(summary, mode: options.mode, seconds: Date().timeIntervalSince(start))
    )
  }

  /// `error` with this tool's advice, when an import that writes items found no collection to
  /// write into: `fileName` is the name it tried, when `-c` was left out.
  private static func advice(for error: any Error, mode: ImportMode, fileName: String?)
    -> any Error
  {
    switch error {
    case CatalogError.noCollections:
      return NoCollectionToWriteError(
        "\(error), and --\(mode.rawValue) never makes one; make one with 'catalog import FILE'")
    case CatalogError.unknownCollection(let name, let available) where name == fileName:
      return NoCollectionToWriteError(
        "no collection named '\(name)' for --\(mode.rawValue), and the catalog holds "
          + "\(available.count) collections; choose one with -c NAME; the collections are: "
          + available.joined(separator: ", "))
    default:
      return error
    }
  }

  /// What the library is asked to import, into the collection `name` (nil: the only one).
  private func importOptions(collection name: String?, environment: [String: String]) throws
    -> ImportOptions
  {
    ImportOptions(
      collection: name,
      titleColumn: title,
      sortAs: sortAs.map { $0.split(separator: ",").map(String.init) },
      locale: try locales.first.map(CollationLocale.init),
      defaultLocale: locales.isEmpty ? try Self.environmentLocale(environment) : nil,
      groupBy: groupBy,
      key: key,
      sortingOptions: valuesAreNames || ignoresArticles
        ? SortingOptions(valuesAreNames: valuesAreNames, ignoresArticles: ignoresArticles) : nil,
      alsoStore: BuildRequest(
        groupBy: groupBy, indexBy: indexBy, locales: try locales.map(CollationLocale.init),
        search: storesSearchKeys),
      mode: mode?.importMode ?? .create)
  }

  /// The locale of a new collection that the environment names (DESIGN §1).
  ///
  /// - Throws: `EnvironmentLocaleError` when ICU does not know it; `CollationError` for a bad
  ///   keyword in it.
  private static func environmentLocale(_ environment: [String: String]) throws
    -> CollationLocale
  {
    do {
      return try CollationLocale.fromEnvironment(environment)
    } catch {
      guard case .unknownLocale = error,
        let setting = CollationLocale.environmentSetting(in: environment)
      else { throw error }
      throw EnvironmentLocaleError(
        variable: setting.variable, value: setting.value, locale: setting.locale)
    }
  }

  /// The one-line summary for standard error: "imported 29,880 items into 51 sections in 0.4 s".
  private static func summaryLine(
    _ summary: ImportSummary, mode: ImportOptions.Mode, seconds: Double
  ) -> String {
    if mode == .upsert || mode == .sync {
      return "read \(count(summary.importedItems, "row")): added "
        + "\(summary.added.withThousandsSeparators), updated "
        + "\(summary.updated.withThousandsSeparators), removed "
        + "\(summary.removed.withThousandsSeparators); '\(summary.collection)' has "
        + "\(count(summary.totalItems, "item")) in \(seconds.secondsText)"
    }
    let sections = count(summary.sectionCount, "section")
    // An append may have chosen the collection itself (the only one): it says which.
    if mode == .append {
      return "appended \(count(summary.importedItems, "item")) into \(sections) of "
        + "'\(summary.collection)' in \(seconds.secondsText)"
    }
    return "imported \(count(summary.importedItems, "item")) into \(sections) in "
      + seconds.secondsText
  }

  /// "1 item", "29,880 items".
  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number.withThousandsSeparators) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Removes a catalog file and the files SQLite keeps beside it.
  private static func removeCatalogFiles(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}

/// Why an import that writes items into a collection there is (`--append`, `--upsert`,
/// `--sync`) found none, with the advice that names this tool's options.
struct NoCollectionToWriteError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}

/// How `import` writes into a collection that exists, chosen with one flag; without any, the
/// collection must not exist yet. `--append`, `--upsert` and `--sync` never make a collection:
/// without `-c` they write into the one named after the file, else into the only one.
enum ImportMode: String, EnumerableFlag {
  case replace, append, upsert, sync

  var help: String {
    switch self {
    case .replace:
      return "Replace the collection's items with the file's; its settings stay unless given."
    case .append: return "Add every row to the collection as a new item."
    case .upsert: return "Replace the item whose key a row has with the row, and add the others."
    case .sync: return "Upsert, and remove the items whose key is not in the file."
    }
  }

  /// The mode as the library names it.
  var importMode: ImportOptions.Mode {
    switch self {
    case .replace: return .replace
    case .append: return .append
    case .upsert: return .upsert
    case .sync: return .sync
    }
  }
}
