import CatalogStore

/// What the write commands share: reading `COLUMN=VALUE` fields and item names from the command
/// line, and saying what a write did (DESIGN §9).
struct WriteOutput {
  let context: CommandContext

  /// The catalog, opened for writing, and the collection the command writes to (`-c`, or the
  /// only one).
  func target() throws -> (Catalog, CollectionInfo) {
    let catalog = try context.openCatalog(creating: false)
    let collection = try catalog.resolveCollection(
      named: context.invocation.value(for: "collection"))
    return (catalog, collection)
  }

  /// The fields given as `COLUMN=VALUE`, split at the first `=`.
  ///
  /// - Throws: `UsageError` for a word without `=` or with an empty column, and for a column
  ///   given twice (which value was meant cannot be known).
  func fields() throws -> [String: String] {
    var fields: [String: String] = [:]
    for word in context.invocation.argumentValues("field") {
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
        throw UsageError(
          "Expected a field as COLUMN=VALUE, found '\(word)'", for: context.invocation)
      }
      let column = String(word[..<equals])
      guard fields.updateValue(String(word[word.index(after: equals)...]), forKey: column) == nil
      else {
        throw UsageError("The column '\(column)' is given twice", for: context.invocation)
      }
    }
    return fields
  }

  /// The item a word names: its key when the collection has a key column, else its number.
  func reference(_ word: String, in collection: CollectionInfo) throws -> ItemReference {
    if collection.keyColumn != nil { return .key(word) }
    guard let number = Int(word), number >= 0 else {
      throw CatalogError.invalidRequest(
        "'\(word)' is not an item number, and '\(collection.name)' has no key column to name "
          + "items by (import it with --key COLUMN for that)")
    }
    return .number(number)
  }

  /// How a summary names an item: by key when the collection has them.
  func name(ofItem item: Int, in catalog: Catalog, collection: CollectionInfo) throws -> String {
    guard collection.keyColumn != nil else { return "item \(item)" }
    return "item '\(try catalog.key(ofItem: item, in: collection) ?? String(item))'"
  }

  /// Prints the summary: the JSON object on standard output with `--format json`, else `line` on
  /// standard error unless `--quiet`.
  func report(_ summary: WriteSummary, line: @autoclosure () throws -> String) throws {
    if context.invocation.value(for: "format") == "json" {
      try context.output.line(summary.jsonText)
    } else if !context.invocation.hasFlag("quiet") {
      StandardError.line(try line())
    }
  }
}
