extension UsageError {
  /// A usage error that a command finds after parsing, such as standard input without a
  /// collection name, rendered for the command that was invoked.
  init(_ message: String, for invocation: ParsedInvocation) {
    var path = CommandPath(root: .catalog)
    for name in invocation.commandPath {
      if let subcommand = path.current.subcommand(named: name) { path.descend(into: subcommand) }
    }
    self.init(message, path: path)
  }
}
