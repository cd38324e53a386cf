/// The grouped-list text of one section, stored by heading (DESIGN §6, `catalog annotate`).
public struct SectionNote: Sendable, Equatable {
  public let heading: String
  public let header: String?
  public let footer: String?

  public init(heading: String, header: String?, footer: String?) {
    self.heading = heading
    self.header = header
    self.footer = footer
  }
}
