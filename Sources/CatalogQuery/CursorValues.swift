/// A cursor seen as an `AsyncSequence`; each step reads from the cursor.
public struct CursorValues<Base: Cursor>: AsyncSequence {
  public typealias Element = Base.Element
  let cursor: Base

  public struct AsyncIterator: AsyncIteratorProtocol {
    let cursor: Base
    public mutating func next() async throws -> Base.Element? { try cursor.next() }
  }

  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(cursor: cursor) }
}
