/// The environment names a default locale for a new collection that ICU does not know: the
/// message says which variable named it, since the user may never have chosen it.
struct EnvironmentLocaleError: Error, CustomStringConvertible {
  /// `LC_ALL`, `LC_COLLATE` or `LANG`.
  let variable: String
  /// The variable's value, such as `xx_YY.UTF-8`.
  let value: String
  /// The locale id in it, such as `xx_YY`.
  let locale: String

  var description: String {
    "unknown locale '\(locale)' from $\(variable)=\(value), the default locale of a new "
      + "collection; give one with --locale ID, or set \(variable) to a locale that ICU knows"
  }
}
