import Foundation

signal(SIGPIPE, SIG_IGN)
// A parent may start us with signals blocked (a thread of a pool that blocks them spawned us, and
// the mask is inherited): unblock them all before any thread starts, so that SIGTERM and Ctrl-C
// act as they do on a command started from a shell.
var inheritedMask = sigset_t()
sigemptyset(&inheritedMask)
sigprocmask(SIG_SETMASK, &inheritedMask, nil)
exit(
  CatalogTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment))
