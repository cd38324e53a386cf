/// What one mirror or sync did (DESIGN §16): the object `--format json` prints.
public struct SyncStep: Equatable, Sendable {
  /// The server version reached.
  public var reached: Int
  /// How many server versions were applied (each one write on the server).
  public var downloaded = 0
  /// How many local writes the server confirmed.
  public var uploaded = 0
  /// How many conflicts this step kept.
  public var conflicts = 0
  /// How many local writes the server refused this step.
  public var rejected = 0
  /// Whether a whole copy was made.
  public var copied = false
  /// How many items the copy holds, when one was made.
  public var itemsCopied = 0

  public init(reached: Int) { self.reached = reached }

  /// `{"reached":15,"downloaded":3,"uploaded":2,"conflicts":1,"rejected":0,"copied":false}`
  public var jsonText: String {
    #"{"reached":\#(reached),"downloaded":\#(downloaded),"uploaded":\#(uploaded),"#
      + #""conflicts":\#(conflicts),"rejected":\#(rejected),"copied":\#(copied)}"#
  }

  /// `synced to version 15: 3 versions down, 2 writes up, 1 conflict`.
  public var summary: String {
    func count(_ number: Int, _ word: String) -> String {
      "\(number) \(word)\(number == 1 ? "" : "s")"
    }
    var parts = [count(downloaded, "version") + " down", count(uploaded, "write") + " up"]
    if conflicts > 0 { parts.append(count(conflicts, "conflict")) }
    if rejected > 0 { parts.append(count(rejected, "rejected write")) }
    if copied, downloaded == 0, uploaded == 0, conflicts == 0, rejected == 0 {
      return "copied \(count(itemsCopied, "item")) at version \(reached)"
    }
    return (copied ? "copied \(count(itemsCopied, "item")), " : "")
      + "synced to version \(reached): " + parts.joined(separator: ", ")
  }
}
