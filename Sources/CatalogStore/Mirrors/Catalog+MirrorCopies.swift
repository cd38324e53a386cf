import Foundation

extension Catalog {
  /// Where the pages of the copy `name` are kept while it is under way: beside the catalog's
  /// file (`PATH-copy-NAME`, the name's other characters than letters, digits, `.`, `-` and `_`
  /// percent-encoded, as `/` must be), or in the temporary directory for a catalog on a server.
  public func mirrorCopyPath(named name: String) -> String {
    let encoded =
      name.addingPercentEncoding(
        withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "._-"))) ?? name
    if engine.traits.isAFile { return path + "-copy-" + encoded }
    // FNV-1a of the catalog's place: one file a catalog and name, whatever the URI spells.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return NSTemporaryDirectory() + "catalog-copy-\(String(hash, radix: 16))-" + encoded
  }

  /// The copy of a server collection in progress under the local name `name`, if any.
  public func mirrorCopy(named name: String) throws(CatalogError) -> MirrorCopyProgress? {
    let statement = try connection.cached(
      "SELECT url, identity, version, settings FROM mirror_copies WHERE name = ?")
    try statement.bind(.text(name))
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    let identity = statement.text(at: 1)
    let pages = MirrorCopyFile.state(at: mirrorCopyPath(named: name), identity: identity)
    return MirrorCopyProgress(
      url: statement.text(at: 0), identity: identity, version: statement.int(at: 2),
      after: pages.lastItem, isComplete: pages.isComplete, settings: statement.text(at: 3),
      itemsCopied: pages.itemCount)
  }

  /// Begins a copy of a server collection as of server version `version`, forgetting any other
  /// copy under this name; nothing of it is visible until `finishMirrorCopy`.
  public func startMirrorCopy(
    named name: String, url: String, identity: String, version: Int, settings: String
  ) throws(CatalogError) {
    MirrorCopyFile.remove(at: mirrorCopyPath(named: name))
    try connection.transaction { () throws(CatalogError) in
      try connection.prepare("DELETE FROM mirror_copies WHERE name = ?").bind(.text(name)).run()
      try connection.prepare(
        "INSERT INTO mirror_copies (name, url, identity, version, settings) VALUES (?, ?, ?, ?, ?)"
      ).bind(.text(name), .text(url), .text(identity), .integer(version), .text(settings)).run()
    }
  }

  /// The pages of the copy under way under `name`, opened to add more after those kept.
  ///
  /// - Throws: `CatalogError.invalidRequest` when no copy is under way under `name`;
  ///   `.mirrorCopyFile` when its file cannot be written or another process writes it.
  public func openMirrorCopy(named name: String) throws(CatalogError) -> MirrorCopyFile {
    guard let copy = try mirrorCopy(named: name) else {
      throw .invalidRequest("no copy of a server collection is under way for '\(name)'")
    }
    return try MirrorCopyFile(
      path: mirrorCopyPath(named: name), identity: copy.identity,
      columns: Self.columns(inSettings: copy.settings))
  }

  /// Swaps a copy in, in one write: a new collection made with the device's settings
  /// (`options`: locale, groupings, search…), or, for a mirror there is, its items made the
  /// copy's with the pending local writes kept on top. Watchers get a reload or the change sets.
  ///
  /// The copy's pages are read as one CSV file: those kept, then, when `pagesToCome` is given,
  /// the CSV lines it hands over (nil after the last) while they are added to the kept pages
  /// meanwhile, so that a new mirror is built while its pages come.
  ///
  /// - Throws: `CatalogError.invalidRequest` when no copy is kept under `name`, or its pages end
  ///   before the last (nothing is written then).
  @discardableResult
  public func finishMirrorCopy(
    named name: String, options: ImportOptions,
    pagesToCome: (() throws(CSVError) -> [UInt8]?)? = nil
  ) throws(CatalogError) -> WriteSummary {
    let path = mirrorCopyPath(named: name)
    let summary = try connection.withLargeWrite(.wholeCollection) { () throws(CatalogError) in
      try versionedWrite { () throws(CatalogError) in
        guard let copy = try mirrorCopy(named: name), copy.isComplete || pagesToCome != nil else {
          throw .invalidRequest("no complete copy of a server collection is kept for '\(name)'")
        }
        try connection.lockCollection(named: name)
        let pages = try copyPages(copy, at: path, pagesToCome: pagesToCome)
        let outcome: WriteOutcome<WriteSummary>
        if let mirror = try collection(named: name) {
          guard try MirrorQueue.isMirror(mirror.id, on: connection) else {
            throw .collectionExists(name: name)
          }
          outcome = try swapCopy(copy, pages: pages, named: name, into: mirror)
        } else {
          outcome = try importCopy(copy, pages: pages, named: name, options: options)
        }
        guard MirrorCopyFile.state(at: path, identity: copy.identity).isComplete else {
          throw .invalidRequest("the copy of '\(name)' ended before its last page")
        }
        try connection.prepare("DELETE FROM mirror_copies WHERE name = ?").bind(.text(name)).run()
        return outcome
      }
    }
    MirrorCopyFile.remove(at: path)
    return summary
  }

  /// The pages of `copy` kept at `path`, then those to come, as one CSV file with the pages'
  /// header.
  private func copyPages(
    _ copy: MirrorCopyProgress, at path: String,
    pagesToCome: (() throws(CSVError) -> [UInt8]?)?
  ) throws(CatalogError) -> CSVReader {
    var header: [UInt8]? = MirrorCopyPage.headerLine(
      columns: Self.columns(inSettings: copy.settings))
    var kept: (() throws(CSVError) -> [UInt8]?)? = try MirrorCopyFile.records(
      at: path, identity: copy.identity)
    do {
      return try CSVReader(inputName: copy.url) { () throws(CSVError) in
        if let line = header {
          header = nil
          return line
        }
        if let next = kept {
          if let page = try next() { return page }
          kept = nil
        }
        return try pagesToCome?()
      }
    } catch {
      throw .csv(error)
    }
  }

  /// Makes the new mirror `name` of a copy as an import of its `pages`, its items numbered as
  /// the server numbers them.
  private func importCopy(
    _ copy: MirrorCopyProgress, pages: CSVReader, named name: String, options: ImportOptions
  ) throws(CatalogError) -> WriteOutcome<WriteSummary> {
    var options = options
    options.collection = name
    options.mode = .create
    let imported = try importAll(
      from: pages, named: name, options: options, replacing: nil,
      numbering: .leadingFields(count: MirrorCopyPage.leadingColumnCount), progress: nil)
    guard let mirror = try collection(named: name), case .changed(let record) = imported else {
      throw .invalidRequest("the copy of '\(name)' made no collection")
    }
    // An upload's If-Match names the item's server version, and the server takes any version
    // since which the item has not changed: the copy's is one, for every item of it, which
    // `copy_version` says for all of them at once.
    try connection.prepare(
      """
      INSERT INTO mirrors (collection_id, url, identity, reached, mirror_id, copy_version)
      VALUES (?1, ?2, ?3, ?4, ?5, ?4)
      """
    ).bind(
      .integer(mirror.id), .text(copy.url), .text(copy.identity), .integer(copy.version),
      .text(UUID().uuidString.lowercased())
    ).run()
    return .changed { (version) throws(CatalogError) in try record(version).changes }
  }

  /// Makes the items of the mirror `collection` the complete copy's, with the pending local
  /// writes kept on top, as server versions are applied.
  private func swapCopy(
    _ copy: MirrorCopyProgress, pages: CSVReader, named name: String, into target: CollectionInfo
  ) throws(CatalogError) -> WriteOutcome<WriteSummary> {
    // The server's columns may have changed with its collection: fields go by name.
    let columns = Self.columns(inSettings: copy.settings)
    try stageCopyItems(pages, named: name, columns: columns, keyColumn: target.keyColumn)
    isApplyingMirror = true
    defer { isApplyingMirror = false }
    let writer = try CollectionWriter(catalog: self, collection: target)
    // A collection made anew numbers its items anew: pending writes follow their items' keys to
    // the new numbers (their If-Match then fails, and they are merged).
    try connection.prepare(
      """
      UPDATE mirror_writes SET item = (SELECT c.item FROM mirror_copy_items c
        WHERE c.name = ?2 AND c.key = mirror_writes.key)
      WHERE collection_id = ?1 AND item < ?3 AND key IS NOT NULL AND EXISTS
        (SELECT 1 FROM mirror_copy_items c WHERE c.name = ?2 AND c.key = mirror_writes.key)
      """
    ).bind(.integer(target.id), .text(name), .integer(Self.firstLocalItem)).run()
    // Items the copy no longer has go first, then every item the copy has is applied as a server
    // version would be, pending local writes on top.
    // The server's items the device knows: those with a version of their own, those it holds
    // (copied, with the copy's version), and those it removed but has not uploaded yet.
    let gone = try connection.prepare(
      """
      SELECT m.item FROM (
        SELECT item FROM mirror_items WHERE collection_id = ?1
        UNION SELECT item FROM items WHERE collection_id = ?1 AND item < ?3
        UNION SELECT item FROM mirror_writes WHERE collection_id = ?1 AND item < ?3
      ) m WHERE NOT EXISTS
        (SELECT 1 FROM mirror_copy_items c WHERE c.name = ?2 AND c.item = m.item)
      ORDER BY m.item
      """)
    try gone.bind(.integer(target.id), .text(name), .integer(Self.firstLocalItem))
    var removed: [Int] = []
    while try gone.step() { removed.append(gone.int(at: 0)) }
    let applier = try MirrorApplier(catalog: self, collection: target, writer: writer)
    for item in removed {
      try applier.apply(ServerItem(item: item, key: nil, version: copy.version, fields: nil))
    }
    let staged = try connection.prepare(
      "SELECT item, key, version, fields FROM mirror_copy_items WHERE name = ? ORDER BY item")
    try staged.bind(.text(name))
    while try staged.step() {
      let values = staged.stringArray(at: 3)
      try applier.apply(
        ServerItem(
          item: staged.int(at: 0), key: staged.optionalText(at: 1), version: staged.int(at: 2),
          fields: Dictionary(
            zip(columns, values).map { ($0, $1) }, uniquingKeysWith: { $1 })))
    }
    try connection.prepare(
      """
      UPDATE mirrors SET identity = ?2, reached = ?3, url = ?4, copy_version = ?3
      WHERE collection_id = ?1
      """
    ).bind(.integer(target.id), .text(copy.identity), .integer(copy.version), .text(copy.url))
      .run()
    // The notes of the collection made anew come with the next changes (from version 0 on).
    let hadNotes = try takeServerNotes(
      CollectionNotes(version: 0, header: nil, footer: nil, sections: []), into: target)
    try connection.prepare("DELETE FROM mirror_items WHERE collection_id = ?")
      .bind(.integer(target.id)).run()
    try connection.prepare(
      """
      INSERT INTO mirror_items (collection_id, item, version)
      SELECT ?, item, version FROM mirror_copy_items WHERE name = ?
      """
    ).bind(.integer(target.id), .text(name)).run()
    try connection.prepare("DELETE FROM mirror_copy_items WHERE name = ?").bind(.text(name)).run()
    return try finishMirrorWrite(writer, of: target, reloads: hadNotes)
  }

  /// Spells out the copy's `pages` (of `columns`) as rows of `mirror_copy_items` under `name`,
  /// each with its key in `keyColumn`, for a swap that goes item by item.
  private func stageCopyItems(
    _ pages: CSVReader, named name: String, columns: [String], keyColumn: String?
  ) throws(CatalogError) {
    let keyPosition = keyColumn.flatMap { columns.firstIndex(of: $0) }
    let leading = MirrorCopyPage.leadingColumnCount
    let insert = try connection.prepare(
      "INSERT INTO mirror_copy_items (name, item, key, version, fields) VALUES (?, ?, ?, ?, ?)")
    do {
      while let record = try pages.next() {
        guard let item = Int(record.fields[0]), let version = Int(record.fields[1]) else {
          throw CatalogError.invalidRequest(
            "the copy of '\(name)' has a line that names no item and version")
        }
        let fields = Array(record.fields.dropFirst(leading))
        try insert.bind(
          .text(name), .integer(item),
          keyPosition.map { .text(String(fields[$0].canonicalValue)) } ?? .null,
          .integer(version), .text(JSONText.array(fields))
        ).run()
      }
    } catch let error as CSVError {
      throw .csv(error)
    } catch {
      throw error as? CatalogError ?? .invalidRequest("\(error)")
    }
  }

  /// The columns of a server collection's record as `startMirrorCopy` keeps it.
  static func columns(inSettings settings: String) -> [String] {
    let object = try? JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Any]
    return object?["columns"] as? [String] ?? []
  }
}
