extension CommandDefinition {
  /// The `catalog` tool: its global `--db` option and its subcommands, as DESIGN §6 describes
  /// them.
  static let catalog = CommandDefinition(
    name: "catalog",
    abstract: "Store CSV catalogs in SQLite and list them in sections with an index.",
    version: CatalogTool.version,
    options: [.database, .verbose],
    subcommands: [
      .importFile, .sections, .index, .list, .search, .collections, .info, .annotate, .add,
      .update, .remove, .watch, .export, .drop, .rename, .build, .serve,
    ]
  )

  private static let importFile = CommandDefinition(
    name: "import",
    abstract: "Import a CSV file as a collection.",
    discussion: """
      The file is RFC 4180 CSV in UTF-8 with a header row, which names the columns. The import \
      is all or nothing: on any error the catalog stays exactly as it was.
      """,
    arguments: [
      ArgumentDefinition(name: "file", help: "The CSV file to import, or '-' for standard input.")
    ],
    options: [
      .collection(help: "The name of the collection (default: the file name without extension)."),
      .option(
        "title", value: "column",
        help: """
          The column shown for each item (default: the first column named name, title or \
          display_name, else the first column).
          """),
      .option(
        "sort-as", value: "columns",
        help: """
          Comma-separated columns whose values, joined by a space, each item sorts and files \
          under (default: the title).
          """),
      .option(
        "locale", value: "id",
        help: """
          The ICU locale of the collection, such as sv, de_DE or ja (default: from LC_ALL, \
          LC_COLLATE or LANG, else en); repeated, the others are built too.
          """,
        isRepeatable: true),
      .option(
        "group-by", value: "column",
        help: "Build the grouping by this column during the import; may be repeated.",
        isRepeatable: true),
      .option(
        "index-by", value: "column",
        help: "With --group-by, store index titles from this column; may be repeated.",
        isRepeatable: true),
      .option(
        "delimiter", value: "char",
        help: "The character between fields, or 'tab' (default: tab for .tsv files, else ',').",
        constraint: .fieldSeparator),
      .option(
        "key", value: "column",
        help: """
          The column whose values identify items: each must be non-empty and unique. Writes \
          then name items by key.
          """),
      .flag(
        "names",
        help: """
          The titles are people's names: in Chinese, Han names sort and file by their surname \
          reading (曾 as Zēng, 单 as Shàn).
          """),
      .flag(
        "ignore-articles",
        help: "A leading article does not count: 'The Beatles' sorts and files under B."),
      .flag(
        "replace",
        help: "Replace the collection's items with the file's; its settings stay unless given."),
      .flag("append", help: "Add every row to the collection as a new item."),
      .flag(
        "upsert",
        help: "Replace the item whose key a row has with the row, and add the others."),
      .flag("sync", help: "Upsert, and remove the items whose key is not in the file."),
      .flag("search", help: "Build the search keys too."),
      .flag("quiet", help: "Print neither progress nor the summary."),
    ],
    exclusiveOptions: [["replace", "append", "upsert", "sync"]]
  )

  private static let sections = CommandDefinition(
    name: "sections",
    abstract: "List the sections of a collection.",
    options: [.readCollection] + OptionDefinition.grouping + [.format],
    dependentOptions: indexByNeedsGroupBy
  )

  /// `--index-by` names the column of a column grouping's index titles; letters have their own.
  private static let indexByNeedsGroupBy = [(option: "index-by", needs: "group-by")]

  private static let index = CommandDefinition(
    name: "index",
    abstract: "List the index entries of a collection.",
    options: [.readCollection] + OptionDefinition.grouping + [
      .flag("compact", help: "List only the entries that have items."),
      .option(
        "fit", value: "n", help: "Show at most this many entries (3 or more), with • for the rest.",
        constraint: .nonNegativeInteger),
      .format,
    ],
    dependentOptions: indexByNeedsGroupBy
  )

  private static let list = CommandDefinition(
    name: "list",
    abstract: "List the items of a collection, section by section.",
    options: [.readCollection] + OptionDefinition.grouping + [
      .option("section", value: "heading", help: "List only the section with this heading."),
      .option(
        "index", value: "title", help: "Start at the section that this index entry jumps to."),
      .option(
        "offset", value: "n", help: "Skip this many items of the list first.",
        constraint: .nonNegativeInteger, defaultValue: "0"),
      .limit(help: "List at most this many items."),
      .format,
    ],
    exclusiveOptions: [["section", "index"]],
    dependentOptions: indexByNeedsGroupBy
  )

  private static let search = CommandDefinition(
    name: "search",
    abstract: "Find the items whose title starts with the given text.",
    discussion: """
      An item matches when its title or sort-as value, or a word in them, starts with the \
      text, compared as the locale compares letters: case and accents are ignored unless the \
      language makes a letter of its own of them.
      """,
    arguments: [ArgumentDefinition(name: "text", help: "The beginning of the words to find.")],
    options: [.readCollection] + OptionDefinition.grouping + [
      .limit(help: "List at most this many items."),
      .format,
    ],
    dependentOptions: indexByNeedsGroupBy
  )

  private static let collections = CommandDefinition(
    name: "collections",
    abstract: "List the collections in the catalog.",
    options: [.format]
  )

  private static let info = CommandDefinition(
    name: "info",
    abstract: "Show the catalog, and the versions of this build.",
    discussion: """
      Shows the catalog's path, schema version, version and collections, and the versions of \
      catalog, SQLite and ICU in this build; without a catalog at the path, only those.
      """,
    options: [
      .option(
        "format", value: "format", help: "The output format.",
        constraint: .oneOf(["table", "json"]), defaultValue: "table")
    ]
  )

  private static let annotate = CommandDefinition(
    name: "annotate",
    abstract: "Set header or footer text for a collection or section.",
    discussion: """
      The text appears above or below the items in grouped lists. Without --section it \
      belongs to the whole collection; with --section, to that section of the letter \
      grouping, or of the grouping by a column given with --group-by.
      """,
    options: [
      .collection(help: "The collection to annotate; may be left out if it is the only one."),
      .option(
        "group-by", value: "column",
        help: "With --section, the column whose grouping the section belongs to."),
      .option("section", value: "heading", help: "The heading of the section to annotate."),
      .option(
        "header", value: "text", help: "The text to show above the items; empty to remove it."),
      .option(
        "footer", value: "text", help: "The text to show below the items; empty to remove it."),
      .flag("clear", help: "Remove the header and the footer."),
    ],
    exclusiveOptions: [["header", "clear"], ["footer", "clear"]],
    dependentOptions: [(option: "group-by", needs: "section")]
  )

  private static let serve = CommandDefinition(
    name: "serve",
    abstract: "Serve the lists as a page and a JSON API over HTTP.",
    discussion: """
      The page at / shows each collection as an indexed list that follows writes as they \
      commit; the JSON API under /api/collections answers with the records that --format json \
      prints, and /api/collections/NAME/changes streams each write's change set as \
      Server-Sent Events. The server only reads, and listens on 127.0.0.1 unless --host says \
      otherwise. Stop it with Ctrl-C.
      """,
    options: [
      .option(
        "host", value: "address", help: "The address to listen on.", defaultValue: "127.0.0.1"),
      .option(
        "port", value: "port", help: "The TCP port to listen on; 0 lets the system choose.",
        constraint: .port, defaultValue: "8750"),
    ]
  )
}

extension CommandDefinition {
  private static let add = CommandDefinition(
    name: "add",
    abstract: "Add an item to a collection.",
    discussion: """
      Columns not named are empty. Prints the new item's number, or its key when the \
      collection has a key column.
      """,
    arguments: [.field(isRequired: true)],
    options: [.writeCollection, .writeFormat, .writeQuiet]
  )

  private static let update = CommandDefinition(
    name: "update",
    abstract: "Set fields of an item.",
    discussion: "The fields not named keep their values.",
    arguments: [.item, .field(isRequired: true)],
    options: [.writeCollection, .writeFormat, .writeQuiet]
  )

  private static let remove = CommandDefinition(
    name: "remove",
    abstract: "Remove items from a collection.",
    arguments: [
      ArgumentDefinition(
        name: "item",
        help: "An item's key when the collection has a key column, else its number.",
        isRepeating: true)
    ],
    options: [.writeCollection, .writeFormat, .writeQuiet]
  )

  private static let watch = CommandDefinition(
    name: "watch",
    abstract: "Print how each write changes a list, as it commits.",
    discussion: """
      Each write to the list, by this or any other process, prints one JSON line: the \
      sections and rows it deleted, inserted, moved and updated, or a reload.
      """,
    options: [
      .readCollection,
      .option(
        "group-by", value: "column",
        help: "Watch the grouping by this column instead of the letters."),
      .option("locale", value: "id", help: "Watch the list in this ICU locale."),
      .option(
        "since", value: "version",
        help: "Print the writes after this catalog version first (default: now).",
        constraint: .nonNegativeInteger),
      .option(
        "count", value: "n", help: "Stop after printing this many lines.",
        constraint: .nonNegativeInteger),
    ]
  )
}

extension CommandDefinition {
  private static let export = CommandDefinition(
    name: "export",
    abstract: "Write a collection's items as CSV, TSV or JSON lines.",
    discussion: """
      The items come in item order with the collection's own columns, as imported; importing \
      a CSV or TSV export gives the same collection.
      """,
    options: [
      .readCollection,
      .option(
        "format", value: "format", help: "The format to write.",
        constraint: .oneOf(["csv", "tsv", "json"]), defaultValue: "csv"),
      .option(
        "output", value: "file", help: "Write to this file instead of standard output."),
    ]
  )

  private static let drop = CommandDefinition(
    name: "drop",
    abstract: "Remove a collection with its items and lists.",
    options: [
      .collection(help: "The collection to remove (required: dropping is never a default).")
    ]
  )

  private static let rename = CommandDefinition(
    name: "rename",
    abstract: "Give a collection another name.",
    arguments: [ArgumentDefinition(name: "new-name", help: "The collection's new name.")],
    options: [.collection(help: "The collection to rename (required).")]
  )

  private static let build = CommandDefinition(
    name: "build",
    abstract: "Store groupings, index titles and search keys ahead of queries.",
    discussion: """
      A catalog whose keys are all stored answers every query without writing, so it can be \
      shipped read-only. The write-ahead log is moved into the file at the end.
      """,
    options: [
      .collection(help: "The collection to build; may be left out if it is the only one."),
      .option(
        "group-by", value: "column", help: "Store the grouping by this column; may be repeated.",
        isRepeatable: true),
      .option(
        "index-by", value: "column",
        help: "Store index titles from this column for each --group-by; may be repeated.",
        isRepeatable: true),
      .option(
        "locale", value: "id",
        help: "Store every grouping in this ICU locale (default: the collection's); may be "
          + "repeated.",
        isRepeatable: true),
      .flag("search", help: "Store the search keys too."),
    ]
  )
}

extension ArgumentDefinition {
  /// `<item>`: the item a write names.
  fileprivate static let item = ArgumentDefinition(
    name: "item", help: "The item's key when the collection has a key column, else its number.")

  /// `<field> ...`: fields as COLUMN=VALUE.
  fileprivate static func field(isRequired: Bool) -> ArgumentDefinition {
    ArgumentDefinition(
      name: "field", help: "A field as COLUMN=VALUE; the value is what follows the first '='.",
      isRequired: isRequired, isRepeating: true)
  }
}

extension OptionDefinition {
  /// `-c, --collection <name>` for the commands that write items.
  fileprivate static let writeCollection = collection(
    help: "The collection to write; may be left out if it is the only one.")

  /// `--format <format>` of a write: a summary for people, or the changed items as JSON.
  fileprivate static let writeFormat = option(
    "format", value: "format",
    help: "Print a summary on standard error, or the version and changed items as JSON.",
    constraint: .oneOf(["text", "json"]), defaultValue: "text")

  fileprivate static let writeQuiet = flag("quiet", help: "Print no summary.")

  /// `--db <path>`, accepted by every command.
  fileprivate static let database = option(
    "db", value: "path", help: "The catalog file (default: $CATALOG_DB or ./catalog.db).",
    isGlobal: true)

  /// `--verbose`, accepted by every command: errors show what SQLite said.
  fileprivate static let verbose = flag(
    "verbose",
    help: "On an error, also show SQLite's result code and the SQL that failed (as does "
      + "CATALOG_DEBUG=1).",
    isGlobal: true)

  /// `-c, --collection <name>`, with the help that fits the command.
  fileprivate static func collection(help: String) -> OptionDefinition {
    option("collection", short: "c", value: "name", help: help)
  }

  /// `-c, --collection <name>` for the commands that read a collection.
  fileprivate static let readCollection = collection(
    help: "The collection to read; may be left out if it is the only one.")

  /// The options that choose how a query groups and sorts a collection.
  fileprivate static let grouping: [OptionDefinition] = [
    option(
      "group-by", value: "column",
      help: "Group the items by the values of this column instead of by letter."),
    option(
      "index-by", value: "column",
      help: "With --group-by, take each section's index title from this column."),
    option(
      "locale", value: "id", help: "Group and sort in this ICU locale instead of the collection's."),
  ]

  /// `--limit <n>`, with the help that fits the command.
  fileprivate static func limit(help: String) -> OptionDefinition {
    option("limit", value: "n", help: help, constraint: .nonNegativeInteger)
  }

  /// `--format <format>`: how results are printed.
  fileprivate static let format = option(
    "format", value: "format", help: "The output format.",
    constraint: .oneOf(["table", "json", "csv", "tsv"]), defaultValue: "table")
}
