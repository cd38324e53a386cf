// Applies one change set (DESIGN §10) to the page's model of a list, following §10's order:
// take out rows.deleted and the moves' sources (positions before the write), delete
// sections.deleted (with any rows left in them), insert sections.inserted empty, then put in
// rows.inserted and the moves' destinations (positions after the write). `updated` sections and
// rows are kept in place and marked stale, to be fetched and redrawn.
//
// The model holds what the page knows of each section: its record (`meta`, null for a section
// just inserted), whether that record is `stale` (updated), its row count, the rows it has
// fetched as [position in section, entry] pairs in ascending order, and the positions of rows
// whose fields changed (`staleRows`). An entry is whatever the page keeps for a row; a moved row
// keeps its entry, so that its element can follow it; an inserted row has none yet.
"use strict";

const CatalogChanges = (() => {
  class ChangeSetError extends Error {}

  function fail(message) {
    throw new ChangeSetError(message);
  }

  function compare(a, b) {
    return a[0] - b[0] || a[1] - b[1];
  }

  function checkPath(path, sections, what) {
    if (!Array.isArray(path) || path.length !== 2) fail(`${what}: not a [section, row] path`);
    const [section, row] = path;
    if (!(section >= 0 && section < sections.length)) fail(`${what}: no section ${section}`);
    return [section, row];
  }

  // Takes the row at `position` out of `section`; returns its entry, or undefined when the page
  // had not fetched it.
  function removeRow(section, position, what) {
    if (!(position >= 0 && position < section.count)) fail(`${what}: no row ${position}`);
    let taken;
    const rows = [];
    for (const [at, entry] of section.rows) {
      if (at === position) taken = entry;
      else rows.push([at > position ? at - 1 : at, entry]);
    }
    section.rows = rows;
    section.count -= 1;
    return taken;
  }

  // Puts a row in at `position` of `section`, with its entry when the page knows it.
  function insertRow(section, position, entry, what) {
    if (!(position >= 0 && position <= section.count)) fail(`${what}: no place ${position}`);
    const rows = section.rows.map(([at, known]) => [at >= position ? at + 1 : at, known]);
    if (entry !== undefined) {
      const index = rows.findIndex(([at]) => at > position);
      rows.splice(index < 0 ? rows.length : index, 0, [position, entry]);
    }
    section.rows = rows;
    section.count += 1;
  }

  /// Returns the model after `changeSet`; the model given is left as it was. Throws a
  /// ChangeSetError when the change set does not fit the model (the page then reloads), and
  /// for a `reload` change set, which no model can apply.
  function apply(model, changeSet) {
    if (changeSet.reload) fail("the list changed wholesale: reload it");
    const sectionChanges = changeSet.sections || {};
    const rowChanges = changeSet.rows || {};
    const sections = model.sections.map((section) => ({
      meta: section.meta,
      stale: Boolean(section.stale),
      count: section.count,
      rows: section.rows.map(([at, entry]) => [at, entry]),
      staleRows: [],
    }));

    // Positions before the write, taken out from the last so the others stay put.
    const removals = [
      ...(rowChanges.deleted || []).map((path) => ({ path, move: -1 })),
      ...(rowChanges.moved || []).map(([from], move) => ({ path: from, move })),
    ].sort((a, b) => compare(b.path, a.path));
    const movedEntries = new Map();
    for (const { path, move } of removals) {
      const [section, row] = checkPath(path, sections, "a deleted or moved row");
      const entry = removeRow(sections[section], row, "a deleted or moved row");
      if (move >= 0) movedEntries.set(move, entry);
    }

    const deleted = [...(sectionChanges.deleted || [])].sort((a, b) => b - a);
    for (const index of deleted) {
      if (!(index >= 0 && index < sections.length)) fail(`a deleted section: no section ${index}`);
      sections.splice(index, 1);
    }
    for (const index of [...(sectionChanges.inserted || [])].sort((a, b) => a - b)) {
      if (!(index >= 0 && index <= sections.length)) fail(`an inserted section: no place ${index}`);
      sections.splice(index, 0, { meta: null, stale: false, count: 0, rows: [], staleRows: [] });
    }

    // Positions after the write, put in from the first so each lands where it belongs.
    const insertions = [
      ...(rowChanges.inserted || []).map((path) => ({ path, entry: undefined })),
      ...(rowChanges.moved || []).map(([, to], move) => ({ path: to, entry: movedEntries.get(move) })),
    ].sort((a, b) => compare(a.path, b.path));
    for (const { path, entry } of insertions) {
      const [section, row] = checkPath(path, sections, "an inserted or moved row");
      insertRow(sections[section], row, entry, "an inserted or moved row");
    }

    for (const index of sectionChanges.updated || []) {
      if (!(index >= 0 && index < sections.length)) fail(`an updated section: no section ${index}`);
      sections[index].stale = true;
    }
    for (const path of rowChanges.updated || []) {
      const [section, row] = checkPath(path, sections, "an updated row");
      if (!(row >= 0 && row < sections[section].count)) fail(`an updated row: no row ${row}`);
      sections[section].staleRows.push(row);
    }
    sections.forEach((section, index) => {
      if (section.count <= 0) fail(`section ${index} is left without rows`);
    });
    return { sections };
  }

  return { apply, ChangeSetError };
})();
