import CatalogServer
import CatalogStore
import Foundation

/// `catalog serve`: the page and the JSON API over HTTP until Ctrl-C or SIGTERM, which stop the
/// server (finishing the requests under way) and exit 0.
enum ServeCommand {
  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    // Blocked before the server's threads start, so that they inherit the mask and the signals
    // reach `sigwait` below.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    let timeout = context.environment["CATALOG_BUSY_TIMEOUT_MS"].flatMap { Int32($0) }
    let server = try CatalogServer(
      catalog: context.catalogLocation(), host: invocation.value(for: "host") ?? "127.0.0.1",
      port: invocation.value(for: "port").flatMap { UInt16($0) } ?? 8750,
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
