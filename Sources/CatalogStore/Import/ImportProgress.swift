/// How far an import has come, for a progress display.
public struct ImportProgress: Sendable {
  public let itemsRead: Int
  public let bytesRead: Int
  /// The file's size, when it is a regular file.
  public let totalBytes: Int?
}
