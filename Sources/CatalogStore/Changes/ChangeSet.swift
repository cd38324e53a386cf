import Foundation

/// How one committed write changed one list, in the terms a list UI applies (DESIGN §10).
///
/// Deleted sections and rows, and the sources of moves, are positions before the write; inserted
/// ones, the destinations of moves and the updated ones are positions after it. To apply it: take
/// out the deleted rows and the moves' sources, delete the deleted sections (with any rows left in
/// them), insert the inserted sections empty, then put in the inserted rows and the moves'
/// destinations; redraw the updated sections and rows. A write that changed the list wholesale
/// is a reload instead.
public struct ChangeSet: Sendable, Equatable {
  /// A row's place: its section and its position in that section, from 0.
  public struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let section: Int
    public let row: Int

    public init(section: Int, row: Int) {
      self.section = section
      self.row = row
    }

    public static func < (a: RowPath, b: RowPath) -> Bool {
      (a.section, a.row) < (b.section, b.row)
    }

    public var description: String { "[\(section),\(row)]" }
  }

  /// A row that moved: where it was before the write and where it is after.
  public struct Move: Hashable, Sendable {
    public let from: RowPath
    public let to: RowPath

    public init(from: RowPath, to: RowPath) {
      self.from = from
      self.to = to
    }
  }

  /// The catalog version the write committed.
  public let version: Int
  public let collection: String
  public let grouping: Grouping
  /// The list's locale, a canonical ICU id.
  public let locale: String
  /// Whether the list changed wholesale, so that a UI reloads it; the other fields are then empty.
  public let isReload: Bool
  public let deletedSections: [Int]
  public let insertedSections: [Int]
  public let updatedSections: [Int]
  public let deletedRows: [RowPath]
  public let insertedRows: [RowPath]
  public let movedRows: [Move]
  public let updatedRows: [RowPath]

  public init(
    version: Int, collection: String, grouping: Grouping, locale: String,
    deletedSections: [Int] = [], insertedSections: [Int] = [], updatedSections: [Int] = [],
    deletedRows: [RowPath] = [], insertedRows: [RowPath] = [], movedRows: [Move] = [],
    updatedRows: [RowPath] = []
  ) {
    self.version = version
    self.collection = collection
    self.grouping = grouping
    self.locale = locale
    isReload = false
    self.deletedSections = deletedSections.sorted()
    self.insertedSections = insertedSections.sorted()
    self.updatedSections = updatedSections.sorted()
    self.deletedRows = deletedRows.sorted()
    self.insertedRows = insertedRows.sorted()
    self.movedRows = movedRows.sorted { $0.from < $1.from }
    self.updatedRows = updatedRows.sorted()
  }

  /// The change set that tells a list to reload.
  public static func reload(version: Int, collection: String, grouping: Grouping, locale: String)
    -> ChangeSet
  {
    ChangeSet(version: version, collection: collection, grouping: grouping, locale: locale)
  }

  private init(version: Int, collection: String, grouping: Grouping, locale: String) {
    self.version = version
    self.collection = collection
    self.grouping = grouping
    self.locale = locale
    isReload = true
    deletedSections = []
    insertedSections = []
    updatedSections = []
    deletedRows = []
    insertedRows = []
    movedRows = []
    updatedRows = []
  }

  /// Whether the change set changes nothing a UI shows.
  public var isEmpty: Bool {
    !isReload && deletedSections.isEmpty && insertedSections.isEmpty && updatedSections.isEmpty
      && deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && updatedRows.isEmpty
  }

  // MARK: - JSON

  /// The change set as one line of JSON, as `catalog watch` prints it (DESIGN §10).
  public var jsonText: String {
    var text = "{\"version\":\(version),\"collection\":\(JSONText.quoted(collection))"
    text += ",\"group_by\":" + (grouping.column.map { JSONText.quoted($0) } ?? "null")
    text += ",\"locale\":\(JSONText.quoted(locale))"
    if isReload { return text + ",\"reload\":true}" }
    func numbers(_ values: [Int]) -> String {
      "[" + values.map(String.init).joined(separator: ",") + "]"
    }
    func paths(_ values: [RowPath]) -> String {
      "[" + values.map(\.description).joined(separator: ",") + "]"
    }
    text += ",\"sections\":{\"deleted\":\(numbers(deletedSections))"
    text += ",\"inserted\":\(numbers(insertedSections)),\"updated\":\(numbers(updatedSections))}"
    text += ",\"rows\":{\"deleted\":\(paths(deletedRows)),\"inserted\":\(paths(insertedRows))"
    text += ",\"moved\":[" + movedRows.map { "[\($0.from),\($0.to)]" }.joined(separator: ",")
    text += "],\"updated\":\(paths(updatedRows))}}"
    return text
  }

  /// Reads a change set from its JSON line; nil when the text is not one.
  public init?(jsonText: String) {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [String: Any],
      let version = object["version"] as? Int, let collection = object["collection"] as? String,
      let locale = object["locale"] as? String
    else { return nil }
    let grouping = (object["group_by"] as? String).map(Grouping.column) ?? .letters
    if object["reload"] as? Bool == true {
      self.init(version: version, collection: collection, grouping: grouping, locale: locale)
      return
    }
    guard let sections = object["sections"] as? [String: [Int]],
      let rows = object["rows"] as? [String: Any]
    else { return nil }
    func paths(_ name: String) -> [RowPath]? {
      (rows[name] as? [[Int]])?.map { RowPath(section: $0[0], row: $0[1]) }
    }
    guard let deleted = paths("deleted"), let inserted = paths("inserted"),
      let updated = paths("updated"), let moved = rows["moved"] as? [[[Int]]]
    else { return nil }
    self.init(
      version: version, collection: collection, grouping: grouping, locale: locale,
      deletedSections: sections["deleted"] ?? [], insertedSections: sections["inserted"] ?? [],
      updatedSections: sections["updated"] ?? [], deletedRows: deleted, insertedRows: inserted,
      movedRows: moved.map {
        Move(
          from: RowPath(section: $0[0][0], row: $0[0][1]),
          to: RowPath(section: $0[1][0], row: $0[1][1]))
      },
      updatedRows: updated)
  }
}
