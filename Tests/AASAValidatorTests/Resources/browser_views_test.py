"""Drives headless Chromium through the validator page's platform views: Both platforms, Apple
and Android (docs/validator.md, "The views"), as a person uses them.

Run by ValidatorViewsBrowserTests (Swift) as browser_test.py is: Debian's /usr/bin/python3 with
python3-selenium, Debian's chromium through chromium-driver, every address on 127.0.0.0/8. One
argument: a JSON object with the validator's URL, the local TLS site's URL, the folder for
screenshots, the browser and driver paths, the texts to paste and the files to upload. Prints one
line per case and exits non-zero when any failed.
"""
import json
import os
import sys
import time
import urllib.parse

from browser_support import check, failures, finish, fits, set_value, start_browser, wait_for
from browser_support import shot as save_shot
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

config = json.loads(sys.argv[1])
base = config["validator"]
shots = config["screenshots"]


def result_text(driver):
    """The result area's whole text once it has an answer (folded lines too), or ""."""
    text = wait_for(lambda: (lambda t: t and "Working" not in t and t)(
        driver.execute_script("return document.getElementById('result-body').textContent")))
    return text or ""


def shot(driver, name):
    save_shot(driver, shots, name)


def open_view(driver, view):
    # A fresh load, so that one view's answer is never read as the next one's.
    driver.get("about:blank")
    driver.get(base + "#" + view)
    wait_for(lambda: driver.find_element(By.ID, "view-" + view).is_displayed())


def markup_in_result(driver):
    return driver.execute_script(
        "return [window.pwned, document.querySelectorAll('#result-body img, #result-body script, #result-body b').length]")


console = []
driver = start_browser(config)
try:
    driver.get(base)
    wait_for(lambda: driver.find_element(By.ID, "policy").text)
    labels_ok = driver.execute_script(
        "return [...document.querySelectorAll('#view-platforms input, #view-platforms textarea,"
        " #view-apple input, #view-apple textarea, #view-android input, #view-android textarea')]"
        ".every(e => document.querySelector('label[for=\"' + e.id + '\"]'))")
    check("every field of the new views has a label", labels_ok)
    names = [link.text for link in driver.find_elements(By.CSS_SELECTOR, "nav a")]
    check("the views are in the navigation", all(n in names for n in ["Both platforms", "Apple", "Android", "Sign-in"]), repr(names))

    # Both platforms from pasted files, the manifest and the entitlements uploaded; submitted
    # from the keyboard (Enter in a field).
    open_view(driver, "platforms")
    set_value(driver, "platforms-urls", "/albums/1\n/help/x\n/videos/samples/2010/x")
    set_value(driver, "platforms-aasa", config["association"])
    set_value(driver, "platforms-assetlinks", config["assetlinks"])
    set_value(driver, "platforms-domain", "example.com")
    set_value(driver, "platforms-app", "D3KQX62K1A.com.example.photoapp")
    set_value(driver, "platforms-fingerprint", config["fingerprint"])
    driver.find_element(By.ID, "platforms-manifest-upload").send_keys(config["manifestFile"])
    wait_for(lambda: "<manifest" in driver.find_element(By.ID, "platforms-manifest").get_attribute("value"), 10)
    driver.find_element(By.ID, "platforms-entitlements-upload").send_keys(config["entitlementsFile"])
    wait_for(lambda: "App.entitlements" in driver.find_element(By.ID, "platforms-entitlements-note").text, 10)
    package = driver.find_element(By.ID, "platforms-package")
    package.send_keys("com.example.photoapp")
    package.send_keys(Keys.ENTER)
    text = result_text(driver)
    check("both platforms answer per URL", "https://example.com/albums/1" in text and "iOS" in text and "Android" in text, text[:600])
    check("the deciding rule and the activity are shown",
          "details[0].components[1]" in text and "activity: " in text and "com.example.photoapp" in text, text[:800])
    check("the platforms' agreement is counted", "answered alike on iOS and Android" in text, text[:300])
    check("where they differ, what to fix", "fix: " in text, text[:800])
    check("the answer is a link", driver.execute_script("return location.hash").startswith("#platforms?urls="))
    command = driver.execute_script(
        "document.getElementById('copy-command').click(); return document.getElementById('command').textContent")
    check("copy as command gives aasa-lint route", command.startswith("aasa-lint route --site site --domain example.com"), command)
    fits(driver, "platforms")
    shot(driver, "platforms")

    # The link reproduces the answer on reload (the uploaded file travels in the fragment).
    before = len(driver.find_elements(By.CSS_SELECTOR, "#result-body .route"))
    driver.refresh()
    text = result_text(driver)
    after = len(driver.find_elements(By.CSS_SELECTOR, "#result-body .route"))
    check("reload answers the link again", before == 3 and after == 3 and "activity: " in text, "%d then %d" % (before, after))

    # Both platforms of the live site, opened as a link.
    link = "#platforms?" + urllib.parse.urlencode({
        "urls": "/albums/1\n/videos/samples/2010/x", "site": config["site"],
        "app": "D3KQX62K1A.com.example.photoapp", "package": "com.example.photoapp"})
    driver.get("about:blank")
    driver.get(base + link)
    # Opened from elsewhere, a link that fetches fills the form and waits for a click.
    text = result_text(driver)
    asked = driver.execute_script("return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/v1/route')).length")
    check("a link that fetches, opened from elsewhere, waits for a click",
          "asks the validator to fetch from " + config["site"] in text and asked == 0
          and driver.find_element(By.ID, "platforms-site").get_attribute("value") == config["site"], text[:300] + " requests: %d" % asked)
    driver.find_element(By.CSS_SELECTOR, "#form-platforms button[type=submit]").click()
    text = wait_for(lambda: (lambda t: "asks the validator" not in t and "Working" not in t and t)(
        driver.execute_script("return document.getElementById('result-body').textContent"))) or ""
    check("the live site's files answer both platforms", config["site"] in text and "opens" in text and "granted" in text, text[:600])

    # Apple: an uploaded .entitlements (text) and an uploaded .mobileprovision (binary), each
    # checked against its domains on the local site.
    open_view(driver, "apple")
    driver.find_element(By.ID, "apple-entitlements-upload").send_keys(config["entitlementsFile"])
    wait_for(lambda: "associated-domains" in driver.find_element(By.ID, "apple-entitlements").get_attribute("value"), 10)
    set_value(driver, "apple-app", "D3KQX62K1A.com.example.photoapp")
    set_value(driver, "apple-paths", "/albums/1")
    driver.find_element(By.CSS_SELECTOR, "#form-apple button[type=submit]").click()
    text = result_text(driver)
    check("an uploaded .entitlements is checked against its domain",
          "App.entitlements for D3KQX62K1A.com.example.photoapp" in text and config["site"] in text and "passed" in text, text[:600])
    fits(driver, "apple")
    shot(driver, "apple")

    open_view(driver, "apple")
    driver.find_element(By.ID, "apple-entitlements-upload").send_keys(config["profileFile"])
    note = wait_for(lambda: "sent as base64" in driver.find_element(By.ID, "apple-entitlements-note").text and
                    driver.find_element(By.ID, "apple-entitlements-note").text, 10)
    check("a binary profile is read in the page and sent as base64", bool(note), str(note))
    driver.find_element(By.CSS_SELECTOR, "#form-apple button[type=submit]").click()
    text = result_text(driver)
    check("an uploaded .mobileprovision is checked with its own app",
          "embedded.mobileprovision for D3KQX62K1A.com.example.photoapp" in text and config["site"] in text, text[:600])

    # Markup in a pasted file is text: an entitlements file whose domain is HTML.
    open_view(driver, "apple")
    set_value(driver, "apple-entitlements", config["hostileEntitlements"])
    set_value(driver, "apple-app", "D3KQX62K1A.com.example.photoapp")
    driver.find_element(By.CSS_SELECTOR, "#form-apple button[type=submit]").click()
    text = result_text(driver)
    injected = markup_in_result(driver)
    check("markup in a pasted entitlements file is shown as text", "<img src=x onerror=" in text and "<b>" in text, text[:400])
    check("nothing in the pasted file ran or became markup", injected[0] is None and injected[1] == 0, repr(injected))

    # Android: a pasted assetlinks.json with dynamic rules, a grant asked, and pm get-app-links.
    open_view(driver, "android")
    set_value(driver, "android-package", "com.example.shop")
    set_value(driver, "android-fingerprint", config["fingerprint"])
    set_value(driver, "android-assetlinks", config["dynamicAssetlinks"])
    set_value(driver, "android-urls", "https://shop.example.com/products/1\nhttps://shop.example.com/products/1/reviews")
    set_value(driver, "android-device", config["device"])
    driver.find_element(By.CSS_SELECTOR, "#form-android button[type=submit]").click()
    text = result_text(driver)
    check("the grant is answered", "Grants" in text and "com.example.shop" in text, text[:600])
    # One renderer per document, in aasa-lint's words (AndroidRoutingTextRenderer's headline).
    check("URLs are routed through the dynamic rules, in the command line's words",
          "open for com.example.shop by statement [0] component [1] {\"/\":\"/products/*\"}" in text
          and "excluded for com.example.shop by statement [0] component [0] {\"/\":\"/products/*/reviews\"" in text, text[:1200])
    check("the pasted pm get-app-links output is explained", "shop.example.com · 1024" in text, text[-600:])
    fits(driver, "android")
    shot(driver, "android")

    # Android from the live site: the grant of its assetlinks.json.
    open_view(driver, "android")
    set_value(driver, "android-package", "com.example.photoapp")
    set_value(driver, "android-fingerprint", config["fingerprint"])
    set_value(driver, "android-site", config["site"])
    driver.find_element(By.CSS_SELECTOR, "#form-android button[type=submit]").click()
    text = result_text(driver)
    check("the live site's grant is answered", "granted" in text and config["site"] in text, text[:600])

    # Sign-in: passkeys for the local site's RP ID on both platforms, the entitlements, the
    # manifest and its strings pasted. The example site lists the app under webcredentials but
    # grants no get_login_creds: iOS works, Android fails with the fix at the site's file.
    open_view(driver, "passkeys")
    labels_ok = driver.execute_script(
        "return [...document.querySelectorAll('#view-passkeys input, #view-passkeys textarea')]"
        ".every(e => document.querySelector('label[for=\"' + e.id + '\"]'))")
    check("every field of the Sign-in view has a label", labels_ok)
    set_value(driver, "passkeys-rpid", config["rpId"])
    set_value(driver, "passkeys-app", "D3KQX62K1A.com.example.photoapp")
    set_value(driver, "passkeys-entitlements", config["passkeysEntitlements"])
    set_value(driver, "passkeys-package", "com.example.photoapp")
    set_value(driver, "passkeys-fingerprints", config["fingerprint"])
    set_value(driver, "passkeys-manifest", config["passkeysManifest"])
    set_value(driver, "passkeys-strings", config["passkeysStrings"])
    driver.find_element(By.CSS_SELECTOR, "#form-passkeys button[type=submit]").click()
    text = result_text(driver)
    check("iOS: both halves hold, passkeys work",
          "iOS, D3KQX62K1A.com.example.photoapp: passkeys work" in text and "under webcredentials.apps" in text, text[:900])
    check("Android: the site grants no get_login_creds, and the fix is at its assetlinks.json",
          "Android, com.example.photoapp: passkeys fail" in text and "fix: " + config["site"] + "/.well-known/assetlinks.json" in text
          and "delegate_permission/common.get_login_creds" in text, text[:1800])
    check("the manifest's asset_statements are read with the pasted strings", "asset_statements (@string/asset_statements) name" in text, text[:1800])
    command = driver.execute_script(
        "document.getElementById('copy-command').click(); return document.getElementById('command').textContent")
    check("copy as command gives aasa-lint passkeys", command.startswith("aasa-lint passkeys " + config["rpId"]), command)
    check("the answer is a link", driver.execute_script("return location.hash").startswith("#passkeys?rpid="))
    fits(driver, "passkeys")
    shot(driver, "passkeys")

    # Android with a manifest: its asset_statements (from the pasted strings) and each site's
    # get_login_creds verdict, as check --manifest gives them.
    open_view(driver, "android")
    set_value(driver, "android-package", "com.example.photoapp")
    set_value(driver, "android-fingerprint", config["fingerprint"])
    set_value(driver, "android-manifest", config["passkeysManifest"])
    set_value(driver, "android-strings", config["passkeysStrings"])
    driver.find_element(By.CSS_SELECTOR, "#form-android button[type=submit]").click()
    text = result_text(driver)
    check("the manifest's sign-in sharing is shown", "Sign-in shared through asset_statements (@string/asset_statements)" in text
          and "share sign-in with " + config["site"] in text, text[:1200])
    check("each site's get_login_creds verdict, with what is missing",
          "get_login_creds" in text and "never with delegate_permission/common.get_login_creds" in text, text[:1500])
    fits(driver, "android-credentials")

    # A blocked address in the new endpoint: the refusal names the flag.
    driver.get("about:blank")
    driver.get(base + "#platforms?urls=%2Fx&site=https%3A%2F%2F127.0.0.2")
    result_text(driver)
    driver.find_element(By.CSS_SELECTOR, "#form-platforms button[type=submit]").click()
    text = wait_for(lambda: (lambda t: "asks the validator" not in t and "Working" not in t and t)(
        driver.execute_script("return document.getElementById('result-body').textContent"))) or ""
    check("a blocked site is explained with the flag that lifts it", "blocked-address" in text and "--allow" in text, text[:400])

    console.extend(driver.get_log("browser"))
    expected = lambda entry: entry.get("source") == "network" and "/api/v1/route" in entry.get("message", "") \
        and "403" in entry.get("message", "")
    errors = [entry for entry in console if entry.get("level") == "SEVERE" and not expected(entry)]
    violations = [entry for entry in console if "Content Security Policy" in entry.get("message", "")]
    check("the console has no errors", not errors, repr(errors[:3]))
    check("the console has no CSP violations", not violations, repr(violations[:3]))
finally:
    driver.quit()

finish()
