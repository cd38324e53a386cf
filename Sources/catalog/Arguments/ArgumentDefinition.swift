/// A positional argument of a command, such as the `<file>` of `catalog import <file>`.
struct ArgumentDefinition: Sendable {
  /// The argument's name: shown as `<name>`, and the key of its value in a `ParsedInvocation`.
  var name: String
  /// A one-line description for the `ARGUMENTS:` section of the help.
  var help: String
  /// Whether leaving the argument out is a usage error.
  var isRequired: Bool

  init(name: String, help: String, isRequired: Bool = true) {
    self.name = name
    self.help = help
    self.isRequired = isRequired
  }

  /// The argument as the help and error messages name it: `<file>`.
  var label: String { "<\(name)>" }

  /// The argument as the usage line shows it: `<file>`, or `[<file>]` when it is optional.
  var usageSynopsis: String { isRequired ? label : "[\(label)]" }
}
