/// A collection's header and footer and the notes of its sections in every grouping, as
/// `annotate` writes them: what a mirror takes from its server, which it asks for again when the
/// server's `version` of them is past its own (DESIGN §16).
public struct CollectionNotes: Sendable, Equatable {
  /// The notes of one section: its grouping, its heading and its texts.
  public struct Section: Sendable, Equatable {
    public let grouping: Grouping
    public let note: SectionNote

    public init(grouping: Grouping, note: SectionNote) {
      self.grouping = grouping
      self.note = note
    }
  }

  /// The catalog version of the write that last changed them; 0 for none since schema 8.
  public var version: Int
  public var header: String?
  public var footer: String?
  public var sections: [Section]

  public init(version: Int, header: String?, footer: String?, sections: [Section]) {
    self.version = version
    self.header = header
    self.footer = footer
    self.sections = sections
  }
}
