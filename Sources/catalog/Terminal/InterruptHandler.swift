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
    // A parent may have started us with SIGINT blocked (the mask is inherited); unblock it so
    // Ctrl-C always reaches the handler.
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    sigprocmask(SIG_UNBLOCK, &interrupt, nil)
  }
}
