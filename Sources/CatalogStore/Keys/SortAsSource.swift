/// Where an item's sort-as value comes from (DESIGN §1): the sort-as columns joined with a space;
/// the title when there are none, or when they are all blank for that item (as Contacts sorts a
/// name without a phonetic reading by the name itself).
struct SortAsSource: Sendable {
  let titleIndex: Int
  /// The positions of the sort-as columns; empty means the title.
  let columnIndices: [Int]

  func value(in fields: [String]) -> String {
    guard !columnIndices.isEmpty else { return fields[titleIndex] }
    let joined = columnIndices.map { fields[$0] }.joined(separator: " ")
    return joined.trimmingWhiteSpace.isEmpty ? fields[titleIndex] : joined
  }
}

extension SortAsSource {
  /// The title and sort-as columns of a stored collection.
  init(collection: CollectionInfo) {
    titleIndex = collection.columns.firstIndex(of: collection.titleColumn) ?? 0
    columnIndices = collection.sortAs.compactMap { collection.columns.firstIndex(of: $0) }
  }

  /// What an item's search keys are made of: its title, and its sort-as value when the
  /// collection has sort-as columns (nil when it sorts by the title).
  func searchTexts(in fields: [String]) -> (title: String, sortAs: String?) {
    (fields[titleIndex], columnIndices.isEmpty ? nil : value(in: fields))
  }
}
