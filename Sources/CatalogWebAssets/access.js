// The token the page holds, if any, and the requests that carry it (DESIGN §15).
//
// `catalog serve --edit` prints the page's address with a token (`/?token=…`). The page moves it
// at once into sessionStorage (this tab's, gone when it closes) and out of the address bar and
// the history, so that a token never travels in an address again. While it holds one, every API
// request carries it as `Authorization: Bearer`, the change stream too, through a streaming fetch
// (`StreamingEventSource`), since EventSource cannot send headers. Without one, requests go as
// they always did and the change stream is an EventSource.
//
// A token the server refuses (a 401: revoked, or made by a server that has stopped since) is
// forgotten: a read is sent again without it, so the page goes on where reads are open, and
// "refused" is dispatched for the page to say so.
"use strict";

const CatalogAccess = (() => {
  const STORAGE_KEY = "catalog.token";
  const events = new EventTarget();
  let refused = false;

  // Takes `token` out of the address, keeping the rest of it, and into sessionStorage.
  function moveTokenFromAddress() {
    const address = new URL(location.href);
    if (!address.searchParams.has("token")) return;
    const given = address.searchParams.get("token");
    address.searchParams.delete("token");
    history.replaceState(history.state, "", address);
    if (given) sessionStorage.setItem(STORAGE_KEY, given);
  }

  moveTokenFromAddress();

  function token() {
    return sessionStorage.getItem(STORAGE_KEY);
  }

  function forget() {
    sessionStorage.removeItem(STORAGE_KEY);
    refused = true;
    events.dispatchEvent(new Event("refused"));
  }

  // `headers` and, while the page holds a token, its `Authorization`.
  function withToken(headers = {}) {
    const held = token();
    return held ? { ...headers, Authorization: `Bearer ${held}` } : headers;
  }

  // The catalog version of the page's last write: its later reads ask for at least that version
  // (`Catalog-Min-Version`), so that a server reading a standby answers them once the standby
  // has replayed the write (DESIGN §17).
  let writtenVersion = 0;

  /// `fetch` with the token, if the page holds one, and after a write of the page's own the
  /// version its reads must see.
  async function request(url, options = {}) {
    const held = token();
    const method = (options.method || "GET").toUpperCase();
    let headers = withToken(options.headers);
    if (method === "GET" && writtenVersion > 0) {
      headers = { ...headers, "Catalog-Min-Version": String(writtenVersion) };
    }
    const response = await fetch(url, { ...options, headers });
    if (method !== "GET" && response.ok) {
      // A write's summary names the version it committed.
      const summary = await response.clone().json().catch(() => null);
      if (summary && Number.isInteger(summary.version)) {
        writtenVersion = Math.max(writtenVersion, summary.version);
      }
    }
    if (response.status !== 401 || !held) return response;
    if (token() === held) forget();
    return method === "GET" ? fetch(url, options) : response;
  }

  /// The change stream at `url`: an EventSource, or with a token a StreamingEventSource that
  /// sends it.
  function openChanges(url) {
    return token() ? new StreamingEventSource(url, withToken()) : new EventSource(url);
  }

  return {
    request,
    openChanges,
    hasToken: () => token() !== null,
    wasRefused: () => refused,
    addEventListener: (type, listener) => events.addEventListener(type, listener),
  };
})();
