import Foundation

/// What the build tools that embed files as Swift source share: failing the build with a message,
/// and writing the generated file so that a build never sees half of it.
public enum GeneratedSource {
  /// Prints `message` as an error and exits 1, which fails the build step.
  public static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
  }

  /// Writes `source` beside `path` and renames it over `path`. (Foundation's `atomically: true`
  /// does the same through a directory in /tmp, which it leaves behind on Linux.)
  public static func write(_ source: String, to path: String) {
    let partialPath = path + ".partial"
    do {
      try source.write(toFile: partialPath, atomically: false, encoding: .utf8)
    } catch {
      fail("cannot write \(partialPath): \(error)")
    }
    if rename(partialPath, path) != 0 {
      fail("cannot rename \(partialPath) to \(path): \(String(cString: strerror(errno)))")
    }
  }
}
