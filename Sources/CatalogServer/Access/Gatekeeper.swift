import CatalogStore
import CatalogTokens

/// Judges who a request comes from and whether it may do what it asks (DESIGN §15): by the
/// token in its `Authorization: Bearer` header, which is judged wherever it is sent (an
/// unknown or revoked one is a 401 even where reads are open), else by the policy for reads.
struct Gatekeeper: Sendable {
  let policy: AccessPolicy
  let catalogs: CatalogPool
  let uses: TokenUseRecorder

  /// Checks that `request` may do what it asks of `resource`, in the order of DESIGN §15: 401
  /// (no token where one is needed, or an unknown one), then 403 (a token that may not write,
  /// or not this collection). Returns the token it presented, if any.
  func admit(_ request: HTTPRequest, to resource: Resource) throws(APIError) -> AccessToken? {
    let token = try presentedToken(request)
    if let token { uses.noteUse(of: token.name) }
    if request.isRead {
      guard !resource.isPublic else { return token }
      if token == nil && policy.reads == .needToken {
        throw .unauthorized(
          "this server needs a token to read: send 'Authorization: Bearer' "
            + "and a token's secret")
      }
    } else {
      guard let token else {
        throw .unauthorized(
          "writing needs a token: send 'Authorization: Bearer' and the secret "
            + "of a token made with 'catalog token create NAME --write'")
      }
      guard token.canWrite else {
        throw .forbidden("the token '\(token.name)' may read but not write")
      }
    }
    if let token, let collection = resource.collection, !token.covers(collection: collection) {
      throw .forbidden("the token '\(token.name)' may not use the collection '\(collection)'")
    }
    return token
  }

  /// The token whose secret the request's `Authorization` header holds; nil when it has none.
  ///
  /// - Throws: `APIError` 401 for a header that is not `Bearer` and a secret, or a secret that no
  ///   token has. The message never repeats what was sent.
  private func presentedToken(_ request: HTTPRequest) throws(APIError) -> AccessToken? {
    guard let header = request[header: "authorization"] else { return nil }
    let parts = header.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer",
      let secret = TokenSecret(String(parts[1]))
    else {
      throw .unauthorized("the Authorization header is not 'Bearer' and a token's secret")
    }
    let token = try catalogs.reading { catalog throws(CatalogError) in
      try catalog.token(presenting: secret)
    }
    guard let token else {
      throw .unauthorized("the token is not known: it was revoked, or never made")
    }
    return token
  }
}
