import CatalogRecords
import CatalogStore

/// The item endpoints of DESIGN §15: one item read, and the writes, each through the library's
/// own write functions in one transaction, answered with the write's summary as `catalog …
/// --format json` prints it (DESIGN §9). A write that fails changes nothing and uses no version;
/// one that changes nothing commits nothing and answers with the catalog's version.
struct ItemAPI: Sendable {
  let catalogs: CatalogPool

  /// The columns of an item's record: `{"item":N,"key":…,"version":V,"fields":{…}}`.
  static let itemColumns = ["item", "key", "version", "fields"]

  /// The collection called `name`.
  ///
  /// - Throws: `APIError` 404 when there is none.
  func collection(named name: String) throws(APIError) -> CollectionInfo {
    try catalogs.reading { (catalog) throws(CatalogError) in
      guard let collection = try catalog.collection(named: name) else {
        throw .unknownCollection(name: name, available: try catalog.collections().map(\.name))
      }
      return collection
    }
  }

  /// The item that `text`, a path segment decoded, names: its key in a collection with a key
  /// column, else its number.
  ///
  /// - Throws: `CatalogError.unknownItem` for a text that is no item number in a collection
  ///   without a key column.
  static func reference(_ text: String, in collection: CollectionInfo) throws(CatalogError)
    -> ItemReference
  {
    guard collection.keyColumn == nil else { return .key(text) }
    guard let number = Int(text), number >= 0 else {
      throw .unknownItem(.key(text), collection: collection.name)
    }
    return .number(number)
  }

  /// `GET /api/collections/NAME/items/ITEM`: the item, with its version as its `ETag`.
  ///
  /// - Throws: `APIError` 404 for an unknown collection or item.
  func item(_ text: String, in name: String) throws(APIError) -> HTTPResponse {
    let (stored, identity) = try catalogs.reading { catalog -> (StoredItem, String) in
      let collection = try catalog.resolveCollection(named: name)
      return (
        try catalog.item(Self.reference(text, in: collection), in: collection.name),
        try catalog.identity(of: collection)
      )
    }
    let record = Record(
      columns: Self.itemColumns,
      values: [
        .integer(stored.item), .nullable(stored.key), .integer(stored.version),
        .object(
          zip(stored.columns, stored.fields).map {
            RecordValue.Pair(name: $0, value: .text($1))
          }),
      ])
    var response = HTTPResponse.json(Array((record.json + "\n").utf8))
    response.headers.append(("ETag", Self.entityTag(stored.version)))
    response.headers.append((Router.identityHeader, identity))
    return response
  }

  /// Whether the item `text` names exists in the collection, for a 404 before a body is read.
  ///
  /// - Throws: `APIError` 404 when it does not.
  func checkItem(_ text: String, in collection: CollectionInfo) throws(APIError) {
    _ = try catalogs.reading { (catalog) throws(CatalogError) in
      try catalog.item(Self.reference(text, in: collection), in: collection.name)
    }
  }

  /// `POST /api/collections/NAME/items`: adds the item of an object, or the items of an array
  /// in one write. 201 with the summary and the `Location` of the first item; 200 with the
  /// catalog's version for an empty array. With `once`, carried out once for its key (`bytes`:
  /// the body as sent).
  func add(
    _ body: FieldsBody, to collection: CollectionInfo, once: IdempotentWrite? = nil,
    bytes: [UInt8] = []
  ) throws(APIError) -> HTTPResponse {
    let items: [[String: String]]
    switch body {
    case .object(let fields): items = [fields]
    case .array(let array): items = array
    }
    return try writing(once, body: bytes) { catalog in
      let ((first, identity), summary) = try catalog.write(to: collection.name) { writer in
        var first: Int?
        for fields in items {
          let item = try writer.add(fields)
          if first == nil { first = item }
        }
        return (
          try first.map { try writer.stored(.number($0)) },
          try catalog.identity(of: writer.collection)
        )
      }
      var response = HTTPResponse.summary(summary, status: first == nil ? 200 : 201)
      if let first {
        response.headers.append(
          ("Location", Self.location(of: first.key ?? String(first.item), in: collection.name)))
      }
      response.headers.append((Router.identityHeader, identity))
      return response
    }
  }

  /// `PATCH /api/collections/NAME/items/ITEM`: sets the given fields, if the item has not
  /// changed since the version `condition` names. Answers with the summary and the item's
  /// `ETag` after the write.
  ///
  /// - Throws: `APIError` 404 for an unknown item, 412 when the item changed, 400 for an unknown
  ///   column, a blank or a duplicate key.
  func update(
    _ text: String, in collection: CollectionInfo, setting fields: [String: String],
    condition: VersionCondition?, once: IdempotentWrite? = nil, bytes: [UInt8] = []
  ) throws(APIError) -> HTTPResponse {
    try writing(once, body: bytes) { catalog in
      let ((before, identity), summary) = try write(
        text, in: collection, if: condition, on: catalog
      ) {
        writer, item in try writer.update(item, fields)
      }
      var response = HTTPResponse.summary(summary)
      response.headers.append(
        ("ETag", Self.entityTag(summary.updated.isEmpty ? before.version : summary.version)))
      response.headers.append((Router.identityHeader, identity))
      return response
    }
  }

  /// `DELETE /api/collections/NAME/items/ITEM`: removes the item, if it has not changed since
  /// the version `condition` names.
  ///
  /// - Throws: `APIError` 404 for an unknown item, 412 when the item changed.
  func remove(
    _ text: String, in collection: CollectionInfo, condition: VersionCondition?,
    once: IdempotentWrite? = nil
  ) throws(APIError) -> HTTPResponse {
    try writing(once, body: []) { catalog in
      let ((_, identity), summary) = try write(text, in: collection, if: condition, on: catalog) {
        try $0.remove($1)
      }
      var response = HTTPResponse.summary(summary)
      response.headers.append((Router.identityHeader, identity))
      return response
    }
  }

  /// Whether an answer is kept for the key of `once`: the request is then answered as a replay
  /// (or refused), before anything else about it is checked.
  func isRecorded(_ once: IdempotentWrite) throws(APIError) -> Bool {
    try catalogs.reading { (catalog) throws(CatalogError) in try catalog.isRecorded(once.key) }
  }

  /// The answer to a request without a body whose key has an answer kept already.
  func replay(_ once: IdempotentWrite) throws(APIError) -> HTTPResponse {
    try once.replay(with: catalogs, fingerprint: try once.digest(body: []))
  }

  /// The answer that `answer` makes with a catalog of the pool, in a write; once for the key of
  /// `once`, whose body is `body`.
  func writing(
    _ once: IdempotentWrite?, body: [UInt8], _ answer: (Catalog) throws -> HTTPResponse
  ) throws(APIError) -> HTTPResponse {
    try catalogs.writing { catalog in
      guard let once else { return try answer(catalog) }
      return try once.answer(on: catalog, fingerprint: { try once.digest(body: body) }) {
        try answer(catalog)
      }
    }
  }

  /// Writes the item `text` names with `change`, in one write on `catalog`, if it has not
  /// changed since the versions `condition` names; returns the item as the write found it, the
  /// collection's identity, and the summary.
  ///
  /// - Throws: `APIError` 412 when the item changed; what the write throws.
  private func write(
    _ text: String, in collection: CollectionInfo, if condition: VersionCondition?,
    on catalog: Catalog, _ change: (CollectionWriter, ItemReference) throws -> Void
  ) throws -> (result: (StoredItem, String), summary: WriteSummary) {
    try catalog.write(to: collection.name) { writer in
      let reference = try Self.reference(text, in: collection)
      let stored = try writer.stored(reference)
      if let condition, !condition.allows(stored.version) {
        throw APIError.preconditionFailed(item: stored.item, version: stored.version)
      }
      try change(writer, reference)
      return (stored, try catalog.identity(of: writer.collection))
    }
  }

  /// `"V"`: the `ETag` of an item last written at version `version`.
  static func entityTag(_ version: Int) -> String { "\"\(version)\"" }

  /// The path of an item, or of the collection when `item` is nil, each part escaped.
  static func location(of item: String? = nil, in collection: String) -> String {
    "/api/collections/" + PercentEncoding.encodeSegment(collection)
      + (item.map { "/items/" + PercentEncoding.encodeSegment($0) } ?? "")
  }
}
