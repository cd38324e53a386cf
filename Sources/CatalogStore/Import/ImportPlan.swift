import CatalogCollation
import Foundation

/// What an import that writes a collection's items at once (a new collection, or `--replace`)
/// resolved: the collection row it wrote, and the lists it builds.
struct ImportPlan {
  let collectionID: Int
  let name: String
  /// The number of the file's first item: 0, or the next number of a replaced collection (item
  /// numbers are never reused).
  let firstItem: Int
  /// The items of the collection it replaces, which it removed.
  let replacedItems: ItemNumbers
  /// The groupings being built, beginning with the letter grouping in the collection's locale.
  let build: ListBuild
  /// The key column's position, when the collection has one.
  let keyPosition: Int?
  let keyColumn: String?
  /// The collection's settings, for keying what comes after the lists.
  let settings: CollectionSettings
}

/// A collection's title, sort-as, locale and key, resolved against its header.
struct CollectionSettings {
  let titleColumn: String
  let sortAs: [String]
  let locale: CollationLocale
  let keyColumn: String?
  let sortingOptions: SortingOptions
}
