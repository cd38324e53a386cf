import CatalogStore
import CatalogSync
import CommandLineArguments
import Foundation

/// `catalog sync`: brings a mirror up to date with its server, both ways (DESIGN §16).
struct SyncCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "sync",
    abstract: "Bring a mirror up to date with its server, both ways.",
    discussion: """
      Applies the server's writes after the version reached, in order, then uploads the local \
      writes in order (each with If-Match and an Idempotency-Key, so a write whose answer was \
      lost is applied once). A write the server changed meanwhile is merged field by field; \
      when both sides changed the same field, one removed what the other changed, or both \
      added a key, it is a conflict: the server's item is shown and both are kept for \
      --status and --resolve. A refused write is set aside and the next goes on. Exit 0 when \
      the sync went through (conflicts and rejected writes are data), 1 when the server could \
      not be reached (after about 10 s) or refused the token.
      """
  )

  @Option(
    "collection", short: "c", value: "name",
    help: "The mirror; may be left out if it is the catalog's only collection.")
  var collection: String?

  @Flag("follow", help: "Stay on and apply each server version as it commits; Ctrl-C stops.")
  var follow: Bool

  @Flag("status", help: "Show the version reached, pending writes, conflicts and rejected writes.")
  var status: Bool

  @Option(
    "resolve", value: "item",
    help: "Settle the conflict on this item (its key, else its number): keep-local or keep-server.")
  var resolve: String?

  @Argument("choice", help: "With --resolve: keep-local or keep-server.")
  var choice: String?

  @OptionGroup var mirror: MirrorOptions

  func run(_ context: CommandContext) throws {
    if resolve == nil, let choice {
      throw ValidationError("unexpected argument '\(choice)' (it goes with --resolve ITEM)")
    }
    let keepLocal: Bool?
    if resolve != nil {
      guard choice == "keep-local" || choice == "keep-server" else {
        throw ValidationError("--resolve ITEM takes keep-local or keep-server after the item")
      }
      keepLocal = choice == "keep-local"
    } else {
      keepLocal = nil
    }
    let token = try mirror.token(context)
    let catalog = try context.openCatalog(creating: false)
    if status {
      let client = CatalogMirror(catalog: catalog, token: token)
      let status = try MirrorOptions.unwrapping { () throws(SyncError) in
        try client.status(collection)
      }
      try printStatus(status, context)
      return
    }
    if follow {
      try runFollowing(catalog, token: token, context)
      return
    }
    let client = CatalogMirror(catalog: catalog, token: token)
    let step = try MirrorOptions.unwrapping { () throws(SyncError) in
      if let resolve, let keepLocal {
        return try client.resolve(resolve, in: collection, keepLocal: keepLocal)
      }
      return try client.sync(collection)
    }
    try mirror.report(step, context)
  }

  private func runFollowing(_ catalog: Catalog, token: String?, _ context: CommandContext) throws {
    InterruptHandler.install()
    let client = CatalogMirror(catalog: catalog, token: token, patience: nil)
    let interrupted = { InterruptHandler.wasInterrupted.load(ordering: .relaxed) }
    client.shouldStop = interrupted
    client.onOutage = { reason in
      if let reason {
        StandardError.line("the server is away (\(reason)); retrying…")
      } else {
        StandardError.line("the server is back")
      }
    }
    // What printing a step threw (its reader stopped reading, as `head` does) ends the follower
    // as it ends any command, not as an answer of the server.
    var printing: (any Error)?
    try MirrorOptions.unwrapping { () throws(SyncError) in
      do {
        try client.follow(
          collection, until: interrupted
        ) { step in
          try mirror.report(step, context)
        }
      } catch let error as SyncError {
        throw error
      } catch {
        printing = error
      }
    }
    if let printing { throw printing }
    // Ctrl-C: whatever was applied is committed; the exit status says it was interrupted. Ended
    // at once, without `exit`'s handlers, which would run while URLSession's threads are still
    // taking the change stream's cancelled connection down.
    try context.output.flush()
    _exit(130)
  }

  private func printStatus(_ status: MirrorStatus, _ context: CommandContext) throws {
    let source = status.source
    switch mirror.format {
    case .json:
      func object(_ fields: [String: String]?) -> String {
        guard let fields else { return "null" }
        return "{"
          + fields.sorted { $0.key < $1.key }.map { "\(quoted($0.key)):\(quoted($0.value))" }
          .joined(separator: ",") + "}"
      }
      func quoted(_ text: String?) -> String {
        guard let text else { return "null" }
        var bytes: [UInt8] = []
        JSONText.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
      }
      let conflicts = status.conflicts.map {
        #"{"item":\#($0.item),"key":\#(quoted($0.key)),"base":\#(object($0.base)),"#
          + #""local":\#(object($0.local)),"server":\#(object($0.server))}"#
      }
      // A refused annotate is on no item: null.
      let rejected = status.rejected.map {
        #"{"item":\#($0.item == MirrorWrite.notesItem ? "null" : String($0.item)),"#
          + #""key":\#(quoted($0.key)),"status":\#($0.status),"#
          + #""error":\#(quoted($0.error)),"fields":\#(object($0.fields))}"#
      }
      try context.output.line(
        #"{"collection":\#(quoted(source.collection)),"url":\#(quoted(source.url)),"#
          + #""token":\#(status.hasToken),"reached":\#(source.reached),"#
          + #""pending":\#(source.pending),"conflicts":[\#(conflicts.joined(separator: ","))],"#
          + #""rejected":[\#(rejected.joined(separator: ","))]}"#)
    case .text:
      var lines = [
        "'\(source.collection)' mirrors \(source.url)",
        "reached server version \(source.reached); \(source.pending) write"
          + (source.pending == 1 ? "" : "s") + " pending; token "
          + (status.hasToken ? "set" : "not set"),
      ]
      for conflict in status.conflicts {
        let name = conflict.key ?? String(conflict.item)
        let local = conflict.local.map { describe($0) } ?? "removed"
        let server = conflict.server.map { describe($0) } ?? "removed"
        lines.append("conflict on \(name): here \(local); server \(server)")
      }
      for rejection in status.rejected {
        let name =
          rejection.item == MirrorWrite.notesItem
          ? "the headers and footers" : rejection.key ?? String(rejection.item)
        lines.append("rejected write on \(name) (\(rejection.status)): \(rejection.error)")
      }
      for line in lines { try context.output.line(line) }
    }
  }

  private func describe(_ fields: [String: String]) -> String {
    fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }
}
