/// How a new collection's import numbers its items.
enum ImportNumbering: Sendable, Equatable {
  /// From the collection's next number up, in the file's order (every import of a user's file).
  case inFileOrder
  /// As each record's first field says, in rising order; that field and the `count - 1` after it
  /// are not the item's own (a mirror's copy: `item,version,` and then the item's fields).
  case leadingFields(count: Int)

  /// How many fields of each record come before the item's own.
  var leadingFieldCount: Int {
    switch self {
    case .inFileOrder: 0
    case .leadingFields(let count): count
    }
  }
}
