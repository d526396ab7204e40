"""What the validator page's browser scripts share: headless Chromium started the same way (no
network beyond the page, a phone's width unless asked otherwise), one line printed per case, and
waiting for the page without sleeping a fixed time.

Imported by browser_test.py, browser_views_test.py and matcher_agreement_test.py, which Python
runs from this folder (so it is on their import path). Debian's /usr/bin/python3 with
python3-selenium drives Debian's chromium through chromium-driver.
"""
import os
import sys
import time

os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must not download anything.

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# The names of the cases that failed, in order; a script exits non-zero when any did.
failures = []

ARGUMENTS = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--disable-default-apps",
             "--disable-extensions", "--no-proxy-server", "--window-size=375,900"]


def start_browser(config, phone=True, script_timeout=None):
    """Chromium at `config["chromium"]` through `config["chromedriver"]`, its console kept."""
    options = webdriver.ChromeOptions()
    for argument in ARGUMENTS:
        options.add_argument(argument)
    options.binary_location = config["chromium"]
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(config["chromedriver"]), options=options)
    driver.set_page_load_timeout(30)
    if script_timeout is not None:
        driver.set_script_timeout(script_timeout)
    if phone:
        # A phone's width, whatever the smallest window the platform allows.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 375, "height": 812, "deviceScaleFactor": 1, "mobile": True})
    return driver


def check(name, condition, detail=""):
    if condition:
        print("ok   " + name)
    else:
        print("FAIL " + name + (": " + detail if detail else ""))
        failures.append(name)


def wait_for(predicate, timeout=40):
    """The predicate's first truthy answer within `timeout` seconds, or None."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception:  # an element not there yet
            pass
        time.sleep(0.1)
    return None


def fits(driver, name):
    """A case: the page at a phone's width scrolls only down, never sideways."""
    width = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    check(name + " fits 375 px without sideways scrolling", width[0] <= width[1] and width[1] <= 400, str(width))


def shot(driver, folder, name):
    """The result area, scrolled to, saved as FOLDER/validator-NAME.png."""
    driver.execute_script("document.getElementById('result').scrollIntoView({block: 'start'})")
    driver.save_screenshot(os.path.join(folder, "validator-" + name + ".png"))


def set_value(driver, element_id, text):
    """A field's value as a paste would leave it (without typing it key by key)."""
    driver.execute_script("document.getElementById(arguments[0]).value = arguments[1]", element_id, text)


def finish():
    print("%d failed" % len(failures))
    sys.exit(1 if failures else 0)
