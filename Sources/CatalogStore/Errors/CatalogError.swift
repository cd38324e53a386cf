import CatalogCollation

/// Why a catalog operation failed: the facts, in words that name no command-line option, so that
/// a tool can add its own advice. Errors from a failed call of the database engine keep what the
/// engine said (`databaseFailure`); their `description` never shows it. `path` is where the
/// catalog is: a file's path, or a PostgreSQL URI with its password masked.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No catalog file exists at the path, and the operation does not create one.
  case missing(path: String)
  /// The file exists but is not a catalog: another SQLite database, or not an SQLite database.
  case notACatalog(path: String, reason: String, failure: DatabaseFailure? = nil)
  /// The catalog was written by a newer build whose schema this build does not know.
  case newerSchema(path: String, found: Int, supported: Int)
  /// Another process holds the catalog for longer than the busy timeout.
  case busy(path: String, failure: DatabaseFailure? = nil)
  /// The catalog cannot be written, for `reason`.
  case readOnly(path: String, reason: ReadOnlyReason, failure: DatabaseFailure? = nil)
  /// The disk (or the file system's quota) has no room for the catalog to grow; the write was
  /// rolled back.
  case diskFull(path: String, failure: DatabaseFailure)
  /// The engine would not let the catalog grow though its disk has room: a limit of the engine's
  /// own (SQLite's `max_page_count`, say) that it reports as a full disk; the write was rolled
  /// back.
  case sizeLimit(path: String, failure: DatabaseFailure)
  /// The catalog file cannot be opened, or created: `problem` says why.
  case cannotOpen(path: String, problem: OpenProblem, failure: DatabaseFailure? = nil)
  /// The connection to the database server broke (the server stopped, the network failed): a
  /// write under way is not kept, unless it broke `whileCommitting`: the commit may have reached
  /// the server (and a synchronous standby) before, and the write may then be kept.
  case connectionLost(path: String, failure: DatabaseFailure, whileCommitting: Bool = false)
  /// Reading or writing the catalog's files failed in the operating system (an I/O error):
  /// `problem` says where.
  case ioError(path: String, problem: IOProblem, failure: DatabaseFailure)
  /// The engine found the catalog's data malformed: an SQLite file damaged or truncated, data
  /// PostgreSQL reports corrupt.
  case damaged(path: String, failure: DatabaseFailure)
  /// The database engine failed in a way none of the cases above names.
  case database(path: String, DatabaseFailure)
  /// The input file is not valid CSV; the error names the place.
  case csv(CSVError)
  /// No collection has this name; `available` lists the ones there are.
  case unknownCollection(name: String, available: [String])
  /// The catalog holds no collection yet.
  case noCollections(path: String)
  /// The catalog holds several collections and the operation did not name one.
  case collectionNotChosen(available: [String])
  /// An import that would create a collection, under a name a collection has already.
  case collectionExists(name: String)
  /// A collection name that is empty after trimming white space.
  case invalidCollectionName(String)
  /// A column the collection (or the file imported) does not have, named to play `role`.
  case unknownColumn(column: String, role: ColumnRole, available: [String])
  /// A write into an existing collection whose file or options do not match its settings.
  case settingsMismatch(collection: String, reason: String)
  /// No item of the collection has this number or key.
  case unknownItem(ItemReference, collection: String)
  /// A write would give an item the key another item has.
  case duplicateKey(String, collection: String, item: Int)
  /// A write would give an item an empty key.
  case blankKey(collection: String, column: String)
  /// An operation that names items by key, on a collection without a key column.
  case keyRequired(collection: String, operation: KeyedOperation)
  /// No section of the list has this heading, as the locale folds it.
  case unknownSection(heading: String, collection: String, grouping: Grouping)
  /// No entry of the list's index has this title.
  case unknownIndexTitle(title: String, available: [String])
  /// A request that makes no sense as given, such as an empty search text.
  case invalidRequest(String)
  /// A locale id that ICU does not know, or a collation ICU could not open.
  case collation(CollationError)
  /// A list's stored keys contradict each other: the file was changed by something else than a
  /// catalog, or damaged.
  case damagedList(listID: Int, reason: String)
  /// A list was asked for something that needed keys built after its version, and the catalog
  /// has changed since: the list must be refreshed first.
  case listOutOfDate(collection: String, version: Int, current: Int)
  /// A change set in the catalog's log cannot be read.
  case damagedChangeLog(path: String, version: Int)
  /// A read-only catalog lacks the keys a query needs; a writable copy can store them
  /// (`catalog build`).
  case keysNotStored(MissingKeys)
  /// A read-only catalog's keys were made by another ICU than the running one, and cannot be
  /// made again here.
  case staleKeys(path: String, madeBy: CollationVersion, running: String)
  /// A catalog shared on a server has keys made by another ICU or collator than this build's; it
  /// is not rebuilt behind its other users' backs (`Catalog.rekeyStaleLists(notice:)` with
  /// `shared: true` rebuilds it).
  case keysOfAnotherICU(path: String, madeBy: CollationVersion, running: CollationVersion)
  /// A read-only catalog was written by an older build and must be upgraded, which writes.
  case needsUpgrade(path: String, found: Int, current: Int)
  /// A write was stopped before it committed (`ImportOptions.shouldStop`): nothing of it is kept.
  case interrupted
  /// A temporary file for sorting a large grouping could not be made, written or read.
  case scratchFile(directory: String, reason: String)
  /// The file beside the catalog that keeps the pages of a mirror's copy in progress cannot be
  /// used (DESIGN §16).
  case mirrorCopyFile(path: String, reason: String)
  /// No access token has this name; `available` lists the ones there are.
  case unknownToken(name: String, available: [String])
  /// A token would be made under a name a token has already.
  case tokenExists(name: String)
  /// A token name that is empty after trimming white space, or holds a control character.
  case invalidTokenName(String)
  /// A token's secret cannot be hashed: OpenSSL's libcrypto cannot be loaded.
  case cannotHash(reason: String)

  /// Why a catalog file cannot be opened or created, as the file system tells.
  public enum OpenProblem: Equatable, Sendable {
    /// The path names a directory, not a file.
    case isDirectory
    /// The directory the file would be created in does not exist.
    case missingDirectory(String)
    /// The file does not exist, and this user may not create files in its directory.
    case directoryNotWritable(String)
    /// The file exists, and this user may not read it.
    case notReadable
    /// The database server cannot be reached at this address (host and port, or socket).
    case serverUnreachable(server: String, reason: String)
    /// The database server refused this user's login.
    case loginRefused(user: String, server: String)
    /// The database server has no database of this name.
    case missingDatabase(String, server: String)
    /// Something else: the engine's failure has the details.
    case other
  }

  /// What the database engine said, for the errors that come from a failed call: to show on
  /// request (`catalog --verbose`), never needed to understand the error.
  public var databaseFailure: DatabaseFailure? {
    switch self {
    case .notACatalog(_, _, let failure), .busy(_, let failure), .readOnly(_, _, let failure),
      .cannotOpen(_, _, let failure):
      return failure
    case .diskFull(_, let failure), .sizeLimit(_, let failure), .ioError(_, _, let failure),
      .damaged(_, let failure), .database(_, let failure):
      return failure
    default:
      return nil
    }
  }

  private static func listing(_ names: [String], _ noun: String) -> String {
    names.isEmpty ? "; there are no \(noun)" : "; the \(noun) are: \(names.joined(separator: ", "))"
  }

  public var description: String {
    description(role: { $0.description }, operation: { $0.description })
  }

  /// The description, with the role of a column and the operation that needs a key column in a
  /// tool's own words: the command line spells them as its options (`--group-by`, `--upsert`),
  /// a server as its parameters (`group_by`, `mode=upsert`). A role spelled nil is left out:
  /// "unknown column 'zip'; the columns are: …".
  public func description(
    role spellRole: (ColumnRole) -> String?, operation spellOperation: (KeyedOperation) -> String
  ) -> String {
    switch self {
    case .missing(let path):
      return "no catalog at \(path)"
    case .notACatalog(let path, let reason, _):
      return "\(path) is not a catalog: \(reason); it was left untouched"
    case .newerSchema(let path, let found, let supported):
      return "\(path) was written by a newer catalog (schema version \(found); this build "
        + "knows up to \(supported)); it was left untouched, use a newer build"
    case .busy(let path, _):
      return "catalog is busy: another process is writing to \(path); try again when it is done"
    case .readOnly(let path, let reason, _):
      return Self.readOnlyDescription(path: path, reason: reason)
    case .diskFull(let path, _):
      return "the disk is full; the catalog \(path) is unchanged"
    case .sizeLimit(let path, let failure):
      return "\(failure.engineName) would not let the catalog \(path) grow, though its disk has "
        + "room (\(failure.message)); the catalog is unchanged"
    case .cannotOpen(let path, let problem, let failure):
      return Self.cannotOpenDescription(path: path, problem: problem, failure: failure)
    case .ioError(let path, let problem, let failure):
      return Self.ioErrorDescription(path: path, problem: problem, failure: failure)
    case .connectionLost(let path, let failure, false):
      return "the connection to the catalog \(path) was lost (\(failure.message)); "
        + "nothing of a write under way was kept"
    case .connectionLost(let path, let failure, true):
      return "the connection to the catalog \(path) was lost (\(failure.message)) while the "
        + "write was committing: it may have been kept or not; look before writing it again"
    case .damaged(let path, let failure):
      return "the catalog \(path) is damaged: \(failure.engineName) found its contents malformed"
    case .database(let path, let failure):
      return "\(failure.engineName) failed on \(path): \(failure.message)"
    case .csv(let error):
      return error.description
    case .unknownCollection(let name, let available):
      return "no collection named '\(name)'" + Self.listing(available, "collections")
    case .noCollections(let path):
      return "\(path) holds no collections yet"
    case .collectionNotChosen(let available):
      return "the catalog holds \(available.count) collections and none was named"
        + Self.listing(available, "collections")
    case .collectionExists(let name):
      return "collection '\(name)' exists already"
    case .invalidCollectionName(let name):
      return "invalid collection name '\(name)': it must not be empty or only white space"
    case .unknownColumn(let column, let role, let available):
      return "unknown column '\(column)'" + (spellRole(role).map { " for \($0)" } ?? "")
        + Self.listing(available, "columns")
    case .settingsMismatch(let collection, let reason):
      return "cannot write into '\(collection)': \(reason)"
    case .unknownItem(let item, let collection):
      return "no item \(item) in '\(collection)'"
    case .duplicateKey(let key, let collection, let item):
      return "duplicate key '\(key)': item \(item) of '\(collection)' has it"
    case .blankKey(let collection, let column):
      return "blank key: every item of '\(collection)' needs a value in its key column '\(column)'"
    case .keyRequired(let collection, let operation):
      return "\(spellOperation(operation)) needs a key column, and '\(collection)' has none"
    case .unknownSection(let heading, let collection, let grouping):
      return "no section '\(heading)' in '\(collection)' grouped by \(grouping)"
    case .unknownIndexTitle(let title, let available):
      return "no index entry '\(title)'" + Self.listing(available, "index titles")
    case .invalidRequest(let message):
      return message
    case .collation(let error):
      return error.description
    case .damagedList(let listID, let reason):
      return "the stored keys of list \(listID) are damaged (\(reason))"
    case .listOutOfDate(let collection, let version, let current):
      return "the list of '\(collection)' shows version \(version) and the catalog is at "
        + "version \(current); refresh it first"
    case .damagedChangeLog(let path, let version):
      return "the change log of \(path) after version \(version) is damaged"
    case .keysNotStored(let missing):
      return "the catalog is read-only and does not store \(missing)"
    case .staleKeys(let path, let madeBy, let running):
      return "the keys of \(path) were made by ICU \(madeBy.icu) and this build has ICU "
        + "\(running); the catalog is read-only, so they cannot be made again"
    case .keysOfAnotherICU(let path, let madeBy, let running):
      return "the keys of \(path) were made by ICU \(madeBy.icu) (collator \(madeBy.collator)) "
        + "and this build has ICU \(running.icu) (collator \(running.collator)); a shared "
        + "catalog is not rebuilt on open"
    case .needsUpgrade(let path, let found, let current):
      return "\(path) has schema version \(found) and is read-only: it must be upgraded to "
        + "version \(current), which writes"
    case .interrupted:
      return "interrupted: nothing was written, the catalog is unchanged"
    case .scratchFile(let directory, let reason):
      return "cannot use a temporary file in \(directory) to sort the list: \(reason)"
    case .mirrorCopyFile(let path, let reason):
      return "cannot keep the pages of the copy in \(path): \(reason)"
    case .unknownToken(let name, let available):
      return "no token named '\(name)'" + Self.listing(available, "tokens")
    case .tokenExists(let name):
      return "a token named '\(name)' exists already"
    case .invalidTokenName(let name):
      return "invalid token name '\(name)': it must not be empty, only white space, or hold a "
        + "control character"
    case .cannotHash(let reason):
      return "cannot hash a token's secret: OpenSSL's libcrypto cannot be loaded (\(reason))"
    }
  }
}

// MARK: - Files that cannot be used

extension CatalogError {
  private static func readOnlyDescription(path: String, reason: ReadOnlyReason) -> String {
    let unchanged = "; nothing was changed"
    switch reason {
    case .directory:
      return "the catalog \(path) is read-only: its directory cannot be written" + unchanged
    case .sharedMemory:
      return "the catalog \(path) is read-only: its shared-memory file \(path)-shm cannot be "
        + "created or written" + unchanged
    case .interruptedWrite:
      return "the catalog \(path) is read-only, and a write that was cut short must be rolled "
        + "back by a process that can write it" + unchanged
    case .moved:
      return "the catalog \(path) was moved or deleted while it was open" + unchanged
    case .standby:
      return "the catalog \(path) is read-only: its server is a standby, which takes no writes; "
        + "write to its primary" + unchanged
    case .file, .medium, .roleMayNotWrite, .serverReadOnly:
      return "the catalog \(path) is read-only" + unchanged
    }
  }

  private static func cannotOpenDescription(
    path: String, problem: OpenProblem, failure: DatabaseFailure?
  ) -> String {
    switch problem {
    case .isDirectory:
      return "\(path) is a directory"
    case .missingDirectory(let directory):
      return "cannot create the catalog \(path): the directory \(directory) does not exist"
    case .directoryNotWritable(let directory):
      return "cannot create the catalog \(path): no permission to write in \(directory)"
    case .notReadable:
      return "cannot open the catalog \(path): no permission to read it"
    case .serverUnreachable(let server, let reason):
      return "cannot open the catalog \(path): the server \(server) cannot be reached (\(reason))"
    case .loginRefused(let user, let server):
      return "cannot open the catalog \(path): the server \(server) refused the login of '\(user)'"
    case .missingDatabase(let database, let server):
      return "cannot open the catalog \(path): the server \(server) has no database '\(database)'"
    case .other:
      return "cannot open the catalog \(path)" + (failure.map { ": \($0.message)" } ?? "")
    }
  }

  private static func ioErrorDescription(
    path: String, problem: IOProblem, failure: DatabaseFailure
  ) -> String {
    switch problem {
    case .sharedMemory:
      return "cannot use the shared-memory file \(path)-shm of the catalog"
    case .outOfMemory:
      return "out of memory while reading or writing \(path)"
    case .readOrWrite:
      return "reading or writing \(path) failed with an input/output error"
        + (failure.systemMessage.map { " (\($0))" } ?? "")
    }
  }
}
