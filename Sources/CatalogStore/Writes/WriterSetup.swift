import CatalogCollation

/// What writing a collection's items needs that is costly to make (ICU collators, alphabetic
/// indexes, break iterators, transliterators) and that stays the same from one write to the
/// next: the keys of its lists and search indexes. A catalog keeps the last one per collection
/// and makes it again when the collection's settings, lists or search indexes change.
final class WriterSetup {
  /// Everything a writer setup is made from, read in one statement: the collection's settings,
  /// its lists with their versions, index columns and top levels, and its search indexes. The
  /// top levels ride along so that a write need not ask for them: the setup is made again in
  /// the rare write after one grew.
  struct ListsSignature: Equatable {
    var text: String
    var topLevels: [TopLevel]
  }

  /// A list's id and the top level of its block counts.
  struct TopLevel: Equatable {
    let listID: Int
    let level: Int
  }

  /// One stored list of the collection.
  struct List {
    let listID: Int
    let grouping: Grouping
    let collation: Collation
    let indexColumns: [String]
    /// The top level of its block counts when the setup was checked (`BlockTree.topLevel()`).
    let topLevel: Int
  }

  let keys: RowKeyMaker
  let lists: [List]
  let searches: [SearchIndexWriter]
  /// What the setup was made for; a different signature needs a new one.
  let signature: ListsSignature

  init(
    keys: RowKeyMaker, lists: [List], searches: [SearchIndexWriter], signature: ListsSignature
  ) {
    self.keys = keys
    self.lists = lists
    self.searches = searches
    self.signature = signature
  }
}
