import Foundation
import Synchronization

/// Ctrl-C during an import. The first stops the import where it next looks (`wasInterrupted`),
/// which then keeps nothing; one that comes after the commit changes nothing, and the import says
/// so. A second Ctrl-C stops the process at once: SQLite then rolls the unfinished transaction
/// back the next time the catalog is opened.
enum InterruptHandler {
  /// Whether Ctrl-C was pressed. Set by the signal handler, so it is an atomic value.
  static let wasInterrupted = Atomic<Bool>(false)

  static func install() {
    signal(SIGINT) { _ in
      guard InterruptHandler.wasInterrupted.exchange(true, ordering: .relaxed) else { return }
      let message = "\ninterrupted again: stopped at once; nothing was imported\n"
      _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      _exit(130)
    }
  }
}
