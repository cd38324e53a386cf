"""The page of `catalog serve` in headless Chromium, checked against the `catalog` command line.

Run with Debian's Python, which has python3-selenium:
    /usr/bin/python3 Tests/Browser/page_test.py [-v]
This runs the tests of editing on the page (edit_test.py) too, which also run alone.
Environment: CATALOG_BINARY (default .build/debug/catalog), CATALOG_BROWSER_ROWS (rows of the
generated big list, default 1000000), CATALOG_SCREENSHOTS (a directory to save screenshots in).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.abspath(os.environ.get("CATALOG_BINARY", os.path.join(ROOT, ".build/debug/catalog")))
BIG_ROWS = int(os.environ.get("CATALOG_BROWSER_ROWS", "1000000"))
SCREENSHOTS = os.environ.get("CATALOG_SCREENSHOTS")


def catalog(db, *arguments):
    """What `catalog --db DB ARGUMENTS` prints; fails the run on an error."""
    result = subprocess.run([BINARY, "--db", db, *arguments], capture_output=True, text=True,
                            env={"PATH": "/usr/bin:/bin", "LANG": "C"})
    if result.returncode != 0:
        raise RuntimeError(f"catalog {' '.join(arguments)}: {result.stderr}")
    return result.stdout


def cli_json(db, *arguments):
    return [json.loads(line) for line in catalog(db, *arguments, "--format", "json").splitlines()]


class Server:
    """`catalog serve --port 0 OPTIONS` on a catalog, stopped with SIGTERM. With `--edit`,
    `edit_url` is the page's address with its token, as the server prints it."""

    def __init__(self, db, *options):
        self.process = subprocess.Popen([BINARY, "--db", db, "serve", "--port", "0", *options],
                                        stderr=subprocess.PIPE, text=True)
        line = self.process.stderr.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"the server did not start: {line}")
        self.url = f"http://127.0.0.1:{match.group(1)}"
        if "--edit" in options:
            line = self.process.stderr.readline()
            self.edit_url = re.search(r"http://\S+/\?token=ctk_[A-Za-z0-9_-]{43}", line).group(0)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def list_state(browser):
    """The rows on screen, every heading, the index entries, and the rows still loading."""
    return browser.execute_script("""
        const area = document.getElementById('scroller').getBoundingClientRect();
        return {
          rows: [...document.querySelectorAll('#content .row[data-row]')]
            .filter((row) => !row.classList.contains('row-out'))
            .map((row) => [row, row.getBoundingClientRect()])
            .filter(([, box]) => box.bottom > area.top + 1 && box.top < area.bottom - 1)
            .sort((a, b) => a[1].top - b[1].top)
            .map(([row]) => [Number(row.dataset.row), row.querySelector('.title').textContent]),
          headings: [...document.querySelectorAll('#content [role="heading"]')]
            .map((heading) => [Number(heading.dataset.section), heading.textContent])
            .sort((a, b) => a[0] - b[0]),
          index: [...document.querySelectorAll('nav[aria-label="Index"] button:not(.search)')]
            .map((button) => [button.textContent,
                              button.dataset.jump === undefined ? null : Number(button.dataset.jump)]),
          loading: document.querySelectorAll('#content .row.loading').length,
        };""")


def cli_list_state(db, name):
    """What the page must show of a list short enough to fit on screen, from the CLI."""
    return {
        "rows": [[item["row"], item["title"]] for item in cli_json(db, "list", "-c", name)],
        "headings": [[section["section"], section["heading"]]
                     for section in cli_json(db, "sections", "-c", name)],
        "index": [[entry["title"], entry["section"]] for entry in cli_json(db, "index", "-c", name)],
        "loading": 0,
    }


def save_screenshot(browser, name):
    """Saves what `browser` shows as NAME in CATALOG_SCREENSHOTS, when that is set."""
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        browser.save_screenshot(os.path.join(SCREENSHOTS, name))


def make_browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=430,900", "--hide-scrollbars"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def setUpModule():
    global WORK, DB, SERVER, BROWSER
    WORK = tempfile.mkdtemp(prefix="catalog-browser-")
    DB = os.path.join(WORK, "samples.db")
    samples = os.path.join(ROOT, "Samples")
    catalog(DB, "import", f"{samples}/contacts.csv", "-c", "contacts", "--sort-as",
            "last_name,first_name", "--locale", "sv", "--quiet")
    catalog(DB, "import", f"{samples}/cities.csv", "--group-by", "state", "--locale", "en_US",
            "--quiet")
    catalog(DB, "import", f"{samples}/settings.csv", "--group-by", "group", "--locale", "en",
            "--quiet")
    catalog(DB, "annotate", "-c", "settings", "--header", "Settings")
    catalog(DB, "annotate", "-c", "settings", "--group-by", "group", "--section", "Network",
            "--footer", "Wi-Fi and Bluetooth stay on in Airplane Mode if you turn them on there.")
    catalog(DB, "annotate", "-c", "settings", "--group-by", "group", "--section",
            "Notifications", "--header", "NOTIFICATION STYLE", "--footer",
            "Previews show the text of messages on the Lock Screen.")
    people = os.path.join(WORK, "people.csv")
    with open(people, "w") as file:
        file.write("name\nAnna\nAmir\nBo\nCecil\nCora\n")
    catalog(DB, "import", people, "--locale", "en", "--quiet")
    SERVER = Server(DB)
    BROWSER = make_browser()


def tearDownModule():
    BROWSER.quit()
    SERVER.stop()
    shutil.rmtree(WORK, ignore_errors=True)


class PageCase(unittest.TestCase):
    server = None

    def open(self, path):
        BROWSER.get((self.server or SERVER).url + path)
        BROWSER.execute_async_script(
            "const done = arguments[arguments.length - 1]; catalogPage.ready.then(() => done());")
        self.wait_for_rows()

    def wait_for_rows(self, timeout=5):
        WebDriverWait(BROWSER, timeout).until(lambda _: BROWSER.execute_script(
            "return document.querySelectorAll('#content .row[data-row]:not(.loading)').length > 0"))

    def scroller_top(self):
        return BROWSER.execute_script(
            "return document.getElementById('scroller').getBoundingClientRect().top")

    def heading(self, section):
        return BROWSER.find_element(By.CSS_SELECTOR, f'[role="heading"][data-section="{section}"]')

    def index_button(self, title):
        buttons = BROWSER.find_elements(By.CSS_SELECTOR, 'nav[aria-label="Index"] button')
        return next(button for button in buttons if button.text == title)

    def visible_rows(self):
        """(row, title) of the list rows on screen, top to bottom."""
        return BROWSER.execute_script("""
            const area = document.getElementById('scroller').getBoundingClientRect();
            return [...document.querySelectorAll('#content .row[data-row]')]
              .filter((row) => !row.classList.contains('row-out'))
              .map((row) => [row, row.getBoundingClientRect()])
              .filter(([, box]) => box.bottom > area.top + 1 && box.top < area.bottom - 1)
              .sort((a, b) => a[1].top - b[1].top)
              .map(([row]) => [Number(row.dataset.row), row.querySelector('.title').textContent]);
        """)

    def screenshot(self, name):
        save_screenshot(BROWSER, name)


class IndexTests(PageCase):
    def test_each_index_entry_brings_its_section_heading_to_the_top(self):
        self.open("/?c=contacts")
        self.screenshot("contacts.png")
        entries = cli_json(DB, "index", "-c", "contacts")
        sections = cli_json(DB, "sections", "-c", "contacts")
        for title in ["L", "C", "Ö", "#", "A"]:
            entry = next(entry for entry in entries if entry["title"] == title)
            self.index_button(title).click()
            heading = self.heading(entry["section"])
            self.assertAlmostEqual(heading.rect["y"], self.scroller_top(), delta=1, msg=title)
            self.assertEqual(heading.text, sections[entry["section"]]["heading"])
            first = sections[entry["section"]]["offset"]
            self.wait_for_rows()
            expected = cli_json(DB, "list", "-c", "contacts", "--offset", str(first), "--limit", "1")
            self.assertEqual(self.visible_rows()[0], [first, expected[0]["title"]], title)

    def test_dragging_down_the_index_jumps_to_the_entry_under_the_finger(self):
        self.open("/?c=contacts")
        entries = {entry["title"]: entry for entry in cli_json(DB, "index", "-c", "contacts")}
        ActionChains(BROWSER).click_and_hold(self.index_button("B")).move_to_element(
            self.index_button("H")).move_to_element(self.index_button("M")).perform()
        heading = self.heading(entries["M"]["section"])
        self.assertAlmostEqual(heading.rect["y"], self.scroller_top(), delta=1)
        ActionChains(BROWSER).release().perform()

    def test_an_index_too_long_for_the_edge_is_fitted_as_the_command_line_fits_it(self):
        state_index = ["index", "-c", "cities", "--group-by", "state", "--index-by", "state_code"]
        BROWSER.set_window_size(430, 420)
        try:
            self.open("/?c=cities&group_by=state&index_by=state_code")
            fit = BROWSER.execute_script("return catalogPage.page.indexFit")
            entries = cli_json(DB, *state_index, "--fit", str(fit))
            self.assertLess(len(entries), len(cli_json(DB, *state_index)))
            buttons = BROWSER.find_elements(
                By.CSS_SELECTOR, 'nav[aria-label="Index"] button:not(.search)')
            self.assertEqual([button.text for button in buttons],
                             [entry["title"] for entry in entries])
            # Each entry has the whole height of its line: none is squeezed to fit.
            self.assertTrue(all(button.rect["height"] >= 14 for button in buttons))
            self.screenshot("fitted-index.png")
            position, bullet = next((position, entry) for position, entry in enumerate(entries)
                                    if entry["title"] == "•")
            self.assertEqual(buttons[position].get_attribute("title"),
                             " ".join(bullet["stands_for"]))
            buttons[position].click()
            sections = cli_json(DB, "sections", "-c", "cities", "--group-by", "state")
            heading = self.heading(bullet["section"])
            self.assertAlmostEqual(heading.rect["y"], self.scroller_top(), delta=1)
            self.assertEqual(heading.text, sections[bullet["section"]]["heading"])
            # The contacts' 30 letters do not fit here either; on a taller window they all do.
            self.open("/?c=contacts")
            self.assertIn("•", [button.text for button in BROWSER.find_elements(
                By.CSS_SELECTOR, 'nav[aria-label="Index"] button:not(.search)')])
        finally:
            BROWSER.set_window_size(430, 900)
        letters = [entry["title"] for entry in cli_json(DB, "index", "-c", "contacts")]
        WebDriverWait(BROWSER, 5).until(lambda _: [button.text for button in BROWSER.find_elements(
            By.CSS_SELECTOR, 'nav[aria-label="Index"] button:not(.search)')] == letters)

    def test_the_magnifying_glass_goes_to_the_search_field(self):
        self.open("/?c=contacts")
        self.index_button("S").click()
        BROWSER.find_element(By.CSS_SELECTOR, 'nav[aria-label="Index"] button.search').click()
        self.assertEqual(BROWSER.switch_to.active_element.get_attribute("type"), "search")
        self.assertEqual(BROWSER.execute_script(
            "return document.getElementById('scroller').scrollTop"), 0)


class StickyHeadingTests(PageCase):
    def test_the_heading_of_the_top_row_stays_at_the_top_while_scrolling(self):
        self.open("/?c=cities&group_by=state&index_by=state_code")
        sections = cli_json(DB, "sections", "-c", "cities", "--group-by", "state")
        scroller = BROWSER.find_element(By.ID, "scroller")
        for step in range(40):
            BROWSER.execute_script("arguments[0].scrollTop += 97;", scroller)
            BROWSER.execute_script(
                "return new Promise((done) => requestAnimationFrame(() => done()))")
            top = self.scroller_top()
            # The top row, partly under the heading; its section is the one the CLI's offsets say.
            row = self.visible_rows()[0][0]
            section = max(s["section"] for s in sections if s["offset"] <= row)
            heading = self.heading(section)
            self.assertTrue(heading.is_displayed())
            self.assertLessEqual(heading.rect["y"], top + 1, f"step {step}, row {row}")
            self.assertGreaterEqual(heading.rect["y"] + heading.rect["height"], top + 1)
            self.assertEqual(heading.text, sections[section]["heading"])
        self.screenshot("cities-scrolled.png")


class SearchTests(PageCase):
    def test_typing_shows_the_command_lines_results(self):
        self.open("/?c=contacts")
        field = BROWSER.find_element(By.CSS_SELECTOR, 'input[type="search"]')
        for text in ["l", "lu", "ö", "zz"]:
            field.clear()
            field.send_keys(text)
            expected = [[item["row"], item["title"]] for item in
                        cli_json(DB, "search", text, "-c", "contacts", "--limit", "100")]
            WebDriverWait(BROWSER, 5).until(lambda _: self.results() == expected)
        field.clear()
        field.send_keys("\ue00c")  # Escape: back to the list
        WebDriverWait(BROWSER, 5).until(
            lambda _: not BROWSER.find_element(By.ID, "results").is_displayed())

    def test_every_result_shows_above_the_list_and_its_headings(self):
        # On a wide window over a list with sticky headings, each result is scrolled into view
        # in turn; then it must lie inside the results area and the window, and at points across
        # it the element on top must be the row itself, not a heading or the index (issue 22).
        BROWSER.set_window_size(1200, 900)
        try:
            self.open("/?c=cities&group_by=state&index_by=state_code")
            field = BROWSER.find_element(By.CSS_SELECTOR, 'input[type="search"]')
            field.send_keys("San")
            expected = [[item["row"], item["title"]] for item in cli_json(
                DB, "search", "San", "-c", "cities", "--group-by", "state", "--limit", "100")]
            self.assertGreater(len(expected), 1)
            WebDriverWait(BROWSER, 5).until(lambda _: self.results() == expected)
            self.screenshot("cities-search.png")
            hidden = BROWSER.execute_script("""
                const list = document.getElementById('results');
                const hidden = [];
                for (const row of list.querySelectorAll('.row[data-row]')) {
                  row.scrollIntoView({ block: 'nearest' });
                  const box = row.getBoundingClientRect();
                  const area = list.getBoundingClientRect();
                  const inside = box.top >= Math.max(area.top, 0) - 0.5
                    && box.bottom <= Math.min(area.bottom, window.innerHeight) + 0.5
                    && box.left >= Math.max(area.left, 0) - 0.5
                    && box.right <= Math.min(area.right, window.innerWidth) + 0.5;
                  const covers = [];
                  for (const x of [box.left + 2, (box.left + box.right) / 2, box.right - 2]) {
                    for (const y of [box.top + 2, (box.top + box.bottom) / 2, box.bottom - 2]) {
                      const element = document.elementFromPoint(x, y);
                      if (!row.contains(element)) {
                        covers.push(element ? element.outerHTML.slice(0, 60) : 'nothing');
                      }
                    }
                  }
                  if (!inside || covers.length) {
                    hidden.push([row.querySelector('.title').textContent, inside, covers[0]]);
                  }
                }
                return hidden;""")
            self.assertEqual(hidden, [])
            # The index beneath the results takes no focus; back at the list, it does again.
            in_index = "return document.activeElement.closest('#index') !== null"
            field.send_keys("\ue004")  # Tab
            self.assertFalse(BROWSER.execute_script(in_index))
            field.click()
            field.send_keys("\ue00c")  # Escape: back to the list
            WebDriverWait(BROWSER, 5).until(lambda _: self.results() is None)
            field.send_keys("\ue004")
            self.assertTrue(BROWSER.execute_script(in_index))
        finally:
            BROWSER.set_window_size(430, 900)

    def results(self):
        return BROWSER.execute_script("""
            const list = document.getElementById('results');
            if (list.hidden) return null;
            return [...list.querySelectorAll('.row[data-row]')]
              .map((row) => [Number(row.dataset.row), row.querySelector('.title').textContent]);""")


class GroupedTests(PageCase):
    def test_headers_and_footers_show_around_their_sections(self):
        self.open("/?c=settings&group_by=group")
        self.screenshot("settings.png")
        self.assertIn("grouped", BROWSER.find_element(By.TAG_NAME, "body").get_attribute("class"))
        notes = [note.text for note in BROWSER.find_elements(By.CSS_SELECTOR, "#content .note")]
        self.assertIn("Settings", notes)
        self.index_button("N").click()
        WebDriverWait(BROWSER, 5).until(lambda _: "NOTIFICATION STYLE" in [
            note.text for note in BROWSER.find_elements(By.CSS_SELECTOR, "#content .note")])
        texts = [note.text for note in BROWSER.find_elements(By.CSS_SELECTOR, "#content .note")]
        self.assertIn("Wi-Fi and Bluetooth stay on in Airplane Mode if you turn them on there.", texts)
        self.screenshot("settings-notifications.png")


class ErrorTests(PageCase):
    def test_an_unknown_collection_says_what_the_command_line_says(self):
        BROWSER.get(SERVER.url + "/?c=nope")
        BROWSER.execute_async_script(
            "const done = arguments[arguments.length - 1]; catalogPage.ready.then(() => done());")
        result = subprocess.run([BINARY, "--db", DB, "sections", "-c", "nope"],
                                capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        status = BROWSER.find_element(By.ID, "status")
        self.assertTrue(status.is_displayed())
        self.assertEqual("Error: " + status.text + "\n", result.stderr)

    def test_the_collections_page_lists_what_the_command_line_lists(self):
        BROWSER.get(SERVER.url + "/")
        BROWSER.execute_async_script(
            "const done = arguments[arguments.length - 1]; catalogPage.ready.then(() => done());")
        links = BROWSER.find_elements(By.CSS_SELECTOR, "#collection-list a")
        names = [collection["name"] for collection in cli_json(DB, "collections")]
        self.assertEqual([link.find_element(By.TAG_NAME, "span").text for link in links], names)
        self.screenshot("collections.png")


class ChangeSetModelTests(PageCase):
    """CatalogChanges.apply on hand-made models; every expected list is worked out by hand."""

    def setUp(self):
        self.open("/?c=people")

    def apply(self, sections, change_set):
        # sections: lists of titles; returns (counts, titles with None for rows to fetch, stale).
        return BROWSER.execute_script("""
            const [sections, changeSet] = arguments;
            const model = { sections: sections.map((titles, index) => ({
              meta: { heading: 'S' + index }, count: titles.length,
              rows: titles.map((title, at) => [at, title]) })) };
            const next = CatalogChanges.apply(model, changeSet);
            return next.sections.map((section) => {
              const rows = new Map(section.rows);
              return { meta: section.meta && section.meta.heading, stale: section.stale,
                titles: [...Array(section.count).keys()].map((at) => rows.has(at) ? rows.get(at) : null),
                staleRows: section.staleRows };
            });""", sections, change_set)

    def test_a_row_that_leaves_its_section_empty_is_deleted_with_it_and_inserted_elsewhere(self):
        # A: Amir Anna / B: Bo / C: Cecil Cora. Bo becomes Ayla (A), Cora goes, Dan comes (new D).
        result = self.apply([["Amir", "Anna"], ["Bo"], ["Cecil", "Cora"]], {
            "version": 2, "collection": "people", "group_by": None, "locale": "en",
            "sections": {"deleted": [1], "inserted": [2], "updated": [0, 1]},
            "rows": {"deleted": [[1, 0], [2, 1]], "inserted": [[0, 2], [2, 0]], "moved": [],
                     "updated": []}})
        self.assertEqual(result, [
            {"meta": "S0", "stale": True, "titles": ["Amir", "Anna", None], "staleRows": []},
            {"meta": "S2", "stale": True, "titles": ["Cecil"], "staleRows": []},
            {"meta": None, "stale": False, "titles": [None], "staleRows": []},
        ])

    def test_a_move_carries_its_row_and_the_others_close_up_and_open_up(self):
        # Anna becomes Cici: from [0,1] to [2,1] (Cecil Cici Cora); both sections stay.
        result = self.apply([["Amir", "Anna"], ["Bo"], ["Cecil", "Cora"]], {
            "version": 3, "collection": "people", "group_by": None, "locale": "en",
            "sections": {"deleted": [], "inserted": [], "updated": [0, 2]},
            "rows": {"deleted": [], "inserted": [], "moved": [[[0, 1], [2, 1]]],
                     "updated": [[2, 1]]}})
        self.assertEqual([section["titles"] for section in result],
                         [["Amir"], ["Bo"], ["Cecil", "Anna", "Cora"]])
        self.assertEqual(result[2]["staleRows"], [1])

    def test_positions_before_and_after_are_each_applied_in_their_own_order(self):
        # Rows 0 and 2 of [a b c d] go out (before), then new rows go in at 0 and 3 (after):
        # [b d] → [N b d N].
        result = self.apply([["a", "b", "c", "d"]], {
            "version": 4, "collection": "x", "group_by": None, "locale": "en",
            "sections": {"deleted": [], "inserted": [], "updated": [0]},
            "rows": {"deleted": [[0, 0], [0, 2]], "inserted": [[0, 0], [0, 3]], "moved": [],
                     "updated": []}})
        self.assertEqual(result[0]["titles"], [None, "b", "d", None])

    def test_moves_within_a_section_swap_places(self):
        # [a b c]: c moves to the front and a to the end, both in one write: [c b a].
        result = self.apply([["a", "b", "c"]], {
            "version": 5, "collection": "x", "group_by": None, "locale": "en",
            "sections": {"deleted": [], "inserted": [], "updated": []},
            "rows": {"deleted": [], "inserted": [],
                     "moved": [[[0, 2], [0, 0]], [[0, 0], [0, 2]]], "updated": []}})
        self.assertEqual(result[0]["titles"], ["c", "b", "a"])

    def test_a_change_set_that_does_not_fit_is_refused(self):
        for change_set in [
            {"version": 6, "reload": True},
            {"version": 6, "rows": {"deleted": [[0, 5]]}},
            {"version": 6, "rows": {"deleted": [[0, 0]]}},  # would leave section 0 empty
            {"version": 6, "sections": {"deleted": [3]}},
        ]:
            with self.assertRaises(Exception, msg=json.dumps(change_set)):
                self.apply([["a"]], change_set)


class ChangeSetPageTests(PageCase):
    def test_the_list_on_screen_follows_a_change_set_without_reloading(self):
        self.open("/?c=people")
        BROWSER.execute_script("window.notReloaded = true;")
        self.assertEqual(self.visible_rows(),
                         [[0, "Amir"], [1, "Anna"], [2, "Bo"], [3, "Cecil"], [4, "Cora"]])
        # Bo becomes Ayla (out of B, which goes, into A), Cora goes, Dan comes in a new D. The
        # page is read in the same script, before any answer from the server can arrive.
        state = BROWSER.execute_script("""
            const applied = catalogPage.applyChangeSet(arguments[0]);
            const rows = [...document.querySelectorAll('#content .row[data-row]')];
            return {
              applied,
              rows: rows.filter((row) => !row.classList.contains('row-out'))
                .sort((a, b) => Number(a.dataset.row) - Number(b.dataset.row))
                .map((row) => [Number(row.dataset.row), row.querySelector('.title').textContent,
                               row.classList.contains('row-in')]),
              leaving: [...document.querySelectorAll('#content .row.row-out')]
                .map((row) => row.querySelector('.title').textContent).sort(),
              headings: [...document.querySelectorAll('#content [role="heading"]')]
                .map((heading) => Number(heading.dataset.section)).sort(),
            };""", {
            "version": 2, "collection": "people", "group_by": None, "locale": "en",
            "sections": {"deleted": [1], "inserted": [2], "updated": [0, 1]},
            "rows": {"deleted": [[1, 0], [2, 1]], "inserted": [[0, 2], [2, 0]], "moved": [],
                     "updated": []}})
        self.assertTrue(state["applied"])
        self.assertEqual(state["rows"], [[0, "Amir", False], [1, "Anna", False], [2, "", True],
                                         [3, "Cecil", False], [4, "", True]])
        self.assertEqual(state["leaving"], ["Bo", "Cora"])
        self.assertEqual(state["headings"], [0, 1, 2])
        self.assertTrue(BROWSER.execute_script("return window.notReloaded === true"))


class LiveCase(PageCase):
    """What the tests of a page that follows writes share."""

    def make_collection(self, name, titles):
        path = os.path.join(WORK, f"{name}.csv")
        with open(path, "w") as file:
            file.write("name\n" + "".join(f"{title}\n" for title in titles))
        catalog(DB, "import", path, "-c", name, "--locale", "en", "--quiet")

    def page_state(self):
        return list_state(BROWSER)

    def cli_state(self, name):
        return cli_list_state(DB, name)

    def assert_page_shows(self, expected, what):
        try:
            WebDriverWait(BROWSER, 5, poll_frequency=0.05).until(
                lambda _: self.page_state() == expected)
        except TimeoutException:
            pass
        self.assertEqual(self.page_state(), expected, what)
        self.assertTrue(BROWSER.execute_script("return window.notReloaded === true"),
                        f"the page was reloaded after {what}")


class LiveTests(LiveCase):
    """Writes by other processes (`catalog add`, `update`, `remove`) while the page is open."""

    def test_a_write_by_another_process_appears_without_a_reload(self):
        # A: Amir Anna · B: Bo · C: Cecil Cora (items 0–4 in file order).
        self.make_collection("staff", ["Anna", "Amir", "Bo", "Cecil", "Cora"])
        self.open("/?c=staff")
        BROWSER.execute_script("window.notReloaded = true;")
        self.assert_page_shows(self.cli_state("staff"), "opening")
        catalog(DB, "add", "-c", "staff", "name=Dora")  # a new section D
        self.assert_page_shows(self.cli_state("staff"), "an add")
        self.assertEqual(self.page_state()["headings"][-1], [3, "D"])
        catalog(DB, "update", "-c", "staff", "3", "name=Bea")  # Cecil moves from C to B
        self.assert_page_shows(self.cli_state("staff"), "an update that moves a row")
        self.assertEqual(self.page_state()["rows"][2:4], [[2, "Bea"], [3, "Bo"]])
        catalog(DB, "remove", "-c", "staff", "5")  # Dora, and with her D
        self.assert_page_shows(self.cli_state("staff"), "a remove that empties a section")
        self.assertEqual([heading for _, heading in self.page_state()["headings"]], ["A", "B", "C"])
        self.screenshot("live-staff.png")

    def test_a_replaced_collection_reloads_the_list_but_not_the_page(self):
        self.make_collection("band", ["John", "Paul", "George", "Ringo"])
        self.open("/?c=band")
        BROWSER.execute_script("window.notReloaded = true;")
        path = os.path.join(WORK, "band-replaced.csv")
        with open(path, "w") as file:
            file.write("name\nMick\nKeith\nCharlie\nRonnie\nBill\n")
        # --replace changes the list wholesale: watchers get a reload change set.
        catalog(DB, "import", path, "-c", "band", "--replace", "--quiet")
        self.assert_page_shows(self.cli_state("band"), "a replace")
        self.assertEqual([title for _, title in self.page_state()["rows"]],
                         ["Bill", "Charlie", "Keith", "Mick", "Ronnie"])

    def test_pages_left_behind_hold_no_streams_and_follow_on_when_back(self):
        # A browser gives a site six connections; each page kept for the back button would hold
        # one with its stream.
        self.make_collection("crew", ["Ada", "Bea", "Cy"])
        for locale in ["en", "sv", "de", "fr", "nb", "da", "fi", "is"]:
            started = time.monotonic()
            BROWSER.get(f"{SERVER.url}/?c=crew&locale={locale}")
            self.wait_for_rows(timeout=5)
            # Pages opened one after another take a fraction of a second each, unless they wait
            # for a connection that a page left behind holds.
            self.assertLess(time.monotonic() - started, 5, locale)
        self.open("/?c=crew")
        BROWSER.execute_script("window.notReloaded = true;")
        BROWSER.get(SERVER.url + "/?c=people")
        self.wait_for_rows()
        catalog(DB, "add", "-c", "crew", "name=Dee")
        BROWSER.back()
        self.assert_page_shows(self.cli_state("crew"), "going back after a write")

    def test_the_sticky_heading_and_the_index_are_right_after_changes(self):
        letters = "ABCDEFGHIJKLMNOPRSTUVWXYZ"  # no Q
        self.make_collection("crowd", [f"{letter}{vowel}ton" for letter in letters for vowel in "aeiouy"])
        self.open("/?c=crowd")
        BROWSER.execute_script("window.notReloaded = true;")
        self.index_button("M").click()
        # Another process adds a row above the screen and a section that was missing.
        catalog(DB, "add", "-c", "crowd", "name=Aaron")
        catalog(DB, "add", "-c", "crowd", "name=Quinn")
        entries = cli_json(DB, "index", "-c", "crowd")
        WebDriverWait(BROWSER, 5, poll_frequency=0.05).until(
            lambda _: self.page_state()["index"] == [[e["title"], e["section"]] for e in entries])
        sections = cli_json(DB, "sections", "-c", "crowd")
        scroller = BROWSER.find_element(By.ID, "scroller")
        for step in range(12):
            BROWSER.execute_script("arguments[0].scrollTop += 131;", scroller)
            self.wait_for_rows()
            WebDriverWait(BROWSER, 5, poll_frequency=0.05).until(
                lambda _: self.page_state()["loading"] == 0)
            shown = self.visible_rows()
            expected = cli_json(DB, "list", "-c", "crowd", "--offset", str(shown[0][0]),
                                "--limit", str(len(shown)))
            self.assertEqual(shown, [[item["row"], item["title"]] for item in expected], f"step {step}")
            section = max(s["section"] for s in sections if s["offset"] <= shown[0][0])
            heading = self.heading(section)
            self.assertLessEqual(heading.rect["y"], self.scroller_top() + 1, f"step {step}")
            self.assertGreaterEqual(heading.rect["y"] + heading.rect["height"], self.scroller_top() + 1)
            self.assertEqual(heading.text, sections[section]["heading"])
        self.screenshot("live-crowd-scrolled.png")
        q = next(entry for entry in entries if entry["title"] == "Q")
        self.index_button("Q").click()
        self.assertAlmostEqual(self.heading(q["section"]).rect["y"], self.scroller_top(), delta=1)
        self.assertEqual(self.heading(q["section"]).text, "Q")
        self.wait_for_rows()
        WebDriverWait(BROWSER, 5).until(lambda _: self.visible_rows()[0][1] == "Quinn")
        self.assertEqual(self.visible_rows()[0], [sections[q["section"]]["offset"], "Quinn"])
        self.assertTrue(BROWSER.execute_script("return window.notReloaded === true"))


class StreamLagTests(LiveCase):
    """A stream that lags behind the server's other answers, held back in the page itself."""

    HOLD_EVENTS = """
        const Real = window.EventSource;
        window.heldEvents = [];
        window.holdingEvents = true;
        window.releaseEvents = () => {
          window.holdingEvents = false;
          window.heldEvents.splice(0).forEach((deliver) => deliver());
        };
        window.EventSource = class extends Real {
          addEventListener(type, listener) {
            super.addEventListener(type, (event) => {
              if (window.holdingEvents) window.heldEvents.push(() => listener(event));
              else listener(event);
            });
          }
        };"""

    def setUp(self):
        self.script = BROWSER.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": self.HOLD_EVENTS})

    def tearDown(self):
        BROWSER.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument",
                                {"identifier": self.script["identifier"]})

    def test_rows_newer_than_the_list_wait_for_its_change_sets(self):
        self.make_collection("tall", [f"{letter}{number:02}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      for number in range(12)])
        self.open("/?c=tall")
        BROWSER.execute_script("window.notReloaded = true;")
        # A row comes at the top; the page does not hear of it yet, and jumps to rows it has not
        # fetched, which the server now has one place further on.
        catalog(DB, "add", "-c", "tall", "name=A")
        self.index_button("Z").click()
        BROWSER.execute_script("return new Promise((done) => setTimeout(done, 1000))")
        state = self.page_state()
        self.assertGreater(state["loading"], 0)
        self.assertEqual([title for _, title in state["rows"]], [""] * len(state["rows"]),
                         "rows of a newer version showed in the older list")
        BROWSER.execute_script("window.releaseEvents()")
        WebDriverWait(BROWSER, 5, poll_frequency=0.05).until(lambda _: self.page_state()["loading"] == 0)
        shown = self.visible_rows()
        expected = cli_json(DB, "list", "-c", "tall", "--offset", str(shown[0][0]),
                            "--limit", str(len(shown)))
        self.assertEqual(shown, [[item["row"], item["title"]] for item in expected])
        # 25 letters of 12 before Z, and the new row.
        self.assertIn([301, "Z00"], shown)
        self.assertTrue(BROWSER.execute_script("return window.notReloaded === true"))


class MillionRowTests(PageCase):
    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="catalog-browser-big-")
        data = os.path.join(cls.work, "cities.csv")
        with open(data, "w") as file:
            subprocess.run([sys.executable,
                            os.path.join(ROOT, "Benchmarks/generate.py"), str(BIG_ROWS)],
                           stdout=file, check=True)
        cls.db = os.path.join(cls.work, "big.db")
        catalog(cls.db, "import", data, "-c", "cities", "--quiet")
        catalog(cls.db, "index", "-c", "cities")
        cls.server = Server(cls.db)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.work, ignore_errors=True)

    def test_the_last_index_entry_shows_its_rows_within_a_second(self):
        self.open("/?c=cities")
        entries = cli_json(self.db, "index", "-c", "cities")
        last = [entry for entry in entries if entry["section"] is not None][-1]
        section = cli_json(self.db, "sections", "-c", "cities")[last["section"]]
        # Timed in the page, from the press on the entry to the frame where every row on screen
        # has its text, so that WebDriver's own round trips do not count.
        elapsed = BROWSER.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const button = arguments[0];
            const box = button.getBoundingClientRect();
            const start = performance.now();
            button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 1,
              clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }));
            button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 1 }));
            const check = () => {
              const rows = [...document.querySelectorAll('#content .row[data-row]')];
              if (rows.length && rows.every((row) => !row.classList.contains('loading'))) {
                done((performance.now() - start) / 1000);
              } else if (performance.now() - start > 5000) {
                done(null);
              } else {
                requestAnimationFrame(check);
              }
            };
            check();""", self.index_button(last["title"]))
        self.assertIsNotNone(elapsed)
        shown = self.visible_rows()
        expected = cli_json(self.db, "list", "-c", "cities", "--offset", str(shown[0][0]),
                            "--limit", str(len(shown)))
        self.assertEqual(shown, [[item["row"], item["title"]] for item in expected])
        self.assertEqual(shown[0][0], section["offset"])
        self.assertAlmostEqual(self.heading(last["section"]).rect["y"], self.scroller_top(), delta=1)
        self.assertLess(elapsed, 1.0)
        print(f"\n  {BIG_ROWS:,} rows: the last entry's rows were on screen after "
              f"{elapsed * 1000:.0f} ms", file=sys.stderr)


def load_tests(loader, tests, pattern):
    """This module's tests, then edit_test.py's, so that one command runs every page test."""
    import edit_test
    tests.addTests(loader.loadTestsFromModule(edit_test))
    return tests


if __name__ == "__main__":
    unittest.main()
