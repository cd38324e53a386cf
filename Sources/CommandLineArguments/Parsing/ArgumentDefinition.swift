/// A positional argument of a command, such as the `<file>` of `tool import <file>`.
public struct ArgumentDefinition: Sendable {
  /// The argument's name: shown as `<name>`, and the key of its value in a `ParsedInvocation`.
  public var name: String
  /// A one-line description for the `ARGUMENTS:` section of the help.
  public var help: String
  /// Whether leaving the argument out is a usage error.
  public var isRequired: Bool
  /// Whether the argument takes every remaining word, as `<field> ...`; only the last may.
  public var isRepeating: Bool

  public init(name: String, help: String, isRequired: Bool = true, isRepeating: Bool = false) {
    self.name = name
    self.help = help
    self.isRequired = isRequired
    self.isRepeating = isRepeating
  }

  /// The argument as the help and error messages name it: `<file>`, or `<field> ...`.
  var label: String { "<\(name)>" + (isRepeating ? " ..." : "") }
}
