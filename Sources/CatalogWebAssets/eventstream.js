// Server-Sent Events read with a streaming fetch, for a change stream that needs an
// `Authorization` header, which EventSource cannot send (DESIGN §15). It behaves as EventSource
// does in what the page relies on: "message" and named events (`event:`) carry their `data` and
// `lastEventId`; when a stream ends or the connection breaks, an "error" event comes with
// readyState CONNECTING, and after the `retry:` time it connects again sending the last event's
// id as `Last-Event-ID`, so the server goes on after it; an answer that is not a 200 of
// `text/event-stream` fails it for good (readyState CLOSED, then "error"), as EventSource fails.
"use strict";

class StreamingEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;

  /// Connects to `url` at once, sending `headers` with every connection.
  constructor(url, headers = {}) {
    super();
    this.url = url;
    this.headers = headers;
    this.readyState = StreamingEventSource.CONNECTING;
    this.lastEventId = "";
    // How long to wait before connecting again; the server's `retry:` replaces it.
    this.reconnectionTime = 3000;
    this.controller = null;
    this.timer = null;
    this.connect();
  }

  get CONNECTING() { return StreamingEventSource.CONNECTING; }
  get OPEN() { return StreamingEventSource.OPEN; }
  get CLOSED() { return StreamingEventSource.CLOSED; }

  /// Stops for good: no more events and no reconnection.
  close() {
    this.readyState = StreamingEventSource.CLOSED;
    clearTimeout(this.timer);
    if (this.controller) this.controller.abort();
  }

  async connect() {
    const controller = new AbortController();
    this.controller = controller;
    const headers = { ...this.headers, Accept: "text/event-stream" };
    if (this.lastEventId) headers["Last-Event-ID"] = this.lastEventId;
    let response;
    try {
      response = await fetch(this.url, { headers, cache: "no-store", signal: controller.signal });
    } catch (error) {
      this.reconnect();
      return;
    }
    if (this.readyState === StreamingEventSource.CLOSED) return;
    const type = response.headers.get("Content-Type") || "";
    if (response.status !== 200 || !/^text\/event-stream\s*(;|$)/i.test(type)) {
      controller.abort();
      this.readyState = StreamingEventSource.CLOSED;
      this.dispatchEvent(new Event("error"));
      return;
    }
    this.readyState = StreamingEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
    try {
      await this.read(response.body);
    } catch (error) {
      // A broken connection ends the stream as its end does.
    }
    this.reconnect();
  }

  reconnect() {
    if (this.readyState === StreamingEventSource.CLOSED) return;
    this.readyState = StreamingEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
    if (this.readyState === StreamingEventSource.CLOSED) return;
    this.timer = setTimeout(() => this.connect(), this.reconnectionTime);
  }

  // Reads the stream's lines as they come, a line that ends in one chunk and its line break in
  // the next included.
  async read(body) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    this.pending = { type: "", data: "", id: this.lastEventId };
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done || this.readyState === StreamingEventSource.CLOSED) return;
      buffer += value;
      for (let end = buffer.search(/[\r\n]/); end >= 0; end = buffer.search(/[\r\n]/)) {
        // A CR at the end of what came so far may be the first half of a CRLF.
        if (buffer[end] === "\r" && end === buffer.length - 1) break;
        const breakLength = buffer.startsWith("\r\n", end) ? 2 : 1;
        this.readLine(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
        if (this.readyState === StreamingEventSource.CLOSED) return;
      }
    }
  }

  // One line of the event stream format: a field, a comment, or the blank line that ends an
  // event.
  readLine(line) {
    if (line === "") {
      this.dispatchPending();
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.pending.type = value;
    else if (field === "data") this.pending.data += `${value}\n`;
    else if (field === "id" && !value.includes("\0")) this.pending.id = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.reconnectionTime = Number(value);
  }

  dispatchPending() {
    const { type, data, id } = this.pending;
    this.lastEventId = id;
    this.pending = { type: "", data: "", id };
    if (data === "") return;
    this.dispatchEvent(new MessageEvent(type || "message", {
      data: data.slice(0, -1), lastEventId: id, origin: location.origin,
    }));
  }
}
