import Foundation

signal(SIGPIPE, SIG_IGN)
exit(
  CatalogTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment))
