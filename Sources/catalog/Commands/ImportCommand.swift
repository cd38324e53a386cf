import CatalogCollation
import CatalogStore
import Foundation

/// `catalog import FILE|-`: reads a CSV file into a collection, all or nothing.
enum ImportCommand {
  static func run(_ context: CommandContext) throws {
    InterruptHandler.install()
    let invocation = context.invocation
    let file = invocation.argument("file") ?? "-"
    let readsStandardInput = file == "-"
    guard
      let collection = invocation.value(for: "collection")
        ?? (readsStandardInput
          ? nil : URL(filePath: file).deletingPathExtension().lastPathComponent)
    else {
      throw UsageError("Reading standard input needs '--collection <name>'", for: invocation)
    }
    let delimiter =
      invocation.value(for: "delimiter").flatMap { $0.first.flatMap(CSVDelimiter.init) }
      ?? (URL(filePath: file).pathExtension.lowercased() == "tsv" ? .tab : .comma)
    var options = ImportOptions(
      collection: collection,
      titleColumn: invocation.value(for: "title"),
      sortAs: invocation.value(for: "sort-as").map { $0.split(separator: ",").map(String.init) },
      locale: try invocation.values(for: "locale").first.map(CollationLocale.init),
      defaultLocale: invocation.value(for: "locale") == nil
        ? try CollationLocale.fromEnvironment(context.environment) : nil,
      groupBy: invocation.values(for: "group-by"),
      key: invocation.value(for: "key"),
      sortingOptions: invocation.hasFlag("names") || invocation.hasFlag("ignore-articles")
        ? SortingOptions(
          valuesAreNames: invocation.hasFlag("names"),
          ignoresArticles: invocation.hasFlag("ignore-articles")) : nil,
      alsoStore: BuildRequest(
        groupBy: invocation.values(for: "group-by"), indexBy: invocation.values(for: "index-by"),
        locales: try invocation.values(for: "locale").map(CollationLocale.init),
        search: invocation.hasFlag("search")),
      mode: mode(of: invocation))
    options.shouldStop = { InterruptHandler.wasInterrupted.load(ordering: .relaxed) }

    if !options.alsoStore.indexBy.isEmpty && options.groupBy.isEmpty {
      throw UsageError("'--index-by' needs '--group-by <column>'", for: invocation)
    }
    let reader = try CSVReader(path: file, delimiter: delimiter)
    let isNewCatalog = !FileManager.default.fileExists(atPath: context.catalogPath)
    let quiet = invocation.hasFlag("quiet")
    let display = !quiet && StandardError.isTerminal ? ProgressDisplay() : nil
    let start = Date()
    let summary: ImportSummary
    do {
      let catalog = try context.openCatalog(creating: true)
      summary = try catalog.importCollection(from: reader, options: options) { display?.update($0) }
      display?.clear()
    } catch {
      display?.clear()
      // An interrupted first import into a new path leaves no file behind.
      if case CatalogError.interrupted = error, isNewCatalog {
        removeCatalogFiles(context.catalogPath)
      }
      throw error
    }
    if InterruptHandler.wasInterrupted.load(ordering: .relaxed) {
      StandardError.line("the interrupt came after the import was committed, so it is kept")
    }
    guard !quiet else { return }
    let seconds = Date().timeIntervalSince(start)
    let sections = summary.sectionCount == 1 ? "section" : "sections"
    if options.mode == .upsert || options.mode == .sync {
      StandardError.line(
        "read \(count(summary.importedItems, "row")): added \(summary.added.withThousandsSeparators), "
          + "updated \(summary.updated.withThousandsSeparators), removed "
          + "\(summary.removed.withThousandsSeparators); '\(summary.collection)' has "
          + "\(count(summary.totalItems, "item")) in \(seconds.secondsText)")
      return
    }
    let verb = options.mode == .append ? "appended" : "imported"
    StandardError.line(
      "\(verb) \(count(summary.importedItems, "item")) into "
        + "\(summary.sectionCount.withThousandsSeparators) \(sections) in \(seconds.secondsText)")
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

  private static func mode(of invocation: ParsedInvocation) -> ImportOptions.Mode {
    if invocation.hasFlag("replace") { return .replace }
    if invocation.hasFlag("append") { return .append }
    if invocation.hasFlag("upsert") { return .upsert }
    if invocation.hasFlag("sync") { return .sync }
    return .create
  }
}
