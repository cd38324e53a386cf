// Editing on the page as an iOS table view edits (DESIGN §15), for a page that holds a token
// (access.js): a tapped row shows all its fields. When the token may write to the collection,
// Edit in the bar shows a delete control on each row and an Add button; swiping a row left offers
// Delete; Edit in a row's fields turns them into inputs, and Add shows a form of the collection's
// columns. Each write goes to the API, and the list changes only when the write's change set
// comes on the change stream, as it does for every other writer. An error that names a field
// shows beside it, any other at the top of the form.
"use strict";

(() => {
  // The width of the Delete button that the delete control or a swipe brings out.
  const DELETE_WIDTH = 80;
  // How far a pointer goes before it swipes or scrolls rather than taps.
  const SLOP = 8;
  const REFUSED = "The server refused this page's token (revoked, or made by a server that has "
    + "stopped since): the page shows the list but cannot change it. To edit, open the address "
    + "that 'catalog serve --edit' prints.";
  const CHANGED_MEANWHILE = "Someone else changed this item since it was opened: these are its "
    + "values now.";

  const content = document.getElementById("content");
  const state = {
    mayWrite: false,
    editing: false,
    // The row whose Delete button shows.
    openRow: null,
    // A swipe under way: { row, pointerId, x, y, from, swiping }.
    drag: null,
    // A click that ends a swipe is no tap.
    swallowClick: false,
  };
  let bar = null;
  let detail = null;
  let addition = null;

  // MARK: - Requests

  function collection() {
    return catalogPage.page.collection;
  }

  function itemsURL(item) {
    const base = `/api/collections/${encodeURIComponent(collection().name)}/items`;
    return item === undefined ? base : `${base}/${encodeURIComponent(item)}`;
  }

  // What names a row's item in the API: its key where the collection has a key column, else its
  // number.
  function itemOf(record) {
    const key = collection().key;
    return key ? record.fields[key] : String(record.item);
  }

  // Sends a request with the page's token; resolves with whether it succeeded, its status, its
  // body as JSON, its ETag and, for a failure, the server's message.
  async function send(url, { method = "GET", body, headers = {} } = {}) {
    const options = { method, headers };
    if (body !== undefined) {
      options.headers = { ...headers, "Content-Type": "application/json" };
      options.body = JSON.stringify(body);
    }
    let response;
    let json = null;
    try {
      response = await CatalogAccess.request(url, options);
      json = await response.json();
    } catch (error) {
      if (!response) return { ok: false, status: 0, message: "the server cannot be reached" };
    }
    return {
      ok: response.ok,
      status: response.status,
      body: json,
      etag: response.headers.get("ETag"),
      message: (json && json.error) || response.statusText,
    };
  }

  // MARK: - Start

  async function start() {
    await catalogPage.ready;
    if (CatalogAccess.wasRefused()) {
      catalogPage.showStatus(REFUSED);
      return;
    }
    if (!CatalogAccess.hasToken() || !collection()) return;
    // Whether the token may write here: a POST of no items writes nothing and meets the same
    // 401 and 403 as any write.
    state.mayWrite = (await send(itemsURL(), { method: "POST", body: [] })).ok;
    if (!CatalogAccess.hasToken()) {
      catalogPage.showStatus(REFUSED);
      return;
    }
    CatalogAccess.addEventListener("refused", stop);
    document.body.classList.add("can-open");
    document.body.classList.toggle("can-write", state.mayWrite);
    content.addEventListener("click", tap);
    content.addEventListener("keydown", (event) => {
      const row = event.target;
      if (!CatalogAccess.hasToken() || !row.matches(".row[data-row]")) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        showDetail(row.record);
      }
    });
    if (state.mayWrite) {
      makeBarButtons();
      installSwipe();
    }
    catalogPage.decorateRows(decorateRow);
  }

  // The token was refused on the way: the page goes on reading, without editing.
  function stop() {
    if (bar) {
      setEditing(false);
      bar.holder.remove();
    }
    for (const sheet of [detail, addition]) if (sheet) sheet.dialog.close();
    state.mayWrite = false;
    document.body.classList.remove("can-open", "can-write");
    catalogPage.showStatus(REFUSED);
  }

  function makeButton(className, text) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = className;
    button.textContent = text;
    return button;
  }

  // MARK: - Rows

  // Gives a row of the list what opens it and, where the token may write, its delete control
  // and its Delete button, named after the row.
  function decorateRow(row) {
    if (!row.editControls) {
      row.tabIndex = 0;
      row.setAttribute("aria-haspopup", "dialog");
      row.editControls = { title: null };
      if (state.mayWrite) {
        const control = makeButton("delete-control", "");
        control.dataset.action = "reveal";
        const remove = makeButton("delete-button", "Delete");
        remove.dataset.action = "delete";
        row.prepend(control);
        row.append(remove);
        Object.assign(row.editControls, { control, remove });
      }
    }
    const controls = row.editControls;
    if (controls.title === row.record.title || !controls.control) return;
    controls.title = row.record.title;
    controls.control.setAttribute("aria-label", `Delete ${row.record.title}`);
    controls.remove.setAttribute("aria-label", `Delete ${row.record.title}`);
  }

  // A tap on a row: its delete control brings out its Delete button, which deletes it; while a
  // row shows Delete, a tap elsewhere in the list puts it away; else the row's fields show.
  function tap(event) {
    const row = event.target.closest(".row[data-row]");
    if (!row || !row.record || state.swallowClick || !CatalogAccess.hasToken()) return;
    const button = event.target.closest("button");
    const action = button && button.dataset.action;
    if (action === "reveal") {
      if (row === state.openRow) closeRow();
      else openRow(row);
    } else if (action === "delete") {
      deleteRow(row);
    } else if (state.openRow) {
      closeRow();
    } else {
      showDetail(row.record);
    }
  }

  function setSwipe(row, offset) {
    row.style.setProperty("--swipe", `${offset}px`);
  }

  function openRow(row) {
    if (state.openRow !== row) closeRow();
    row.classList.add("open");
    setSwipe(row, -DELETE_WIDTH);
    state.openRow = row;
    row.editControls.remove.focus({ preventScroll: true });
  }

  function closeRow() {
    const row = state.openRow;
    state.openRow = null;
    if (!row) return;
    row.classList.remove("open");
    row.style.removeProperty("--swipe");
  }

  // Dragging a row left brings out its Delete button under the finger; let go past half of it,
  // the row stays open, else it closes. A drag that goes up or down first is a scroll.
  function installSwipe() {
    content.addEventListener("pointerdown", (event) => {
      const row = event.target.closest(".row[data-row]");
      if (!state.mayWrite || !event.isPrimary || event.button !== 0 || !row || !row.record) return;
      if (event.target.closest("button")) return;
      const from = row === state.openRow ? -DELETE_WIDTH : 0;
      state.drag = { row, pointerId: event.pointerId, x: event.clientX, y: event.clientY, from };
    });
    content.addEventListener("pointermove", (event) => {
      const drag = state.drag;
      if (!drag || event.pointerId !== drag.pointerId) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!drag.swiping) {
        if (Math.abs(dy) > SLOP && Math.abs(dy) >= Math.abs(dx)) {
          state.drag = null;
          return;
        }
        if (Math.abs(dx) <= SLOP) return;
        drag.swiping = true;
        if (state.openRow !== drag.row) closeRow();
        drag.row.setPointerCapture(event.pointerId);
        drag.row.classList.add("swiping");
      }
      setSwipe(drag.row, Math.min(0, Math.max(-DELETE_WIDTH, drag.from + dx)));
    });
    const release = (event) => {
      const drag = state.drag;
      if (!drag || event.pointerId !== drag.pointerId) return;
      state.drag = null;
      if (!drag.swiping) return;
      drag.row.classList.remove("swiping");
      const offset = event.type === "pointerup" ? drag.from + event.clientX - drag.x : drag.from;
      if (offset < -DELETE_WIDTH / 2) openRow(drag.row);
      else if (drag.row === state.openRow) closeRow();
      else drag.row.style.removeProperty("--swipe");
      // The click that follows this pointerup comes in the same task.
      state.swallowClick = true;
      setTimeout(() => { state.swallowClick = false; });
    };
    content.addEventListener("pointerup", release);
    content.addEventListener("pointercancel", release);
    // A press outside the list puts an open row away.
    document.addEventListener("pointerdown", (event) => {
      if (state.openRow && !content.contains(event.target)) closeRow();
    }, true);
  }

  // Deletes the row's item, if it has not changed since the version the list shows; the row
  // goes when the write's change set comes.
  async function deleteRow(row) {
    const button = row.editControls.remove;
    button.disabled = true;
    const answer = await send(itemsURL(itemOf(row.record)), {
      method: "DELETE", headers: { "If-Match": `"${catalogPage.page.version}"` },
    });
    button.disabled = false;
    // A 401 ended editing (stop), which says why.
    if (answer.ok || answer.status === 401) return;
    closeRow();
    catalogPage.showStatus(`“${row.record.title}” was not deleted: ${answer.message}`);
  }

  // MARK: - Edit mode

  function makeBarButtons() {
    const holder = document.createElement("div");
    holder.className = "bar-buttons";
    const add = makeButton("bar-button add", "+");
    add.setAttribute("aria-label", "Add");
    add.hidden = true;
    add.addEventListener("click", showAddForm);
    const edit = makeButton("bar-button", "Edit");
    edit.addEventListener("click", () => setEditing(!state.editing));
    holder.append(add, edit);
    document.querySelector(".bar").append(holder);
    bar = { holder, add, edit };
  }

  function setEditing(editing) {
    state.editing = editing;
    document.body.classList.toggle("editing", editing);
    bar.edit.textContent = editing ? "Done" : "Edit";
    bar.edit.classList.toggle("done", editing);
    bar.add.hidden = !editing;
    closeRow();
  }

  // MARK: - Sheets

  // A dialog that slides up over the list, as iOS presents a form: a bar with a button at each
  // side of its title, a line for errors that name no field, and its body.
  function makeSheet(id) {
    const dialog = document.createElement("dialog");
    dialog.id = id;
    dialog.className = "sheet";
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-labelledby", `${id}-title`);
    const header = document.createElement("header");
    header.className = "sheet-bar";
    const left = makeButton("bar-button", "");
    const title = document.createElement("h2");
    title.id = `${id}-title`;
    const right = makeButton("bar-button done", "");
    header.append(left, title, right);
    const error = document.createElement("p");
    error.className = "form-error";
    error.setAttribute("role", "alert");
    error.hidden = true;
    const body = document.createElement("div");
    body.className = "sheet-body";
    dialog.append(header, error, body);
    document.body.append(dialog);
    return { id, dialog, left, title, right, error, body };
  }

  // Sets a bar button's text and what it does. (A submit button's type would change during
  // the click that shows the form, which the click would then submit.)
  function setButton(button, text, action) {
    button.textContent = text;
    button.hidden = false;
    button.disabled = false;
    button.onclick = action;
  }

  // The fields as a grouped list, each value beside its column's name.
  function makeValues(fields) {
    const list = document.createElement("dl");
    list.className = "fields";
    for (const [column, text] of Object.entries(fields)) {
      const field = document.createElement("div");
      field.className = "field";
      const name = document.createElement("dt");
      name.textContent = column;
      const value = document.createElement("dd");
      value.textContent = text;
      field.append(name, value);
      list.append(field);
    }
    return list;
  }

  // A form of an input for each of `columns`, labelled with its name, with a place for its
  // error beneath it; `submit(fields)` gets the values by column when it is sent, by the
  // sheet's right button or Enter in an input. The inputs have no `name`, which would make a
  // column called `id` or `submit` a property of the form.
  function makeForm(sheet, columns, values, submit) {
    const form = document.createElement("form");
    form.className = "fields";
    form.noValidate = true;
    columns.forEach((column, index) => {
      const field = document.createElement("div");
      field.className = "field";
      const input = document.createElement("input");
      input.id = `${sheet.id}-field-${index}`;
      input.dataset.column = column;
      input.value = values[column] || "";
      input.autocomplete = "off";
      const label = document.createElement("label");
      label.htmlFor = input.id;
      label.textContent = column;
      const error = document.createElement("p");
      error.className = "field-error";
      error.id = `${input.id}-error`;
      error.hidden = true;
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        // Instead of the browser's own submission, which a form of one input would make too.
        event.preventDefault();
        form.requestSubmit();
      });
      field.append(label, input, error);
      form.append(field);
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      // One at a time: the right button is disabled while one is sent.
      if (sheet.right.disabled) return;
      const fields = Object.fromEntries([...form.querySelectorAll("input")]
        .map((input) => [input.dataset.column, input.value]));
      sheet.right.disabled = true;
      await submit(fields);
      sheet.right.disabled = false;
    });
    sheet.body.replaceChildren(form);
    return form;
  }

  function clearErrors(sheet) {
    sheet.error.hidden = true;
    for (const input of sheet.body.querySelectorAll("input[aria-invalid]")) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      document.getElementById(`${input.id}-error`).hidden = true;
    }
  }

  // The column a server's 400 is about, when it names one: a duplicate or blank key is the key
  // column's, an unknown column its own.
  function columnOf(message) {
    const key = collection().key;
    if (key && /^(duplicate|blank) key\b/.test(message)) return key;
    const unknown = /^unknown column '(.*?)';/.exec(message);
    return unknown ? unknown[1] : null;
  }

  // Shows `message` beside the input of the column a failed answer names, or at the top.
  function showError(sheet, { status, message }) {
    clearErrors(sheet);
    const column = status === 400 ? columnOf(message) : null;
    const input = [...sheet.body.querySelectorAll("input")]
      .find((field) => field.dataset.column === column);
    if (!input) {
      sheet.error.textContent = message;
      sheet.error.hidden = false;
      return;
    }
    const error = document.getElementById(`${input.id}-error`);
    error.textContent = message;
    error.hidden = false;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", error.id);
    input.focus();
  }

  // MARK: - A row's fields

  async function showDetail(record) {
    detail = detail || makeSheet("detail");
    detail.item = itemOf(record);
    detail.fields = null;
    detail.title.textContent = record.title;
    clearErrors(detail);
    detail.body.replaceChildren();
    viewDetail();
    detail.dialog.showModal();
    if (await loadDetail()) viewDetail();
  }

  // Reads the item afresh: its fields and its ETag, for the If-Match of its edit.
  async function loadDetail() {
    const answer = await send(itemsURL(detail.item));
    if (!answer.ok) {
      detail.fields = null;
      showError(detail, answer);
      viewDetail();
      return false;
    }
    detail.fields = answer.body.fields;
    detail.etag = answer.etag;
    detail.title.textContent = detail.fields[collection().title] || detail.title.textContent;
    return true;
  }

  function viewDetail() {
    const fields = detail.fields;
    detail.body.replaceChildren(fields ? makeValues(fields) : "");
    setButton(detail.left, "Close", () => detail.dialog.close());
    setButton(detail.right, "Edit", editDetail);
    detail.right.hidden = !state.mayWrite || !fields;
  }

  function editDetail() {
    const form = makeForm(detail, Object.keys(detail.fields), detail.fields, saveDetail);
    setButton(detail.left, "Cancel", () => {
      clearErrors(detail);
      viewDetail();
    });
    setButton(detail.right, "Done", () => form.requestSubmit());
    form.querySelector("input").focus();
  }

  // Sets the fields that changed, if the item has not changed since it was read; a 412 shows
  // its values now.
  async function saveDetail(fields) {
    const changed = Object.fromEntries(
      Object.entries(fields).filter(([column, value]) => value !== detail.fields[column]));
    if (!Object.keys(changed).length) {
      clearErrors(detail);
      viewDetail();
      return;
    }
    const answer = await send(itemsURL(detail.item), {
      method: "PATCH", body: changed, headers: { "If-Match": detail.etag },
    });
    if (!answer.ok && answer.status !== 412) {
      showError(detail, answer);
      return;
    }
    const key = collection().key;
    if (answer.ok && key && key in changed) detail.item = changed[key];
    clearErrors(detail);
    if (!(await loadDetail())) return;
    if (answer.ok) {
      viewDetail();
    } else {
      editDetail();
      showError(detail, { status: 412, message: CHANGED_MEANWHILE });
    }
  }

  // MARK: - Adding

  // The collection's columns, in order, from its first row; an empty collection shows none, so
  // then the ones its settings name.
  async function columnsOfCollection() {
    const rows = `/api/collections/${encodeURIComponent(collection().name)}/rows?limit=1`;
    const answer = await send(rows);
    if (answer.ok && answer.body.length) return Object.keys(answer.body[0].fields);
    const { key, title, sort_as: sortAs, groupings } = collection();
    const named = [key, title, ...sortAs, ...groupings.map((grouping) => grouping.group_by)];
    return [...new Set(named.filter(Boolean))];
  }

  async function showAddForm() {
    addition = addition || makeSheet("add");
    const columns = await columnsOfCollection();
    // A second press while the first waited for the columns.
    if (addition.dialog.open) return;
    addition.title.textContent = "New Item";
    clearErrors(addition);
    const form = makeForm(addition, columns, {}, async (fields) => {
      const answer = await send(itemsURL(), { method: "POST", body: fields });
      if (answer.ok) addition.dialog.close();
      else showError(addition, answer);
    });
    setButton(addition.left, "Cancel", () => addition.dialog.close());
    setButton(addition.right, "Add", () => form.requestSubmit());
    addition.dialog.showModal();
    form.querySelector("input").focus();
  }

  start();
})();
