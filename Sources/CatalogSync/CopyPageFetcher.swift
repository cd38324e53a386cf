import CatalogStore
import Foundation

/// The pages of a copy (`GET …/items?format=csv`) in order, each next one asked for as soon as
/// the one before has come, so that the server makes one while the device keeps the other.
///
/// Used by one thread at a time.
final class CopyPageFetcher: @unchecked Sendable {
  /// One page and what the server said with it.
  struct Fetched {
    let page: MirrorCopyPage
    let identity: String
    let version: Int
    let isLast: Bool
  }

  enum Outcome {
    case page(Fetched)
    /// The collection was made anew or replaced since the copy began (410): it must start again.
    case gone
  }

  private let http: HTTPClient
  private let collection: URL
  private var target: URL?
  private var pending: PendingResponse?

  /// - Parameters:
  ///   - first: the address of the first page to fetch.
  ///   - collection: the server collection's address, against which next pages are resolved.
  init(http: HTTPClient, first: URL, collection: URL) {
    self.http = http
    self.collection = collection
    target = first
  }

  /// Waits for a request still under way, so that nothing uses the connection behind a copy
  /// that stopped.
  deinit { _ = try? pending?.wait() }

  /// The next page; nil after the last.
  func next() throws(SyncError) -> Outcome? {
    guard let target else { return nil }
    let response = try (pending ?? fetch(target)).wait()
    pending = nil
    self.target = nil
    if response.status == 410 { return .gone }
    guard response.status == 200,
      let identity = response[header: "Catalog-Collection-Identity"],
      let version = response[header: "Catalog-Version"].flatMap(Int.init)
    else {
      throw .unexpectedAnswer(
        url: target.absoluteString, status: response.status,
        error: response.status == 200 ? "a page without its version" : response.error)
    }
    if let link = CatalogMirror.nextPage(linkHeader: response[header: "Link"]) {
      let next = try CatalogMirror.resolve(link, against: collection)
      self.target = next
      pending = fetch(next)
    }
    let page: MirrorCopyPage
    do {
      page = try MirrorCopyPage(csv: [UInt8](response.body), source: target.absoluteString)
    } catch {
      throw .catalog(error)
    }
    return .page(
      Fetched(page: page, identity: identity, version: version, isLast: self.target == nil))
  }

  /// `GET url` on another thread, while this one goes on.
  private func fetch(_ url: URL) -> PendingResponse {
    let http = http
    return PendingResponse { () throws(SyncError) in try http.send("GET", url) }
  }
}
