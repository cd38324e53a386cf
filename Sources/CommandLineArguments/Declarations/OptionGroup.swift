/// Options that several commands share, declared once in a ``ParsableArguments`` type and taken
/// into a command as one stored property:
///
///     @OptionGroup var listOptions: ListOptions   // listOptions.collection, …
///
/// The help lists the group's options where the property comes among the command's own.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments>: Sendable {
  /// The group's values, as the command line gives them; its properties declare themselves as
  /// they are made.
  public let wrappedValue: Value

  public init() {
    wrappedValue = Value()
  }
}
