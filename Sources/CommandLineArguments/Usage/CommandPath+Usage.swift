/// The usage line of the innermost command, for its help and its usage errors.
extension CommandPath {
  /// The usage line after `USAGE:` or `Usage:`, as
  /// `tool import <file> [--collection <name>] … [--verbose]`.
  var usage: String {
    var parts = [displayName]
    parts += current.arguments.map(\.usageSynopsis)
    parts += (current.options + inheritedOptions).map(\.usageSynopsis)
    if !current.subcommands.isEmpty {
      parts.append("<subcommand>")
    }
    return parts.joined(separator: " ")
  }
}
