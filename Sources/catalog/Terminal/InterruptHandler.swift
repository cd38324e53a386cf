import Foundation

/// Ctrl-C during a write: a short message and exit 130. The open transaction is never committed,
/// so SQLite discards it and the catalog stays exactly as it was.
enum InterruptHandler {
  static func install() {
    signal(SIGINT) { _ in
      let message = "\ninterrupted: nothing was imported, the catalog is unchanged\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      _exit(130)
    }
  }
}
