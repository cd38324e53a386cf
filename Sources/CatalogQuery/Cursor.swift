/// A single-pass, lazy sequence of values read from the catalog a batch at a time.
///
/// `next()` returns nil forever after the end and throws what the catalog throws; nothing is
/// swallowed. A cursor uses its list's connection, so it is used by one task at a time.
public protocol Cursor<Element>: AnyObject {
  associatedtype Element
  func next() throws -> Element?
}

extension Cursor {
  /// Every remaining element. Reads them all: for bounded results only.
  public func collect() throws -> [Element] {
    var elements: [Element] = []
    while let element = try next() { elements.append(element) }
    return elements
  }

  /// The cursor as an `AsyncSequence`, for `for try await` loops in Swift concurrency.
  public var values: CursorValues<Self> { CursorValues(cursor: self) }
}
