import CatalogStore

/// The change sets of one list as Server-Sent Events, sent as writes commit in this or any
/// other process (DESIGN §10, §13): the body of `GET /api/collections/NAME/changes`.
///
/// ```
/// retry: 1000
/// id: 41
/// event: version
/// data: 41
///
/// id: 44
/// data: {"version":44,"collection":"contacts","group_by":null,"locale":"sv",…}
///
/// : keep-alive
///
/// ```
/// - Each change set is a message event (no event type) whose data is exactly the line that
///   `catalog watch` prints for it, and whose id is the version it committed, in order.
/// - A `version` event says that every change set of the list up to its version (its data and
///   its id) has been sent: one comes first, with the version the stream starts after, and one
///   each time the catalog moves on past the last event without changing the list, so that a
///   client knows which versions its list is exact at, and `Last-Event-ID` resumes from there.
/// - A comment is sent when nothing else was for `ServerLimits.keepAliveInterval`.
///
/// It waits on the connection's thread, looking at the catalog every `checkInterval` (a cheap
/// `PRAGMA data_version` through its `VersionWatcher`) and at the client's socket in between.
/// It ends when the client hangs up or the server stops (within `checkInterval`), after
/// `ServerLimits.streamSeconds`, or when the catalog cannot be read; it holds no read
/// transaction while it waits, so the catalog's log can be checkpointed meanwhile.
final class ChangeEventStream: ResponseStream {
  /// The query parameters of `/changes`; `since` is the version to start after.
  static let acceptedParameters = ["since", "group_by", "locale"]
  /// How often the stream looks for new versions; `catalog watch` looks as often.
  static let checkInterval = Duration.milliseconds(10)
  /// How long a client waits before it reconnects when the stream ends (the `retry` field).
  static let reconnectMilliseconds = 1000

  private let catalog: Catalog
  private let watcher: VersionWatcher
  private let collection: String
  private let grouping: Grouping
  private let locale: String
  private let keepAliveInterval: Duration
  private let ends: ContinuousClock.Instant
  private let slot: StreamSlots.Slot
  /// Every change set up to this version has been sent.
  private var since: Int
  /// The id of the last event sent; nil before the first.
  private var lastID: Int?

  /// A stream of the change sets to the list (`collection`, `grouping`, `locale`, a canonical
  /// locale id) after version `since`, read through `catalog` and `watcher`, which the stream
  /// owns from now on; it holds `slot` while it lasts.
  init(
    catalog: Catalog, watcher: VersionWatcher, collection: String, grouping: Grouping,
    locale: String, since: Int, limits: ServerLimits, slot: StreamSlots.Slot
  ) {
    self.catalog = catalog
    self.watcher = watcher
    self.collection = collection
    self.grouping = grouping
    self.locale = locale
    self.since = since
    self.slot = slot
    keepAliveInterval = limits.keepAliveInterval
    ends = .now + .seconds(limits.streamSeconds)
  }

  func next(watching client: ClientSocket) -> [UInt8]? {
    do {
      guard lastID != nil else {
        let start = "retry: \(Self.reconnectMilliseconds)\n"
        return Array((start + (try events(through: watcher.version()))).utf8)
      }
      let waitStarted = ContinuousClock.now
      while ContinuousClock.now < ends {
        if client.hasHungUp(waitingUpTo: Self.checkInterval) { return nil }
        if let current = try watcher.newVersion() {
          let text = try events(through: current)
          if !text.isEmpty { return Array(text.utf8) }
        }
        if ContinuousClock.now - waitStarted >= keepAliveInterval {
          return Array(": keep-alive\n\n".utf8)
        }
      }
      return nil
    } catch {
      return nil
    }
  }

  /// The events for the change sets after `since`, then a `version` event for `current` (the
  /// catalog's version, read before the change sets, as `catalog watch` reads it) unless the
  /// last change set is at it already.
  private func events(through current: Int) throws(CatalogError) -> String {
    let changes = try catalog.changeSets(
      since: since, collection: collection, grouping: grouping, locale: locale)
    var text = ""
    for change in changes {
      text += "id: \(change.version)\ndata: \(change.jsonText)\n\n"
      lastID = change.version
    }
    since = max(current, changes.last?.version ?? since)
    if lastID != since {
      text += "id: \(since)\nevent: version\ndata: \(since)\n\n"
      lastID = since
    }
    return text
  }
}
