import Foundation

/// One file of the page that `catalog serve` shows, compiled into the binary by the
/// `EmbedAssets` plugin from the files beside this one.
public struct WebAsset: Sendable {
  /// The file's name, such as `list.js`.
  public let name: String
  /// The file's bytes, exactly as in the source tree.
  public let bytes: [UInt8]

  init(name: String, base64: String) {
    self.name = name
    bytes = Data(base64Encoded: base64).map { Array($0) } ?? []
  }

  /// The media type that the file's extension stands for.
  public var contentType: String {
    switch name.split(separator: ".").last {
    case "html": return "text/html; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "js": return "text/javascript; charset=utf-8"
    default: return "application/octet-stream"
    }
  }

  /// The page file called `name`, or nil when there is none.
  public static func named(_ name: String) -> WebAsset? {
    all.first { $0.name == name }
  }
}
