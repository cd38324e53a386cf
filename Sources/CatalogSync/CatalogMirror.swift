import CatalogCollation
import CatalogStore
import Foundation

/// A device's mirror of a collection of a `catalog serve` (DESIGN §16): copies it in pages,
/// applies the server's versions, uploads the local writes queued with them, keeps conflicts,
/// and follows.
///
/// ```swift
/// let device = try Catalog(path: "device.db", creating: true)
/// let mirror = CatalogMirror(catalog: device, token: token)
/// try mirror.mirror("http://127.0.0.1:8750/api/collections/people",
///                   settings: MirrorSettings(locale: try CollationLocale("sv")))
/// try device.update(.key("p1"), in: "people", setting: ["name": "Åsa"])   // queued
/// let step = try mirror.sync("people")                                   // up and down
/// ```
///
/// Uses its catalog's connection, one task at a time, as `Catalog` is used.
public final class CatalogMirror: @unchecked Sendable {
  public let catalog: Catalog
  private let http: HTTPClient
  private let hasToken: Bool
  /// Called now and then while a copy runs: items copied so far (on a thread of the copy's own
  /// while a new mirror is built as its pages come).
  public var onProgress: ((Int) -> Void)?
  /// Called once when the server stops answering (with why) and once when it is back (nil).
  public var onOutage: ((String?) -> Void)? {
    get { http.onOutage }
    set { http.onOutage = newValue }
  }
  /// Asked while a request is retried: true gives up at once, as `SyncError.unreachable`.
  public var shouldStop: () -> Bool {
    get { http.shouldStop }
    set { http.shouldStop = newValue }
  }
  /// Changed items a sync asks for at a time.
  public var pageSize = 1000
  /// Items a copy asks for at a time: its pages come as CSV, which the device keeps as they are
  /// and reads as one file when the last is in.
  public var copyPageSize = 10_000

  /// - Parameters:
  ///   - token: sent only in `Authorization`; never kept.
  ///   - patience: how long a request is retried while the server is away or busy before the
  ///     sync gives up with `SyncError.unreachable`; nil retries for ever (following).
  public init(catalog: Catalog, token: String?, patience: TimeInterval? = 10) {
    self.catalog = catalog
    hasToken = token != nil
    http = HTTPClient(token: token, patience: patience)
  }

  // MARK: - Addresses

  /// The server collection at `text`, `http[s]://HOST[:PORT]/api/collections/NAME`, and its name.
  ///
  /// - Throws: `SyncError.badURL`, also for a token in the address.
  public static func collectionURL(_ text: String) throws(SyncError) -> (url: URL, name: String) {
    guard let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https", components.host?.isEmpty == false
    else {
      throw .badURL(text, reason: "it must be http[s]://HOST[:PORT]/api/collections/NAME")
    }
    if components.user != nil || components.password != nil
      || (components.queryItems ?? []).contains(where: { $0.name.lowercased().contains("token") })
    {
      throw .badURL(
        text, reason: "a token never goes in an address: give it in $CATALOG_TOKEN or --token-file")
    }
    if components.query != nil || components.fragment != nil {
      throw .badURL(text, reason: "it takes no query or fragment")
    }
    let parts = components.path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0].isEmpty, parts[1] == "api", parts[2] == "collections",
      !parts[3].isEmpty, let url = components.url
    else {
      throw .badURL(text, reason: "it must be http[s]://HOST[:PORT]/api/collections/NAME")
    }
    return (url, String(parts[3]).removingPercentEncoding ?? String(parts[3]))
  }

  // MARK: - Mirroring

  /// Copies the server collection at `address` into the collection `name` (default: the server's
  /// name), page by page, resuming a copy cut off before; nothing of it is visible until it is
  /// complete. Then catches up with what the server wrote meanwhile.
  ///
  /// - Throws: `SyncError`; `.catalog(.collectionExists)` when a collection that is no mirror
  ///   has the name.
  @discardableResult
  public func mirror(_ address: String, as name: String? = nil, settings: MirrorSettings)
    throws(SyncError) -> SyncStep
  {
    let (url, serverName) = try Self.collectionURL(address)
    let name = name ?? serverName
    if let existing = try local({ () throws(CatalogError) in try catalog.collection(named: name) }),
      try local({ () throws(CatalogError) in try catalog.mirrorSource(of: existing.name) }) == nil
    {
      throw .catalog(.collectionExists(name: name))
    }
    let record = try get(url)
    var step = try copy(url, into: name, record: record.json, settings: settings)
    let after = try sync(name)
    step.reached = after.reached
    step.downloaded = after.downloaded
    step.uploaded = after.uploaded
    return step
  }

  /// Copies the collection at `url` as `name`: resumes the copy kept for it when it is of the
  /// same address, else starts one; swaps it in when complete. A new mirror is built while its
  /// pages come; a copy under a mirror there is is swapped in once every page is in.
  private func copy(
    _ url: URL, into name: String, record: [String: Any], settings: MirrorSettings
  ) throws(SyncError) -> SyncStep {
    // A collection replaced again during the copy is copied again, a bounded number of times.
    for _ in 0..<5 {
      var progress = try local { () throws(CatalogError) in try catalog.mirrorCopy(named: name) }
      if let kept = progress, kept.url != url.absoluteString { progress = nil }
      if let progress, progress.isComplete {
        return try finishCopy(name, progress: progress, record: record, settings: settings)
      }
      var query = "format=csv&limit=\(copyPageSize)"
      if let progress {
        query += "&identity=\(progress.identity)"
        if let after = progress.after { query += "&after=\(after)" }
      }
      let pages = CopyPageFetcher(http: http, first: itemsURL(url, query: query), collection: url)
      let file: MirrorCopyFile
      if progress == nil {
        // The first page says which copy this is: its version, identity and columns.
        guard case .page(let first) = try pages.next() else {
          try restartCopy(name)
          continue
        }
        var settingsJSON = record
        settingsJSON["columns"] = first.page.columns
        let text = String(
          decoding: (try? JSONSerialization.data(withJSONObject: settingsJSON)) ?? Data("{}".utf8),
          as: UTF8.self)
        file = try local { () throws(CatalogError) in
          try catalog.startMirrorCopy(
            named: name, url: url.absoluteString, identity: first.identity,
            version: first.version, settings: text)
          let file = try catalog.openMirrorCopy(named: name)
          try file.append(first.page, isLast: first.isLast)
          return file
        }
        onProgress?(file.state.itemCount)
      } else {
        file = try local { () throws(CatalogError) in try catalog.openMirrorCopy(named: name) }
      }
      let isNew = try local { () throws(CatalogError) in
        try catalog.collection(named: name) == nil
      }
      if isNew && !file.state.isComplete {
        guard
          let step = try buildWhileCopying(
            name, pages: pages, file: file, record: record, settings: settings)
        else {
          try restartCopy(name)
          continue
        }
        return step
      }
      while !file.state.isComplete, let outcome = try pages.next() {
        guard case .page(let fetched) = outcome else { break }
        try local { () throws(CatalogError) in try file.append(fetched.page, isLast: fetched.isLast)
        }
        onProgress?(file.state.itemCount)
      }
      guard file.state.isComplete,
        let done = try local({ () throws(CatalogError) in try catalog.mirrorCopy(named: name) })
      else {
        try restartCopy(name)
        continue
      }
      return try finishCopy(name, progress: done, record: record, settings: settings)
    }
    throw .unexpectedAnswer(
      url: url.absoluteString, status: 410, error: "the collection kept being replaced while copied"
    )
  }

  /// Forgets the copy under way under `name`: the server made its collection anew (410).
  private func restartCopy(_ name: String) throws(SyncError) {
    try local { () throws(CatalogError) in
      try catalog.startMirrorCopy(named: name, url: "", identity: "", version: 0, settings: "{}")
    }
  }

  /// Builds the new mirror `name` of the pages kept in `file` and the rest of `pages` while they
  /// come (each kept in `file` first); nil when the server made the collection anew meanwhile.
  private func buildWhileCopying(
    _ name: String, pages: CopyPageFetcher, file: MirrorCopyFile, record: [String: Any],
    settings: MirrorSettings
  ) throws(SyncError) -> SyncStep? {
    guard
      let progress = try local({ () throws(CatalogError) in try catalog.mirrorCopy(named: name) })
    else { return nil }
    let feed = CopyFeed(pages: pages, file: file, onProgress: onProgress)
    defer { feed.stop() }
    do {
      return try finishCopy(
        name, progress: progress, record: record, settings: settings,
        pagesToCome: { () throws(CSVError) in feed.next() })
    } catch {
      // What stopped the feed is why the copy stopped, not the import's end of input it gave.
      feed.stop()
      if feed.isGone { return nil }
      throw feed.failure ?? error
    }
  }

  private func finishCopy(
    _ name: String, progress: MirrorCopyProgress, record: [String: Any], settings: MirrorSettings,
    pagesToCome: (() throws(CSVError) -> [UInt8]?)? = nil
  ) throws(SyncError) -> SyncStep {
    var stored = record
    if let data = progress.settings.data(using: .utf8),
      let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    {
      stored = object
    }
    let options = try importOptions(name, server: stored, settings: settings)
    do {
      try catalog.finishMirrorCopy(named: name, options: options, pagesToCome: pagesToCome)
    } catch {
      // Pages the import cannot read are not kept for the next try: it copies anew.
      if case .csv = error { try restartCopy(name) }
      throw .catalog(error)
    }
    var step = SyncStep(reached: progress.version)
    step.copied = true
    step.itemsCopied =
      pagesToCome == nil
      ? progress.itemsCopied
      : try local { () throws(CatalogError) in try catalog.collection(named: name)?.itemCount ?? 0 }
    return step
  }

  private func importOptions(
    _ name: String, server: [String: Any], settings: MirrorSettings
  ) throws(SyncError) -> ImportOptions {
    var locale = settings.locale
    if locale == nil {
      do {
        locale = try CollationLocale(server["locale"] as? String ?? "en")
      } catch {
        throw .catalog(.collation(error))
      }
    }
    let title = server["title"] as? String
    let sortAs = server["sort_as"] as? [String]
    return ImportOptions(
      collection: name, titleColumn: title, sortAs: sortAs == [title ?? ""] ? nil : sortAs,
      locale: locale!, groupBy: settings.groupBy, key: server["key"] as? String,
      sortingOptions: SortingOptions(
        valuesAreNames: settings.valuesAreNames ?? (server["names"] as? Bool ?? false),
        ignoresArticles: settings.ignoresArticles ?? (server["ignore_articles"] as? Bool ?? false)),
      alsoStore: BuildRequest(
        groupBy: settings.groupBy, indexBy: settings.indexBy.map { [$0] } ?? [],
        search: settings.search))
  }

  // MARK: - Syncing

  /// Brings the mirror `collection` up to date once: the server's versions down, the queue of
  /// local writes up in order, then the server's versions again (the echoes of the uploads
  /// change nothing). A server that cannot give the versions since the one reached (410) is
  /// copied again, the pending writes kept.
  ///
  /// - Throws: `SyncError.tokenRefused`, `.unreachable` (the queue is kept), `.notAMirror`.
  @discardableResult
  public func sync(_ collection: String?) throws(SyncError) -> SyncStep {
    let source = try mirrorSource(collection)
    var step = try down(source)
    let up = try self.up(try mirrorSource(source.collection))
    step.uploaded = up.uploaded
    step.conflicts += up.conflicts
    step.rejected = up.rejected
    if up.uploaded > 0 || up.conflicts > 0 || up.rejected > 0 {
      let again = try down(try mirrorSource(source.collection))
      step.downloaded += again.downloaded
      step.reached = again.reached
      step.copied = step.copied || again.copied
      step.conflicts += again.conflicts
    }
    return step
  }

  private func mirrorSource(_ collection: String?) throws(SyncError) -> MirrorSource {
    guard
      let source = try local({ () throws(CatalogError) in try catalog.mirrorSource(of: collection) }
      )
    else {
      let name = try local { () throws(CatalogError) in
        try catalog.resolveCollection(named: collection).name
      }
      throw .notAMirror(collection: name)
    }
    return source
  }

  /// Applies the server's versions after the one reached, a page a local transaction.
  private func down(_ source: MirrorSource) throws(SyncError) -> SyncStep {
    guard let url = URL(string: source.url) else {
      throw .badURL(source.url, reason: "the mirror's address is not a URL")
    }
    var step = SyncStep(reached: source.reached)
    let conflictsBefore = try local { () throws(CatalogError) in
      try catalog.mirrorConflicts(of: source.collection).count
    }
    var target = itemsURL(
      url,
      query: "since=\(source.reached)&identity=\(source.identity)&limit=\(pageSize)"
        + "&notes_after=\(source.notesVersion)")
    var versions = Set<Int>()
    while true {
      let response = try get(target)
      if response.status == 410 {
        let record = try get(url)
        var copied = try copy(url, into: source.collection, record: record.json, settings: .init())
        let after = try down(try mirrorSource(source.collection))
        copied.reached = after.reached
        copied.downloaded = after.downloaded
        return copied
      }
      guard response.status == 200 else {
        throw .unexpectedAnswer(
          url: target.absoluteString, status: response.status, error: response.error)
      }
      let page = try Page(response.json, url: target)
      // A page that is not the last may end inside a version: only the versions before its
      // last are reached (applying one again gives the same state).
      let reached =
        page.next == nil
        ? page.version : max(step.reached, (page.items.last?.version ?? step.reached + 1) - 1)
      if !page.items.isEmpty || reached != step.reached || page.notes != nil {
        try local { () throws(CatalogError) in
          try catalog.applyServerItems(
            page.items, to: source.collection, reached: reached, notes: page.notes)
        }
      }
      versions.formUnion(page.items.map(\.version))
      step.reached = reached
      guard let next = page.next else { break }
      target = try Self.resolve(next, against: url)
    }
    step.downloaded = versions.count
    step.conflicts =
      try local { () throws(CatalogError) in
        try catalog.mirrorConflicts(of: source.collection).count
      }
      - conflictsBefore
    return step
  }

  /// Uploads the queued writes in order.
  private func up(_ source: MirrorSource) throws(SyncError) -> SyncStep {
    var step = SyncStep(reached: source.reached)
    guard let url = URL(string: source.url) else {
      throw .badURL(source.url, reason: "the mirror's address is not a URL")
    }
    let collection = try local { () throws(CatalogError) in
      try catalog.resolveCollection(named: source.collection)
    }
    let byKey = collection.keyColumn != nil
    while let write = try local({ () throws(CatalogError) in
      try catalog.nextMirrorWrite(of: source.collection)
    }) {
      let outcome = try upload(write, to: url, byKey: byKey, source: source)
      switch outcome {
      case .uploaded: step.uploaded += 1
      case .conflict: step.conflicts += 1
      case .rejected: step.rejected += 1
      }
    }
    return step
  }

  private enum Outcome { case uploaded, conflict, rejected }

  private func upload(_ write: MirrorWrite, to url: URL, byKey: Bool, source: MirrorSource)
    throws(SyncError) -> Outcome
  {
    let name = source.collection
    let key = "\(source.mirrorID)-\(write.number)"
    let itemPath = byKey ? (write.key ?? "") : String(write.item)
    let itemURL = url.appendingPathComponent("items").appendingPathComponent(itemPath)
    switch write.kind {
    case .notes:
      // The server takes the last header and footer written: no base, no merge.
      let response = try http.send(
        "PUT", url.appendingPathComponent("notes"), body: Self.json(write.fields),
        headers: ["Idempotency-Key": key])
      guard response.status == 200 else { return try reject(write, name, response) }
      try local { () throws(CatalogError) in
        try catalog.confirmMirrorWrite(
          write.number, in: name, serverItem: write.item,
          version: response.json["version"] as? Int ?? 0)
      }
      return .uploaded
    case .add:
      let response = try http.send(
        "POST", url.appendingPathComponent("items"), body: Self.json(write.fields),
        headers: ["Idempotency-Key": key])
      switch response.status {
      case 200, 201:
        let summary = response.json
        let added = (summary["added"] as? [Int])?.first
        let version = summary["version"] as? Int ?? 0
        guard let added else { return try reject(write, name, response) }
        try local { () throws(CatalogError) in
          try catalog.confirmMirrorWrite(
            write.number, in: name, serverItem: added, version: version)
        }
        return .uploaded
      case 400 where write.key != nil:
        // Both added the key: a conflict, not a rejection.
        if let server = try serverItem(itemURL, number: nil, key: write.key) {
          try local { () throws(CatalogError) in
            try catalog.recordMirrorConflict(onWrite: write.number, in: name, server: server)
          }
          return .conflict
        }
        return try reject(write, name, response)
      default:
        return try reject(write, name, response)
      }
    case .update, .remove:
      var ifMatch = write.baseVersion.map { "\"\($0)\"" } ?? "*"
      for _ in 0..<5 {
        let response = try http.send(
          write.kind == .update ? "PATCH" : "DELETE", itemURL,
          body: write.kind == .update ? Self.json(write.fields) : nil,
          headers: ["Idempotency-Key": key, "If-Match": ifMatch])
        switch response.status {
        case 200:
          let version =
            response[header: "ETag"].flatMap { Int($0.trimmingCharacters(in: ["\""])) }
            ?? response.json["version"] as? Int ?? 0
          try local { () throws(CatalogError) in
            try catalog.confirmMirrorWrite(
              write.number, in: name, serverItem: write.item, version: version)
          }
          return .uploaded
        case 404 where write.kind == .remove:
          // Removed on both sides.
          try local { () throws(CatalogError) in
            try catalog.confirmMirrorWrite(
              write.number, in: name, serverItem: write.item, version: source.reached)
          }
          return .uploaded
        case 404:
          // The server removed what the device changed.
          try local { () throws(CatalogError) in
            try catalog.recordMirrorConflict(
              onWrite: write.number, in: name,
              server: ServerItem(
                item: write.item, key: write.key, version: source.reached, fields: nil))
          }
          return .conflict
        case 412:
          guard let server = try serverItem(itemURL, number: write.item, key: write.key),
            let serverFields = server.fields
          else { continue }
          let base = write.baseFields ?? [:]
          let clash =
            write.kind == .remove
            || write.fields.contains { column, value in
              let theirs = serverFields[column] ?? ""
              return theirs != (base[column] ?? "") && theirs != value
            }
          if clash {
            try local { () throws(CatalogError) in
              try catalog.recordMirrorConflict(onWrite: write.number, in: name, server: server)
            }
            return .conflict
          }
          // The server changed other fields: send this write's fields over its version.
          ifMatch = "\"\(server.version)\""
        default:
          return try reject(write, name, response)
        }
      }
      throw .unexpectedAnswer(
        url: itemURL.absoluteString, status: 412, error: "the item kept changing while merged")
    }
  }

  /// Sets a refused write aside, and shows the server's item again.
  private func reject(_ write: MirrorWrite, _ name: String, _ response: HTTPClient.Response)
    throws(SyncError) -> Outcome
  {
    try local { () throws(CatalogError) in
      try catalog.rejectMirrorWrite(
        write.number, in: name, status: response.status, error: response.error)
    }
    if write.kind == .update || write.kind == .remove, write.item < Catalog.firstLocalItem,
      let source = try local({ () throws(CatalogError) in try catalog.mirrorSource(of: name) }),
      let url = URL(string: source.url)
    {
      let collection = try local { () throws(CatalogError) in
        try catalog.resolveCollection(named: name)
      }
      let path = collection.keyColumn != nil ? (write.key ?? "") : String(write.item)
      let server =
        try serverItem(
          url.appendingPathComponent("items").appendingPathComponent(path), number: write.item,
          key: write.key)
        ?? ServerItem(item: write.item, key: write.key, version: source.reached, fields: nil)
      try local { () throws(CatalogError) in
        try catalog.applyServerItems([server], to: name, reached: source.reached)
      }
    }
    return .rejected
  }

  /// The server's item (nil when it has none).
  private func serverItem(_ url: URL, number: Int?, key: String?) throws(SyncError) -> ServerItem? {
    let response = try get(url)
    guard response.status == 200 else { return nil }
    let json = response.json
    return ServerItem(
      item: json["item"] as? Int ?? number ?? -1, key: json["key"] as? String ?? key,
      version: json["version"] as? Int ?? 0, fields: json["fields"] as? [String: String])
  }

  // MARK: - Status and conflicts

  /// Where the mirror stands: the version reached, pending writes, conflicts, rejected writes.
  public func status(_ collection: String?) throws(SyncError) -> MirrorStatus {
    let source = try mirrorSource(collection)
    return MirrorStatus(
      source: source, hasToken: hasToken,
      conflicts: try local { () throws(CatalogError) in
        try catalog.mirrorConflicts(of: source.collection)
      },
      rejected: try local { () throws(CatalogError) in
        try catalog.mirrorRejections(of: source.collection)
      })
  }

  /// Settles a conflict (`keepLocal`: the device's fields go up again over the server's;
  /// otherwise the server's stay), then syncs.
  @discardableResult
  public func resolve(_ item: String, in collection: String?, keepLocal: Bool) throws(SyncError)
    -> SyncStep
  {
    let source = try mirrorSource(collection)
    let conflicts = try local { () throws(CatalogError) in
      try catalog.mirrorConflicts(of: source.collection)
    }
    guard let conflict = conflicts.first(where: { $0.key == item || String($0.item) == item })
    else { throw .noConflict(item: item, collection: source.collection) }
    try local { () throws(CatalogError) in
      try catalog.resolveMirrorConflict(
        .number(conflict.item), in: source.collection, keepLocal: keepLocal)
    }
    return try sync(source.collection)
  }

  // MARK: - Following

  /// Follows the mirror: syncs now, then again as each server write commits (the server's change
  /// stream wakes it) or `interval` has passed, for as long as the sequence is iterated; each element is what one step did (steps that did nothing are not
  /// given, but the first is). The server going away is retried with back-off (told through
  /// `onOutage`); a refused token ends the sequence with `SyncError.tokenRefused`.
  public func follow(_ collection: String?, interval: TimeInterval = 1)
    -> AsyncThrowingStream<SyncStep, any Error>
  {
    AsyncThrowingStream<SyncStep, any Error> {
      (continuation: AsyncThrowingStream<SyncStep, any Error>.Continuation) in
      let stopped = StopFlag()
      continuation.onTermination = { _ in stopped.stop() }
      let thread = Thread { [self] in
        do {
          try follow(collection, interval: interval, until: { stopped.isStopped }) { step in
            continuation.yield(step)
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      thread.start()
    }
  }

  /// `follow(_:interval:)` on this thread: calls `each` with every step that did something (and
  /// the first), until `shouldStop` says so.
  public func follow(
    _ collection: String?, interval: TimeInterval = 1, until shouldStop: () -> Bool,
    _ each: (SyncStep) throws -> Void
  ) throws {
    var first = true
    // The change stream wakes the follower as each server write commits; without it (it ended,
    // or the server is away) the follower looks every `interval` anyway.
    let stream = ChangeStreamWakeUp()
    defer { stream.close() }
    var opened = Date.distantPast
    while !shouldStop() {
      // A stream that keeps ending (a server away, or one without it) is opened again at most
      // once an interval.
      if stream.hasEnded, Date().timeIntervalSince(opened) >= interval,
        let source = try? mirrorSource(collection), let url = URL(string: source.url)
      {
        stream.open(url.appendingPathComponent("changes"), token: http.token)
        opened = Date()
      }
      do {
        let step = try sync(collection)
        if first || step.downloaded > 0 || step.uploaded > 0 || step.conflicts > 0
          || step.rejected > 0 || step.copied
        {
          try each(step)
        }
        first = false
      } catch SyncError.unreachable {
        // Retried after the interval; `onOutage` has told.
      }
      // Waits for the next event (several at once make one step), or the interval.
      if stream.wakeUp.wait(timeout: .now() + interval) == .success {
        while stream.wakeUp.wait(timeout: .now()) == .success {}
      }
    }
  }

  // MARK: - Helpers

  private func get(_ url: URL) throws(SyncError) -> HTTPClient.Response {
    try http.send("GET", url)
  }

  /// The target of a `Link` header's `rel="next"`: `<PATH?QUERY>; rel="next"`.
  static func nextPage(linkHeader: String?) -> String? {
    guard let linkHeader else { return nil }
    for link in linkHeader.split(separator: ",") {
      let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">"),
        parts.dropFirst().contains(where: { $0 == #"rel="next""# || $0 == "rel=next" })
      else { continue }
      return String(target.dropFirst().dropLast())
    }
    return nil
  }

  private func itemsURL(_ url: URL, query: String) -> URL {
    let items = url.appendingPathComponent("items")
    guard !query.isEmpty, var components = URLComponents(url: items, resolvingAgainstBaseURL: false)
    else { return items }
    components.percentEncodedQuery = query
    return components.url ?? items
  }

  static func resolve(_ next: String, against url: URL) throws(SyncError) -> URL {
    guard let target = URL(string: next, relativeTo: url)?.absoluteURL else {
      throw .unexpectedAnswer(
        url: url.absoluteString, status: 200, error: "a bad next page '\(next)'")
    }
    return target
  }

  @discardableResult
  private func local<T>(_ body: () throws(CatalogError) -> T) throws(SyncError) -> T {
    do { return try body() } catch { throw .catalog(error) }
  }

  private static func json(_ fields: [String: String]) -> Data {
    (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
  }
}

/// One page of `GET …/items` (DESIGN §16).
struct Page {
  let identity: String
  let version: Int
  let columns: [String]
  let next: String?
  let items: [ServerItem]
  /// The collection's notes, when they changed after the version the request named.
  let notes: CollectionNotes?

  init(_ json: [String: Any], url: URL) throws(SyncError) {
    guard let identity = json["identity"] as? String, let version = json["version"] as? Int,
      let items = json["items"] as? [[String: Any]]
    else {
      throw .unexpectedAnswer(url: url.absoluteString, status: 200, error: "not a page of items")
    }
    self.identity = identity
    self.version = version
    columns = json["columns"] as? [String] ?? []
    next = json["next"] as? String
    notes = (json["notes"] as? [String: Any]).map(Self.notes)
    self.items = items.map { item in
      ServerItem(
        item: item["item"] as? Int ?? -1, key: item["key"] as? String,
        version: item["version"] as? Int ?? version,
        fields: (item["removed"] as? Bool) == true ? nil : item["fields"] as? [String: String])
    }
  }

  /// The notes as a page spells them: `{"version":N,"header":…,"footer":…,"sections":[…]}`.
  private static func notes(_ json: [String: Any]) -> CollectionNotes {
    let sections = (json["sections"] as? [[String: Any]] ?? []).map { section in
      CollectionNotes.Section(
        grouping: (section["group_by"] as? String).map(Grouping.column) ?? .letters,
        note: SectionNote(
          heading: section["heading"] as? String ?? "", header: section["header"] as? String,
          footer: section["footer"] as? String))
    }
    return CollectionNotes(
      version: json["version"] as? Int ?? 0, header: json["header"] as? String,
      footer: json["footer"] as? String, sections: sections)
  }
}

/// Set once to stop a follower's thread.
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false
  var isStopped: Bool { lock.withLock { stopped } }
  func stop() { lock.withLock { stopped = true } }
}
