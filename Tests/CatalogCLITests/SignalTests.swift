import CatalogTestSupport
import Foundation
import Testing

/// `catalog` stops on SIGTERM and Ctrl-C as a command started from a shell does, also when its
/// parent started it with them blocked: a thread of a pool that blocks signals spawned it, and
/// the mask is inherited (Foundation's `Process` does that from Swift Testing's threads).
struct SignalTests {
  @Test(arguments: [SIGTERM, SIGINT])
  func aCommandStartedWithTheSignalBlockedStillStopsOnIt(signal: Int32) throws {
    let runner = try CatalogRunner()
    try runner.write("towns.csv", "name\nAnna\n")
    #expect(try runner.run(["import", "towns.csv", "--quiet"]).status == 0)
    // `watch` waits for writes until it is stopped; perl blocks both signals and becomes it.
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/perl")
    process.arguments = [
      "-MPOSIX", "-e",
      "sigprocmask(SIG_BLOCK, POSIX::SigSet->new(SIGTERM, SIGINT)) or die; exec @ARGV or die",
      CatalogRunner.executable.path, "--db", runner.databasePath, "watch", "--since",
      try runner.rows("SELECT version FROM catalog_state")[0],
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = ProcessDeadline(process, seconds: 30)
    // Once it has printed a write's change set, it is waiting for the next.
    #expect(try runner.run(["add", "name=Bo"]).status == 0)
    #expect(try output.fileHandleForReading.read(upToCount: 1)?.isEmpty == false)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    deadline.cancel()
    try deadline.check()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
  }
}
