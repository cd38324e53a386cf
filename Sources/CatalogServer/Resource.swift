/// What a request's path names, decoded, and the methods each has (DESIGN §13, §15).
enum Resource: Equatable {
  /// A file of the page: `index.html` for `/`, or `/assets/NAME`.
  case page(String)
  /// `/api/collections`: every collection.
  case collections
  /// `/api/collections/NAME`: one collection.
  case collection(String)
  /// `/api/collections/NAME/sections`, `/index`, `/rows`, `/search`.
  case list(String, ListEndpoint)
  /// `/api/collections/NAME/changes`: the change stream.
  case changes(String)
  /// `/api/collections/NAME/items`: the items in pages, or those changed after a version; where
  /// items are added and files put.
  case items(String)
  /// `/api/collections/NAME/items/ITEM`: one item, by key or number.
  case item(String, String)
  /// `/api/collections/NAME/notes`: the collection's header, footer and section notes.
  case notes(String)
  /// Nothing: the message says why.
  case nothing(String)

  /// The endpoints under `/api/collections/NAME/`.
  static let endpoints = ListEndpoint.allCases.map(\.rawValue) + ["changes", "items", "notes"]

  /// What `path`, a request path with its escapes, names.
  ///
  /// - Throws: `APIError` 400 when a part of the path is not valid percent-encoded UTF-8.
  init(path: String) throws(APIError) {
    guard path.hasPrefix("/") else { throw .badRequest("the path must start with '/'") }
    var segments: [String] = []
    for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let segment = PercentEncoding.decode(String(raw)) else {
        throw .badRequest("the path is not valid percent-encoded UTF-8")
      }
      segments.append(segment)
    }
    let isAPI = segments.count >= 2 && segments[0] == "api" && segments[1] == "collections"
    switch segments.count {
    case 1 where segments[0].isEmpty:
      self = .page("index.html")
    case 2 where segments[0] == "assets":
      self = .page(segments[1])
    case 2 where isAPI:
      self = .collections
    case 3 where isAPI:
      self = .collection(segments[2])
    case 4 where isAPI:
      if let endpoint = ListEndpoint(rawValue: segments[3]) {
        self = .list(segments[2], endpoint)
      } else if segments[3] == "changes" {
        self = .changes(segments[2])
      } else if segments[3] == "items" {
        self = .items(segments[2])
      } else if segments[3] == "notes" {
        self = .notes(segments[2])
      } else {
        self = .nothing(
          "no endpoint '\(segments[3])'; the endpoints are: "
            + Self.endpoints.joined(separator: ", "))
      }
    case 5 where isAPI && segments[3] == "items":
      self = .item(segments[2], segments[4])
    default:
      self = .nothing("nothing at \(path)")
    }
  }

  /// The collection the resource belongs to, if any.
  var collection: String? {
    switch self {
    case .collection(let name), .list(let name, _), .changes(let name), .items(let name),
      .item(let name, _), .notes(let name):
      return name
    case .page, .collections, .nothing:
      return nil
    }
  }

  /// The methods the resource has (`OPTIONS` aside, which every one answers).
  var methods: [String] {
    switch self {
    case .page, .collections, .collection, .list, .changes, .nothing: return ["GET", "HEAD"]
    case .items: return ["GET", "HEAD", "POST", "PUT"]
    case .item: return ["GET", "HEAD", "PATCH", "DELETE"]
    case .notes: return ["GET", "HEAD", "PUT"]
    }
  }

  /// Whether anyone may read it, token or not: the page's files, which hold no data.
  var isPublic: Bool {
    if case .page = self { return true }
    return false
  }
}
