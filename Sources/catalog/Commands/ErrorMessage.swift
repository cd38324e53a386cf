import CatalogServer
import CatalogStore
import CatalogSync

/// What `catalog` prints on standard error when a command fails: the libraries' facts, the advice
/// that names this tool's commands and options, and, with `--verbose` or `CATALOG_DEBUG=1`, what
/// the database engine said (its code, the system error and the SQL). Data errors name their
/// place compiler style, without `Error: `.
///
///     Error: the disk is full; the catalog /mnt/small/catalog.db is unchanged
///       SQLite error 13 (SQLITE_FULL): database or disk is full
///       in: COMMIT
struct ErrorMessage {
  /// The lines to print, without a final newline.
  let text: String

  /// The message for `error`, thrown by a command run in `environment` on a catalog in a file or,
  /// when `isShared`, on PostgreSQL, with what the engine said when `isVerbose` (`--verbose`).
  init(_ error: any Error, isVerbose: Bool, isShared: Bool = false, environment: [String: String]) {
    let context = Context(
      isVerboseRequested: isVerbose, isShared: isShared, environment: environment)
    switch error {
    case CatalogError.csv(let csvError):
      text = csvError.description
    case let csvError as CSVError:
      text = csvError.description
    case let catalogError as CatalogError:
      text = context.text(for: catalogError)
    case ServerError.catalog(let catalogError):
      text = context.text(for: catalogError)
    case SyncError.catalog(let catalogError):
      text = context.text(for: catalogError)
    default:
      text = "Error: \(error)"
    }
  }

  /// What the message may say about where the error came from.
  private struct Context {
    /// Whether `--verbose` was given.
    let isVerboseRequested: Bool
    /// Whether the catalog is shared on PostgreSQL rather than kept in a file.
    let isShared: Bool
    let environment: [String: String]

    /// Whether to show what the database engine said: `--verbose`, or `CATALOG_DEBUG` set to
    /// anything but empty or `0`.
    var isVerbose: Bool {
      if isVerboseRequested { return true }
      let debug = environment["CATALOG_DEBUG"] ?? ""
      return !debug.isEmpty && debug != "0"
    }

    func text(for error: CatalogError) -> String {
      var text = "Error: " + message(for: error)
      guard isVerbose, let failure = error.databaseFailure else { return text }
      text += "\n  " + failure.summary
      if let systemMessage = failure.systemMessage {
        text += "\n  system error \(failure.systemErrno): \(systemMessage)"
      }
      if let statement = failure.sql {
        text += "\n  in: " + statement.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      }
      return text
    }

    /// The library's description, with the advice that names this tool's commands and options,
    /// and the roles and operations it names spelled as this tool's options.
    func message(for error: CatalogError) -> String {
      switch error {
      case .missing:
        return "\(error) (create one with 'catalog import FILE')"
      case .noCollections:
        return "\(error); import one with 'catalog import FILE'"
      case .collectionNotChosen(let available):
        return "the catalog holds \(available.count) collections; choose one with -c NAME; "
          + "the collections are: \(available.joined(separator: ", "))"
      case .collectionExists:
        return "\(error); use --replace to replace it or --append to add to it"
      case .damagedList:
        return "\(error); rebuild them with 'catalog build'"
      case .scratchFile:
        return "\(error) (set TMPDIR to a directory with free space)"
      case .keysNotStored(let missing):
        return "\(error)\n  store them " + Self.whereToBuild(missing, isShared: isShared)
          + " with: " + ErrorAdvice.buildCommand(for: missing)
      case .keysOfAnotherICU:
        return "\(error); only info, collections and export answer until 'catalog build --rekey' "
          + "rebuilds them with this build's ICU (run it when every program that uses the "
          + "catalog has this ICU)"
      default:
        return error.description(role: Self.option(for:), operation: Self.option(for:))
      }
    }

    /// Where `build` can store the keys that a read-only catalog lacks: on the primary of a
    /// standby, as a role that may write a shared catalog, else on a copy of a file.
    static func whereToBuild(_ missing: MissingKeys, isShared: Bool) -> String {
      if missing.readOnlyReason == .standby { return "on its primary" }
      return isShared ? "as a role that may write the catalog" : "on a writable copy"
    }

    /// The option, or the command, that names a column for `role`.
    static func option(for role: CatalogError.ColumnRole) -> String? {
      switch role {
      case .groupBy: return "--group-by"
      case .indexBy: return "--index-by"
      case .title: return "--title"
      case .sortAs: return "--sort-as"
      case .key: return "--key"
      case .addedField: return "add"
      case .updatedField: return "update"
      case .upsertedField: return role.description
      }
    }

    /// The option that asks for `operation`, where one does.
    static func option(for operation: CatalogError.KeyedOperation) -> String {
      switch operation {
      case .upsertImport: return "--upsert"
      case .syncImport: return "--sync"
      case .itemByKey, .upsert, .mirrorAdd: return operation.description
      }
    }
  }
}
