/// The answer a write request got, kept with its key (`Catalog.performOnce(_:_:)`) to be given
/// again, byte for byte, to the same request sent again.
public struct RecordedAnswer: Equatable, Sendable {
  /// One header of the answer.
  public struct Header: Equatable, Sendable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The HTTP status.
  public let status: Int
  /// The headers that say what the write did (`ETag`, `Location`, …), in order.
  public let headers: [Header]
  public let body: [UInt8]

  public init(status: Int, headers: [Header], body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}
