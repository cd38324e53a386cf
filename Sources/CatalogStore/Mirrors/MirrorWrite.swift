/// A write made on a device to a collection that mirrors a server's, queued for upload in the
/// local write's own transaction (DESIGN §16).
public struct MirrorWrite: Equatable, Sendable {
  /// What the write did to its item, or, for `notes`, to the collection's header and footer or a
  /// section's (its fields are a `NoteChange`'s).
  public enum Kind: String, Sendable {
    case add, update, remove, notes
  }

  /// The item number of a `notes` write, which is on no item.
  public static let notesItem = -1

  /// Its place in the queue: writes are uploaded in this order, and the mirror's id with this
  /// number is the write's `Idempotency-Key`.
  public let number: Int
  public let kind: Kind
  /// The item's number: the server's, or a local one (from `Catalog.firstLocalItem` on) for an
  /// item added on the device and not confirmed yet.
  public let item: Int
  /// The item's key as the server knows it (before the write), when the collection has a key
  /// column.
  public let key: String?
  /// The fields the write set, column to value: all of an added item's, an update's changed
  /// ones, none for a removal.
  public let fields: [String: String]
  /// The server version of the item the write was made on (its `If-Match`); nil for an add, or
  /// for a write on an item added on the device and not confirmed yet.
  public let baseVersion: Int?
  /// The item's fields on the server at `baseVersion`: the base of a three-way merge.
  public let baseFields: [String: String]?

  public init(
    number: Int, kind: Kind, item: Int, key: String?, fields: [String: String],
    baseVersion: Int?, baseFields: [String: String]?
  ) {
    self.number = number
    self.kind = kind
    self.item = item
    self.key = key
    self.fields = fields
    self.baseVersion = baseVersion
    self.baseFields = baseFields
  }
}

/// An item on which a device's write and the server's disagree (DESIGN §16): the device shows
/// the server's item and keeps the three copies until `Catalog.resolveMirrorConflict` settles it.
public struct MirrorConflict: Equatable, Sendable {
  public let item: Int
  public let key: String?
  /// The server's fields the device wrote on; nil when both added an item with the same key.
  public let base: [String: String]?
  /// The device's fields; nil when the device removed the item.
  public let local: [String: String]?
  /// The server's fields; nil when the server removed the item.
  public let server: [String: String]?

  public init(
    item: Int, key: String?, base: [String: String]?, local: [String: String]?,
    server: [String: String]?
  ) {
    self.item = item
    self.key = key
    self.base = base
    self.local = local
    self.server = server
  }
}

/// A device's write that the server refused (400, 403, 404), set aside so that the next goes on.
public struct MirrorRejection: Equatable, Sendable {
  public let number: Int
  public let item: Int
  public let key: String?
  /// The HTTP status of the refusal.
  public let status: Int
  /// The server's error.
  public let error: String
  /// The fields the write sent.
  public let fields: [String: String]

  public init(
    number: Int, item: Int, key: String?, status: Int, error: String, fields: [String: String]
  ) {
    self.number = number
    self.item = item
    self.key = key
    self.status = status
    self.error = error
    self.fields = fields
  }
}

/// Where a mirrored collection comes from and how far it has followed it (DESIGN §16).
public struct MirrorSource: Equatable, Sendable {
  /// The local collection.
  public let collection: String
  /// The server collection's address, `http[s]://HOST[:PORT]/api/collections/NAME`.
  public let url: String
  /// The server collection's identity the mirror holds it under.
  public let identity: String
  /// The server version reached: every server write up to it is applied.
  public let reached: Int
  /// This mirror's random id, the first part of its writes' `Idempotency-Key`.
  public let mirrorID: String
  /// How many local writes wait to be uploaded.
  public let pending: Int
  /// The version of the server collection's notes that the mirror's are at (0: none yet).
  public let notesVersion: Int
}

/// One item as a server page gives it (DESIGN §16): its fields at `version`, or nil for one
/// removed by the write of `version`.
public struct ServerItem: Equatable, Sendable {
  public let item: Int
  public let key: String?
  public let version: Int
  /// Column to value; nil for a removed item.
  public let fields: [String: String]?

  public init(item: Int, key: String?, version: Int, fields: [String: String]?) {
    self.item = item
    self.key = key
    self.version = version
    self.fields = fields
  }
}

/// A copy of a server collection in progress (DESIGN §16): kept aside page by page until it is
/// complete, then swapped in at once.
public struct MirrorCopyProgress: Equatable, Sendable {
  public let url: String
  public let identity: String
  /// The server version of the copy's first page, from which the mirror then follows.
  public let version: Int
  /// The last item number copied so far; nil before the first page.
  public let after: Int?
  /// Whether every page is in.
  public let isComplete: Bool
  /// The server collection's settings as its record gives them (JSON).
  public let settings: String
  /// How many items are copied so far.
  public let itemsCopied: Int
}
