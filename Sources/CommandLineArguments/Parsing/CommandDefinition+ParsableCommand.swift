extension CommandDefinition {
  /// The definition of `command` that the parser works on: what its configuration says, the
  /// arguments and options its properties declare, and the definitions of its subcommands.
  ///
  /// An option named by the configuration's exclusive or dependent options must be one the
  /// command declares: a misspelt name stops the program the first time the definition is made.
  public init(_ command: any ParsableCommand.Type) {
    let configuration = command.configuration
    let parameters = command.parameters
    let declared = Set(parameters.options.map(\.longName))
    let named =
      configuration.exclusiveOptions.joined()
      + configuration.dependentOptions.flatMap { [$0.option, $0.needs] }
    for name in named where !declared.contains(name) {
      preconditionFailure("'\(configuration.name)' names '--\(name)', which it does not declare")
    }
    self.init(
      name: configuration.name,
      abstract: configuration.abstract,
      discussion: configuration.discussion,
      version: configuration.version,
      arguments: parameters.arguments,
      options: parameters.options,
      exclusiveOptions: parameters.exclusiveOptions + configuration.exclusiveOptions,
      dependentOptions: configuration.dependentOptions)
    subcommands = configuration.subcommands.map { subcommand in
      SubcommandDefinition(
        name: subcommand.configuration.name, abstract: subcommand.configuration.abstract
      ) { CommandDefinition(subcommand) }
    }
  }
}
