import Foundation

/// Runs the built `catalog` executable as a user would, in a temporary directory with its own
/// catalog, and captures what it prints.
public struct CatalogRunner: Sendable {
  public struct Result: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String

    public var outputLines: [String] {
      standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
        String.init)
    }
  }

  public let directory: TemporaryDirectory
  public var databasePath: String { directory.path("catalog.db") }

  public init() throws { directory = try TemporaryDirectory() }

  /// The `catalog` binary that `swift build` put beside the test bundle.
  public static var executable: URL {
    URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "catalog")
  }

  /// Runs `catalog --db <catalog> ARGUMENTS` with `input` on standard input; `database` names
  /// another catalog than the runner's; `user` runs it as that user (through `setpriv`, which
  /// needs root), such as `nobody`, who can read the runner's files but not write them.
  @discardableResult
  public func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:],
    executable: URL = CatalogRunner.executable, database: String? = nil, user: String? = nil
  ) throws -> Result {
    let process = Process()
    let command = [executable.path, "--db", database ?? databasePath] + arguments
    if let user {
      process.executableURL = URL(filePath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=\(user)", "--regid=nogroup", "--clear-groups"] + command
    } else {
      process.executableURL = executable
      process.arguments = Array(command.dropFirst())
    }
    process.currentDirectoryURL = directory.url
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C"].merging(environment) { $1 }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
    let error = standardError.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: error, as: UTF8.self))
  }

  /// Writes a file into the runner's directory and returns its name.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try directory.write(name, text)
    return name
  }
}
