import Foundation

/// Whether the disks a catalog writes to are (nearly) full: SQLite reports a full disk and a limit
/// of its own (`max_page_count`) with the same code and no system error, so the file systems are
/// asked.
package enum DiskSpace {
  /// Less than this much free space counts as full: a write that failed for want of room needed
  /// at most a few pages, or a journal of at most 128 KiB.
  package static let lowBytes = 4 << 20

  /// Whether the file system of the catalog at `path`, or of the directory SQLite keeps its
  /// temporary files in, has less than `lowBytes` free for this process.
  package static func isLow(forCatalogAt path: String) -> Bool {
    let directory = (path as NSString).deletingLastPathComponent
    return [directory.isEmpty ? "." : directory, temporaryDirectory()].contains { directory in
      freeBytes(in: directory).map { $0 < lowBytes } ?? false
    }
  }

  /// The directory SQLite's Unix layer makes temporary files in: the first of these that is a
  /// directory it may write in.
  static func temporaryDirectory() -> String {
    let environment = ProcessInfo.processInfo.environment
    let candidates =
      [environment["SQLITE_TMPDIR"], environment["TMPDIR"]].compactMap { $0 }
      + ["/var/tmp", "/usr/tmp", "/tmp"]
    return candidates.first { access($0, W_OK | X_OK) == 0 } ?? "."
  }

  /// The bytes free in the file system of `directory` for this process (root may use the blocks
  /// kept back for it), or nil when it cannot be asked.
  package static func freeBytes(in directory: String) -> Int? {
    var status = statvfs()
    guard statvfs(directory, &status) == 0 else { return nil }
    let blocks = geteuid() == 0 ? status.f_bfree : status.f_bavail
    return Int(blocks) * Int(status.f_frsize)
  }
}
