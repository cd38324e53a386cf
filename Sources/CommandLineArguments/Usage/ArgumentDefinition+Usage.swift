/// How the usage line shows a positional argument.
extension ArgumentDefinition {
  /// The argument as the usage line shows it: `<file>`, or `[<file>]` when it is optional.
  var usageSynopsis: String { isRequired ? label : "[\(label)]" }
}
