import CatalogStore
import CatalogTokens
import Foundation

/// Records when tokens are used, at most once a minute each and never on a read-only catalog
/// (DESIGN §15), on a queue of its own, so that no request waits for that write.
///
/// `@unchecked Sendable`: `lastNoted` is only touched under `lock`.
final class TokenUseRecorder: @unchecked Sendable {
  private let catalogs: CatalogPool
  private let queue = DispatchQueue(label: "catalog.token-uses")
  private let lock = NSLock()
  /// When each token's use was last handed to the queue.
  private var lastNoted: [String: ContinuousClock.Instant] = [:]

  init(catalogs: CatalogPool) { self.catalogs = catalogs }

  /// Notes that the token called `name` was used now; records it unless it was noted less than
  /// a minute ago.
  func noteUse(of name: String) {
    let now = ContinuousClock.now
    let isDue = lock.withLock {
      if let last = lastNoted[name], now - last < .seconds(Catalog.tokenUseInterval) {
        return false
      }
      lastNoted[name] = now
      return true
    }
    guard isDue else { return }
    let date = Date.now
    queue.async { [catalogs] in
      // A use that cannot be recorded (the catalog is busy, or read-only) is let go.
      _ = try? catalogs.writing { catalog in
        try catalog.recordUse(ofToken: name, at: date)
      }
    }
  }
}
