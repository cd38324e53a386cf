"""Editing on the page of `catalog serve --edit` in headless Chromium, checked against the CLI.

Run with Debian's Python, which has python3-selenium:
    /usr/bin/python3 Tests/Browser/edit_test.py [-v]
Environment: CATALOG_BINARY (default .build/debug/catalog), CATALOG_SCREENSHOTS (a directory to
save screenshots in).

One browser holds two windows on the same list: the first with the token that `serve --edit`
prints, which edits; the second without one, as another reader, which must show every write
without a reload. Each test writes to a small collection of its own.
"""

import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.request

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from page_test import BINARY, Server, catalog, cli_json, cli_list_state, list_state, make_browser
from page_test import save_screenshot

PEOPLE = [("1", "Anna Berg", "555-0101"), ("2", "Bo Ek", "555-0102"), ("3", "Cecil Ray", "555-0103"),
          ("4", "Cora Lind", "555-0104"), ("5", "Dan Holm", "555-0105")]


def setUpModule():
    global WORK, DB, SERVER, BROWSER, EDITOR, READER
    WORK = tempfile.mkdtemp(prefix="catalog-browser-edit-")
    DB = os.path.join(WORK, "edit.db")
    make_collection("people")
    SERVER = Server(DB, "--edit")
    BROWSER = make_browser()
    EDITOR = BROWSER.current_window_handle
    BROWSER.switch_to.new_window("window")
    READER = BROWSER.current_window_handle


def tearDownModule():
    BROWSER.quit()
    SERVER.stop()
    shutil.rmtree(WORK, ignore_errors=True)


def make_collection(name):
    """A collection of PEOPLE keyed by `id` and titled by `name`: A: Anna · B: Bo · C: Cecil,
    Cora · D: Dan."""
    path = os.path.join(WORK, f"{name}.csv")
    with open(path, "w") as file:
        file.write("id,name,phone\n" + "".join(f"{row[0]},{row[1]},{row[2]}\n" for row in PEOPLE))
    catalog(DB, "import", path, "-c", name, "--key", "id", "--title", "name", "--locale", "en",
            "--quiet")


def cli_error(*arguments):
    """The message of `catalog ARGUMENTS`, which must fail, without its `Error: `."""
    result = subprocess.run([BINARY, "--db", DB, *arguments], capture_output=True, text=True,
                            env={"PATH": "/usr/bin:/bin", "LANG": "C"})
    assert result.returncode == 1, result
    return result.stderr.removeprefix("Error: ").rstrip("\n")


def cli_fields(name, key):
    return next(item["fields"] for item in cli_json(DB, "list", "-c", name)
                if item["fields"]["id"] == key)


def collection_version(name):
    return next(c["version"] for c in cli_json(DB, "collections") if c["name"] == name)


class EditCase(unittest.TestCase):
    def open(self, path):
        """Opens `path` and waits for the page to be ready and its rows on screen."""
        BROWSER.get(SERVER.url + path if path.startswith("/") else path)
        BROWSER.execute_async_script(
            "const done = arguments[arguments.length - 1]; catalogPage.ready.then(() => done());")
        WebDriverWait(BROWSER, 5).until(lambda _: BROWSER.execute_script(
            "return document.querySelectorAll('#content .row[data-row]:not(.loading)').length > 0"))
        BROWSER.execute_script("window.notReloaded = true;")

    def open_both(self, name):
        """The list `name` in the reader's window, then in the editor's, with the token."""
        BROWSER.switch_to.window(READER)
        self.open(f"/?c={name}")
        BROWSER.switch_to.window(EDITOR)
        self.open(f"{SERVER.edit_url}&c={name}")
        self.wait_until(lambda: self.button("Edit"), "the Edit button")

    def wait_until(self, condition, what, timeout=5):
        try:
            return WebDriverWait(BROWSER, timeout, poll_frequency=0.05).until(lambda _: condition())
        except TimeoutException:
            self.fail(f"no {what} after {timeout} s")

    def button(self, text, within=None):
        """The displayed button whose text is `text`, or None."""
        buttons = (within or BROWSER).find_elements(By.TAG_NAME, "button")
        return next((b for b in buttons if b.is_displayed() and b.text == text), None)

    def row(self, title):
        return next(row for row in BROWSER.find_elements(By.CSS_SELECTOR, "#content .row[data-row]")
                    if row.find_element(By.CLASS_NAME, "title").get_attribute("textContent") == title)

    def titles(self):
        """The titles of the rows on screen, top to bottom."""
        return [title for _, title in list_state(BROWSER)["rows"]]

    def dialog(self):
        """The dialog open now, or None."""
        return next(iter(BROWSER.find_elements(By.CSS_SELECTOR, "dialog[open]")), None)

    def wait_for_dialog(self):
        """The dialog that opens, once it has slid into its place."""
        dialog = self.wait_until(self.dialog, "dialog")
        self.wait_until(lambda: BROWSER.execute_script(
            "return arguments[0].getAnimations().length === 0", dialog), "the dialog in place")
        return dialog

    def assert_both_show_the_cli(self, name, what):
        """The list in both windows equals the CLI's, and neither window was reloaded."""
        expected = cli_list_state(DB, name)
        for window in [EDITOR, READER]:
            BROWSER.switch_to.window(window)
            try:
                WebDriverWait(BROWSER, 5, poll_frequency=0.05).until(
                    lambda _: list_state(BROWSER) == expected)
            except TimeoutException:
                pass
            where = "the editor's" if window == EDITOR else "the reader's"
            self.assertEqual(list_state(BROWSER), expected, f"{where} window after {what}")
            self.assertTrue(BROWSER.execute_script("return window.notReloaded === true"),
                            f"{where} window was reloaded after {what}")
        BROWSER.switch_to.window(EDITOR)

    def shown_fields(self, dialog):
        """The fields a dialog shows, by column."""
        names = [element.text for element in dialog.find_elements(By.TAG_NAME, "dt")]
        return dict(zip(names, [element.text for element in dialog.find_elements(By.TAG_NAME, "dd")]))

    def screenshot(self, name):
        """Saves a screenshot once what moves has come to rest."""
        self.wait_until(lambda: BROWSER.execute_script(
            "return document.getAnimations().every((a) => a.playState !== 'running')"),
            "the page at rest")
        save_screenshot(BROWSER, name)

    def swipe(self, title, *offsets):
        """Drags the row `title` left by each of `offsets` pixels in turn, then lets it go."""
        actions = ActionChains(BROWSER).click_and_hold(self.row(title))
        for offset in offsets:
            actions.move_by_offset(-offset, 0)
        actions.release().perform()


class TokenTests(EditCase):
    def test_the_token_moves_from_the_address_to_session_storage(self):
        secret = SERVER.edit_url.split("token=")[1]
        BROWSER.switch_to.window(EDITOR)
        BROWSER.get(SERVER.edit_url)
        BROWSER.execute_async_script(
            "const done = arguments[arguments.length - 1]; catalogPage.ready.then(() => done());")
        self.assertEqual(BROWSER.current_url, SERVER.url + "/")
        self.assertEqual(BROWSER.execute_script("return sessionStorage.getItem('catalog.token')"),
                         secret)
        # The page's files were fetched with no token in their address, or their referrer.
        requests = BROWSER.execute_script(
            "return performance.getEntriesByType('resource').map((entry) => entry.name)")
        self.assertTrue(requests)
        self.assertEqual([url for url in requests if "token" in url], [])
        # A collection opened from the list has the token still, in no address.
        BROWSER.find_element(By.CSS_SELECTOR, 'a[href="/?c=people"]').click()
        self.wait_until(lambda: self.button("Edit"), "the Edit button")
        self.assertEqual(BROWSER.current_url, SERVER.url + "/?c=people")

    def test_a_page_without_a_token_has_no_editing(self):
        BROWSER.switch_to.window(READER)
        self.open("/?c=people")
        self.assertIsNone(BROWSER.execute_script("return sessionStorage.getItem('catalog.token')"))
        self.assertIsNone(self.button("Edit"))
        self.assertEqual(BROWSER.find_elements(By.CSS_SELECTOR, ".bar button, #content button, "
                                               "#content [tabindex]"), [])
        self.row("Bo Ek").click()
        self.assertIsNone(self.dialog())
        self.assertTrue(BROWSER.execute_script(
            "return catalogPage.page.events instanceof EventSource"))
        BROWSER.switch_to.window(EDITOR)

    def test_a_token_that_may_only_read_shows_fields_but_no_edit(self):
        secret = catalog(DB, "token", "create", "reader").strip()
        self.assertTrue(secret.startswith("ctk_"), secret)
        BROWSER.switch_to.window(EDITOR)
        self.open(f"/?c=people&token={secret}")
        self.wait_until(lambda: BROWSER.execute_script(
            "return document.body.classList.contains('can-open')"), "the rows to open")
        self.assertIsNone(self.button("Edit"))
        self.row("Cecil Ray").click()
        dialog = self.wait_for_dialog()
        self.wait_until(lambda: dialog.find_elements(By.TAG_NAME, "dd"), "fields")
        self.assertEqual(self.shown_fields(dialog), cli_fields("people", "3"))
        self.assertIsNone(self.button("Edit", dialog))
        self.button("Close", dialog).click()
        self.assertIsNone(self.dialog())

    def test_a_token_the_server_refuses_is_forgotten_and_the_list_still_shows(self):
        BROWSER.switch_to.window(EDITOR)
        self.open("/?c=people&token=ctk_" + "A" * 43)
        self.assertEqual(list_state(BROWSER), cli_list_state(DB, "people"))
        status = BROWSER.find_element(By.ID, "status")
        self.wait_until(status.is_displayed, "status")
        self.assertIn("refused this page's token", status.text)
        self.assertIsNone(BROWSER.execute_script("return sessionStorage.getItem('catalog.token')"))
        self.assertIsNone(self.button("Edit"))



class DeleteTests(EditCase):
    # Holds the change sets that come on the editor's stream until released.
    HOLD_CHANGES = """
        window.heldChanges = [];
        StreamingEventSource.prototype.dispatchEvent = function (event) {
          const deliver = () => EventTarget.prototype.dispatchEvent.call(this, event);
          if (event.type === 'message' && window.heldChanges) window.heldChanges.push(deliver);
          else deliver();
        };
        window.releaseChanges = () => {
          const held = window.heldChanges;
          window.heldChanges = null;
          held.forEach((deliver) => deliver());
        };"""

    def test_delete_by_the_control_changes_the_list_by_its_change_set(self):
        make_collection("control")
        self.open_both("control")
        self.button("Edit").click()
        self.assertTrue(self.button("Done"))
        self.assertTrue(BROWSER.find_element(By.CSS_SELECTOR, 'button[aria-label="Add"]').is_displayed())
        control = self.row("Bo Ek").find_element(By.CSS_SELECTOR, 'button[aria-label="Delete Bo Ek"]')
        self.assertFalse(self.button("Delete", self.row("Bo Ek")))
        control.click()
        delete = self.wait_until(lambda: self.button("Delete", self.row("Bo Ek")), "Delete button")
        self.screenshot("edit-mode.png")
        BROWSER.execute_script(self.HOLD_CHANGES)
        delete.click()
        # The server has deleted it; the page shows it until the change set comes.
        self.wait_until(lambda: "Bo Ek" not in [item["title"] for item in
                                                cli_json(DB, "list", "-c", "control")], "delete")
        time.sleep(0.5)
        self.assertIn([1, "Bo Ek"], list_state(BROWSER)["rows"])
        BROWSER.execute_script("window.releaseChanges()")
        self.assert_both_show_the_cli("control", "a delete by the control")
        self.assertEqual(self.titles(), ["Anna Berg", "Cecil Ray", "Cora Lind", "Dan Holm"])

    def test_delete_by_swipe(self):
        make_collection("swipe")
        self.open_both("swipe")
        # A short swipe springs back, and is no tap.
        self.swipe("Cora Lind", 15, 15)
        self.assertNotIn("open", self.row("Cora Lind").get_attribute("class"))
        self.assertIsNone(self.dialog())
        self.swipe("Cora Lind", 20, 50)
        delete = self.wait_until(lambda: self.button("Delete", self.row("Cora Lind")),
                                 "Delete button")
        self.assertIsNone(self.dialog())
        self.screenshot("swiped.png")
        delete.click()
        self.assert_both_show_the_cli("swipe", "a delete by swipe")
        self.assertEqual(self.titles(), ["Anna Berg", "Bo Ek", "Cecil Ray", "Dan Holm"])

    def test_a_row_deleted_or_changed_meanwhile_is_not_deleted_and_says_why(self):
        make_collection("stale")
        self.open_both("stale")
        BROWSER.execute_script(self.HOLD_CHANGES)
        # Another process removes Bo and changes Cecil; the page has not heard of it yet.
        catalog(DB, "remove", "-c", "stale", "2")
        catalog(DB, "update", "-c", "stale", "3", "phone=555-9999")
        version = collection_version("stale")
        for title, expected in [
            ("Bo Ek", cli_error("remove", "-c", "stale", "2")),
            # The page's If-Match is the version its list shows, before the update.
            ("Cecil Ray", f'item 2 was changed since: it is at version {version} (its ETag '
                               f'is "{version}")'),
        ]:
            self.swipe(title, 50, 40)
            self.wait_until(lambda: self.button("Delete", self.row(title)), "Delete button").click()
            status = BROWSER.find_element(By.ID, "status")
            self.wait_until(lambda: status.text.startswith(f"“{title}”"), "status")
            self.assertEqual(status.text, f"“{title}” was not deleted: {expected}")
            self.assertIsNone(self.button("Delete", self.row(title)))
        self.assertEqual(collection_version("stale"), version, "a refused delete changed the catalog")
        BROWSER.execute_script("window.releaseChanges()")
        self.assert_both_show_the_cli("stale", "the other process's writes")

    def test_a_token_revoked_meanwhile_ends_editing_and_the_list_goes_on(self):
        make_collection("revoked")
        secret = catalog(DB, "token", "create", "temporary", "--write").strip()
        BROWSER.switch_to.window(EDITOR)
        self.open(f"/?c=revoked&token={secret}")
        self.wait_until(lambda: self.button("Edit"), "the Edit button")
        catalog(DB, "token", "revoke", "temporary")
        self.button("Edit").click()
        self.row("Bo Ek").find_element(By.CLASS_NAME, "delete-control").click()
        self.wait_until(lambda: self.button("Delete", self.row("Bo Ek")), "Delete button").click()
        status = BROWSER.find_element(By.ID, "status")
        self.wait_until(status.is_displayed, "status")
        self.assertIn("refused this page's token", status.text)
        self.assertIsNone(self.button("Edit"))
        self.assertIsNone(self.button("Done"))
        self.assertEqual([button for button in BROWSER.find_elements(By.CSS_SELECTOR, "#content button")
                          if button.is_displayed()], [])
        self.assertIsNone(BROWSER.execute_script("return sessionStorage.getItem('catalog.token')"))
        catalog(DB, "add", "-c", "revoked", "id=8", "name=Ada Lee")
        expected = cli_list_state(DB, "revoked")
        self.wait_until(lambda: list_state(BROWSER) == expected, "the list after a write")


class AddTests(EditCase):
    def open_form(self):
        self.button("Edit").click()
        BROWSER.find_element(By.CSS_SELECTOR, 'button[aria-label="Add"]').click()
        dialog = self.wait_for_dialog()
        self.assertEqual(dialog.get_attribute("role"), "dialog")
        title = BROWSER.find_element(By.ID, dialog.get_attribute("aria-labelledby"))
        self.assertEqual(title.text, "New Item")
        # A labelled input for each column of the file, in its order.
        labels = dialog.find_elements(By.TAG_NAME, "label")
        self.assertEqual([label.text for label in labels], ["id", "name", "phone"])
        return dialog, {label.text: BROWSER.find_element(By.ID, label.get_attribute("for"))
                        for label in labels}

    def fill(self, inputs, values):
        for column, value in values.items():
            inputs[column].clear()
            inputs[column].send_keys(value)

    def test_add_by_the_form(self):
        make_collection("added")
        self.open_both("added")
        dialog, inputs = self.open_form()
        self.fill(inputs, {"id": "9", "name": "Bea Holt", "phone": "555-0109"})
        self.button("Add", dialog).click()
        self.wait_until(lambda: self.dialog() is None, "the form to close")
        self.assertEqual(cli_fields("added", "9"), {"id": "9", "name": "Bea Holt", "phone": "555-0109"})
        self.assert_both_show_the_cli("added", "an add")
        self.assertEqual(self.titles()[1:3], ["Bea Holt", "Bo Ek"])

    def test_a_duplicate_or_blank_key_shows_beside_its_field(self):
        make_collection("keys")
        self.open_both("keys")
        version = collection_version("keys")
        dialog, inputs = self.open_form()
        for values in [{"id": "1", "name": "Eve Lund"}, {"id": "", "name": "Eve Lund"}]:
            self.fill(inputs, values)
            self.button("Add", dialog).click()
            expected = cli_error("add", "-c", "keys", *[f"{c}={v}" for c, v in values.items()])
            error = self.wait_until(lambda: self.field_error(inputs["id"]), "field error")
            self.assertEqual(error.text, expected)
            self.assertTrue(error.is_displayed())
            self.assertEqual(inputs["id"].get_attribute("aria-invalid"), "true")
            self.assertFalse(dialog.find_element(By.CLASS_NAME, "form-error").is_displayed())
            self.assertIsNone(self.field_error(inputs["name"]))
            self.screenshot("add-form-error.png" if values["id"] else "add-form-blank-key.png")
        self.assertEqual(collection_version("keys"), version, "a refused add changed the catalog")
        self.fill(inputs, {"id": "6"})
        self.button("Add", dialog).click()
        self.wait_until(lambda: self.dialog() is None, "the form to close")
        self.assert_both_show_the_cli("keys", "an add after its errors")
        self.assertEqual(cli_fields("keys", "6"), {"id": "6", "name": "Eve Lund", "phone": ""})

    def test_a_column_gone_meanwhile_shows_beside_its_field(self):
        make_collection("narrowed")
        self.open_both("narrowed")
        dialog, inputs = self.open_form()
        path = os.path.join(WORK, "narrowed.csv")
        with open(path, "w") as file:
            file.write("id,name\n1,Anna Berg\n")
        catalog(DB, "import", path, "-c", "narrowed", "--replace", "--key", "id", "--quiet")
        self.fill(inputs, {"id": "8", "name": "Ada Lee", "phone": "555-0108"})
        self.button("Add", dialog).click()
        error = self.wait_until(lambda: self.field_error(inputs["phone"]), "field error")
        self.assertEqual(error.text, "unknown column 'phone'; the columns are: id, name")
        # A server that cannot be reached is said at the top.
        BROWSER.execute_script("window.fetch = () => Promise.reject(new TypeError('offline'));")
        self.button("Add", dialog).click()
        top = dialog.find_element(By.CLASS_NAME, "form-error")
        self.wait_until(top.is_displayed, "the form's error")
        self.assertEqual(top.text, "the server cannot be reached")
        self.assertIsNone(self.field_error(inputs["phone"]))

    def field_error(self, field):
        """The error shown beside an input, if any: what its aria-describedby names."""
        described = field.get_attribute("aria-describedby")
        return BROWSER.find_element(By.ID, described) if described else None


class DetailTests(EditCase):
    def open_detail(self, name, title):
        self.open_both(name)
        self.row(title).click()
        dialog = self.wait_for_dialog()
        self.assertEqual(BROWSER.find_element(By.ID, dialog.get_attribute("aria-labelledby")).text,
                         title)
        self.wait_until(lambda: dialog.find_elements(By.TAG_NAME, "dd"), "fields")
        return dialog

    def inputs(self, dialog):
        return {label.text: BROWSER.find_element(By.ID, label.get_attribute("for"))
                for label in dialog.find_elements(By.TAG_NAME, "label")}

    def test_edit_in_the_detail_view(self):
        make_collection("detail")
        dialog = self.open_detail("detail", "Cecil Ray")
        self.assertEqual(self.shown_fields(dialog), cli_fields("detail", "3"))
        self.button("Edit", dialog).click()
        inputs = self.inputs(dialog)
        self.assertEqual({column: field.get_attribute("value") for column, field in inputs.items()},
                         cli_fields("detail", "3"))
        inputs["name"].clear()
        inputs["name"].send_keys("Alma Ray")  # from C to A
        self.screenshot("detail-editing.png")
        self.button("Done", dialog).click()
        self.wait_until(lambda: self.button("Edit", dialog), "the fields to show again")
        self.assertEqual(self.shown_fields(dialog),
                         {"id": "3", "name": "Alma Ray", "phone": "555-0103"})
        self.assertEqual(cli_fields("detail", "3"), self.shown_fields(dialog))
        self.button("Close", dialog).click()
        self.assert_both_show_the_cli("detail", "an edit that moves a row")
        self.assertEqual(self.titles()[:2],
                         ["Alma Ray", "Anna Berg"])

    def test_an_item_deleted_meanwhile_says_so_at_the_top_of_the_form(self):
        make_collection("gone")
        dialog = self.open_detail("gone", "Dan Holm")
        self.button("Edit", dialog).click()
        catalog(DB, "remove", "-c", "gone", "5")
        inputs = self.inputs(dialog)
        inputs["phone"].send_keys("9")
        self.button("Done", dialog).click()
        error = dialog.find_element(By.CLASS_NAME, "form-error")
        self.wait_until(error.is_displayed, "the form's error")
        self.assertEqual(error.text, cli_error("update", "-c", "gone", "5", "phone=555-01059"))
        self.assertEqual(dialog.find_elements(By.CSS_SELECTOR, "[aria-invalid]"), [])
        self.button("Cancel", dialog).click()
        self.button("Close", dialog).click()
        self.assert_both_show_the_cli("gone", "a delete by another process")

    def test_a_change_meanwhile_is_refused_and_shows_the_new_values(self):
        make_collection("raced")
        dialog = self.open_detail("raced", "Anna Berg")
        self.button("Edit", dialog).click()
        catalog(DB, "update", "-c", "raced", "1", "phone=555-9999")
        version = collection_version("raced")
        inputs = self.inputs(dialog)
        inputs["name"].clear()
        inputs["name"].send_keys("Anne Berg")
        self.button("Done", dialog).click()
        error = dialog.find_element(By.CLASS_NAME, "form-error")
        self.wait_until(error.is_displayed, "the form's error")
        self.assertIn("Someone else changed this item", error.text)
        # Still editing, with the values the item has now.
        inputs = self.inputs(dialog)
        self.assertEqual({column: field.get_attribute("value") for column, field in inputs.items()},
                         {"id": "1", "name": "Anna Berg", "phone": "555-9999"})
        self.assertEqual(collection_version("raced"), version, "a refused edit changed the catalog")
        self.button("Cancel", dialog).click()
        self.button("Close", dialog).click()


class RequireTokenTests(EditCase):
    @classmethod
    def setUpClass(cls):
        make_collection("closed")
        cls.server = Server(DB, "--require-token", "--edit")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def get(self, path, token=None):
        request = urllib.request.Request(self.server.url + path)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status, response.headers, response.readline().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, json.loads(error.read())["error"]

    def test_the_page_reads_and_follows_changes_with_the_token(self):
        BROWSER.switch_to.window(EDITOR)
        self.open(f"{self.server.edit_url}&c=closed")
        self.assertEqual(list_state(BROWSER), cli_list_state(DB, "closed"))
        self.assertTrue(BROWSER.execute_script(
            "return catalogPage.page.events instanceof StreamingEventSource"))
        catalog(DB, "add", "-c", "closed", "id=7", "name=Ann Moe")
        catalog(DB, "remove", "-c", "closed", "2")
        expected = cli_list_state(DB, "closed")
        self.wait_until(lambda: list_state(BROWSER) == expected, "the writes on the page")
        self.assertTrue(BROWSER.execute_script("return window.notReloaded === true"))

    def test_the_change_stream_needs_the_token(self):
        status, headers, message = self.get("/api/collections/closed/changes")
        self.assertEqual((status, headers["WWW-Authenticate"]), (401, "Bearer"))
        self.assertIn("needs a token", message)
        secret = self.server.edit_url.split("token=")[1]
        status, headers, line = self.get("/api/collections/closed/changes", secret)
        self.assertEqual(status, 200)
        self.assertTrue(headers["Content-Type"].startswith("text/event-stream"))
        self.assertTrue(line.startswith("retry:"), line)


class StreamingEventSourceTests(EditCase):
    """StreamingEventSource against a fetch that answers with hand-made streams."""

    def test_events_across_chunks_arrive_whole_and_a_new_connection_resumes(self):
        BROWSER.switch_to.window(READER)
        self.open("/?c=people")
        result = BROWSER.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const encoder = new TextEncoder();
            const answers = [
              [200, 'retry: 5\\nid: 7\\nevent: vers', 'ion\\ndata: 7\\n\\n: keep-alive\\n\\nid: 8\\n'
                + 'data: {"a":', '1}\\ndata: {"b":2}\\r\\n\\r', '\\nid: 9\\ndata: cut off'],
              [200, 'data: x\\n\\n'],
              [401, '{"error":"the token is not known"}'],
            ];
            const calls = [];
            window.fetch = (url, options) => {
              calls.push([url, options.headers]);
              const [status, ...chunks] = answers.shift();
              const body = new ReadableStream({ start(controller) {
                chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)));
                controller.close();
              } });
              const type = status === 200 ? 'text/event-stream; charset=utf-8' : 'application/json';
              return Promise.resolve(new Response(body, { status, headers: { 'Content-Type': type } }));
            };
            const seen = [];
            const source = new StreamingEventSource('/changes?since=6', { Authorization: 'Bearer T' });
            for (const type of ['message', 'version']) {
              source.addEventListener(type, (event) => seen.push([type, event.data, event.lastEventId]));
            }
            source.addEventListener('error', () => {
              seen.push(['error', source.readyState]);
              if (source.readyState === source.CLOSED) done({ seen, calls });
            });""")
        self.assertEqual(result["seen"], [
            ["version", "7", "7"],
            ["message", '{"a":1}\n{"b":2}', "8"],
            ["error", 0],  # the stream ended: connecting again; the unfinished event is dropped
            ["message", "x", "8"],
            ["error", 0],
            ["error", 2],  # a 401 ends it for good
        ])
        accept = {"Authorization": "Bearer T", "Accept": "text/event-stream"}
        self.assertEqual(result["calls"], [
            ["/changes?since=6", accept],
            ["/changes?since=6", {**accept, "Last-Event-ID": "8"}],
            ["/changes?since=6", {**accept, "Last-Event-ID": "8"}],
        ])
        BROWSER.switch_to.window(EDITOR)


if __name__ == "__main__":
    unittest.main()
