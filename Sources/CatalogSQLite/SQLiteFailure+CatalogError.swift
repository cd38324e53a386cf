internal import CSQLite
import CatalogStore
import Foundation

extension SQLiteFailure {
  /// The case of `CatalogError` that names what went wrong with the file at `path`, from SQLite's
  /// extended result code and, where the code alone does not tell, the file system.
  package func error(path: String) -> CatalogError {
    let failure = databaseFailure
    switch primaryCode {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return .busy(path: path, failure: failure)
    case SQLITE_READONLY:
      return .readOnly(path: path, reason: readOnlyReason, failure: failure)
    case SQLITE_FULL:
      // SQLite says "database or disk is full" for its own limits too, with no system error.
      return DiskSpace.isLow(forCatalogAt: path)
        ? .diskFull(path: path, failure: failure) : .sizeLimit(path: path, failure: failure)
    case SQLITE_NOTADB:
      return .notACatalog(path: path, reason: "it is not an SQLite database", failure: failure)
    case SQLITE_CORRUPT:
      return .damaged(path: path, failure: failure)
    case SQLITE_CANTOPEN, SQLITE_PERM:
      return .cannotOpen(
        path: path, problem: CatalogError.OpenProblem(path: path), failure: failure)
    case SQLITE_IOERR:
      switch systemErrno {
      case ENOSPC, EDQUOT: return .diskFull(path: path, failure: failure)
      case EROFS: return .readOnly(path: path, reason: .medium, failure: failure)
      default: return .ioError(path: path, problem: ioProblem, failure: failure)
      }
    default:
      return .database(path: path, failure)
    }
  }

  /// Why the catalog is read-only, by the extended code of an SQLITE_READONLY (`sqlite3.h`
  /// builds those in macros that Swift does not import).
  private var readOnlyReason: CatalogError.ReadOnlyReason {
    switch code {
    case 1544: return .directory  // SQLITE_READONLY_DIRECTORY
    case 520, 1288: return .sharedMemory  // SQLITE_READONLY_CANTLOCK, SQLITE_READONLY_CANTINIT
    case 264, 776: return .interruptedWrite  // SQLITE_READONLY_RECOVERY, SQLITE_READONLY_ROLLBACK
    case 1032: return .moved  // SQLITE_READONLY_DBMOVED
    default: return .file
    }
  }

  /// Where reading or writing failed, by the extended code of an SQLITE_IOERR.
  private var ioProblem: CatalogError.IOProblem {
    switch code {
    case 4618, 4874, 5130, 5386:  // SQLITE_IOERR_SHMOPEN, _SHMSIZE, _SHMLOCK, _SHMMAP
      return .sharedMemory
    case 3082: return .outOfMemory  // SQLITE_IOERR_NOMEM
    default: return .readOrWrite
    }
  }
}

extension CatalogError.OpenProblem {
  /// Why the file at `path` cannot be opened, as far as the file system tells this user.
  fileprivate init(path: String) {
    var status = stat()
    if stat(path, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR {
        self = .isDirectory
      } else {
        self = access(path, R_OK) == 0 ? .other : .notReadable
      }
      return
    }
    let directory =
      path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    var directoryStatus = stat()
    if stat(directory, &directoryStatus) != 0 || directoryStatus.st_mode & S_IFMT != S_IFDIR {
      self = .missingDirectory(directory)
    } else if access(directory, W_OK | X_OK) != 0 {
      self = .directoryNotWritable(directory)
    } else {
      self = .other
    }
  }
}
