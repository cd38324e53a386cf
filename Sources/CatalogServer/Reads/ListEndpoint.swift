/// The endpoints under `/api/collections/NAME/`, each with the query parameters it accepts.
enum ListEndpoint: String, CaseIterable, Sendable {
  case sections, index, rows, search

  /// The parameters that choose the list, which every endpoint accepts.
  static let listParameters = ["group_by", "index_by", "locale"]

  /// Every parameter the endpoint accepts; any other is a 400.
  var acceptedParameters: [String] {
    switch self {
    case .sections: return Self.listParameters
    case .index: return Self.listParameters + ["compact", "fit"]
    case .rows: return Self.listParameters + ["offset", "limit"]
    case .search: return ["q"] + Self.listParameters + ["offset", "limit"]
    }
  }
}
