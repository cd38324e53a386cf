import Foundation

/// Another process holding an SQLite catalog's write lock (`BEGIN IMMEDIATE` in the `sqlite3`
/// shell) until `release()`, as a long write of another program would.
public final class WriteLockHolder {
  private let process = Process()
  private let input = Pipe()

  /// Starts the shell on the file at `path` and returns once it holds the lock.
  public init(path: String) throws {
    process.executableURL = URL(filePath: "/usr/bin/sqlite3")
    process.arguments = [path]
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("locked") {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      seen.append(more)
    }
  }

  deinit { release() }

  /// Ends the shell, and with it the lock.
  public func release() {
    guard process.isRunning else { return }
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
