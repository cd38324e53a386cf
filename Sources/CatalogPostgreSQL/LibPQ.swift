internal import CLibPQ
import CatalogStore

/// libpq's functions (`CLibPQ`), loaded the first time a connection to PostgreSQL is opened, so
/// that a program that opens only SQLite files never loads libpq and what it brings. Nothing
/// calls them before a connection has loaded them (`LibPQ.load()`).
let pq: clibpq_api = LibPQ.loaded.functions!.pointee

/// Loads libpq once per process.
enum LibPQ {
  /// libpq's functions, or why they could not be loaded.
  nonisolated(unsafe) static let loaded: (functions: UnsafePointer<clibpq_api>?, error: String) = {
    var error: UnsafePointer<CChar>?
    let functions = clibpq_load(&error)
    return (functions, error.map { String(cString: $0) } ?? "")
  }()

  /// Makes sure libpq is loaded.
  ///
  /// - Throws: `CatalogError.cannotOpen` for the catalog at `location` when it cannot be.
  static func load(for location: String) throws(CatalogError) {
    guard loaded.functions == nil else { return }
    throw .cannotOpen(
      path: location,
      problem: .serverUnreachable(
        server: "PostgreSQL", reason: "libpq cannot be loaded: \(loaded.error)"))
  }

  /// The version of libpq, such as "15.10", or nil when it cannot be loaded.
  static var version: String? {
    guard let functions = loaded.functions else { return nil }
    let version = functions.pointee.libVersion()
    return "\(version / 10000).\(version % 10000)"
  }
}
