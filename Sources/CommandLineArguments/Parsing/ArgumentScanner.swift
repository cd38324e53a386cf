/// Walks the words of a command line from left to right: descends into the subcommands they
/// name and collects option values, flags and positional values for a ``ParsedInvocation``.
///
/// ``CommandLineParser`` drives it; `-h` and `--help` are left to the parser, which looks for
/// them before scanning.
struct ArgumentScanner {
  /// The commands named so far.
  private(set) var path: CommandPath
  /// Normalized option values by long name, in the order given.
  private var optionValues: [String: [String]] = [:]
  /// The long names of the flags given.
  private var flags: Set<String> = []
  /// The words that were neither options, option values nor command names.
  private var positionals: [String] = []
  /// How each option given was first named, by long name, as `flag '--replace'`, for the
  /// error about options that exclude each other.
  private var firstMentions: [String: String] = [:]

  /// A scanner at the root command, with nothing collected yet.
  init(root: CommandDefinition) {
    path = CommandPath(root: root)
  }

  /// Scans `arguments`, the words after the program name.
  ///
  /// - Returns: The path whose help the words ask for with the `help` command, as in
  ///   `tool help import`; else `nil`, and the collected values make up the invocation.
  /// - Throws: `UsageError` for an unknown option or subcommand, a missing or invalid option
  ///   value, or options that exclude each other.
  mutating func scan(_ arguments: [String]) throws(UsageError) -> CommandPath? {
    var words = arguments[...]
    var areOptionsEnded = false
    while let word = words.popFirst() {
      if !areOptionsEnded && word == "--" {
        areOptionsEnded = true
      } else if !areOptionsEnded && Self.isOption(word) {
        try scanOption(word, followedBy: &words)
      } else if path.current.subcommands.isEmpty {
        positionals.append(word)
      } else if let subcommand = path.current.subcommand(named: word) {
        path.descend(into: subcommand)
      } else if path.isAtRoot && word == "help" {
        return helpPath(naming: words)
      } else {
        throw UsageError("Unexpected argument '\(word)'", path: path)
      }
    }
    return nil
  }

  /// The invocation made of what was scanned, once the words have run out.
  ///
  /// - Throws: `UsageError` when a required argument is missing, there are words left over, or
  ///   an option is given without the option it needs.
  func makeInvocation() throws(UsageError) -> ParsedInvocation {
    let declared = path.current.arguments
    let extras = declared.last?.isRepeating == true ? [] : positionals.dropFirst(declared.count)
    if extras.count == 1, let extra = extras.first {
      throw UsageError("Unexpected argument '\(extra)'", path: path)
    }
    if extras.count > 1 {
      let list = extras.map { "'\($0)'" }.joined(separator: ", ")
      throw UsageError("\(extras.count) unexpected arguments: \(list)", path: path)
    }
    if let missing = declared.dropFirst(positionals.count).first(where: \.isRequired) {
      throw UsageError("Missing expected argument '\(missing.label)'", path: path)
    }
    for (option, needed) in path.current.dependentOptions
    where optionValues[option] != nil || flags.contains(option) {
      guard optionValues[needed] == nil && !flags.contains(needed),
        let neededOption = path.acceptedOptions.first(where: { $0.longName == needed })
      else { continue }
      throw UsageError(
        "'--\(option)' needs \(neededOption.quoted(as: neededOption.longSpelling))", path: path)
    }
    var values = optionValues
    for option in path.acceptedOptions where values[option.longName] == nil {
      if let defaultValue = option.defaultValue {
        values[option.longName] = [defaultValue]
      }
    }
    return ParsedInvocation(
      commandPath: path.subcommandNames,
      arguments: Dictionary(
        uniqueKeysWithValues: declared.enumerated().compactMap { position, argument in
          let values =
            argument.isRepeating
            ? Array(positionals.dropFirst(position))
            : positionals.dropFirst(position).prefix(1).map { $0 }
          return values.isEmpty ? nil : (argument.name, values)
        }),
      optionValues: values,
      flags: flags)
  }

  /// Whether `word` is an option rather than a value: it starts with a dash and is not a lone
  /// `-`, which stands for standard input.
  private static func isOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word != "-"
  }

  /// Records the option that `word` names (`--name`, `--name=value` or `-c`), taking its value
  /// from the next word when it needs one and `word` has none.
  private mutating func scanOption(_ word: String, followedBy words: inout ArraySlice<String>)
    throws(UsageError)
  {
    var spelling = word
    var attachedValue: String?
    if word.hasPrefix("--"), let equalsSign = word.firstIndex(of: "=") {
      spelling = String(word[..<equalsSign])
      attachedValue = String(word[word.index(after: equalsSign)...])
    }
    guard let option = path.option(spelled: spelling) else {
      throw UsageError(unknownOptionMessage(spelling), path: path)
    }
    guard option.longName != OptionDefinition.help.longName,
      option.longName != OptionDefinition.version.longName
    else { return }
    try checkExclusivity(of: option, spelledAs: spelling)

    guard option.takesValue else {
      if let attachedValue {
        throw UsageError(
          "The option '\(spelling)' does not take any value, but '\(attachedValue)' was specified.",
          path: path)
      }
      flags.insert(option.longName)
      return
    }
    let value: String
    if let attachedValue {
      value = attachedValue
    } else if let next = words.first, !Self.isOption(next) {
      value = next
      words.removeFirst()
    } else {
      throw UsageError("Missing value for \(option.quoted(as: spelling))", path: path)
    }
    guard let normalized = option.constraint.normalized(value) else {
      throw UsageError(
        "The value '\(value)' is invalid for \(option.quoted(as: spelling))"
          + option.constraint.rejectionReason,
        path: path)
    }
    if option.isRepeatable {
      optionValues[option.longName, default: []].append(normalized)
    } else {
      optionValues[option.longName] = [normalized]
    }
  }

  /// Throws when an option that excludes `option` was given before it.
  private mutating func checkExclusivity(of option: OptionDefinition, spelledAs spelling: String)
    throws(UsageError)
  {
    let mention = (option.takesValue ? "option" : "flag") + " '\(spelling)'"
    for group in path.current.exclusiveOptions where group.contains(option.longName) {
      for other in group where other != option.longName {
        if let previous = firstMentions[other] {
          throw UsageError(
            "Value to be set with \(mention) had already been set with \(previous)", path: path)
        }
      }
    }
    if firstMentions[option.longName] == nil {
      firstMentions[option.longName] = mention
    }
  }

  /// `Unknown option '--lcoale'`, with `. Did you mean '--locale'?` when an accepted long name
  /// is within an edit distance of 3.
  private func unknownOptionMessage(_ spelling: String) -> String {
    let message = "Unknown option '\(spelling)'"
    guard spelling.hasPrefix("--") else { return message }
    let closest = path.acceptedOptions
      .map { (name: $0.longSpelling, distance: $0.longSpelling.editDistance(to: spelling)) }
      .filter { $0.distance < 4 }
      .min { $0.distance < $1.distance }
    guard let closest else { return message }
    return message + ". Did you mean '\(closest.name)'?"
  }

  /// The deepest command that `words` name in turn from the root, options among them ignored:
  /// for `tool help import`, the path to `import`.
  private func helpPath(naming words: ArraySlice<String>) -> CommandPath {
    var target = CommandPath(root: path.commands[0])
    for word in words where !Self.isOption(word) {
      guard let subcommand = target.current.subcommand(named: word) else { break }
      target.descend(into: subcommand)
    }
    return target
  }
}
