"""The browser tests' fixtures: a real `tcnet host` on free loopback ports, and headless Chromium
(Debian's chromium and chromium-driver) driven by Selenium.

Run them with `python3 -m pytest Tests/Browser` after `swift build` (.ci/run does). TCNET_BIN names
the tcnet executable (default: `swift build --show-bin-path`/tcnet); screenshots go to
TCNET_ARTIFACTS (default: artifacts/browser in the repository).
"""
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("TCNET_ARTIFACTS", ROOT / "artifacts" / "browser"))
# NB: generous: the machine may be busy with other builds; every wait polls, none sleeps blindly.
WAIT = float(os.environ.get("TCNET_BROWSER_WAIT", "20"))
# Every host's data folder is made in this one folder, removed when the session passes (kept, with the
# hosts' logs, when it fails).
DATA_ROOT = tempfile.mkdtemp(prefix="tcnet-browser-")


def pytest_sessionfinish(session, exitstatus):
    if exitstatus == 0 or not os.listdir(DATA_ROOT):
        shutil.rmtree(DATA_ROOT, ignore_errors=True)
    else:
        print(f"\nthe hosts' data folders and logs are kept in {DATA_ROOT}")


def tcnet_binary():
    if os.environ.get("TCNET_BIN"):
        return os.environ["TCNET_BIN"]
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return os.path.join(path.stdout.strip(), "tcnet")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Host:
    """A `tcnet host` process on loopback with its web side; stopped with SIGTERM."""

    def __init__(self, data=None, tcp=None, web=None, teacher_code=None):
        self.data = data or tempfile.mkdtemp(prefix="host-", dir=DATA_ROOT)
        self.tcp = tcp or free_port()
        self.web = web or free_port()
        self.url = f"http://127.0.0.1:{self.web}"
        self.log = open(os.path.join(self.data, "host.log"), "a")
        self.process = subprocess.Popen(
            [tcnet_binary(), "host", "--bind", "127.0.0.1", "--port", str(self.tcp), "--web-port", str(self.web),
             "--data", self.data, "--no-advertise", "--name", "Browser test host"]
            + (["--teacher-code", teacher_code] if teacher_code else []),
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        deadline = time.monotonic() + 60
        self.first_lines = []
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"tcnet host stopped before listening; see {self.log.name}")
            self.first_lines.append(line.rstrip("\n"))
            # NB: the summary's lines are indented under its first line.
            if line.strip().startswith("Projector:"):
                return
        raise RuntimeError("tcnet host did not print its web address in time")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                self.log.flush()
                with open(self.log.name) as log:
                    tail = log.read().splitlines()[-30:]
                self.log.close()
                raise AssertionError("tcnet host did not stop within 30 s of SIGTERM; its log ends:\n"
                                     + "\n".join(tail)) from None
        self.log.close()


@pytest.fixture
def host():
    running = Host()
    yield running
    running.stop()


def chromium(width=1024, height=768, touch=False):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1", "--lang=en"]:
        options.add_argument(argument)
    if touch:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_script_timeout(WAIT)
    if not touch:
        # NB: the page's own area (the viewport) is exactly the size asked for, as on a real screen.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


@pytest.fixture
def browsers():
    """Opens headless Chromium windows on demand; closes them all at the end."""
    opened = []

    def open_browser(**kwargs):
        driver = chromium(**kwargs)
        opened.append(driver)
        return driver

    yield open_browser
    for driver in opened:
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        driver.quit()
        # NB: an error in the page's own code fails the test that caused it; a refused connection
        # (a host restarting) is the network's, not the page's.
        own = [e for e in errors if e.get("source") != "network" and "favicon" not in e["message"]]
        assert not own, f"errors in the page's console: {own}"


def screenshot(driver, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def wait_until(condition, what, timeout=WAIT):
    """Polls `condition` until it returns something true; fails with `what` at the deadline."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception as error:  # noqa: BLE001 - a page mid-update may throw; try again
            last_error = error
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}" + (f" (last error: {last_error})" if last_error else ""))


def name_from(text):
    return re.sub(r"[^A-Za-z0-9]", "", text)[:20]
