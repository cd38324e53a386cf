/// Cases that a command line chooses between with one flag each, as `--replace`, `--append`,
/// `--upsert` and `--sync` choose how `import` writes; see ``Flag/init()``.
public protocol EnumerableFlag: CaseIterable, RawRepresentable<String>, Sendable {
  /// The flag's description for the `OPTIONS:` section of the help.
  var help: String { get }
}
