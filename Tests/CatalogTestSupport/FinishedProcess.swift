import Foundation

/// What a process printed and how it ended, for tests that run a program with no input.
public struct FinishedProcess: Sendable {
  public let status: Int32
  public let standardOutput: String
  public let standardError: String

  public var outputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }
  public var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }

  /// Runs `process`, set up but for its standard streams, to its end with no input.
  ///
  /// - Throws: `ProcessDeadline.Expired` when it ran past `ProcessDeadline.standardSeconds`.
  public init(running process: Process) throws {
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    let deadline = ProcessDeadline(process)
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    let error = standardError.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    deadline.cancel()
    try deadline.check()
    status = process.terminationStatus
    self.standardOutput = String(decoding: output, as: UTF8.self)
    self.standardError = String(decoding: error, as: UTF8.self)
  }
}
