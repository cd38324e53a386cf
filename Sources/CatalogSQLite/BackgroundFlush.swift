import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Has the operating system write a catalog's files to disk every so often, on a thread of its
/// own, while one long transaction (an import) writes them.
///
/// The kernel keeps written pages in memory for many seconds, so a transaction that writes
/// hundreds of megabytes would otherwise leave all of them to the sync at its commit, with
/// nothing else to do meanwhile; flushed as they are written, the disk works while the import
/// computes. It only moves when data reaches the disk, not whether it is committed: SQLite's
/// journal still decides that.
final class BackgroundFlush: @unchecked Sendable {
  /// How long the thread waits between two flushes.
  static let interval: TimeInterval = 0.25

  private let paths: [String]
  private let stopped = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts flushing the files at `paths` that exist (a database and its write-ahead log).
  init(paths: [String]) {
    self.paths = paths
    Thread.detachNewThread { [self] in
      run()
      finished.signal()
    }
  }

  /// Stops the thread and waits for it; its last flush, if one is under way, ends first.
  func stop() {
    stopped.signal()
    finished.wait()
  }

  private func run() {
    var descriptors: [String: Int32] = [:]
    defer { for descriptor in descriptors.values { close(descriptor) } }
    while stopped.wait(timeout: .now() + Self.interval) == .timedOut {
      for path in paths {
        if descriptors[path] == nil {
          let descriptor = open(path, O_RDONLY)
          guard descriptor >= 0 else { continue }
          descriptors[path] = descriptor
        }
        _ = fsync(descriptors[path]!)
      }
    }
  }
}
