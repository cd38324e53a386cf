import CatalogCollation
import CatalogStore
import Foundation

/// The one way the server gets a catalog: open catalogs that requests borrow one at a time, so
/// that a request does not pay for opening the catalog and making the collection's collators and
/// keyers (ICU collators take milliseconds to open) each time: a catalog keeps those from one
/// request to the next. Catalogs that write are kept apart from those that read, so that a write
/// finds one that has written before. What a request's work throws becomes its API error here.
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

  /// The result of `body`, a read, with a catalog of the pool; what it throws becomes an API
  /// error.
  func reading<T>(_ body: (Catalog) throws -> T) throws(APIError) -> T {
    try Self.answering(translating: { APIError($0) }) { try borrowing(for: .reading, body) }
  }

  /// The result of `body`, a write, with a catalog of the pool, once it is this server's turn
  /// to write; a `CatalogError` it throws becomes the API error of a write (a body that does
  /// not fit is a 400).
  ///
  /// - Throws: `APIError` 503 when the turn does not come within the busy timeout.
  func writing<T>(_ body: (Catalog) throws -> T) throws(APIError) -> T {
    try Self.answering(translating: { APIError(writing: $0) }) {
      try takingTurn { try borrowing(for: .writing, body) }
    }
  }

  /// The result of `body` with a catalog opened for it alone, which it may keep after it returns
  /// (a change stream's, for as long as the stream lasts).
  func opening<T>(_ body: (Catalog) throws -> T) throws(APIError) -> T {
    try Self.answering(translating: { APIError($0) }) { try body(open()) }
  }

  /// Waits until a read here sees catalog version `version` or later — a standby's replay
  /// catching up with a write made through its primary (`Catalog-Min-Version`, DESIGN §17) —
  /// looking every 5 ms (a read of the version, one round trip), up to `timeout`.
  ///
  /// - Throws: `APIError` 503, which carries `Retry-After`, when it does not within `timeout`.
  func waitUntilReading(version: Int, upTo timeout: Duration) throws(APIError) {
    let deadline = ContinuousClock.now + timeout
    while true {
      let current = try reading { catalog throws(CatalogError) in try catalog.version() }
      if current >= version { return }
      guard ContinuousClock.now < deadline else {
        throw APIError(
          status: 503,
          message: "the catalog read here is at version \(current) and did not reach version "
            + "\(version) (Catalog-Min-Version) within \(timeout.components.seconds) s; try again")
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  /// Runs `body` when it is this server's turn to write, waiting up to the busy timeout.
  ///
  /// - Throws: `CatalogError.busy` when the turn does not come in time; what `body` throws.
  func takingTurn<T>(_ body: () throws -> T) throws -> T {
    guard let writeTurn else { return try body() }
    guard writeTurn.wait(timeout: .now() + .milliseconds(Int(busyTimeoutMilliseconds))) == .success
    else { throw CatalogError.busy(path: path) }
    defer { writeTurn.signal() }
    return try body()
  }

  /// The result of `body`, with what the catalog and ICU throw turned into API errors: a
  /// `CatalogError` by `translate`, an `APIError` as it is, anything else a 500.
  private static func answering<T>(
    translating translate: (CatalogError) -> APIError, _ body: () throws -> T
  ) throws(APIError) -> T {
    do {
      return try body()
    } catch let error as APIError {
      throw error
    } catch let error as CatalogError {
      throw translate(error)
    } catch let error as CollationError {
      throw APIError(error)
    } catch {
      throw APIError(status: 500, message: "\(error)")
    }
  }

  /// What a catalog is borrowed for.
  private enum Purpose { case reading, writing }

  /// Runs `body` with a catalog no one else uses meanwhile: an idle one kept for `purpose`, or a
  /// new one. An idle one whose server closed its connection (it stopped, or a failover took
  /// it away) is dropped, not handed out: a new one finds the server there is now.
  private func borrowing<T>(for purpose: Purpose, _ body: (Catalog) throws -> T) throws -> T {
    var reused: Catalog?
    while reused == nil, let idleOne = lock.withLock({ idle[purpose]?.popLast() }) {
      if idleOne.isConnected { reused = idleOne }
    }
    let catalog = try reused ?? open()
    do {
      let result = try body(catalog)
      giveBack(catalog, for: purpose)
      return result
    } catch {
      // A catalog whose connection broke is not kept.
      if case .connectionLost = error as? CatalogError {} else { giveBack(catalog, for: purpose) }
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
