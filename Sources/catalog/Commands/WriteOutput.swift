import CatalogStore
import CommandLineArguments

/// How a write says what it did (DESIGN §9): a line for people on standard error, or the version
/// and the changed items as JSON on standard output.
enum WriteFormat: String, CaseIterable, ExpressibleByArgument {
  case text, json
}

/// The `<field> ...` argument of `add` and `update`: fields as `COLUMN=VALUE`.
struct FieldArguments: ParsableArguments {
  @Argument("field", help: "A field as COLUMN=VALUE; the value is what follows the first '='.")
  var words: [String]

  /// The fields by column, each word split at its first `=`.
  ///
  /// - Throws: `ValidationError` for a word without `=` or with an empty column, and for a
  ///   column given twice (which value was meant cannot be known).
  func byColumn() throws(ValidationError) -> [String: String] {
    var fields: [String: String] = [:]
    for word in words {
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
        throw ValidationError("Expected a field as COLUMN=VALUE, found '\(word)'")
      }
      let column = String(word[..<equals])
      guard fields.updateValue(String(word[word.index(after: equals)...]), forKey: column) == nil
      else {
        throw ValidationError("The column '\(column)' is given twice")
      }
    }
    return fields
  }
}

/// The options of the commands that write items (`add`, `update`, `remove`).
struct WriteOptions: ParsableArguments {
  /// The help of `--format` for every write, `import` too.
  static let formatHelp =
    "Print a summary on standard error, or the version and changed items as JSON."

  @Option(
    "collection", short: "c", value: "name",
    help: "The collection to write; may be left out if it is the only one.")
  var collection: String?

  @Option("format", value: "format", help: formatHelp)
  var format = WriteFormat.text

  @Flag("quiet", help: "Print no summary.")
  var isQuiet: Bool

  /// The catalog, opened for writing, and the collection to write to (`-c`, or the only one).
  func target(_ context: CommandContext) throws -> (Catalog, CollectionInfo) {
    let catalog = try context.openCatalog(creating: false)
    return (catalog, try catalog.resolveCollection(named: collection))
  }

  /// Where the write's summary goes.
  func output(_ context: CommandContext) -> WriteOutput {
    WriteOutput(format: format, isQuiet: isQuiet, output: context.output)
  }
}

/// What the write commands share: reading item names from the command line, and saying what a
/// write did.
struct WriteOutput {
  /// The help of the `<item>` argument.
  static let itemHelp = "The item's key when the collection has a key column, else its number."
  let format: WriteFormat
  let isQuiet: Bool
  let output: StandardOutput

  /// The item a word names: its key when the collection has a key column, else its number.
  static func reference(_ word: String, in collection: CollectionInfo) throws -> ItemReference {
    if collection.keyColumn != nil { return .key(word) }
    guard let number = Int(word), number >= 0 else {
      throw CatalogError.invalidRequest(
        "'\(word)' is not an item number, and '\(collection.name)' has no key column to name "
          + "items by (import it with --key COLUMN for that)")
    }
    return .number(number)
  }

  /// Prints what the write did: `summary` as JSON on standard output with `--format json`, else
  /// `line` on standard error unless `--quiet`.
  func report(
    _ summary: @autoclosure () throws -> WriteSummary, line: @autoclosure () throws -> String
  ) throws {
    if format == .json {
      try output.line(try summary().jsonText)
    } else if !isQuiet {
      StandardError.line(try line())
    }
  }
}
