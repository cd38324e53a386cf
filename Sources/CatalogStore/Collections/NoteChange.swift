/// What one `annotate` writes: the header and footer of a collection, or of one section of a
/// grouping. A text left nil stays as it is; an empty one is removed.
public struct NoteChange: Sendable, Equatable {
  /// The section's grouping, when the change is a section's.
  public var grouping: Grouping?
  /// The section's heading, as the grouping's lists spell it; nil for the collection's own.
  public var heading: String?
  public var header: String?
  public var footer: String?

  public init(
    grouping: Grouping? = nil, heading: String? = nil, header: String?, footer: String?
  ) {
    self.grouping = heading == nil ? nil : grouping ?? .letters
    self.heading = heading
    self.header = header
    self.footer = footer
  }

  /// The change as fields, name to value (`group_by`, `section`, `header`, `footer`, each only
  /// when given; the letters' `group_by` is empty): how a mirror queues it and a server takes it.
  public var fields: [String: String] {
    var fields: [String: String] = [:]
    if let heading {
      fields["section"] = heading
      fields["group_by"] = grouping?.column ?? ""
    }
    fields["header"] = header
    fields["footer"] = footer
    return fields
  }

  /// The change that `fields` spell, as `fields` gives them; nil for other names, a `group_by`
  /// without a `section`, or neither a header nor a footer.
  public init?(fields: [String: String]) {
    guard Set(fields.keys).isSubset(of: ["section", "group_by", "header", "footer"]),
      fields["group_by"] == nil || fields["section"] != nil,
      fields["header"] != nil || fields["footer"] != nil
    else { return nil }
    self.init(
      grouping: fields["group_by"].map { $0.isEmpty ? .letters : .column($0) },
      heading: fields["section"], header: fields["header"], footer: fields["footer"])
  }
}
