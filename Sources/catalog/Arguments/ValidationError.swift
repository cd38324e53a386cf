/// A command line that parsed but that its command cannot run as given, such as `import -`
/// without `--collection`: the tool prints it as a usage error of that command, with its usage
/// line, and exits with status 64.
struct ValidationError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, as one line without the `Error: ` label.
  var message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
