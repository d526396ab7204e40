"""Drives headless Chromium through the validator page, as a person uses it.

Run by ValidatorBrowserTests (Swift) with Debian's /usr/bin/python3, whose python3-selenium
drives Debian's chromium through chromium-driver; every address is on 127.0.0.0/8. One argument:
a JSON object with the validator's URL, the local TLS site's URL, the folder for screenshots, the
browser and driver paths, and the texts to paste; the validator asks a stub of Apple's CDN (on
127.0.0.1, through its CDN base) for the CDN copies: a stale copy of the site's file for
127.0.0.1, and a failure for localhost. Prints one line per case and exits non-zero
when any failed.
"""
import json
import os
import re
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
console = []


def collect_console(driver):
    for entry in driver.get_log("browser"):
        console.append(entry)


class Result:
    """The result area once it has an answer: its whole text (folded lines too)."""

    def __init__(self, text):
        self.text = text


def result_ready(driver):
    text = driver.execute_script("return document.getElementById('result-body').textContent")
    return text and "Working" not in text and Result(text)


def shot(driver, name):
    save_shot(driver, shots, name)


def submit(driver, view):
    driver.find_element(By.CSS_SELECTOR, "#form-" + view + " button[type=submit]").click()


def fetched(driver, again):
    """The result of a view that fetches, once it is not the link's prompt; a 429 (the example
    site's host rate, 6 then 1 every 10 s, is shared by every case) is waited out as its
    Retry-After says and `again` asks again."""
    body = None
    for attempt in range(4):
        body = wait_for(lambda: (lambda r: r and "asks the validator" not in r.text and r)(result_ready(driver)))
        waited = re.search(r"rate-limited.*?wait (\d+) s", body.text if body else "")
        if not waited:
            return body
        time.sleep(int(waited.group(1)) + 0.5)
        again()
    return body


driver = start_browser(config)
try:
    # The page loads with nothing but its own files, and is usable by keyboard.
    driver.get(base)
    wait_for(lambda: driver.find_element(By.ID, "policy").text)
    check("policy says what is fetched", "--allow 127.0.0.1" in driver.find_element(By.ID, "policy").text,
          driver.find_element(By.ID, "policy").text)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    focused = driver.execute_script("return document.activeElement.tagName")
    check("Tab reaches a control", focused in ("A", "INPUT", "BUTTON", "TEXTAREA"), focused)
    labels_ok = driver.execute_script(
        "return [...document.querySelectorAll('input:not([type=checkbox]), textarea')]"
        ".every(e => document.querySelector('label[for=\"' + e.id + '\"]'))")
    check("every field has a visible label", labels_ok)

    # A live check of the local TLS site, typed in and submitted with the keyboard.
    driver.get(base + "#check")
    site_input = driver.find_element(By.ID, "check-site")
    site_input.send_keys(config["site"])
    site_input.send_keys(Keys.ENTER)
    body = wait_for(lambda: result_ready(driver))
    text = body.text if body else ""
    check("live check shows its requirement lines", "connection" in text and "passed" in text, text[:400])
    check("live check shows no refusal", "blocked" not in text, text[:400])
    check("the check is a link", driver.execute_script("return location.hash").startswith("#check?site="))
    requirements = len(driver.find_elements(By.CSS_SELECTOR, "#result-body .req"))
    # The file as the site served it, as text with its lines (issue 40), under the lines.
    shown = driver.execute_script(
        "return [...document.querySelectorAll('#result-body details.fetched')].map(d => "
        "[d.querySelector('summary').textContent, d.querySelectorAll('.source li').length, d.textContent])")
    association = [entry for entry in shown if "/.well-known/apple-app-site-association" in entry[0]]
    check("the check shows the association file it fetched, line by line",
          association and association[0][1] == config["association"].count("\n") + 1
          and "D3KQX62K1A.com.example.photoapp" in association[0][2], repr(shown)[:400])
    check("…and the assetlinks.json", any("/.well-known/assetlinks.json" in entry[0] for entry in shown), repr(shown)[:400])
    driver.find_element(By.ID, "copy-command").click()
    command = wait_for(lambda: driver.execute_script("return document.getElementById('command').textContent"))
    check("the check's command trusts the validator's CA file",
          (command or "").startswith("aasa-lint check " + config["site"]) and "--ca-file " + config["caFileName"] in command, str(command))
    fits(driver, "check")
    shot(driver, "check")

    # The link reproduces the result on reload.
    driver.refresh()
    body = wait_for(lambda: result_ready(driver))
    again = len(driver.find_elements(By.CSS_SELECTOR, "#result-body .req"))
    check("reload runs the link again", body is not None and again == requirements and requirements > 0,
          "%d then %d" % (requirements, again))
    check("reload refills the form", driver.find_element(By.ID, "check-site").get_attribute("value") == config["site"])

    # A pasted broken file: its lines, each finding at line:column with its code and help.
    driver.get(base + "#file")
    set_value(driver, "file-text", config["broken"])
    set_value(driver, "file-name", "common-mistakes.json")
    submit(driver, "file")
    body = wait_for(lambda: result_ready(driver))
    markers = [m.text for m in driver.find_elements(By.CSS_SELECTOR, "#result-body .marker")]
    check("the broken file shows AASA104 at 3:13 with its help",
          any(m.startswith("3:13 AASA104") and "help:" in m for m in markers), repr(markers[:3]))
    lines = len(driver.find_elements(By.CSS_SELECTOR, "#result-body .source li"))
    check("the file is shown with its lines", lines == config["broken"].count("\n") + 1, str(lines))
    fits(driver, "file")
    shot(driver, "file")

    # Which app opens these URLs: the list, then the box that answers as you type.
    driver.get(base + "#route")
    set_value(driver, "route-text", config["association"])
    set_value(driver, "route-urls", "/videos/samples/2010/x\n/albums/1")
    submit(driver, "route")
    body = wait_for(lambda: result_ready(driver))
    text = body.text if body else ""
    check("the routing list names the deciding rule",
          "blocked" in text and "details[1].paths[1]" in text and "D3KQX62K1A.com.example.photoapp" in text, text[:500])
    one = driver.find_element(By.ID, "route-one")
    one.send_keys("/albums/7")
    answered = wait_for(lambda: "D3KQX62K1A.com.example.photoapp" in driver.find_element(By.ID, "route-one-answer").text, 10)
    check("the single-URL box answers as you type", bool(answered),
          driver.find_element(By.ID, "route-one-answer").text)
    fits(driver, "route")
    shot(driver, "route")

    # A diff of two pasted files: the URL whose routing changes.
    driver.get(base + "#diff")
    set_value(driver, "diff-old", config["old"])
    set_value(driver, "diff-new", config["new"])
    set_value(driver, "diff-urls", "/albums/1\n/Albums/1")
    submit(driver, "diff")
    body = wait_for(lambda: result_ready(driver))
    text = body.text if body else ""
    check("the diff lists the URL that changes", "/Albums/1" in text and "→ none" in text, text[:500])
    fits(driver, "diff")
    shot(driver, "diff")

    # Apple's CDN copy of the site against the site itself: the URLs whose routing changes, the
    # command that does the same with curl, and a link that runs it again.
    driver.get(base + "#diff")
    set_value(driver, "diff-oldcdn", config["site"])
    set_value(driver, "diff-newsite", config["site"])
    set_value(driver, "diff-urls", "/albums/1\n/Albums/1")
    submit(driver, "diff")
    body = wait_for(lambda: result_ready(driver))
    text = body.text if body else ""
    check("the site against its CDN copy lists the URL that changes",
          "/a/v1/127.0.0.1" in text and "/Albums/1" in text and "Behaviour changed" in text, text[:500])
    driver.find_element(By.ID, "copy-command").click()
    command = wait_for(lambda: driver.execute_script("return document.getElementById('command').textContent"))
    check("its command, the server's, diffs the CDN copy's URL against the site's",
          (command or "").startswith("printf '%s\\n' /albums/1 /Albums/1 > urls.txt && aasa-lint diff https://")
          and "/a/v1/127.0.0.1 " + config["site"] + "/.well-known/apple-app-site-association --urls urls.txt --ca-file " + config["caFileName"] in (command or ""), str(command))
    fragment = driver.execute_script("return location.hash")
    check("the link keeps the CDN side", fragment.startswith("#diff?") and "oldcdn=" in fragment, fragment)
    driver.refresh()
    body = wait_for(lambda: result_ready(driver))
    again = body.text if body else ""
    check("reload runs the CDN diff again", "/a/v1/127.0.0.1" in again and "/Albums/1" in again, again[:300])
    check("reload refills the CDN side",
          driver.find_element(By.ID, "diff-oldcdn").get_attribute("value") == config["site"])
    fits(driver, "diff-cdn")
    shot(driver, "diff-cdn")

    # A CDN without a copy: its reason, not a diff. The stub and the site share 127.0.0.1, whose
    # rate (6 fetching requests, then 1 every 10 s) the steps above have used up: a 429 is waited
    # out as its Retry-After says, and asked again.
    driver.get(base + "#diff?oldcdn=localhost&new=" + urllib.parse.quote(config["association"], safe=""))
    wait_for(lambda: result_ready(driver))
    submit(driver, "diff")  # a link that fetches runs on its button
    for attempt in range(3):
        body = wait_for(lambda: (lambda r: r and "asks the validator" not in r.text and r)(result_ready(driver)))
        text = body.text if body else ""
        waited = re.search(r"rate-limited.*wait (\d+) s", text)
        if not waited:
            break
        time.sleep(int(waited.group(1)) + 0.5)
        driver.refresh()
    check("a CDN without a copy says why", "cdn-no-copy" in text and "SWCERR00101" in text
          and "Behaviour" not in text, text[:400])

    # Device output pasted: each domain's state, what it means and what to run next.
    driver.get(base + "#device")
    set_value(driver, "device-text", config["device"])
    submit(driver, "device")
    body = wait_for(lambda: result_ready(driver))
    text = body.text if body else ""
    check("pasted pm get-app-links output is explained",
          "shop.example.com · 1024" in text and "aasa-lint check https://shop.example.com" in text, text[:400])
    fits(driver, "device")
    shot(driver, "device")

    # A blocked address: loopback, but not the one the operator allowed.
    driver.get(base + "#check?site=" + "https%3A%2F%2F127.0.0.2")
    wait_for(lambda: result_ready(driver))
    submit(driver, "check")
    body = wait_for(lambda: (lambda r: r and "asks the validator" not in r.text and r)(result_ready(driver)))
    text = body.text if body else ""
    check("a blocked address is explained with the flag that lifts it",
          "blocked-address" in text and "--allow" in text, text[:400])
    shot(driver, "blocked")

    # A file whose strings carry HTML and script: shown as text, nothing runs.
    driver.get(base + "#file")
    set_value(driver, "file-text", config["hostile"])
    submit(driver, "file")
    body = wait_for(lambda: result_ready(driver))
    text = body.text if body else ""
    injected = driver.execute_script(
        "return [window.pwned, document.querySelectorAll('#result-body img, #result-body script, #result-body b').length]")
    check("markup in a file is shown as text", "<img src=x onerror=" in text and "<script>" in text, text[:300])
    check("nothing in the file ran or became markup", injected[0] is None and injected[1] == 0, repr(injected))
    shot(driver, "hostile")

    # A link that fetches, opened from another page (a fresh load): the form is filled, nothing
    # is fetched until the button is pressed (issue 39, F12).
    # (A link this tab has not run: the check above, run here, would run again.)
    driver.get("about:blank")
    driver.get(base + "#check?site=" + urllib.parse.quote(config["site"], safe="") + "&paths=%2Falbums%2F2")
    body = wait_for(lambda: result_ready(driver))
    text = body.text if body else ""
    asked = driver.execute_script("return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/v1/check')).length")
    check("a link that fetches waits for a click when opened from elsewhere",
          "asks the validator to fetch from " + config["site"] in text and asked == 0
          and driver.find_element(By.ID, "check-site").get_attribute("value") == config["site"], text[:300] + " requests: %d" % asked)
    submit(driver, "check")
    body = fetched(driver, lambda: submit(driver, "check"))
    check("…and runs on the click", body is not None and "passed" in body.text, body.text[:300] if body else "")
    driver.refresh()
    body = fetched(driver, driver.refresh)
    check("…and a reload of the link run here runs it", body is not None and "passed" in body.text, body.text[:300] if body else "")

    # The as-you-type box: its empty state, a broken file said to be broken, a domain.
    driver.get("about:blank")
    driver.get(base + "#route")
    state = wait_for(lambda: driver.find_element(By.ID, "route-one-state").text)
    check("the box says what to do when empty", "Paste a file above" in (state or ""), str(state))
    driver.execute_script("const t = document.getElementById('route-text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));",
                          config["broken"])
    one = driver.find_element(By.ID, "route-one")
    one.send_keys("/x")
    state = wait_for(lambda: "error" in driver.find_element(By.ID, "route-one-state").text and driver.find_element(By.ID, "route-one-state").text, 10)
    check("the box says the file has errors", bool(state) and "AASA" in state, str(state))
    driver.execute_script("const t = document.getElementById('route-text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));",
                          config["association"])
    set_value(driver, "route-domain", "example.com")
    one.clear()
    one.send_keys("https://other.example/albums/1")
    answered = wait_for(lambda: "other.example is not the file's domain" in driver.find_element(By.ID, "route-one-answer").text, 10)
    check("the box routes with the domain given", bool(answered), driver.find_element(By.ID, "route-one-answer").text)
    one.clear()
    one.send_keys("https://example.com/albums/1")
    answered = wait_for(lambda: "D3KQX62K1A.com.example.photoapp" in driver.find_element(By.ID, "route-one-answer").text, 10)
    check("…and opens the app on its own host", bool(answered), driver.find_element(By.ID, "route-one-answer").text)

    # The box starting from a host (issue 40): no file pasted, the site given; its association
    # file is fetched once under the fetch policy, and typed paths are routed on it in the page.
    # A 429 (the site's host rate is shared by every case) is waited out and the path typed again.
    driver.get("about:blank")
    driver.get(base + "#route")
    set_value(driver, "route-site", config["site"])
    one = driver.find_element(By.ID, "route-one")
    answered = None
    for attempt in range(4):
        one.send_keys("/albums/1" if attempt == 0 else "1")
        answered = wait_for(lambda: (lambda state, answer: ("rate-limited" in state and "limited") or
                                     ("D3KQX62K1A.com.example.photoapp" in answer and "answered"))(
            driver.find_element(By.ID, "route-one-state").text, driver.find_element(By.ID, "route-one-answer").text), 15)
        if answered != "limited":
            break
        time.sleep(11)
    by = driver.execute_script("return document.getElementById('route-one-answer').dataset.by")
    state = driver.find_element(By.ID, "route-one-state").text
    check("the box starts from a host: the site's file is fetched, and paths are routed in the page",
          answered == "answered" and by == "page" and "fetched once" in state,
          repr([answered, by, state, driver.find_element(By.ID, "route-one-answer").text]))

    # Which app opens these URLs, starting from a host: the site's file is fetched and routed.
    driver.get("about:blank")
    driver.get(base + "#route")
    set_value(driver, "route-site", config["site"])
    set_value(driver, "route-urls", "/videos/samples/2010/x\n/albums/1\n/help/x")
    submit(driver, "route")
    body = fetched(driver, lambda: submit(driver, "route"))
    text = body.text if body else ""
    check("the routing view routes a site's file",
          "details[1].paths[1]" in text and "D3KQX62K1A.com.example.photoapp" in text and "closest:" in text
          and config["site"] in text, text[:500])

    # The badges: `none` is one colour in every view, and not the colour of an app that opens.
    driver.get("about:blank")
    driver.get(base + "#route")
    set_value(driver, "route-text", config["association"])
    set_value(driver, "route-urls", "/x\n/albums/1")
    submit(driver, "route")
    wait_for(lambda: result_ready(driver))
    colours = driver.execute_script(
        "const of = (s) => [...document.querySelectorAll(s)].map(e => getComputedStyle(e).backgroundColor);"
        "return [of('#result-body .badge.none'), of('#result-body .badge.match')]")
    check("none and match differ in colour", colours[0] and colours[1] and not set(colours[0]) & set(colours[1]), repr(colours))

    # Copying without the clipboard (plain HTTP has no navigator.clipboard): the text is selected
    # and the page says so; a link over 8,000 characters is not offered for sharing.
    driver.execute_script("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true})")
    driver.find_element(By.ID, "copy-command").click()
    status = wait_for(lambda: driver.find_element(By.ID, "copy-status").text)
    selected = driver.execute_script("return String(window.getSelection())")
    check("a copy the browser refuses says so and selects the text", "did not let the page copy" in (status or "")
          and selected.startswith("aasa-lint apple-app-site-association"), repr([status, selected[:80]]))
    large = config["association"].replace('"applinks"', '"padding": "' + "x" * 20000 + '", "applinks"', 1)
    driver.get("about:blank")
    driver.get(base + "#file")
    set_value(driver, "file-text", large)
    submit(driver, "file")
    wait_for(lambda: result_ready(driver))
    driver.find_element(By.ID, "copy-link").click()
    status = wait_for(lambda: driver.find_element(By.ID, "copy-status").text)
    check("a link of a large paste is not offered to share", "too large to share" in (status or "")
          and not driver.execute_script("return document.getElementById('command').textContent"), str(status))

    collect_console(driver)
    # The refusal of 127.0.0.2 is a 403 the browser reports as a failed load, the CDN without a
    # copy a 502, and the rates waited out above 429s: expected, and the only network errors allowed.
    expected = lambda entry: entry.get("source") == "network" and (
        ("/api/v1/check" in entry.get("message", "") and ("403" in entry.get("message", "")
                                                            or "status of 429" in entry.get("message", "")))
        or ("/api/v1/diff" in entry.get("message", "") and ("status of 502" in entry.get("message", "")
                                                           or "status of 429" in entry.get("message", ""))))
    errors = [entry for entry in console if entry.get("level") == "SEVERE" and not expected(entry)]
    violations = [entry for entry in console if "Content Security Policy" in entry.get("message", "")]
    check("the console has no errors", not errors, repr(errors[:3]))
    check("the console has no CSP violations", not violations, repr(violations[:3]))

    # A validator behind a token: asked once, kept for the tab (a reload of a link keeps working),
    # never put in the link.
    if config.get("tokenValidator"):
        tokened = config["tokenValidator"]
        driver.get("about:blank")
        driver.get(tokened + "#file")
        wait_for(lambda: driver.find_element(By.ID, "token-row").is_displayed(), 10)
        driver.find_element(By.ID, "token").send_keys(config["token"])
        set_value(driver, "file-text", config["association"])
        set_value(driver, "file-urls", "/albums/1")
        submit(driver, "file")
        body = wait_for(lambda: result_ready(driver))
        check("a token-protected validator answers with the token given", body is not None and "D3KQX62K1A" in body.text,
              body.text[:300] if body else "")
        driver.refresh()
        body = wait_for(lambda: result_ready(driver))
        kept = driver.execute_script("return sessionStorage.getItem('aasa-validator-token')")
        check("the token is kept for the tab, and the reloaded link answers", kept == config["token"] and body is not None
              and "D3KQX62K1A" in body.text and driver.find_element(By.ID, "token").get_attribute("value") == config["token"],
              repr([kept, body.text[:200] if body else ""]))
        check("the token is never in the link", config["token"] not in driver.current_url)
finally:
    driver.quit()

finish()
