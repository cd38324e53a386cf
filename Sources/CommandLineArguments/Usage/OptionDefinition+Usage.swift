/// How the help and the usage line show an option.
extension OptionDefinition {
  /// The option as the help lists it: `-c, --collection <name>`.
  var helpLabel: String {
    let names = [shortSpelling, longSpelling].compactMap { $0 }.joined(separator: ", ")
    return valueName.map { "\(names) <\($0)>" } ?? names
  }

  /// The option as the usage line shows it: `[--collection <name>]`, `[--group-by <column> ...]`.
  var usageSynopsis: String {
    var synopsis = valueName.map { "\(longSpelling) <\($0)>" } ?? longSpelling
    if isRepeatable {
      synopsis += " ..."
    }
    return "[\(synopsis)]"
  }

  /// The option's help followed by its allowed values and default, as the help lists them:
  /// `The output format. (values: table, json; default: table)`.
  var helpDescription: String {
    var notes: [String] = []
    if case .oneOf(let values) = constraint {
      notes.append("values: " + values.joined(separator: ", "))
    }
    if let defaultValue {
      notes.append("default: " + defaultValue)
    }
    guard !notes.isEmpty else { return help }
    let suffix = "(" + notes.joined(separator: "; ") + ")"
    return help.isEmpty ? suffix : help + " " + suffix
  }
}
