/// An item named by a write: by its number, or by its key when its collection has a key column
/// (DESIGN §1).
public enum ItemReference: Hashable, Sendable, CustomStringConvertible {
  case number(Int)
  case key(String)

  public var description: String {
    switch self {
    case .number(let number): return "\(number)"
    case .key(let key): return "'\(key)'"
    }
  }
}
