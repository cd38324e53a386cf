import CatalogStore
import Foundation

/// Open catalogs that requests borrow one at a time, so that a write does not pay for opening the
/// catalog and making the collection's keyers (ICU collators take milliseconds to open) each
/// time: a catalog keeps those from one write to the next. Catalogs that write are kept apart
/// from those that only look things up (a token, an item), so that a write finds one that has
/// written before.
///
/// When the engine holds the whole catalog to write (SQLite), this server's writes take turns
/// here first, each waiting up to the busy timeout, instead of meeting at the database's lock,
/// whose waits back off by sleeping; on PostgreSQL they meet at each collection's lock.
///
/// `@unchecked Sendable`: the idle catalogs are only touched under `lock`, and a borrowed one by
/// its borrower alone.
final class CatalogPool: @unchecked Sendable {
  /// How many catalogs are kept open between requests for each purpose; more are closed when
  /// given back.
  static let idleLimit = 16

  private let open: @Sendable () throws(CatalogError) -> Catalog
  private let lock = NSLock()
  private var idle: [Purpose: [Catalog]]
  private let writeTurn: DispatchSemaphore?
  private let busyTimeoutMilliseconds: Int32
  /// The catalog's place, for the busy error.
  private let path: String

  /// A pool that starts with `first` and opens more with `open`.
  init(
    first: Catalog, busyTimeoutMilliseconds: Int32,
    open: @escaping @Sendable () throws(CatalogError) -> Catalog
  ) {
    self.open = open
    idle = [.writing: [first], .reading: []]
    path = first.path
    writeTurn = first.engine.traits.locksWholeCatalogToWrite ? DispatchSemaphore(value: 1) : nil
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
  }

  /// The result of `body` with a catalog of the pool, what it throws turned into API errors.
  func answering<T>(_ body: (Catalog) throws(CatalogError) -> T) throws(APIError) -> T {
    do {
      return try borrowing(for: .reading, body)
    } catch {
      throw APIError(error)
    }
  }

  /// The result of `body`, a write, with a catalog of the pool, once it is this server's turn
  /// to write; a `CatalogError` it throws becomes the API error of a write (a body that does
  /// not fit is a 400), an `APIError` passes as it is.
  ///
  /// - Throws: `APIError` 503 when the turn does not come within the busy timeout.
  func writing<T>(_ body: (Catalog) throws -> T) throws(APIError) -> T {
    let outcome: Result<T, APIError>
    do {
      outcome = try takingTurn { () throws(CatalogError) -> Result<T, APIError> in
        try borrowing(for: .writing) { (catalog) throws(CatalogError) -> Result<T, APIError> in
          do {
            return .success(try body(catalog))
          } catch let error as CatalogError {
            throw error
          } catch let error as APIError {
            return .failure(error)
          } catch {
            return .failure(APIError(status: 500, message: "\(error)"))
          }
        }
      }
    } catch {
      throw APIError(writing: error)
    }
    return try outcome.get()
  }

  /// Runs `body` when it is this server's turn to write, waiting up to the busy timeout.
  ///
  /// - Throws: `CatalogError.busy` when the turn does not come in time; what `body` throws.
  func takingTurn<T>(_ body: () throws(CatalogError) -> T) throws(CatalogError) -> T {
    guard let writeTurn else { return try body() }
    guard writeTurn.wait(timeout: .now() + .milliseconds(Int(busyTimeoutMilliseconds))) == .success
    else { throw .busy(path: path) }
    defer { writeTurn.signal() }
    return try body()
  }

  /// What a catalog is borrowed for.
  private enum Purpose { case reading, writing }

  /// Runs `body` with a catalog no one else uses meanwhile: an idle one kept for `purpose`, or a
  /// new one.
  private func borrowing<T>(for purpose: Purpose, _ body: (Catalog) throws(CatalogError) -> T)
    throws(CatalogError) -> T
  {
    let catalog: Catalog
    if let reused = lock.withLock({ idle[purpose]?.popLast() }) {
      catalog = reused
    } else {
      catalog = try open()
    }
    do {
      let result = try body(catalog)
      giveBack(catalog, for: purpose)
      return result
    } catch {
      // A catalog whose connection broke is not kept.
      if case .connectionLost = error {} else { giveBack(catalog, for: purpose) }
      throw error
    }
  }

  private func giveBack(_ catalog: Catalog, for purpose: Purpose) {
    lock.withLock {
      if idle[purpose, default: []].count < Self.idleLimit {
        idle[purpose, default: []].append(catalog)
      }
    }
  }
}
