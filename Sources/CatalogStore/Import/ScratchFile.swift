import Foundation

/// A temporary file with no name: made in `$TMPDIR` (else `/tmp`) and unlinked at once, so it
/// holds sort runs while open and leaves nothing behind however the process ends.
final class ScratchFile {
  let directory: String
  private let descriptor: Int32

  init() throws(CatalogError) {
    directory = FileManager.default.temporaryDirectory.path
    var template = Array((directory + "/catalog-sort-XXXXXX").utf8CString)
    descriptor = template.withUnsafeMutableBufferPointer { path in
      let descriptor = mkstemp(path.baseAddress!)
      if descriptor >= 0 { unlink(path.baseAddress!) }
      return descriptor
    }
    guard descriptor >= 0 else { throw Self.error(directory) }
  }

  deinit { close(descriptor) }

  /// Writes all of `bytes` at `offset`.
  func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(CatalogError) {
    var written = 0
    while written < bytes.count {
      let count = pwrite(
        descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(offset + written))
      guard count > 0 else { throw Self.error(directory) }
      written += count
    }
  }

  /// Reads up to `buffer.count` bytes at `offset`; returns how many (0 at the end).
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(CatalogError) -> Int
  {
    let count = pread(descriptor, buffer.baseAddress!, buffer.count, off_t(offset))
    guard count >= 0 else { throw Self.error(directory) }
    return count
  }

  private static func error(_ directory: String) -> CatalogError {
    .scratchFile(directory: directory, reason: String(cString: strerror(errno)))
  }
}
