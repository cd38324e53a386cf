/// A command line that parsed but that its command cannot run as given, such as `import -`
/// without `--collection`: the tool turns it into a usage error of that command, with its usage
/// line (``CommandLineParser/usageError(_:in:)``), prints it and exits with status 64.
public struct ValidationError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, as one line without the `Error: ` label.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
