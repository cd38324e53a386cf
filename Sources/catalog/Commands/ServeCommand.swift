import CatalogServer
import CatalogStore
import Foundation

/// `catalog serve`: the page and the JSON API over HTTP until Ctrl-C or SIGTERM, which stop the
/// server (finishing the requests under way) and exit 0.
struct ServeCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "serve",
    abstract: "Serve the lists as a page and a JSON API over HTTP.",
    discussion: """
      The page at / shows each collection as an indexed list that follows writes as they \
      commit; the JSON API under /api/collections answers with the records that --format json \
      prints, and /api/collections/NAME/changes streams each write's change set as \
      Server-Sent Events. The server only reads, and listens on 127.0.0.1 unless --host says \
      otherwise. Stop it with Ctrl-C.
      """
  )

  @Option("host", value: "address", help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option("port", value: "port", help: "The TCP port to listen on; 0 lets the system choose.")
  var port: UInt16 = 8750

  func run(_ context: CommandContext) throws {
    // Blocked before the server's threads start, so that they inherit the mask and the signals
    // reach `sigwait` below.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    let timeout = context.environment["CATALOG_BUSY_TIMEOUT_MS"].flatMap { Int32($0) }
    let server = try CatalogServer(
      catalog: context.catalogLocation(), host: host, port: port,
      busyTimeoutMilliseconds: timeout ?? Catalog.defaultBusyTimeoutMilliseconds,
      notice: { StandardError.line("\($0)…") })
    let host = server.host.contains(":") ? "[\(server.host)]" : server.host
    StandardError.line(
      "serving \(try context.catalogLocation()) at http://\(host):\(server.port)/ (Ctrl-C to stop)")
    var received: Int32 = 0
    withExtendedLifetime(server) { _ = sigwait(&stopSignals, &received) }
    StandardError.line("stopped")
  }
}
