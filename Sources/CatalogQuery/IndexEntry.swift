/// One entry of the right-edge index: its title, how many items it covers, and the section a tap
/// on it jumps to.
public struct IndexEntry: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// The magnifying glass a list puts first in its index, jumping to its search field.
    case search
    /// A letter, or an index title of a column grouping.
    case title
    /// A `•` standing for the entries left out to fit a short index (`fitted(toAtMost:)`).
    case collapsed
  }

  public let kind: Kind
  public let title: String
  /// The section a tap jumps to; nil for the search entry and when the list is empty.
  public let section: Int?
  /// The number of items filed under the title (0 for a letter with none).
  public let count: Int
  /// For a collapsed entry, the titles of the entries it stands for, in order; else empty.
  public let standsFor: [String]

  public init(kind: Kind, title: String, section: Int?, count: Int, standsFor: [String] = []) {
    self.kind = kind
    self.title = title
    self.section = section
    self.count = count
    self.standsFor = standsFor
  }

  /// The title that iOS uses for the search entry (`UITableView.indexSearch`).
  public static let searchTitle = "{search}"
  /// The title of a collapsed entry, as iOS shows an index that does not fit.
  public static let collapsedTitle = "•"
}
