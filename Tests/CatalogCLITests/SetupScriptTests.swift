import CatalogTestSupport
import Foundation
import Testing

/// The README's two commands, `bash Samples/run.sh` and `bash Tests/run.sh`, set a fresh machine
/// up themselves (issue 33): the package check of `.ci/packages.sh` installs the missing Debian
/// packages as root, naming them first, and otherwise prints the one command that would install
/// them and stops before building. The scripts run here with stand-ins for `dpkg-query`, `id`,
/// `apt-get` and `swift` first on `PATH`, so the tests need no root and change nothing.
struct SetupScriptTests {
  static let repository = URL(filePath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A directory of stand-ins: `dpkg-query` answers that every package is installed but those of
  /// `$MISSING` (unknown to it) and of `$REMOVED` (configuration files left); `id -u` prints
  /// `$FAKE_UID`; `apt-get` and `swift` only write their command lines to standard error, and
  /// `swift` exits with `$SWIFT_STATUS`.
  static func standIns(in directory: TemporaryDirectory) throws -> String {
    let tools = directory.path("bin")
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    let scripts = [
      "dpkg-query": #"""
      #!/bin/sh
      for package; do :; done
      case " $MISSING " in
        *" $package "*) echo "dpkg-query: no packages found matching $package" >&2; exit 1 ;;
      esac
      case " $REMOVED " in
        *" $package "*) printf 'deinstall ok config-files' ;;
        *) printf 'install ok installed' ;;
      esac
      """#,
      "id": "#!/bin/sh\necho \"$FAKE_UID\"\n",
      "apt-get": #"""
      #!/bin/sh
      echo "${DEBIAN_FRONTEND:+DEBIAN_FRONTEND=$DEBIAN_FRONTEND }apt-get $*" >&2
      """#,
      "swift": "#!/bin/sh\necho \"swift $*\" >&2\nexit \"${SWIFT_STATUS:-0}\"\n",
    ]
    for (name, text) in scripts {
      let path = try directory.write("bin/\(name)", text + "\n")
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    return tools
  }

  /// Runs `bash SCRIPT ARGUMENTS` from the repository with the stand-ins, as user `uid`, with
  /// the packages of `missing` not installed and those of `removed` removed.
  static func run(
    _ script: String, _ arguments: [String] = [], uid: Int, missing: [String] = [],
    removed: [String] = [], swiftStatus: Int = 0
  ) throws -> FinishedProcess {
    let directory = try TemporaryDirectory()
    let tools = try standIns(in: directory)
    let process = Process()
    process.executableURL = URL(filePath: "/bin/bash")
    process.arguments = [repository.appending(path: script).path] + arguments
    process.currentDirectoryURL = directory.url
    process.environment = [
      "PATH": "\(tools):/usr/bin:/bin", "LANG": "C", "FAKE_UID": String(uid),
      "MISSING": missing.joined(separator: " "), "REMOVED": removed.joined(separator: " "),
      "SWIFT_STATUS": String(swiftStatus),
    ]
    return try FinishedProcess(running: process)
  }

  @Test func aUserWhoIsNotRootIsToldTheOneCommandThatInstallsWhatIsMissingAndNothingIsBuilt()
    throws
  {
    // The tests need PostgreSQL's server too; the build does not.
    let test = try Self.run(
      "Tests/run.sh", uid: 1000, missing: ["libmicrohttpd-dev", "postgresql"],
      removed: ["libpq-dev"])
    #expect(test.status != 0)
    #expect(
      test.errorLines == [
        "missing Debian packages: libmicrohttpd-dev libpq-dev postgresql; install them with",
        "  sudo apt-get install -y libmicrohttpd-dev libpq-dev postgresql",
      ])
    let samples = try Self.run(
      "Samples/run.sh", uid: 1000, missing: ["libmicrohttpd-dev", "postgresql"],
      removed: ["libpq-dev"])
    #expect(samples.status != 0)
    #expect(
      samples.errorLines == [
        "missing Debian packages: libmicrohttpd-dev libpq-dev; install them with",
        "  sudo apt-get install -y libmicrohttpd-dev libpq-dev",
      ])
    #expect(samples.standardOutput.isEmpty)
  }

  @Test func rootIsToldWhatIsMissingWhichIsThenInstalledBeforeTheBuild() throws {
    let test = try Self.run(
      "Tests/run.sh", ["--filter", "SetupScriptTests"], uid: 0,
      missing: ["libicu-dev", "sqlite3"])
    #expect(test.status == 0)
    #expect(
      test.errorLines == [
        "installing the missing Debian packages: libicu-dev sqlite3",
        "apt-get update -qq",
        "DEBIAN_FRONTEND=noninteractive apt-get install -y libicu-dev sqlite3",
        "swift build",
        "swift test --filter SetupScriptTests",
      ])
    // The build failing here stops the demo before it runs anything.
    let samples = try Self.run(
      "Samples/run.sh", uid: 0, missing: ["libicu-dev", "sqlite3"], swiftStatus: 1)
    #expect(samples.status != 0)
    #expect(
      samples.errorLines == [
        "installing the missing Debian packages: libicu-dev",
        "apt-get update -qq",
        "DEBIAN_FRONTEND=noninteractive apt-get install -y libicu-dev",
        "swift build --product catalog",
      ])
  }

  @Test(arguments: [0, 1000])
  func withNothingMissingTheCheckSaysNothingAndInstallsNothing(uid: Int) throws {
    let test = try Self.run("Tests/run.sh", uid: uid)
    #expect(test.status == 0)
    #expect(test.errorLines == ["swift build", "swift test"])
    let samples = try Self.run("Samples/run.sh", uid: uid, swiftStatus: 1)
    #expect(samples.errorLines == ["swift build --product catalog"])
  }
}
