"""Firefox and WebKit (Safari's engine) for the browser matrix (tests/browser_matrix.py): one
small tab interface over two drivers, so that one test body runs in both.

- Firefox: Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi from Node
  (tests/browsers/firefox-driver.mjs; Python has no BiDi client that starts Firefox alone).
- WebKit: Debian's WebKitGTK MiniBrowser through WebKitWebDriver and Selenium, under Xvfb
  (it cannot run headless). It has no WebRTC and no window narrower than about 450 px.

Scripts are JavaScript function source called with one JSON argument; they may return a
promise. Waiting is polling from here, the same in both browsers."""

import json
import os
import pathlib
import shutil
import subprocess
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DRIVERS = ROOT / "tests" / "browsers"
ARTIFACTS = ROOT / "test-artifacts"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"


class BrowserMissing(Exception):
    pass


class Tab:
    """What a test does with a page: the same calls for both browsers."""

    name = "?"

    def wait_for(self, fn, arg=None, timeout=30.0, what=None, interval=0.05):
        """Until fn(arg) is truthy in the page; its value. A check that is work for the page
        itself is looked at less often (interval, in seconds)."""
        end = time.monotonic() + timeout
        last_error = None
        while True:
            try:
                value = self.evaluate(fn, arg)
                if value:
                    return value
            except DriverError as err:  # a page between two documents: look again
                last_error = err
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: waited {timeout:.0f} s for {what or fn}"
                                     + (f" (last error: {last_error})" if last_error else ""))
            time.sleep(interval)

    def wait_selector(self, selector, timeout=30.0):
        return self.wait_for("(s) => Boolean(document.querySelector(s))", selector, timeout, what=selector)

    def state_id(self):
        return self.evaluate("() => Number(document.getElementById('app').dataset.stateId)")

    def screenshot(self, name):
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{self.name}-{name}.png"
        self._screenshot(str(path))
        return path


class DriverError(Exception):
    pass


# ---- Firefox ---------------------------------------------------------------------------------

class FirefoxBrowser:
    name = "firefox"

    def __init__(self):
        if not shutil.which("firefox-esr"):
            raise BrowserMissing("Firefox is not installed (Debian package 'firefox-esr')")
        if not (DRIVERS / "node_modules" / "puppeteer-core").exists():
            raise BrowserMissing("puppeteer-core is not installed: npm ci in tests/browsers (python3 build.py test does it)")
        t0 = time.monotonic()
        self.proc = subprocess.Popen(["node", str(DRIVERS / "firefox-driver.mjs")], cwd=DRIVERS, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lock = threading.Lock()
        self.next_id = 1
        first = self.proc.stdout.readline()
        if not first:
            raise BrowserMissing("Firefox did not start: " + self.proc.stderr.read()[-2000:])
        self.version = json.loads(first)["result"]
        self.launch_s = time.monotonic() - t0

    def call(self, cmd, **args):
        with self.lock:
            rid = self.next_id
            self.next_id += 1
            self.proc.stdin.write(json.dumps({"id": rid, "cmd": cmd, "args": args}) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        if not line:
            raise DriverError("the Firefox driver stopped: " + self.proc.stderr.read()[-2000:])
        reply = json.loads(line)
        if not reply["ok"]:
            raise DriverError(reply["error"].split("\n")[0])
        return reply["result"]

    def new_tab(self, width=1366, height=800, fresh=False):
        """fresh: a context of its own (empty cache and storage)."""
        return FirefoxTab(self, self.call("newPage", width=width, height=height, fresh=fresh), width, height)

    def close(self):
        try:
            self.call("quit")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class FirefoxTab(Tab):
    name = "firefox"

    def __init__(self, browser, page, width, height):
        self.b, self.page, self.width, self.height = browser, page, width, height

    def init(self, source):
        """A script run before the page's own in every document of this tab."""
        self.b.call("init", page=self.page, source=source)

    def goto(self, url):
        self.b.call("goto", page=self.page, url=url)

    def reload(self):
        self.b.call("reload", page=self.page)

    def evaluate(self, fn, arg=None):
        return self.b.call("evaluate", page=self.page, fn=fn, arg=arg)

    def click(self, selector):
        self.b.call("click", page=self.page, selector=selector)

    def click_at(self, x, y):
        self.b.call("clickAt", page=self.page, x=x, y=y)

    def select(self, selector, value):
        self.b.call("select", page=self.page, selector=selector, value=value)

    def fill(self, selector, text):
        self.b.call("fill", page=self.page, selector=selector, text=text)

    def size(self, width, height):
        self.width, self.height = width, height
        self.b.call("size", page=self.page, width=width, height=height)

    def errors(self):
        return self.b.call("errors", page=self.page)

    def _screenshot(self, path):
        self.b.call("screenshot", page=self.page, path=path)

    def close(self):
        self.b.call("closePage", page=self.page)


# ---- WebKit ----------------------------------------------------------------------------------

# WebKitWebDriver has neither a console log nor BiDi here: each page gets a collector of its
# errors as soon as the driver hands it over (what fails before is seen in the engine's state).
COLLECT = """() => {
  if (window.urzeitSeenErrors) return;
  const seen = window.urzeitSeenErrors = [];
  addEventListener('error', (e) => seen.push(String(e.message || (e.target && (e.target.src || e.target.href)) || 'error')), true);
  addEventListener('unhandledrejection', (e) => seen.push('unhandled: ' + String(e.reason && e.reason.message || e.reason)));
  const error = console.error;
  console.error = (...a) => { seen.push(a.map(String).join(' ')); error.apply(console, a); };
}"""


class WebKitBrowser:
    name = "webkit"

    def __init__(self, log_path):
        if not (shutil.which("WebKitWebDriver") and os.path.exists(MINIBROWSER)):
            raise BrowserMissing("WebKit is not installed (Debian package 'webkit2gtk-driver')")
        if not (os.environ.get("DISPLAY") or shutil.which("Xvfb")):
            raise BrowserMissing("WebKit needs a display: install Debian's 'xvfb'")
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError as err:
            raise BrowserMissing("selenium is not installed (pip install -e .[test])") from err
        t0 = time.monotonic()
        self.xvfb = None
        env_display = os.environ.get("URZEIT_WEBKIT_DISPLAY")
        if not env_display:
            self.xvfb, env_display = start_xvfb()
        os.environ["DISPLAY"] = env_display
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")  # not --headless: the session never starts with it
        self.log_path = pathlib.Path(log_path)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log = open(self.log_path, "w")
        service = Service(executable_path=shutil.which("WebKitWebDriver"), log_output=self.log)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.version = self.driver.capabilities.get("browserVersion", "?")
        self.launch_s = time.monotonic() - t0

    def new_tab(self, width=1366, height=800):
        return WebKitTab(self, width, height)

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.log.close()
            if self.xvfb:
                self.xvfb.terminate()
                self.xvfb.wait(timeout=10)


def start_xvfb():
    """A private X server on a free display number."""
    for n in range(90, 140):
        if os.path.exists(f"/tmp/.X{n}-lock") or os.path.exists(f"/tmp/.X11-unix/X{n}"):
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                return proc, f":{n}"
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        proc.kill()
    raise BrowserMissing("Xvfb did not start")


ASYNC = """const done = arguments[arguments.length - 1];
try {
  Promise.resolve((%s)(arguments[0])).then((v) => done({ok: true, v: v === undefined ? null : v}),
    (e) => done({ok: false, e: String(e && e.message || e)}));
} catch (e) { done({ok: false, e: String(e && e.message || e)}); }"""


class WebKitTab(Tab):
    name = "webkit"

    def __init__(self, browser, width, height):
        self.b, self.d = browser, browser.driver
        self.d.set_script_timeout(180)
        self.size(width, height)

    def goto(self, url):
        self.d.get(url)
        self.evaluate(COLLECT)

    def reload(self):
        self.d.refresh()
        self.evaluate(COLLECT)

    def evaluate(self, fn, arg=None):
        from selenium.common.exceptions import WebDriverException
        try:
            r = self.d.execute_async_script(ASYNC % fn, arg)
        except WebDriverException as err:
            raise DriverError(str(err).split("\n")[0]) from err
        if not r or not r.get("ok"):
            raise DriverError(r and r.get("e"))
        return r["v"]

    def _element(self, selector):
        from selenium.webdriver.common.by import By
        return self.d.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector):
        self._element(selector).click()

    def click_at(self, x, y):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.d)
        actions.pointer_action.move_to_location(int(round(x)), int(round(y))).click()
        actions.perform()

    def select(self, selector, value):
        from selenium.webdriver.support.select import Select
        Select(self._element(selector)).select_by_value(value)

    def fill(self, selector, text):
        e = self._element(selector)
        e.clear()
        e.send_keys(text)

    def size(self, width, height):
        """The window so that the page's viewport is width x height, or as near as WebKit lets."""
        self.d.set_window_size(width, height)
        inner = self.d.execute_script("return [innerWidth, innerHeight]")
        self.d.set_window_size(width + (width - inner[0]), height + (height - inner[1]))
        self.width, self.height = self.d.execute_script("return [innerWidth, innerHeight]")

    def errors(self):
        return self.evaluate("() => (window.urzeitSeenErrors || []).splice(0)")

    def _screenshot(self, path):
        self.d.save_screenshot(path)

    def close(self):
        pass
