"""Every answer of the API reaches the page: for each endpoint and each bundled example
(examples/), the page's view is filled and run in headless Chromium, the same body is sent to the
API, and the API's document is walked: each app, route, verdict, near miss, warning, note, reason
and failure it holds must be in the text of the page's result. The expected strings come from the
document itself, never from a list written here, so a key the page forgets to show fails.

Run by ValidatorDocumentsBrowserTests (Swift) as browser_test.py is: Debian's /usr/bin/python3
with python3-selenium, every address on 127.0.0.0/8. One argument: a JSON object with the
validator's URL, the local TLS site's URL, the examples folder, the screenshots folder and the
browser's paths. Prints one line per case and exits non-zero when any failed.
"""
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request

from browser_support import check, finish, set_value, start_browser, wait_for
from browser_support import shot as save_shot
from selenium.webdriver.common.by import By

config = json.loads(sys.argv[1])
base = config["validator"]
examples = config["examples"]

# The keys whose values a person needs to read (the brief of issue 40: "app/route/verdict, near
# miss, warnings, notes and failures"): each string under one of them, however deep, must show.
SHOWN = {"app", "route", "verdict", "input", "url", "closest", "nearMisses", "warnings", "notes", "failed",
         "reason", "explanation", "fixes", "message", "meaning", "causes", "next", "before", "after",
         "activity", "decision", "state", "detail", "differences", "grant", "activitySummary",
         "ignoredByApple", "signer", "problem", "expected", "actual", "legacyHosts", "host", "package"}


def written(rule):
    """A rule object as the page writes it (JSON.stringify keeps the document's key order)."""
    return json.dumps(rule, separators=(",", ":"), ensure_ascii=False)


def expected_strings(document):
    """The strings of `document` under a SHOWN key (all of them, however deep, but a finding's
    JSON path and severity, which the page shows as its place and badge), with their paths."""
    found = []

    def gather(value, path):
        if isinstance(value, str):
            if value.strip():
                found.append((path, value))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                gather(item, "%s[%d]" % (path, index))
        elif isinstance(value, dict):
            for key, item in value.items():
                if key == "rule" and isinstance(item, dict):
                    found.append((path + ".rule", written(item)))
                elif key not in ("path", "severity", "file"):  # where a finding is, not what
                    gather(item, path + "." + key)

    def walk(value, path):
        if isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, "%s[%d]" % (path, index))
        elif isinstance(value, dict):
            for key, item in value.items():
                if key in SHOWN:
                    gather(item, path + "." + key)
                else:
                    walk(item, path + "." + key)

    walk(document, "")
    return found


def api(endpoint, body):
    """The API's document for `body`, waiting out a 429 (this script and the page share a rate)."""
    for attempt in range(60):
        request = urllib.request.Request(base + "api/v1/" + endpoint, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            if error.code not in (429, 503):
                return json.loads(error.read())
            time.sleep(float(error.headers.get("Retry-After", "1")))
    raise RuntimeError("the API stayed rate-limited")


def page_text(driver, view, values):
    """Fills `view`'s form with `values`, submits it and returns the result's whole text; a
    rate-limited answer is waited out and submitted again."""
    driver.get("about:blank")
    driver.get(base + "#" + view)
    wait_for(lambda: driver.find_element(By.ID, "view-" + view).is_displayed())
    text = ""
    for attempt in range(30):
        for element_id, value in values.items():
            set_value(driver, element_id, value)
        driver.execute_script("document.getElementById('result-body').replaceChildren()")
        driver.find_element(By.CSS_SELECTOR, "#form-" + view + " button[type=submit]").click()
        text = wait_for(lambda: (lambda t: t and "Working" not in t and t)(
            driver.execute_script("return document.getElementById('result-body').textContent"))) or ""
        waited = re.search(r"rate-limited.*?wait (\d+) s", text)
        if not waited and "busy" not in text[:40]:
            return text
        time.sleep(int(waited.group(1)) + 0.5 if waited else 1)
    return text


def read(path):
    with open(os.path.join(examples, path), encoding="utf-8") as file:
        return file.read()


def url_list(path):
    return [line for line in read(path).split("\n") if line.strip() and not line.startswith("#")]


def compare(driver, name, endpoint, body, view, values):
    document = api(endpoint, body)
    if "error" in document:
        check(name + ": the API answers", False, json.dumps(document)[:300])
        return
    text = page_text(driver, view, values)
    strings = expected_strings(document)
    missing = [(path, value) for path, value in strings if value not in text]
    check("%s: each of the %d answers of %s reaches the page" % (name, len(strings), endpoint),
          strings and not missing, repr(missing[:4]) + " page: " + text[:300])
    return text


driver = start_browser(config, phone=False)
try:
    site_urls = url_list("urls.txt")
    android_urls = ["https://shop.example.com/products/1", "https://shop.example.com/products/1/reviews",
                    "https://shop.example.com/cart", "https://go.example.com/x"]
    route_links = [line.split("\t")[0] for line in url_list("routes.tsv")]

    # POST /api/v1/lint through the File view: every example file, with URLs for its kind.
    files = [(".well-known", "site/.well-known/apple-app-site-association", site_urls),
             ("assetlinks", "site/.well-known/assetlinks.json", ["https://example.com/albums/1"]),
             ("dynamic rules", "android/assetlinks.json", android_urls),
             ("manifest", "android/AndroidManifest.xml", android_urls),
             ("photoapp manifest", "photoapp/AndroidManifest.xml", ["https://example.com/albums/1", "https://example.com/x"]),
             ("route config", "routes/MobileDeepLinkingConfig.json", route_links),
             ("old", "old.json", site_urls), ("new", "new.json", site_urls)]
    files += [(name, "broken/" + name, site_urls) for name in sorted(os.listdir(os.path.join(examples, "broken")))]
    files += [(name, "applinks/" + name, []) for name in sorted(os.listdir(os.path.join(examples, "applinks")))]
    for name, path, urls in files:
        text = read(path)
        file_name = os.path.basename(path)
        compare(driver, "lint " + name, "lint", {"text": text, "name": file_name, "urls": urls}, "file",
                {"file-text": text, "file-name": file_name, "file-urls": "\n".join(urls)})

    # POST /api/v1/diff through the Diff view: the two example files, and each against a broken one.
    old, new = read("old.json"), read("new.json")
    for name, before, after in [("old → new", old, new), ("new → truncated", new, read("broken/truncated.json")),
                                ("trailing comma → old", read("broken/trailing-comma.json"), old)]:
        compare(driver, "diff " + name, "diff",
                {"old": {"text": before, "name": "old.json"}, "new": {"text": after, "name": "new.json"}, "urls": site_urls},
                "diff", {"diff-old": before, "diff-new": after, "diff-urls": "\n".join(site_urls)})

    # POST /api/v1/device through the Device view; and the example with pm's help text after it,
    # which the reader answers with a note.
    for name in sorted(os.listdir(os.path.join(examples, "device"))):
        text = read("device/" + name)
        compare(driver, "device " + name, "device", {"text": text}, "device", {"device-text": text})
        text += "\nApp verification link states: State codes are defined as follows:\n"
        compare(driver, "device " + name + " with pm's help text", "device", {"text": text}, "device", {"device-text": text})

    # POST /api/v1/route through Both platforms: the site's two files pasted, with the manifest.
    aasa, assetlinks = read("site/.well-known/apple-app-site-association"), read("site/.well-known/assetlinks.json")
    manifest = read("photoapp/AndroidManifest.xml")
    urls = site_urls + ["/help/x", "/albums/"]
    compare(driver, "route of the site's files", "route",
            {"aasa": {"text": aasa}, "assetlinks": {"text": assetlinks}, "domain": "example.com", "urls": urls,
             "app": "D3KQX62K1A.com.example.photoapp", "package": "com.example.photoapp", "manifest": manifest},
            "platforms", {"platforms-urls": "\n".join(urls), "platforms-aasa": aasa, "platforms-assetlinks": assetlinks,
                          "platforms-domain": "example.com", "platforms-app": "D3KQX62K1A.com.example.photoapp",
                          "platforms-package": "com.example.photoapp", "platforms-manifest": manifest})

    # POST /api/v1/check through Check a site: the example site over TLS on loopback.
    paths = site_urls + ["/help/x"]
    text = compare(driver, "check of the example site", "check", {"site": config["site"], "paths": paths, "cdn": False},
                   "check", {"check-site": config["site"], "check-paths": "\n".join(paths)})
    save_shot(driver, config["screenshots"], "documents-check")
finally:
    driver.quit()

finish()
