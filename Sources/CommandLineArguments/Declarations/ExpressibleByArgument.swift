/// A type that an option's value can have: `String`, `Int`, `UInt16`, `Character`, and enums of
/// words such as the output formats.
///
/// The parser checks each word against the type's ``constraint`` and normalizes it (`--limit 007`
/// reads as `7`), so `init(argument:)` is only given words that the constraint accepts, and a
/// property of the type always holds a value of it.
public protocol ExpressibleByArgument: Sendable {
  /// The words the parser accepts for a value of the type.
  static var constraint: ValueConstraint { get }
  /// The value that `argument`, a word the ``constraint`` accepted and normalized, stands for.
  init?(argument: String)
  /// The value as the help shows it as a default: `table`, `0`.
  var argumentDescription: String { get }
}

extension String: ExpressibleByArgument {
  public static var constraint: ValueConstraint { .any }
  public init?(argument: String) { self = argument }
  public var argumentDescription: String { self }
}

/// An `Int` option takes a whole number from 0 up: the numbers a command line gives count
/// something (an offset, a limit, a version).
extension Int: ExpressibleByArgument {
  public static var constraint: ValueConstraint { .nonNegativeInteger }
  public init?(argument: String) { self.init(argument) }
  public var argumentDescription: String { String(self) }
}

/// A `UInt16` option is a TCP port.
extension UInt16: ExpressibleByArgument {
  public static var constraint: ValueConstraint { .port }
  public init?(argument: String) { self.init(argument) }
  public var argumentDescription: String { String(self) }
}

/// A `Character` option is a field separator: one character, or `tab`.
extension Character: ExpressibleByArgument {
  public static var constraint: ValueConstraint { .fieldSeparator }
  public init?(argument: String) {
    guard argument.count == 1, let character = argument.first else { return nil }
    self = character
  }
  public var argumentDescription: String { String(self) }
}

/// An enum of words takes one of its raw values, which the help lists:
///
///     enum OutputFormat: String, CaseIterable, ExpressibleByArgument { case table, json }
extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable<String> {
  public static var constraint: ValueConstraint { .oneOf(allCases.map(\.rawValue)) }
  public init?(argument: String) { self.init(rawValue: argument) }
  public var argumentDescription: String { rawValue }
}
