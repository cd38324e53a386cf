import Foundation

/// Kills a child process (SIGKILL) that is still running when its time is up, so that a child
/// that hangs fails its test, which names it, instead of holding the whole test run.
public final class ProcessDeadline: @unchecked Sendable {
  /// The longest any one `catalog` command of the tests may take, on a slow machine too.
  public static let standardSeconds: Double = 300

  /// The process's command line, to name it.
  public let command: String
  public let seconds: Double
  private let lock = NSLock()
  private var expired = false
  private var work: DispatchWorkItem?

  /// Starts counting for `process`, which has been started.
  public init(_ process: Process, seconds: Double = ProcessDeadline.standardSeconds) {
    command = ([process.executableURL?.lastPathComponent ?? "?"] + (process.arguments ?? []))
      .joined(separator: " ")
    self.seconds = seconds
    // Holds neither: a cancelled item stays queued until its time, and a process it held would
    // keep its pipes open until then.
    let work = DispatchWorkItem { [weak self, weak process] in
      guard let self, let process, process.isRunning else { return }
      lock.withLock { expired = true }
      kill(process.processIdentifier, SIGKILL)
    }
    self.work = work
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
  }

  deinit { work?.cancel() }

  /// Whether the time was up and the process killed.
  public var hasExpired: Bool { lock.withLock { expired } }

  /// Stops counting: the process has ended.
  public func cancel() { work?.cancel() }

  /// Throws `Expired` when the process had to be killed.
  public func check() throws {
    if hasExpired { throw Expired(command: command, seconds: seconds) }
  }

  /// A child that was still running when its time was up.
  public struct Expired: Error, CustomStringConvertible {
    public let command: String
    public let seconds: Double

    public var description: String {
      "\(command) was still running after \(Int(seconds)) s and was killed"
    }
  }
}
