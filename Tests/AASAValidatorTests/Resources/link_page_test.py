"""links.json's in-app page in headless Chromium (LinkPageBrowserTests.swift): posing as an in-app
browser, load a link from aasa-serve and check what a person sees and can tap."""
import json
import os
import sys

from browser_support import check, failures, fits, start_browser, wait_for
from selenium.webdriver.common.by import By

config = json.loads(sys.argv[1])
driver = start_browser(config)
try:
    # The in-app browser's user agent, and the loopback certificate taken as it is.
    driver.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": config["userAgent"]})
    driver.execute_cdp_cmd("Security.setIgnoreCertificateErrors", {"ignore": True})
    driver.get(config["page"])
    opened = wait_for(lambda: driver.find_element(By.ID, "open"))
    check("the page has an Open in the app link", opened is not None and opened.text == "Open in the app",
          opened.text if opened else driver.page_source[:400])
    check("the open link is the link itself", opened is not None and opened.get_property("href") == config["open"],
          opened.get_property("href") if opened else "")
    store = driver.find_elements(By.ID, "app-store")
    check("the App Store button goes to the ios destination",
          len(store) == 1 and store[0].get_property("href") == config["store"],
          store[0].get_property("href") if store else "none")
    check("an iPhone is offered no Google Play button", not driver.find_elements(By.ID, "google-play"))
    web = driver.find_element(By.ID, "web")
    check("the web link carries the query", web.get_property("href") == config["web"], web.get_property("href"))
    check("the title is the rule's", driver.find_element(By.TAG_NAME, "h1").text == "A product")
    # The inline style is allowed by its hash: the primary button is filled.
    background = driver.execute_script(
        "return getComputedStyle(document.getElementById('open')).backgroundColor")
    check("the style applies under the page's policy", background == "rgb(10, 91, 211)", background)
    violations = [entry["message"] for entry in driver.get_log("browser")
                  if "Content Security Policy" in entry["message"] or "Refused" in entry["message"]]
    check("no Content-Security-Policy violation", not violations, "; ".join(violations))
    check("no script on the page", driver.execute_script("return document.scripts.length") == 0)
    fits(driver, "the in-app page")
    driver.save_screenshot(os.path.join(config["screenshots"], "link-in-app.png"))
    # Tapping Open in the app asks for the link again: the server answers it again.
    opened.click()
    again = wait_for(lambda: driver.current_url == config["open"] and driver.find_element(By.ID, "open"))
    check("tapping Open in the app loads the link", again is not None, driver.current_url)
finally:
    driver.quit()
sys.exit(1 if failures else 0)
