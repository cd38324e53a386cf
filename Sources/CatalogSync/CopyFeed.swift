import CatalogStore
import Foundation

/// The rest of a copy's pages handed to the import that builds a new mirror while they come: a
/// thread of its own fetches each page, keeps it in the copy's file (so that a copy cut off goes
/// on from there) and only then hands its lines over.
///
/// `@unchecked Sendable`: the thread alone uses `pages` and `file` once it runs; `failure` and
/// `copied` are read only after it ended.
final class CopyFeed: @unchecked Sendable {
  private let pages: CopyPageFetcher
  private let file: MirrorCopyFile
  private let onProgress: ((Int) -> Void)?
  private let channel = BoundedChannel<[UInt8]>(capacity: 2)
  private let ended = DispatchSemaphore(value: 0)
  private var isRunning = false
  /// Why the thread stopped before the last page: a failed request or write, or nil.
  private(set) var failure: SyncError?
  /// Whether the server said the collection was made anew (410): the copy starts again.
  private(set) var isGone = false

  /// - Parameter onProgress: told the items kept so far after each page, on the feed's thread.
  init(pages: CopyPageFetcher, file: MirrorCopyFile, onProgress: ((Int) -> Void)?) {
    self.pages = pages
    self.file = file
    self.onProgress = onProgress
  }

  /// The next page's lines, nil after the last (or after a failure, which `failure` then says).
  /// The first call starts the thread: the pages kept before are read by then.
  func next() -> [UInt8]? {
    if !isRunning {
      isRunning = true
      Thread.detachNewThread { [self] in
        run()
        channel.finish()
        ended.signal()
      }
    }
    return channel.receive()
  }

  /// Stops the thread, if it runs, and waits for it.
  func stop() {
    guard isRunning else { return }
    channel.cancel()
    ended.wait()
    isRunning = false
  }

  private func run() {
    do throws(SyncError) {
      while let outcome = try pages.next() {
        guard case .page(let fetched) = outcome else {
          isGone = true
          return
        }
        do {
          try file.append(fetched.page, isLast: fetched.isLast)
        } catch {
          throw .catalog(error)
        }
        onProgress?(file.state.itemCount)
        guard channel.send(Array(fetched.page.records)) else { return }
      }
    } catch {
      failure = error
    }
  }
}
