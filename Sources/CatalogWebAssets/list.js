// The page of `catalog serve`: the collections, then one collection as an iOS-style indexed
// list. The scroll area is sized from the section counts, and only the rows on screen exist as
// elements, fetched by offset in blocks and kept in a small cache, so a list of a million rows
// scrolls as smoothly as one of ten.
//
// The list follows the writes of other processes live: it describes one catalog version at a
// time (`page.version`, from the `Catalog-Version` of the sections it loaded), subscribes to the
// change sets after it (`/changes`, Server-Sent Events) and applies them in order. An answer
// from the server newer than the list waits until the stream has brought the list to its
// version, and one from before a change set is dropped and asked again, so rows of two versions
// never show together.
"use strict";

const catalogPage = (() => {
  const ROW_HEIGHT = 44;
  const BLOCK = 50;
  const CACHE_LIMIT = 4000;
  // Browsers stop laying out somewhere past 10⁷ px; a taller list is mapped onto this height.
  const MAX_SCROLL_HEIGHT = 8_000_000;
  const LIST_PARAMETERS = ["group_by", "index_by", "locale"];
  // The height of one index entry (its line height in list.css), and the fewest the server's
  // `fit` accepts.
  const INDEX_ENTRY_HEIGHT = 14;
  const FEWEST_INDEX_ENTRIES = 3;
  // The parameters that choose a list's change sets: the index does not change them.
  const CHANGE_PARAMETERS = ["group_by", "locale"];
  // How long the page waits before it loads the list again when the server refused its stream
  // or could not be reached.
  const RESTART_DELAY = 2000;

  const query = new URLSearchParams(location.search);
  const collectionName = query.get("c");
  const $ = (id) => document.getElementById(id);
  const scroller = $("scroller");
  const content = $("content");

  const page = {
    collection: null,
    sections: [],
    grouped: false,
    // Row offset → { uid, record }: the rows fetched so far.
    cache: new Map(),
    inFlight: new Set(),
    // Raised by every reload and change set: answers to older requests are dropped.
    generation: 0,
    // How many index entries the index was asked for (`fit`).
    indexFit: 0,
    nextUID: 1,
    geometry: null,
    elements: new Map(),
    arriving: new Set(),
    // Offsets of the rows a change set moves, drawn above the others while they slide.
    moving: new Set(),
    animating: false,
    // While a change set animates: where each element was before it (key → list pixel), so
    // that one coming into view slides in from there rather than appearing at its new place.
    previousPlaces: new Map(),
    animationTimer: null,
    // The list pixel at the top after a jump, while the scroll position stays where it put it.
    anchor: null,
    // The catalog version the list describes: the one it was loaded at, or that of the last
    // change set applied to it.
    version: 0,
    // Every change set up to this version has come from the stream, so the list is exact at
    // every version from `version` to this one.
    streamThrough: 0,
    // While the list loads, the change sets that come wait here.
    loading: false,
    queued: [],
    // Answers newer than the list, waiting for the stream: { version, generation, resolve }.
    waiting: [],
    events: null,
  };

  // MARK: - Fetching

  function apiURL(endpoint, extra = {}, listParameters = LIST_PARAMETERS) {
    const parameters = new URLSearchParams();
    for (const name of listParameters) if (query.get(name)) parameters.set(name, query.get(name));
    for (const [name, value] of Object.entries(extra)) parameters.set(name, value);
    const path = `/api/collections/${encodeURIComponent(collectionName)}/${endpoint}`;
    return parameters.size ? `${path}?${parameters}` : path;
  }

  async function getJSON(url) {
    return (await getVersioned(url)).body;
  }

  // The answer and the catalog version it describes (the list endpoints say which).
  async function getVersioned(url) {
    const response = await CatalogAccess.request(url);
    const body = await response.json();
    if (!response.ok) throw new Error(body.error || response.statusText);
    return { body, version: Number(response.headers.get("Catalog-Version")) };
  }

  function showStatus(message) {
    $("status").textContent = message || "";
    $("status").hidden = !message;
  }

  // MARK: - Collections

  async function showCollections() {
    $("collections").hidden = false;
    document.body.classList.add("grouped");
    const list = $("collection-list");
    for (const collection of await getJSON("/api/collections")) {
      const link = document.createElement("a");
      link.href = `/?c=${encodeURIComponent(collection.name)}`;
      const name = document.createElement("span");
      name.textContent = collection.name;
      const detail = document.createElement("span");
      detail.className = "detail";
      detail.textContent = `${collection.items.toLocaleString("en")} items · ${collection.locale}`;
      link.append(name, detail);
      const item = document.createElement("li");
      item.append(link);
      list.append(item);
    }
  }

  // MARK: - Loading a list

  // Loads the list afresh at the newest version, then applies the change sets that came
  // meanwhile and are newer. Resolves with false when another load took over.
  async function loadList() {
    const generation = ++page.generation;
    page.loading = true;
    let collections;
    let sections;
    let index;
    // The index must describe the sections' version; during a burst of writes, take the last
    // try (each change set applied refreshes the index anyway).
    for (let attempt = 1; ; attempt += 1) {
      [collections, sections, index] = await Promise.all([
        getJSON("/api/collections"), getVersioned(apiURL("sections")), getVersioned(indexURL()),
      ]);
      if (generation !== page.generation) return false;
      if (index.version === sections.version || attempt === 3) break;
    }
    page.collection = collections.find((collection) => collection.name === collectionName);
    if (!page.collection) throw new Error(`no collection named '${collectionName}'`);
    page.version = sections.version;
    page.sections = sections.body;
    page.grouped = Boolean(page.collection.header || page.collection.footer)
      || sections.body.some((section) => section.header || section.footer);
    document.body.classList.toggle("grouped", page.grouped);
    page.cache.clear();
    page.inFlight.clear();
    renderIndex(index.body);
    relayout();
    page.loading = false;
    const queued = page.queued;
    page.queued = [];
    queued.forEach(receive);
    settle();
    return true;
  }

  // The index with as many entries as fit down the list's edge, as iOS shows a long index on a
  // short screen: with `fit`, the server keeps evenly spaced entries and puts a • for the ones
  // left out between them (DESIGN §12). Records the `fit` it asks for in `page.indexFit`.
  function indexURL() {
    page.indexFit = indexFit();
    return apiURL("index", { fit: page.indexFit });
  }

  // A `fit` in the page's address as given, else the entries that fit the edge now.
  function indexFit() {
    return Number(query.get("fit")) || fittingIndexEntries();
  }

  function fittingIndexEntries() {
    const nav = $("index");
    const style = getComputedStyle(nav);
    const height = nav.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    // One entry's height goes to the magnifying glass above the letters.
    return Math.max(FEWEST_INDEX_ENTRIES, Math.floor(height / INDEX_ENTRY_HEIGHT) - 1);
  }

  function renderIndex(entries) {
    const nav = $("index");
    nav.replaceChildren();
    const search = document.createElement("button");
    search.className = "search";
    search.setAttribute("aria-label", "Search");
    search.innerHTML = '<svg viewBox="0 0 16 16" aria-hidden="true"><circle cx="6.5" cy="6.5" '
      + 'r="5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10.5 10.5 15 15" '
      + 'stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
    search.dataset.jump = "search";
    nav.append(search);
    for (const entry of entries) {
      const button = document.createElement("button");
      button.textContent = entry.title;
      if (entry.stands_for) button.title = entry.stands_for.join(" ");
      button.disabled = entry.section === null;
      if (entry.section !== null) button.dataset.jump = String(entry.section);
      nav.append(button);
    }
  }

  // MARK: - Geometry

  // Heights of header and footer texts, measured once per text in the list's own styles.
  const noteHeights = new Map();
  function noteHeight(text, className) {
    const key = `${className}\n${text}`;
    if (!noteHeights.has(key)) {
      const probe = makeNote(text, className);
      probe.style.visibility = "hidden";
      content.append(probe);
      noteHeights.set(key, probe.offsetHeight);
      probe.remove();
    }
    return noteHeights.get(key);
  }

  function headingHeight() {
    return page.grouped ? 44 : 28;
  }

  // Where everything is in the whole list, in list pixels from its top: the list header, then
  // for each section its heading, header text, rows and footer text, then the list footer.
  function relayout() {
    let y = 0;
    const listHeader = makeListHeader();
    listHeader.style.visibility = "hidden";
    content.append(listHeader);
    const headerHeight = listHeader.offsetHeight;
    listHeader.remove();
    y += headerHeight;
    const sections = [];
    let offset = 0;
    for (const section of page.sections) {
      section.offset = offset;
      offset += section.count;
      const top = y;
      y += headingHeight();
      const headerNote = section.header ? noteHeight(section.header, "section-header") : 0;
      y += headerNote;
      const rowsTop = y;
      y += section.count * ROW_HEIGHT;
      const footerNote = section.footer ? noteHeight(section.footer, "section-footer") : 0;
      y += footerNote + (page.grouped && !section.footer ? 8 : 0);
      sections.push({ top, headerNote, rowsTop, footerTop: rowsTop + section.count * ROW_HEIGHT, end: y });
    }
    const footerTop = y;
    if (page.collection.footer) y += noteHeight(page.collection.footer, "list-footer-note") + 16;
    page.geometry = { headerHeight, sections, footerTop, total: Math.max(y, 1), rows: offset };
    content.style.height = `${Math.min(page.geometry.total, MAX_SCROLL_HEIGHT)}px`;
    render();
  }

  // The list pixel at the top of the screen for a scroll position, and back.
  function scale() {
    const view = scroller.clientHeight;
    const total = page.geometry.total;
    if (total <= MAX_SCROLL_HEIGHT) return 1;
    return (total - view) / (MAX_SCROLL_HEIGHT - view);
  }

  function sectionAt(y) {
    const sections = page.geometry.sections;
    let low = 0;
    let high = sections.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (sections[middle].top <= y) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  // The section that holds the row at `offset`.
  function sectionOfRow(offset) {
    let low = 0;
    let high = page.sections.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (page.sections[middle].offset <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  // The list pixel of the top of the row at `offset`.
  function rowTop(offset) {
    const index = sectionOfRow(offset);
    return page.geometry.sections[index].rowsTop + (offset - page.sections[index].offset) * ROW_HEIGHT;
  }

  /// Scrolls so that section `index`'s heading is at the top.
  function jumpToSection(index) {
    const section = page.geometry.sections[index];
    if (!section) return;
    scroller.scrollTop = section.top / scale();
    // A scaled list cannot put every list pixel at a whole scroll position: keep the exact one
    // until the next scroll.
    const lastTop = Math.max(0, page.geometry.total - scroller.clientHeight);
    page.anchor = { scrollTop: scroller.scrollTop, top: Math.min(section.top, lastTop) };
    render();
  }

  // MARK: - Drawing

  function makeListHeader() {
    const header = document.createElement("div");
    header.className = "list-header";
    const title = document.createElement("h2");
    title.className = "large-title";
    title.textContent = page.collection.name;
    header.append(title);
    if (page.collection.header) header.append(makeNote(page.collection.header, "list-header-note"));
    return header;
  }

  function makeNote(text, className) {
    const note = document.createElement("div");
    note.className = `note ${className}`;
    note.textContent = text;
    return note;
  }

  function makeHeading(section) {
    const heading = document.createElement("h3");
    heading.className = "heading";
    heading.setAttribute("role", "heading");
    heading.setAttribute("aria-level", "3");
    heading.dataset.section = String(section.section);
    heading.textContent = section.heading;
    return heading;
  }

  function makeRow(entry) {
    const row = document.createElement("div");
    row.className = "row";
    const title = document.createElement("span");
    title.className = "title";
    const detail = document.createElement("span");
    detail.className = "detail";
    row.append(title, detail);
    if (entry) fillRow(row, entry.record);
    else row.classList.add("loading");
    return row;
  }

  // The field shown at the right of a grouped row: the last one that is neither the title nor
  // the grouping's, such as a setting's value.
  function detailOf(record) {
    if (!page.grouped) return "";
    const skipped = new Set([page.collection.title, query.get("group_by"), query.get("index_by")]);
    const values = Object.entries(record.fields).filter(([name]) => !skipped.has(name));
    return values.length ? values[values.length - 1][1] : "";
  }

  // What adds to each row of the list that shows a record (editing's controls), if anything.
  let rowDecorator = null;

  /// Has `decorate(row)` called for every row of the list that shows a record, now and as
  /// rows come on screen or change; it must be cheap and may be called again for the same row.
  function decorateRows(decorate) {
    rowDecorator = decorate;
    render();
  }

  function fillRow(row, record) {
    row.record = record;
    row.querySelector(".title").textContent = record.title;
    row.querySelector(".detail").textContent = detailOf(record);
  }

  // Puts on screen exactly the elements for the list pixels in view, each at its place: a
  // section's heading sticks at the top while its rows scroll under it, and the next heading
  // pushes it away.
  function render() {
    if (!page.geometry || $("list-view").hidden) return;
    const view = scroller.clientHeight;
    const scrollTop = scroller.scrollTop;
    if (page.anchor && page.anchor.scrollTop !== scrollTop) page.anchor = null;
    const top = page.anchor ? page.anchor.top : scrollTop * scale();
    const bottom = top + view;
    const shift = scrollTop - top;
    const wanted = new Map();
    const place = (key, y, make, update) => wanted.set(key, { y: y + shift, make, update });
    const geometry = page.geometry;

    if (top < geometry.headerHeight) place("list-header", 0, makeListHeader);
    let firstRow = Infinity;
    let lastRow = -1;
    if (page.sections.length) {
      for (let index = sectionAt(top); index < page.sections.length; index += 1) {
        const section = page.sections[index];
        const box = geometry.sections[index];
        if (box.top >= bottom) break;
        const headingY = Math.min(Math.max(box.top, top), box.end - headingHeight());
        // Keyed by heading (a section's own), so that a change set slides each heading and its
        // notes along with its rows; a section just inserted has none until it is fetched.
        const name = headingKey(section, index);
        place(`h${name}`, headingY, () => {
          const heading = makeHeading(section);
          if (page.animating && !page.previousPlaces.has(`h${name}`)) heading.classList.add("row-in");
          return heading;
        }, (element) => {
          element.dataset.section = String(index);
          // Pinned at the top, it follows the scroll position at once, even while a change set
          // animates the rest.
          element.classList.toggle("pinned", headingY !== box.top);
        });
        if (section.header) {
          place(`hn${name}`, box.top + headingHeight(), () => makeNote(section.header, "section-header"));
        }
        const first = Math.max(0, Math.floor((top - box.rowsTop) / ROW_HEIGHT));
        const last = Math.min(section.count - 1, Math.floor((bottom - box.rowsTop) / ROW_HEIGHT));
        for (let row = first; row <= last; row += 1) {
          const offset = section.offset + row;
          const entry = page.cache.get(offset);
          const key = entry ? `e${entry.uid}` : `p${offset}`;
          firstRow = Math.min(firstRow, offset);
          lastRow = Math.max(lastRow, offset);
          place(key, box.rowsTop + row * ROW_HEIGHT, () => {
            const element = makeRow(entry);
            if (page.arriving.has(offset)) element.classList.add("row-in");
            return element;
          }, (element) => {
            if (entry && element.record !== entry.record) fillRow(element, entry.record);
            if (entry && rowDecorator) rowDecorator(element);
            element.dataset.row = String(offset);
            element.classList.toggle("first", row === 0);
            element.classList.toggle("last", row === section.count - 1);
            element.classList.toggle("moving", page.moving.has(offset));
          });
        }
        if (section.footer && box.footerTop < bottom) {
          place(`fn${name}`, box.footerTop, () => makeNote(section.footer, "section-footer"));
        }
      }
    }
    if (page.collection.footer && geometry.footerTop < bottom) {
      place("list-footer", geometry.footerTop, () => {
        const footer = document.createElement("div");
        footer.className = "list-footer";
        footer.append(makeNote(page.collection.footer, "list-footer-note"));
        return footer;
      });
    }

    let places = null;
    for (const [key, element] of page.elements) {
      if (wanted.has(key)) continue;
      page.elements.delete(key);
      if (page.animating && !key.startsWith("p")) {
        // What went fades out where it was; what moved out of view slides there. Either way it
        // is no longer part of the list.
        delete element.dataset.row;
        delete element.dataset.section;
        element.removeAttribute("role");
        element.setAttribute("aria-hidden", "true");
        places = places || currentPlaces();
        const place = places.get(key);
        if (place === undefined) element.classList.add("row-out");
        else element.style.transform = `translateY(${place + shift}px)`;
        setTimeout(() => element.remove(), 260);
      } else {
        element.remove();
      }
    }
    for (const [key, { y, make, update }] of wanted) {
      let element = page.elements.get(key);
      if (!element) {
        element = make();
        page.elements.set(key, element);
        content.append(element);
        const before = page.animating ? page.previousPlaces.get(key) : undefined;
        if (before !== undefined) {
          element.style.transform = `translateY(${before + shift}px)`;
          element.getBoundingClientRect();
        }
      }
      if (update) update(element);
      element.style.transform = `translateY(${y}px)`;
    }
    if (lastRow >= 0) fetchRows(firstRow, lastRow);
  }

  // What a section's heading and notes are keyed by: its heading, its own for as long as it
  // exists, so that a change set slides them along with its rows; a section just inserted has
  // none until it is fetched.
  function headingKey(section, index) {
    return section.isNew ? `+${index}` : `:${section.heading}`;
  }

  // Where each heading, note and known row is in the list now, by the keys render() gives them.
  function currentPlaces() {
    const places = new Map();
    page.sections.forEach((section, index) => {
      const box = page.geometry.sections[index];
      const name = headingKey(section, index);
      places.set(`h${name}`, box.top);
      places.set(`hn${name}`, box.top + headingHeight());
      places.set(`fn${name}`, box.footerTop);
    });
    for (const [offset, entry] of page.cache) places.set(`e${entry.uid}`, rowTop(offset));
    places.set("list-header", 0);
    places.set("list-footer", page.geometry.footerTop);
    return places;
  }

  // MARK: - Rows by offset

  function fetchRows(first, last) {
    const generation = page.generation;
    const firstBlock = Math.max(0, Math.floor(first / BLOCK) - 1);
    const lastBlock = Math.floor(last / BLOCK) + 1;
    for (let block = firstBlock; block <= lastBlock; block += 1) {
      const start = block * BLOCK;
      if (start >= page.geometry.rows || page.inFlight.has(`${generation}:${block}`)) continue;
      const end = Math.min(start + BLOCK, page.geometry.rows);
      let missing = false;
      for (let offset = start; offset < end && !missing; offset += 1) {
        const entry = page.cache.get(offset);
        missing = !entry || entry.stale;
      }
      if (!missing) continue;
      const key = `${generation}:${block}`;
      page.inFlight.add(key);
      getVersioned(apiURL("rows", { offset: start, limit: BLOCK }))
        .then(({ body, version }) => whenCurrent(version, generation).then((current) => current && body))
        .then((records) => {
          if (!records || generation !== page.generation) return;
          for (const record of records) {
            const entry = page.cache.get(record.row);
            if (!entry) page.cache.set(record.row, { uid: page.nextUID++, record });
            else if (entry.stale) Object.assign(entry, { record, stale: false });
          }
          evict((first + last) / 2);
          scheduleRender();
        })
        .catch((error) => showStatus(error.message))
        .finally(() => page.inFlight.delete(key));
    }
  }

  function evict(center) {
    if (page.cache.size <= CACHE_LIMIT) return;
    const keep = CACHE_LIMIT / 2;
    for (const offset of page.cache.keys()) {
      if (Math.abs(offset - center) > keep) page.cache.delete(offset);
    }
  }

  let renderPending = false;
  function scheduleRender() {
    if (renderPending) return;
    renderPending = true;
    requestAnimationFrame(() => {
      renderPending = false;
      render();
    });
  }

  // MARK: - Change sets

  // The page's list as CatalogChanges models it: each section's record, count and fetched rows.
  function model() {
    return {
      sections: page.sections.map((section) => {
        const rows = [];
        for (let row = 0; row < section.count; row += 1) {
          const entry = page.cache.get(section.offset + row);
          if (entry) rows.push([row, entry]);
        }
        return { meta: section, stale: false, count: section.count, rows };
      }),
    };
  }

  /// Applies one change set (DESIGN §10) to the list on screen without reloading: rows that
  /// come fade in, rows that go fade out, and the rows between slide to their new places; then
  /// fetches what the change set leaves unknown (new sections' headings, new and updated rows).
  /// A change set that does not fit (or says reload) reloads the list. Returns whether it
  /// applied.
  function applyChangeSet(changeSet) {
    let next;
    try {
      next = CatalogChanges.apply(model(), changeSet);
    } catch (error) {
      restart();
      return false;
    }
    page.previousPlaces = currentPlaces();
    page.generation += 1;
    page.cache = new Map();
    page.arriving = new Set();
    let offset = 0;
    page.sections = next.sections.map((section, index) => {
      const record = section.meta
        ? { ...section.meta, section: index, count: section.count, offset }
        : { section: index, heading: "", index: "", count: section.count, offset, isNew: true };
      for (const [row, entry] of section.rows) page.cache.set(offset + row, entry);
      for (const row of section.staleRows) {
        const entry = page.cache.get(offset + row);
        if (entry) entry.stale = true;
      }
      offset += section.count;
      return record;
    });
    for (const [section, row] of (changeSet.rows && changeSet.rows.inserted) || []) {
      page.arriving.add(page.sections[section].offset + row);
    }
    page.moving = new Set(((changeSet.rows && changeSet.rows.moved) || [])
      .map(([, [section, row]]) => page.sections[section].offset + row));
    page.animating = true;
    content.classList.add("animating");
    relayout();
    clearTimeout(page.animationTimer);
    page.animationTimer = setTimeout(() => {
      page.animating = false;
      page.arriving = new Set();
      page.moving = new Set();
      page.previousPlaces = new Map();
      render();
      content.classList.remove("animating");
    }, 260);
    refreshAfterChange(page.generation);
    return true;
  }

  // The sections and index as the server has them at the list's version: their records
  // replace the page's (headings of new sections, new counts and index entries). Counts that
  // disagree would mean the change sets missed a write: the list then reloads.
  async function refreshAfterChange(generation) {
    const [sections, index] = await Promise.all([
      getVersioned(apiURL("sections")), getVersioned(indexURL()),
    ]);
    if (!(await whenCurrent(Math.max(sections.version, index.version), generation))) return;
    const agree = sections.body.length === page.sections.length
      && sections.body.every((section, position) => section.count === page.sections[position].count);
    if (!agree) return restart();
    page.sections = sections.body;
    renderIndex(index.body);
    relayout();
  }

  // MARK: - Following the writes

  /// Subscribes to the change sets after the list's version. The EventSource (or, with a token,
  /// the StreamingEventSource) reconnects by itself (from the last event's id) when a stream
  /// ends; when the server refuses it, the page starts again.
  function subscribe() {
    if (page.events) page.events.close();
    const source = CatalogAccess.openChanges(
      apiURL("changes", { since: page.version }, CHANGE_PARAMETERS));
    page.events = source;
    page.streamThrough = page.version;
    source.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    source.addEventListener("version", (event) => {
      page.streamThrough = Math.max(page.streamThrough, Number(event.data));
      settle();
    });
    source.addEventListener("error", () => {
      if (source.readyState !== source.CLOSED || page.events !== source) return;
      page.events = null;
      setTimeout(restart, RESTART_DELAY);
    });
  }

  // Loads the list again and follows the writes from its new version: for a reload, a change
  // set that does not fit, and a stream the server refused. When the server cannot be reached,
  // tries again in a while, saying why meanwhile.
  function restart() {
    loadList().then((loaded) => {
      if (!loaded) return;
      showStatus("");
      subscribe();
    }).catch((error) => {
      showStatus(error.message);
      setTimeout(restart, RESTART_DELAY);
    });
  }

  // One change set from the stream, in order: applied when it is newer than the list (a
  // reload starts again), kept for later while the list loads.
  function receive(changeSet) {
    page.streamThrough = Math.max(page.streamThrough, changeSet.version);
    if (page.loading) {
      page.queued.push(changeSet);
      return;
    }
    if (changeSet.version > page.version) {
      page.version = changeSet.version;
      applyChangeSet(changeSet);
    }
    settle();
  }

  // Resolves with true once the list describes `version` (the list may then take an answer of
  // that version), or with false when the list moved on past it or was loaded again, and the
  // answer no longer fits.
  function whenCurrent(version, generation) {
    return new Promise((resolve) => {
      page.waiting.push({ version, generation, resolve });
      settle();
    });
  }

  function settle() {
    const through = Math.max(page.version, page.streamThrough);
    page.waiting = page.waiting.filter((answer) => {
      const stale = answer.generation !== page.generation || answer.version < page.version;
      if (stale || answer.version <= through) {
        answer.resolve(!stale);
        return false;
      }
      return true;
    });
  }

  // MARK: - Index and search

  function jumpTo(target) {
    if (!target || !target.dataset.jump) return;
    if (target.dataset.jump === "search") {
      scroller.scrollTop = 0;
      $("search").focus();
    } else {
      jumpToSection(Number(target.dataset.jump));
    }
  }

  function indexButtonAt(x, y) {
    const element = document.elementFromPoint(x, y);
    return element && element.closest("#index button");
  }

  function installIndex() {
    const nav = $("index");
    let dragging = false;
    let last = null;
    nav.addEventListener("pointerdown", (event) => {
      dragging = true;
      nav.setPointerCapture(event.pointerId);
      last = indexButtonAt(event.clientX, event.clientY);
      jumpTo(last);
      event.preventDefault();
    });
    nav.addEventListener("pointermove", (event) => {
      if (!dragging) return;
      const button = indexButtonAt(event.clientX, event.clientY);
      if (button && button !== last) {
        last = button;
        jumpTo(button);
      }
    });
    const stop = () => { dragging = false; };
    nav.addEventListener("pointerup", stop);
    nav.addEventListener("pointercancel", stop);
    // Keyboard and assistive technology press buttons without pointers.
    nav.addEventListener("click", (event) => {
      if (event.detail === 0) jumpTo(event.target.closest("button"));
    });
  }

  let searchGeneration = 0;
  function installSearch() {
    const field = $("search");
    let timer = null;
    field.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => search(field.value), 120);
    });
    field.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        field.value = "";
        search("");
      }
    });
  }

  async function search(text) {
    const generation = ++searchGeneration;
    if (!text.trim()) {
      showResults([]);
      return;
    }
    let records;
    try {
      records = await getJSON(apiURL("search", { q: text, limit: 100 }));
    } catch (error) {
      records = null;
      if (generation === searchGeneration) {
        showResults([Object.assign(document.createElement("li"), {
          className: "empty", textContent: error.message,
        })]);
      }
      return;
    }
    if (generation !== searchGeneration) return;
    const items = records.map((record) => {
      const row = makeRow({ record });
      row.dataset.row = String(record.row);
      const item = document.createElement("li");
      item.append(row);
      return item;
    });
    if (!items.length) {
      items.push(Object.assign(document.createElement("li"), { className: "empty", textContent: "No Results" }));
    }
    showResults(items);
  }

  // Shows `items` over the list, or, when there are none, the list again. The list and its
  // index stay inert while the results cover them, so that neither takes focus or presses.
  function showResults(items) {
    const results = $("results");
    results.replaceChildren(...items);
    results.hidden = !items.length;
    scroller.inert = !results.hidden;
    $("index").inert = !results.hidden;
  }

  // MARK: - Start

  async function start() {
    try {
      if (!collectionName) return await showCollections();
      $("list-view").hidden = false;
      $("back").hidden = false;
      $("bar-title").textContent = collectionName;
      document.title = `${collectionName} — catalog`;
      installIndex();
      installSearch();
      scroller.addEventListener("scroll", scheduleRender, { passive: true });
      window.addEventListener("resize", () => {
        if (!page.geometry) return;
        relayout();
        // A taller or shorter edge holds more or fewer index entries.
        if (indexFit() !== page.indexFit) {
          refreshAfterChange(page.generation);
        }
      });
      await loadList();
      subscribe();
      // A page kept for the back button holds no stream: browsers allow a site only a few
      // connections, and a stream holds one. It follows on from its version when it comes back.
      window.addEventListener("pagehide", () => {
        if (page.events) page.events.close();
        page.events = null;
      });
      window.addEventListener("pageshow", (event) => {
        if (event.persisted) subscribe();
      });
    } catch (error) {
      showStatus(error.message);
    }
  }

  const ready = start();
  return { ready, applyChangeSet, jumpToSection, decorateRows, showStatus, page };
})();
