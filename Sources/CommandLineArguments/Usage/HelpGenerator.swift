/// Renders the help of a command in swift-argument-parser's layout.
///
///     OVERVIEW: Import a CSV file as a collection.
///
///     USAGE: tool import <file> [--collection <name>] …
///
///     ARGUMENTS:
///       <file>                  The CSV file to import, or '-' for standard input.
///
///     OPTIONS:
///       -c, --collection <name> The name of the collection …
///       -h, --help              Show help information.
///
/// Labels are indented by 2 and descriptions start at column 26, wrapped to the screen width;
/// a description whose label reaches column 26 starts on the next line.
struct HelpGenerator {
  /// Where descriptions start, counted from 0.
  static let descriptionColumn = 26
  /// The indent of the labels in each section.
  static let labelIndent = 2

  /// The command to describe, with the commands above it.
  var path: CommandPath
  /// The number of columns to wrap the text to.
  var screenWidth: Int

  /// The help text, exactly as swift-argument-parser renders it: written out with `print`,
  /// which adds the final newline, it matches that library's output byte for byte (a command
  /// without subcommands ends with a blank line, as there).
  func render() -> String {
    let command = path.current
    var overview = command.abstract
    if !command.discussion.isEmpty {
      overview += (overview.isEmpty ? "\n" : "\n\n") + command.discussion
    }
    var text = ""
    if !overview.isEmpty {
      text += "OVERVIEW: \(overview)".wrapped(to: screenWidth) + "\n\n"
    }
    text += "USAGE: \(path.usage)\n\n"
    let sections = [
      section(
        "ARGUMENTS", rows: command.arguments.map { ($0.label, $0.help) }),
      section(
        "OPTIONS", rows: path.acceptedOptions.map { ($0.helpLabel, $0.helpDescription) }),
      section(
        "SUBCOMMANDS", rows: command.subcommands.map { ($0.name, $0.abstract) }),
    ]
    text += sections.filter { !$0.isEmpty }.joined(separator: "\n")
    if !command.subcommands.isEmpty {
      let helpCommand = [path.commands[0].name, "help"] + path.subcommandNames + ["<subcommand>"]
      text += "\n  See '\(helpCommand.joined(separator: " "))' for detailed help."
    }
    return text
  }

  /// A titled list of labels with descriptions, or the empty string when there are no rows.
  private func section(_ title: String, rows: [(label: String, description: String)]) -> String {
    guard !rows.isEmpty else { return "" }
    return title + ":\n" + rows.map { row(label: $0.label, description: $0.description) }.joined()
  }

  /// One label and its description, ending in a newline.
  private func row(label: String, description: String) -> String {
    let indentedLabel = String(repeating: " ", count: Self.labelIndent) + label
    guard !description.isEmpty else { return indentedLabel + "\n" }
    let wrapped = description.wrapped(to: screenWidth, indent: Self.descriptionColumn)
    if indentedLabel.count < Self.descriptionColumn {
      return indentedLabel + wrapped.dropFirst(indentedLabel.count) + "\n"
    }
    return indentedLabel + "\n" + wrapped + "\n"
  }
}
