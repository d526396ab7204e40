// The validator page (docs/validator.md). No framework and no external request: it talks only to
// its own /api/v1/. Every byte that came from a file, a site or the API is put in the page with
// textContent, never as markup. A view's inputs live in the URL fragment, so a result is a link
// and opening the link runs it again.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const views = ["check", "file", "route", "diff", "device", "platforms", "apple", "android", "passkeys"];
  // Each view's fragment parameters and the fields that hold them.
  const fields = {
    check: [["site", "check-site"], ["app", "check-app"], ["paths", "check-paths"], ["cdn", "check-cdn"]],
    file: [["text", "file-text"], ["name", "file-name"], ["domain", "file-domain"], ["urls", "file-urls"], ["grants", "file-grants"]],
    route: [["text", "route-text"], ["site", "route-site"], ["urls", "route-urls"], ["domain", "route-domain"], ["app", "route-app"]],
    diff: [["old", "diff-old"], ["oldsite", "diff-oldsite"], ["oldcdn", "diff-oldcdn"], ["new", "diff-new"], ["newsite", "diff-newsite"],
      ["newcdn", "diff-newcdn"], ["urls", "diff-urls"]],
    device: [["text", "device-text"]],
    platforms: [["urls", "platforms-urls"], ["site", "platforms-site"], ["aasa", "platforms-aasa"], ["assetlinks", "platforms-assetlinks"],
      ["domain", "platforms-domain"], ["app", "platforms-app"], ["package", "platforms-package"], ["fingerprint", "platforms-fingerprint"],
      ["manifest", "platforms-manifest"]],
    apple: [["entitlements", "apple-entitlements"], ["app", "apple-app"], ["paths", "apple-paths"], ["swcutil", "apple-swcutil"]],
    passkeys: [["rpid", "passkeys-rpid"], ["app", "passkeys-app"], ["entitlements", "passkeys-entitlements"], ["package", "passkeys-package"],
      ["fingerprints", "passkeys-fingerprints"], ["manifest", "passkeys-manifest"], ["strings", "passkeys-strings"], ["cdn", "passkeys-cdn"]],
    android: [["package", "android-package"], ["fingerprint", "android-fingerprint"], ["site", "android-site"],
      ["assetlinks", "android-assetlinks"], ["urls", "android-urls"], ["manifest", "android-manifest"], ["strings", "android-strings"],
      ["device", "android-device"]],
  };
  let lastDocument = null;
  // The aasa-lint command line of the last answer, as the server gave it with the answer
  // (X-AASA-Command): derived there from the values the run took, never rebuilt here.
  let lastCommand = "";
  // The API's endpoints, as GET /api/v1/about lists them: the page calls no other (null until
  // the table came, or when it could not be read: then the server alone refuses).
  let endpoints = null;
  let aboutLoaded = Promise.resolve();

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function badge(status) {
    return el("span", "badge " + String(status).replace(/[^a-z]/g, ""), status);
  }

  function lines(text) {
    return String(text || "").split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
  }

  // MARK: The API

  // Each answer's command line, by its document.
  const commands = new WeakMap();

  function commandOf(doc) {
    return commands.get(doc) || "";
  }

  async function api(endpoint, body) {
    const path = "/api/v1/" + endpoint;
    if (endpoints && !endpoints.has("POST " + path)) {
      throw { code: "not-found", message: "the validator has no endpoint " + path, help: "" };
    }
    const headers = { "Content-Type": "application/json" };
    const token = $("token").value;
    if (token) headers.Authorization = "Bearer " + token;
    const response = await fetch(path, {
      method: "POST", headers, body: JSON.stringify(body), credentials: "omit", cache: "no-store",
    });
    let json = null;
    try { json = await response.json(); } catch (error) { json = null; }
    if (response.status === 401) askForToken();
    if (!response.ok) {
      throw (json && json.error) || { code: "http-" + response.status, message: "the validator answered " + response.status, help: "" };
    }
    const command = response.headers.get("X-AASA-Command");
    if (json && command) {
      try { commands.set(json, decodeURIComponent(command)); } catch (error) { /* not offered */ }
    }
    return json;
  }

  // A token-protected validator asks for its token once per tab: it is kept in sessionStorage
  // (gone with the tab, never in a link or the fragment), so that a shared link asks the one who
  // opens it for their own token.
  const tokenKey = "aasa-validator-token";

  function storage() {
    try { return window.sessionStorage; } catch (error) { return null; }
  }

  function askForToken() {
    $("token-row").hidden = false;
    if (!$("token").value) $("token").focus();
  }

  function keepToken() {
    const kept = storage();
    if (!kept) return;
    if ($("token").value) kept.setItem(tokenKey, $("token").value); else kept.removeItem(tokenKey);
  }

  async function loadAbout() {
    try {
      const response = await fetch("/api/v1/about", { credentials: "omit", cache: "no-store" });
      const about = await response.json();
      if (response.status === 401 || about.token) $("token-row").hidden = false;
      if (about.fetch) $("policy").textContent = "Fetches: " + about.fetch.join("; ") + ". Version " + about.version + ".";
      if (Array.isArray(about.endpoints)) endpoints = new Set(about.endpoints.map((endpoint) => endpoint.method + " " + endpoint.path));
    } catch (error) {
      $("token-row").hidden = false;
    }
  }

  // MARK: The fragment

  function readFragment() {
    const hash = location.hash.slice(1);
    const mark = hash.indexOf("?");
    const name = mark < 0 ? hash : hash.slice(0, mark);
    return { view: views.includes(name) ? name : "check", params: new URLSearchParams(mark < 0 ? "" : hash.slice(mark + 1)) };
  }

  function show(view) {
    for (const section of document.querySelectorAll("section[data-view]")) section.hidden = section.dataset.view !== view;
    for (const link of document.querySelectorAll("nav a")) {
      if (link.dataset.view === view) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
    }
  }

  function fill(view, params) {
    for (const [param, id] of fields[view]) {
      const input = $(id);
      if (input.type === "checkbox") input.checked = params.get(param) === "1";
      else input.value = params.get(param) || "";
    }
    fillUpload(view, params);
  }

  function collect(view) {
    const params = new URLSearchParams();
    for (const [param, id] of fields[view]) {
      const input = $(id);
      if (input.type === "checkbox") { if (input.checked) params.set(param, "1"); }
      else if (input.value.trim()) params.set(param, input.value);
    }
    collectUpload(view, params);
    return params;
  }

  // What a view's fragment would make the validator fetch from the network, or null: a link
  // that fetches runs only once someone presses its button, unless this tab ran it already (a
  // reload, or a fragment the page itself set), so that a page elsewhere cannot make a visitor's
  // validator fetch by linking to it.
  function fetchedBy(view, params) {
    const given = (name) => (params.get(name) || "").trim();
    if (view === "check") return given("site") || "the site";
    if (view === "route" && !given("text")) return given("site") || null;
    if (view === "diff") return ["oldcdn", "oldsite", "newcdn", "newsite"].map(given).filter(Boolean).join(" and ") || null;
    if (view === "platforms") return given("site") || null;
    if (view === "android") return (!given("assetlinks") && given("site")) || (given("manifest") ? "the manifest's hosts and sign-in sites" : null);
    if (view === "passkeys") return given("rpid") || null;
    if (view === "apple") return given("entitlements") || params.get("ent") ? "the entitlements' domains" : null;
    return null;
  }

  // The fragments this tab ran, by a hash of their text (a fragment may be a whole file), in
  // sessionStorage: a reload runs them again, a link from elsewhere in a new tab does not.
  const ranKey = "aasa-validator-ran";

  function hashOf(text) {
    let hash = 0x811c9dc5;
    for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
    return hash.toString(16) + ":" + text.length;
  }

  function ranHere(fragment) {
    const kept = storage();
    try { return kept ? JSON.parse(kept.getItem(ranKey) || "[]").includes(hashOf(fragment)) : false; } catch (error) { return false; }
  }

  function markRan(fragment) {
    const kept = storage();
    if (!kept) return;
    let ran = [];
    try { ran = JSON.parse(kept.getItem(ranKey) || "[]"); } catch (error) { ran = []; }
    ran = ran.filter((hash) => hash !== hashOf(fragment)).concat([hashOf(fragment)]).slice(-50);
    try { kept.setItem(ranKey, JSON.stringify(ran)); } catch (error) { /* storage full: the link asks again */ }
  }

  function onFragment() {
    const { view, params } = readFragment();
    show(view);
    fill(view, params);
    if ([...params.keys()].length === 0) return;
    const fetches = fetchedBy(view, params);
    // A fragment this page did not set (a link opened from elsewhere, or one another window set
    // on this one; not a reload of one run here) waits for the button.
    if (fetches && !ranHere(location.hash)) {
      lastDocument = null;
      lastCommand = "";
      $("result").hidden = false;
      const button = document.querySelector("#form-" + view + " button[type=submit]");
      $("result-body").replaceChildren(el("p", "note ask", "This link asks the validator to fetch from " + fetches +
        ". Check the form above, then press " + button.textContent + " to run it."));
      return;
    }
    markRan(location.hash);
    run(view, params);
  }

  // MARK: Running a view

  async function run(view, params) {
    const result = $("result");
    const body = $("result-body");
    result.hidden = false;
    body.replaceChildren(el("p", "note", "Working…"));
    $("command").textContent = "";
    $("copy-status").textContent = "";
    try {
      await aboutLoaded; // the commands name the validator's CA file
      let rendered;
      if (view === "check") rendered = await runCheck(params);
      else if (view === "file") rendered = await runFile(params);
      else if (view === "route") rendered = await runRoute(params);
      else if (view === "diff") rendered = await runDiff(params);
      else if (view === "device") rendered = await runDevice(params);
      else rendered = await { platforms: runPlatforms, apple: runApple, android: runAndroid, passkeys: runPasskeys }[view](params);
      body.replaceChildren(...rendered);
      result.scrollIntoView({ block: "start" });
    } catch (error) {
      lastDocument = { error };
      lastCommand = "";
      body.replaceChildren(problem(error));
    }
  }

  // The API's general help speaks to a client of the API (a field, docs/validator.md); the page
  // says the same in its own terms (APIError.correctTheField, APIError.sendLess).
  const pageHelp = {
    "correct the field the message names and send the request again (docs/validator.md lists each endpoint's fields)": "correct the field of the form that the message names: each label says what it takes",
    "send less than the limit the message names: a smaller file, or fewer URLs, paths or lines in one request": "send less: a pasted file is at most 1 MiB, and lists at most 1,000 lines",
  };

  function problem(error) {
    const box = el("div", "problem");
    box.setAttribute("role", "alert");
    box.append(el("strong", "", error.code || "error"), document.createTextNode(": " + (error.message || String(error))));
    const help = pageHelp[error.help] || error.help;
    if (help) box.append(el("span", "help", help));
    return box;
  }

  async function runCheck(params) {
    const site = params.get("site") || "";
    // files: the answer carries each file as fetched, shown under the lines.
    const body = { site, paths: lines(params.get("paths")), cdn: params.get("cdn") === "1", files: true };
    if (params.get("app")) body.app = params.get("app");
    const doc = await api("check", body);
    lastDocument = doc;
    lastCommand = commandOf(doc);
    return renderCheck(doc);
  }

  function renderCheck(doc) {
    const out = [];
    const head = el("p");
    head.append(badge(doc.status), document.createTextNode(" " + doc.site + " · fetched at " + new Date().toISOString()));
    out.push(head);
    const requirements = doc.requirements || [];
    const passed = requirements.filter((requirement) => requirement.status === "pass");
    for (const requirement of requirements.filter((requirement) => requirement.status !== "pass")) out.push(requirementLine(requirement));
    if (passed.length) {
      const folded = el("details");
      folded.append(el("summary", "", passed.length + " passed"), ...passed.map(requirementLine));
      out.push(folded);
    }
    if ((doc.diagnostics || []).length) {
      out.push(el("h3", "", "Findings in the live file"));
      out.push(...doc.diagnostics.map(findingLine));
    }
    if ((doc.routes || []).length) {
      out.push(el("h3", "", "Routes"));
      out.push(...doc.routes.map(routeLine));
    }
    for (const signed of doc.signed || []) {
      const line = el("div", "req");
      line.append(badge(signed.signatureVerifies ? "pass" : "fail"), document.createTextNode(" " + signed.file + " is signed by " + signed.signer));
      out.push(line);
    }
    if (doc.expectations) out.push(...renderExpectations(doc.expectations));
    // The files as the site served them (asked with files: true), as text: a page never runs
    // what it shows. Each finding is marked on its line, as in A file.
    for (const file of doc.files || []) {
      const folded = el("details", "fetched");
      const size = file.bytes.toLocaleString("en") + " bytes" + (file.truncated ? ", the first 131,072 shown (all Apple reads)" : "");
      folded.append(el("summary", "", "The file as fetched: " + file.url + " (" + size + ")"),
        sourceLines(file.text, (doc.diagnostics || []).filter((finding) => finding.file === file.url)));
      out.push(folded);
    }
    return out;
  }

  // A file's text, one list item per line, each finding marked on its line.
  function sourceLines(text, diagnostics) {
    const byLine = new Map();
    for (const finding of diagnostics) {
      if (!byLine.has(finding.line)) byLine.set(finding.line, []);
      byLine.get(finding.line).push(finding);
    }
    const source = el("div", "source");
    const list = el("ol");
    text.split("\n").forEach((content, index) => {
      const item = el("li", "", content);
      const found = byLine.get(index + 1);
      if (found) {
        item.className = "flagged";
        for (const finding of found) {
          item.append(el("span", "marker", (index + 1) + ":" + finding.column + " " + finding.code + " " + finding.severity + ": " + finding.message + (finding.help ? " — help: " + finding.help : "")));
        }
      }
      list.append(item);
    });
    source.append(list);
    return source;
  }

  function requirementLine(requirement) {
    const line = el("div", "req");
    line.append(badge(requirement.status), document.createTextNode(" "), el("span", "name", requirement.resource + " · " + requirement.name));
    line.append(el("span", "detail", requirement.detail));
    return line;
  }

  function findingLine(finding) {
    const line = el("div", "finding");
    const where = (finding.file ? finding.file + ":" : "") + (finding.line || "?") + ":" + (finding.column || "?");
    line.append(badge(finding.severity), document.createTextNode(" " + where + " "), el("span", "code", finding.code));
    line.append(el("span", "detail", finding.message));
    if (finding.help) line.append(el("span", "help", "help: " + finding.help));
    return line;
  }

  async function runFile(params) {
    const text = params.get("text") || "";
    const body = { text, urls: lines(params.get("urls")), grants: lines(params.get("grants")) };
    if (params.get("name")) body.name = params.get("name");
    if (params.get("domain")) body.domain = params.get("domain");
    const doc = await api("lint", body);
    lastDocument = doc;
    lastCommand = commandOf(doc);
    return renderFile(doc, text);
  }

  function renderFile(doc, text) {
    const out = [];
    const summary = doc.summary || {};
    const head = el("p");
    head.append(badge(summary.errors ? "error" : summary.warnings ? "warning" : "pass"),
      document.createTextNode(" " + (doc.file || "") + " (" + (doc.kind || "?") + "): " + (summary.errors || 0) + " errors, " + (summary.warnings || 0) + " warnings"));
    out.push(head, sourceLines(text, doc.diagnostics || []));
    if ((doc.diagnostics || []).length) {
      out.push(el("h3", "", "Findings"));
      out.push(...doc.diagnostics.map(findingLine));
    }
    if ((doc.routes || []).length) {
      out.push(el("h3", "", "Routes"));
      out.push(...doc.routes.map(routeLine));
    }
    if ((doc.warnings || []).length) {
      out.push(el("h3", "", "Warnings"));
      for (const warning of doc.warnings) out.push(el("div", "finding", warning));
    }
    if (doc.kind === "manifest") out.push(...renderManifest(doc));
    if (doc.appLink) out.push(el("h3", "", "The App Link"), ...flattened(doc.appLink, "appLink"));
    if (doc.navigation) out.push(el("h3", "", "Navigation"), ...flattened(doc.navigation, "navigation"));
    if (doc.signature) {
      const line = el("div", "req");
      line.append(badge(doc.signature.verifies ? "pass" : "fail"), document.createTextNode(" signed by " + doc.signature.signer));
      if (doc.signature.problem) line.append(el("span", "detail", doc.signature.problem));
      out.push(line);
    }
    if (doc.expectations) out.push(...renderExpectations(doc.expectations));
    if ((doc.grants || []).length) {
      out.push(el("h3", "", "Grants"));
      for (const grant of doc.grants) {
        const line = el("div", "req");
        line.append(badge(grant.granted ? "pass" : "fail"), document.createTextNode(" "), el("span", "name", grant.package));
        line.append(el("code", "rule", grant.fingerprint), el("span", "detail", grant.explanation));
        out.push(line);
      }
    }
    return out;
  }

  // An AndroidManifest.xml as aasa-lint reads it alone (no resource files): the hosts Android
  // verifies, the filters it drops and why, and which activity opens each URL.
  function renderManifest(doc) {
    const out = [el("h3", "", "Android verifies" + (doc.package ? " for " + doc.package : ""))];
    for (const host of doc.hosts || []) out.push(el("div", "req", host.host + (host.wildcard ? " (and its subdomains)" : "") + " · line " + host.line));
    if (!(doc.hosts || []).length) out.push(el("p", "note", "no host: no intent filter is verified"));
    for (const dropped of doc.dropped || []) {
      const line = el("div", "req");
      line.append(badge("warning"), document.createTextNode(" line " + dropped.line + " "), el("span", "detail", dropped.reason));
      out.push(line);
    }
    if ((doc.legacyHosts || []).length) out.push(el("p", "note", "Android 11 and lower also verify: " + doc.legacyHosts.join(", ")));
    for (const route of doc.routes || []) {
      const line = el("div", "route");
      line.append(el("code", "", route.url), document.createTextNode(" → "), badge(route.activity ? "match" : "none"),
        document.createTextNode(" " + route.decision + (route.activity ? " " + route.activity : "") + (route.hostVerified ? ", host verified" : ", host not verified")));
      if (route.deciding) line.append(el("span", "rule", "decided by " + route.deciding.attribute + "=\"" + route.deciding.value + "\" at " + route.deciding.line + ":" + route.deciding.column));
      if ((route.alsoMatching || []).length) line.append(el("span", "detail", "also matching: " + route.alsoMatching.join(", ")));
      for (const miss of route.nearMisses || []) line.append(el("span", "rule", "near miss: " + miss.activity + " (" + miss.line + ":" + miss.column + ") differs in the " + miss.part + ": " + miss.reason));
      if (route.beforeAndroid15) line.append(el("span", "help", "Android 14 and lower: " + route.beforeAndroid15.summary));
      out.push(line);
    }
    return out;
  }

  // The checked rows of an --expect table.
  function renderExpectations(expectations) {
    const out = [el("h3", "", "Expectations: " + expectations.met + " met, " + expectations.failed + " failed")];
    for (const row of expectations.results || []) {
      const line = el("div", "req");
      line.append(badge(row.met ? "pass" : "fail"), document.createTextNode(" " + expectations.file + ":" + row.line + " " + row.input + ": expected " + row.expected + ", got " + row.actual));
      out.push(line);
    }
    return out;
  }

  // A small object of the API's (an App Link, its navigation) as `key: value` lines, bounded.
  function flattened(value, path, out = [], depth = 0) {
    if (out.length > 200 || depth > 8) return out;
    if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) flattened(inner, Array.isArray(value) ? path + "[" + key + "]" : path + "." + key, out, depth + 1);
    } else {
      out.push(el("div", "detail", path + ": " + (value === null ? "none" : String(value))));
    }
    return out;
  }

  function ruleText(verdict) {
    const rule = typeof verdict.rule === "string" ? verdict.rule : JSON.stringify(verdict.rule);
    const where = verdict.detail === null || verdict.detail === undefined ? "" :
      "details[" + verdict.detail + "]." + (verdict.ruleKind === "path" ? "paths" : "components") + "[" + verdict.component + "] ";
    return where + rule;
  }

  // The near miss of a `none`, in the words of `aasa-lint`'s text output.
  function closestText(closest) {
    const rule = typeof closest.rule === "string" ? closest.rule : JSON.stringify(closest.rule);
    const kind = typeof closest.rule === "string" ? "paths" : "components";
    return "closest: details[" + closest.detail + "]." + kind + "[" + closest.component + "] " + rule + ", which differs in the " + closest.failed;
  }

  // One routed URL, in whichever shape its file answers: an assetlinks.json's (`apps`), a route
  // config's (`platform`, `route`), or an association file's (`app`, `verdicts`).
  function routeLine(route) {
    if (route.apps) return androidRouteLine(route);
    if (route.platform) return routeConfigLine(route);
    const line = el("div", "route");
    const verdicts = route.verdicts || [];
    const decided = verdicts.find((verdict) => verdict.verdict === "match") || verdicts.find((verdict) => verdict.verdict === "blocked");
    const outcome = route.app ? route.app : decided ? "blocked" : "none";
    line.append(el("code", "", route.input), document.createTextNode(" → "), badge(route.app ? "match" : outcome), document.createTextNode(" " + (route.app || "")));
    if (route.foreignHost) line.append(el("span", "help", route.foreignHost + " is not the file's domain: no app of this file opens it"));
    if (decided && decided.rule !== null && decided.rule !== undefined) {
      line.append(el("span", "rule", "decided by " + (decided.app ? decided.app + ": " : "") + ruleText(decided)));
    }
    for (const verdict of verdicts) {
      if (verdict === decided) continue;
      if (verdict.rule !== null && verdict.rule !== undefined) {
        line.append(el("span", "rule", verdict.verdict + " for " + verdict.app + ": " + ruleText(verdict)));
      } else if (verdict.closest) {
        line.append(el("span", "rule", verdict.verdict + " for " + verdict.app + " (" + closestText(verdict.closest) + ")"));
      } else {
        line.append(el("span", "rule", verdict.verdict + " for " + verdict.app));
      }
    }
    return line;
  }

  // A route config's answer (docs/routes.md): the route, how it was found, its parameters and
  // handler, or the closest route and what it failed on.
  function routeConfigLine(route) {
    const line = el("div", "route");
    // A link no route takes goes to the config's default route, when it has one.
    const outcome = route.via === "default" ? el("span", "badge info", "default") : badge(route.route ? "match" : "none");
    line.append(el("code", "", route.input), document.createTextNode(" → "), outcome,
      document.createTextNode(" " + (route.route || "no route") + " (" + route.platform + ", " + route.via + ")"));
    if (route.matched) line.append(el("span", "rule", "matched " + route.matched));
    const params = Object.entries(route.params || {});
    if (params.length) line.append(el("span", "detail", "params: " + params.map(([name, value]) => name + "=" + value).join(", ")));
    const target = [].concat(route.class ? ["class " + route.class] : [], route.identifier ? ["identifier " + route.identifier] : [],
      route.storyboard ? ["storyboard " + (typeof route.storyboard === "string" ? route.storyboard
        : Object.entries(route.storyboard).filter(([, name]) => name).map(([device, name]) => device + ": " + name).join(", "))] : [],
      (route.handlers || []).length ? ["handlers " + route.handlers.join(", ")] : []);
    if (target.length) line.append(el("span", "detail", target.join(" · ")));
    if (route.closest) line.append(el("span", "rule", "closest: " + route.closest.route + ", which failed on " + route.closest.failed));
    return line;
  }

  // An assetlinks.json's route (`{"input", "apps"}`), in aasa-lint's words
  // (AndroidRoutingTextRenderer): the deciding app's verdict, then each other app's.
  function androidRouteLine(route) {
    const line = el("div", "route");
    const decided = route.apps.find((one) => one.verdict === "open") || route.apps.find((one) => one.verdict === "excluded") || route.apps[0];
    line.append(el("code", "", route.input), document.createTextNode(" → "));
    if (!decided) line.append(badge("none"), document.createTextNode(" no app: the file grants no app App Links"));
    for (const one of route.apps) {
      const words = " for " + one.app + (one.rule === null || one.rule === undefined ? ": " + one.reason
        : " by statement [" + one.statement + "] component [" + one.component + "] " + JSON.stringify(one.rule));
      if (one === decided) line.append(badge(one.verdict), document.createTextNode(words));
      else line.append(el("span", "rule", one.verdict + words));
      if (one.rule !== null && one.rule !== undefined) line.append(el("span", "detail", one.reason));
    }
    return line;
  }

  async function runRoute(params) {
    const site = (params.get("site") || "").trim();
    const text = params.get("text") || "";
    if (site && text.trim()) throw { code: "bad-input", message: "give the file or the site, not both", help: "empty one of the two fields" };
    if (!site && !text.trim()) throw { code: "bad-input", message: "the file is missing", help: "paste the file, or give the site to fetch it from" };
    if (site) return runRouteOfSite(params, site);
    const body = { text, urls: lines(params.get("urls")), name: "apple-app-site-association" };
    if (params.get("app")) body.app = params.get("app").trim();
    if (params.get("domain")) body.domain = params.get("domain").trim();
    const doc = await api("lint", body);
    lastDocument = doc;
    lastCommand = commandOf(doc);
    const out = [];
    if ((doc.warnings || []).length) out.push(...doc.warnings.map((warning) => el("div", "finding", warning)));
    if ((doc.diagnostics || []).some((finding) => finding.severity === "error")) {
      out.push(el("p", "note", "The file has errors (see the File view); routes follow what Apple would still read."));
    }
    out.push(...(doc.routes || []).map(routeLine));
    if (!(doc.routes || []).length) out.push(el("p", "note", "Give URLs or paths to route."));
    return out;
  }

  // The routing of a live site's file: `aasa-lint check SITE --path URL…`, which fetches the file
  // as Apple's fetcher does (under the validator's fetch policy) and routes each URL on it.
  async function runRouteOfSite(params, site) {
    const body = { site, paths: lines(params.get("urls")), cdn: false };
    if (params.get("app")) body.app = params.get("app").trim();
    if (!body.paths.length) throw { code: "bad-input", message: "give the URLs or paths to route", help: "one per line, e.g. /albums/1" };
    const doc = await api("check", body);
    lastDocument = doc;
    lastCommand = commandOf(doc);
    const out = [el("p", "note", "Routed on the file " + doc.site + " serves, fetched as Apple's fetcher reads it; its whole check is in Check a site.")];
    const failing = (doc.requirements || []).filter((requirement) => requirement.status === "fail");
    out.push(...failing.map(requirementLine));
    if ((doc.diagnostics || []).some((finding) => finding.severity === "error")) {
      out.push(el("p", "note", "The file has errors; routes follow what Apple would still read."));
    }
    out.push(...(doc.routes || []).map(routeLine));
    if (!(doc.routes || []).length) out.push(el("p", "note", "No route: the site's file could not be read (see the lines above)."));
    return out;
  }

  // What people paste for a site, as the API reads it: its https origin, and its host alone.
  function origin(site) {
    const text = site.trim().replace(/^applinks:/i, "").replace(/\?.*$/, "");
    try {
      const url = new URL(/:\/\//.test(text) ? text : "https://" + text);
      return { origin: url.origin, host: url.hostname };
    } catch (error) {
      return { origin: "https://" + text, host: text };
    }
  }

  // One side of a diff: Apple's CDN copy of a host, a site's file, or pasted text.
  function diffSide(params, role) {
    const cdn = (params.get(role + "cdn") || "").trim(), site = (params.get(role + "site") || "").trim();
    if (cdn) return { cdn };
    if (site) return { site };
    return { text: params.get(role) || "", name: role + ".json" };
  }

  async function runDiff(params) {
    const body = { old: diffSide(params, "old"), new: diffSide(params, "new"), urls: lines(params.get("urls")) };
    const doc = await api("diff", body);
    lastDocument = doc;
    lastCommand = commandOf(doc);
    const out = [];
    out.push(el("p", "", doc.changed ? "Behaviour changed (" + doc.old + " → " + doc.new + ")" : "No change in behaviour (" + doc.old + " → " + doc.new + ")"));
    // A file Apple ignores as a whole routes nothing, whatever its rules say.
    for (const [role, finding] of Object.entries(doc.ignoredByApple || {})) {
      const box = el("div", "problem");
      box.append(el("strong", "", "Apple ignores the " + role + " file as a whole"), document.createTextNode(": "));
      box.append(el("span", "code", finding.code), document.createTextNode(" " + (finding.line || "?") + ":" + (finding.column || "?") + " " + finding.message));
      if (finding.help) box.append(el("span", "help", "help: " + finding.help));
      out.push(box);
    }
    if (doc.appOrder) out.push(el("p", "note", "The order of the apps changed: " + doc.appOrder.old.join(", ") + " → " + doc.appOrder.new.join(", ")));
    for (const app of doc.apps || []) {
      out.push(el("h3", "", app.app + (app.presence ? " (" + app.presence + ")" : "")));
      for (const rule of app.rules || []) {
        const line = el("div", "req");
        line.append(badge(rule.change === "added" ? "pass" : rule.change === "removed" ? "fail" : "warn"), document.createTextNode(" " + rule.change + " "));
        const side = rule.new || rule.old || rule;
        line.append(el("span", "rule", (side.path || "") + " " + (side.rule || "")));
        for (const difference of rule.differences || []) line.append(el("span", "detail", difference));
        out.push(line);
      }
    }
    if ((doc.routes || []).length) {
      out.push(el("h3", "", "URLs that route differently (" + doc.routes.length + " of " + doc.routed + ")"));
      for (const route of doc.routes) {
        const line = el("div", "route");
        line.append(el("code", "", route.input), document.createTextNode(": " + route.before + " → " + route.after));
        out.push(line);
      }
    }
    return out;
  }

  async function runDevice(params) {
    const doc = await api("device", { text: params.get("text") || "" });
    lastDocument = doc;
    lastCommand = commandOf(doc);
    return renderDeviceDocument(doc);
  }

  function renderDeviceDocument(doc) {
    const summary = doc.summary;
    const out = [el("p", "", "Read as " + doc.platform + " output" + (summary ? ": " + summary.failingDomains + " of " + summary.domains + (summary.domains === 1 ? " domain " : " domains ") + (summary.failingDomains === 1 ? "does" : "do") + " not open the app" : ""))];
    if (doc.inconclusive) out.push(el("p", "problem", "The paste shows no domain's state: paste the whole output of the command"));
    for (const note of doc.notes || []) {
      out.push(el("p", "note", typeof note === "string" ? note : (note.line ? "line " + note.line + ": " : "") + note.text));
    }
    for (const app of doc.apps || []) {
      out.push(el("h3", "", app.app || "(app not named in the paste)"));
      for (const domain of app.domains || []) {
        const line = el("div", "req");
        line.append(badge(domain.opensApp ? "pass" : "fail"), document.createTextNode(" "), el("span", "name", domain.domain + " · " + domain.state));
        line.append(el("span", "detail", domain.meaning));
        (domain.causes || []).forEach((cause, index) => line.append(el("span", "help", (index + 1) + ". " + cause)));
        for (const next of domain.next || []) line.append(el("code", "rule", next));
        out.push(line);
      }
    }
    return out;
  }

  // MARK: Both platforms, Apple, Android

  // An uploaded binary file (a .mobileprovision) per view: its name and bytes in base64, also
  // kept in the fragment ("entname", "ent") so that the result stays a link. A text file goes
  // into its textarea instead.
  const uploads = { platforms: null, apple: null, passkeys: null };
  const largest = 1048576;

  function uploadNote(view) {
    const note = $(view + "-entitlements-note");
    const upload = uploads[view];
    note.textContent = upload ? upload.name + (upload.base64 ? " (" + Math.floor(upload.base64.length * 3 / 4) + " bytes, sent as base64)" : " (text)") : "";
  }

  function fillUpload(view, params) {
    if (!(view in uploads)) return;
    uploads[view] = params.get("entname") ? { name: params.get("entname"), base64: params.get("ent") || "" } : null;
    uploadNote(view);
  }

  function collectUpload(view, params) {
    const upload = uploads[view];
    if (!upload) return;
    params.set("entname", upload.name);
    if (upload.base64) params.set("ent", upload.base64);
  }

  function refuseUpload(code, message) {
    $("result").hidden = false;
    $("result-body").replaceChildren(problem({ code, message }));
  }

  // Reads an uploaded file in the page (FileReader; nothing is posted until the form is sent):
  // UTF-8 text into `textarea`, anything else kept as base64 for `view`.
  function readUpload(input, textarea, view) {
    const file = input.files[0];
    if (!file) return;
    if (file.size > largest) { refuseUpload("too-large", file.name + " is over 1 MiB"); return; }
    const reader = new FileReader();
    reader.onload = () => {
      const bytes = new Uint8Array(reader.result);
      let text = null;
      try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (error) { text = null; }
      if (text !== null && !text.includes("\u0000") && textarea) {
        textarea.value = text;
        if (view) { uploads[view] = { name: file.name, base64: "" }; uploadNote(view); }
        return;
      }
      if (!view) { refuseUpload("bad-input", file.name + " is not UTF-8 text"); return; }
      let binary = "";
      for (let index = 0; index < bytes.length; index += 8192) binary += String.fromCharCode.apply(null, bytes.subarray(index, index + 8192));
      uploads[view] = { name: file.name, base64: btoa(binary) };
      if (textarea) textarea.value = "";
      uploadNote(view);
    };
    reader.readAsArrayBuffer(file);
  }

  // The entitlements of a view as the API takes them: {text} or {base64}, with the file's name.
  function entitlementsOf(view, params, param) {
    const upload = uploads[view];
    const text = param ? params.get(param) : "";
    if (text) return { text, name: upload ? upload.name : "App.entitlements" };
    if (upload && upload.base64) return { base64: upload.base64, name: upload.name };
    return null;
  }

  // The same colour for a verdict in every view (app.css): `none` (and Android's `browser`, its
  // twin) is neutral everywhere, since a URL no app claims is often meant (a web page), while
  // `blocked` is an exclusion that decided.
  function verdictBadge(verdict) {
    const kind = verdict === "opens" ? "pass" : verdict === "unknown" ? "info" : verdict === "none" || verdict === "browser" ? "none" : "fail";
    const node = el("span", "badge " + kind, verdict);
    return node;
  }

  function androidSummary(android) {
    const parts = [];
    if (android.package) parts.push(android.package);
    if (android.hostVerified !== null && android.hostVerified !== undefined) parts.push(android.hostVerified ? "host verified" : "host not verified");
    if (android.granted !== null && android.granted !== undefined) parts.push(android.granted ? "granted" : "not granted");
    if (android.dynamicRule) parts.push("dynamic rules: " + android.dynamicRule);
    // As route's text says it: unknown because no Android app was asked about.
    if (!parts.length && android.verdict === "unknown") return "no Android app asked about: give the Android package (with its certificate's SHA-256) or the manifest";
    return parts.join(", ");
  }

  function platformLine(route) {
    const line = el("div", "route");
    // Alike is good news only when nothing is left to fix (both may open no app, alike).
    const fixes = (route.fixes || []).length;
    line.append(el("code", "", route.url), document.createTextNode(" "),
      el("span", "badge " + (!route.agree ? "disagree" : fixes ? "alikefix" : "agree"), route.agree ? "alike" : "differ"));
    const ios = el("span", "platform");
    ios.append(el("strong", "", "iOS"), verdictBadge(route.ios.verdict), document.createTextNode(" " + route.ios.explanation));
    line.append(ios);
    if (route.ios.entitlementCoversHost === false) line.append(el("span", "help", "no applinks: entry of the app names this host"));
    const android = el("span", "platform");
    android.append(el("strong", "", "Android"), verdictBadge(route.android.verdict), document.createTextNode(" " + androidSummary(route.android)));
    line.append(android);
    if (route.android.grant) line.append(el("span", "detail", "grant: " + route.android.grant));
    if (route.android.activitySummary) line.append(el("span", "detail", "activity: " + route.android.activitySummary));
    for (const fix of route.fixes || []) line.append(el("span", "help", "fix: " + fix));
    return line;
  }

  function renderPlatforms(doc) {
    const routes = doc.routes || [];
    const head = el("p", "", doc.site + " (" + doc.host + "): " + routes.filter((route) => route.agree).length + " of " + routes.length + " URLs answered alike on iOS and Android");
    return [head, ...routes.map(platformLine)];
  }

  function routeBody(params, prefix) {
    const body = { urls: lines(params.get("urls")) };
    for (const name of ["app", "package", "fingerprint"]) if (params.get(name)) body[name] = params.get(name).trim();
    const site = (params.get("site") || "").trim();
    if (site) body.site = site;
    else {
      if (params.get("aasa")) body.aasa = { text: params.get("aasa") };
      if (params.get("assetlinks")) body.assetlinks = { text: params.get("assetlinks") };
      if (params.get("domain")) body.domain = params.get("domain").trim();
    }
    return body;
  }

  async function runPlatforms(params) {
    const body = routeBody(params);
    if (params.get("manifest")) body.manifest = params.get("manifest");
    const entitlements = entitlementsOf("platforms", params, null);
    if (entitlements) body.entitlements = entitlements;
    const doc = await api("route", body);
    lastDocument = doc;
    lastCommand = commandOf(doc);
    return renderPlatforms(doc);
  }

  // The Apple and Android views ask up to two endpoints; Download JSON gives their documents by
  // endpoint, and the command copies one line per endpoint.
  async function gather(parts) {
    const out = [];
    const documents = {};
    const commandLines = [];
    for (const [title, endpoint, body, render] of parts) {
      out.push(el("h3", "", title));
      try {
        const doc = await api(endpoint, body);
        documents[endpoint] = doc;
        if (commandOf(doc)) commandLines.push(commandOf(doc));
        out.push(...render(doc));
      } catch (error) {
        documents[endpoint] = { error };
        out.push(problem(error));
      }
    }
    if (!parts.length) throw { code: "bad-input", message: "nothing to ask", help: "fill in at least one of the fields" };
    lastDocument = parts.length === 1 ? documents[parts[0][1]] : documents;
    lastCommand = commandLines.join("\n");
    return out;
  }

  async function runApple(params) {
    const parts = [];
    const entitlements = entitlementsOf("apple", params, "entitlements");
    if (entitlements) {
      const body = { entitlements, paths: lines(params.get("paths")) };
      if (params.get("app")) body.app = params.get("app").trim();
      parts.push(["The entitlements against each domain", "check", body, renderEntitlements]);
    }
    if ((params.get("swcutil") || "").trim()) {
      parts.push(["The device's swcutil output", "device", { text: params.get("swcutil") }, renderDeviceDocument]);
    }
    return gather(parts);
  }

  function renderEntitlements(doc) {
    const out = [];
    const head = el("p");
    head.append(badge(doc.status), document.createTextNode(" " + doc.entitlements + (doc.app ? " for " + doc.app : "")));
    out.push(head, ...(doc.requirements || []).map(requirementLine));
    for (const site of doc.sites || []) {
      out.push(el("h3", "", site.site));
      out.push(...renderCheck(site));
    }
    return out;
  }

  async function runAndroid(params) {
    const parts = [];
    const pkg = (params.get("package") || "").trim();
    const fingerprint = (params.get("fingerprint") || "").trim();
    const urls = lines(params.get("urls"));
    const text = params.get("assetlinks") || "";
    if (text.trim()) {
      const body = { text, name: "assetlinks.json", urls, grants: pkg && fingerprint ? [pkg + ":" + fingerprint] : [] };
      parts.push(["The assetlinks.json: grants and dynamic rules", "lint", body, (doc) => renderFile(doc, text)]);
    } else if ((params.get("site") || "").trim()) {
      const body = routeBody(params);
      delete body.app;
      // The grant is answered per URL: the site's root when no URL is given.
      if (!body.urls.length) body.urls = ["/"];
      parts.push(["The site's assetlinks.json for each URL", "route", body, renderPlatforms]);
    }
    if ((params.get("manifest") || "").trim()) {
      // As check --manifest: the hosts it verifies, and the sites its asset_statements share
      // sign-in with, each asked for get_login_creds.
      const body = { manifest: { text: params.get("manifest"), name: "AndroidManifest.xml" }, grants: fingerprint ? [fingerprint] : [] };
      if ((params.get("strings") || "").trim()) body.strings = { text: params.get("strings") };
      parts.push(["The manifest's hosts and the sites it shares sign-in with", "check", body, renderManifestCheck]);
    }
    if ((params.get("device") || "").trim()) {
      parts.push(["The device's pm get-app-links output", "device", { text: params.get("device") }, renderDeviceDocument]);
    }
    return gather(parts);
  }

  // check --manifest's document: a line per host it verifies, then credential sharing (the
  // asset_statements, and per site its get_login_creds verdict and what did not pass).
  function renderManifestCheck(doc) {
    const hosts = doc.hosts || [];
    const head = el("p");
    head.append(badge(doc.status), document.createTextNode(" " + doc.manifest + (doc.package ? " (" + doc.package + ")" : "") + ": " + hosts.length + " host" + (hosts.length === 1 ? "" : "s") + " verified on Android 12+"));
    const out = [head];
    for (const host of hosts) out.push(manifestCheckRow(host.host, host.status, [["assetlinks.json", host.assetlinks], ["grant", host.grant]], host.problems));
    const credentials = doc.credentials;
    if (!credentials) return out;
    out.push(el("h3", "", "Sign-in shared through asset_statements (" + credentials.statements + ")"));
    out.push(el("p", "note", credentials.detail));
    for (const site of credentials.sites || []) {
      out.push(manifestCheckRow(site.site, site.status, [["assetlinks.json", site.assetlinks], ["get_login_creds", site.grant]], site.problems));
    }
    return out;
  }

  function manifestCheckRow(name, status, verdicts, problems) {
    const line = el("div", "req");
    line.append(badge(status), document.createTextNode(" "), el("span", "name", name));
    for (const [label, verdict] of verdicts) line.append(document.createTextNode(" · " + label + " "), badge(verdict));
    for (const problem of problems || []) line.append(el("span", "detail", problem.name + ": " + problem.detail));
    return line;
  }

  // MARK: Sign-in

  // Will passkeys for an RP ID work for the app on iOS and Android: POST /api/v1/passkeys, the
  // document `aasa-lint passkeys --format json` writes. Each platform: its verdict, its lines
  // (the app's half, the site's half, what stands in the way) and each fix at its place.
  async function runPasskeys(params) {
    const body = { rpId: (params.get("rpid") || "").trim(), fingerprints: lines(params.get("fingerprints")), cdn: params.get("cdn") === "1" };
    const app = (params.get("app") || "").trim(), pkg = (params.get("package") || "").trim();
    if (app) body.app = app;
    if (pkg) body.package = pkg;
    const entitlements = entitlementsOf("passkeys", params, "entitlements");
    if (entitlements) body.entitlements = entitlements;
    if ((params.get("manifest") || "").trim()) body.manifest = { text: params.get("manifest"), name: "AndroidManifest.xml" };
    if ((params.get("strings") || "").trim()) body.strings = { text: params.get("strings") };
    const doc = await api("passkeys", body);
    lastDocument = doc;
    lastCommand = commandOf(doc);
    return renderPasskeys(doc);
  }

  function renderPasskeys(doc) {
    const out = [];
    const head = el("p");
    head.append(badge(doc.status), document.createTextNode(" passkeys for " + doc.rpId + " (" + doc.site + ")"));
    out.push(head);
    for (const platform of [doc.ios, doc.android]) {
      if (!platform) continue;
      const title = el("h3", "passkeys-platform");
      title.append(badge(platform.status === "fail" ? "fail" : platform.status === "warn" ? "warn" : "pass"),
        document.createTextNode(" " + platform.platform + ", " + platform.app + ": " + platform.verdict));
      out.push(title);
      for (const requirement of platform.requirements || []) {
        const line = el("div", "req");
        line.append(badge(requirement.status), document.createTextNode(" "), el("span", "name", requirement.name));
        line.append(el("span", "detail", requirement.detail));
        out.push(line);
      }
      for (const fix of platform.fixes || []) {
        const line = el("div", "fix");
        line.append(el("strong", "", "fix: "), el("code", "", fix.place), el("span", "detail", fix.change));
        out.push(line);
      }
    }
    return out;
  }

  // MARK: As you type

  // The single-URL box answers in the page on every keystroke, without a request: the file's
  // rules, compiled by aasa-lint's own matcher, come once per version of the file from
  // POST /api/v1/matcher (debounced while the file is edited), and matcher.js routes each typed
  // URL with them, as /api/v1/lint would (see docs/validator.md, "The matcher program"): an
  // association file's automata, or an assetlinks.json's dynamic rules. A file the program does
  // not cover (a route config) is asked of /api/v1/lint. With no file pasted but a site given,
  // the box starts from the site: its association file is fetched once (POST /api/v1/check with
  // files, under the validator's fetch policy, as Apple's fetcher reads it) and typed URLs are
  // routed on it, for the site's host.
  const box = { text: null, program: null, pending: null, fileTimer: 0, typingTimer: 0, siteTimer: 0, serial: 0, site: null };

  // The site's association file for the box: { site, pending, text, error }, one site at a time.
  function siteFile(site) {
    if (box.site && box.site.site === site && !box.site.retry) return box.site;
    const entry = { site, pending: null, text: null, error: null, retry: false };
    box.site = entry;
    entry.pending = api("check", { site, paths: [], cdn: false, files: true }).then((doc) => {
      const file = (doc.files || []).find((file) => /\/\.well-known\/apple-app-site-association$/.test(file.url));
      if (file) { entry.text = file.text; return; }
      const failed = (doc.requirements || []).find((requirement) => requirement.status === "fail");
      entry.error = failed ? failed.resource + ": " + failed.detail : "the site serves no association file";
    }, (error) => {
      entry.error = (error.code ? error.code + ": " : "") + (error.message || String(error));
      // Busy or rate-limited: said, and the next keystroke asks again.
      entry.retry = error.code === "rate-limited" || error.code === "busy";
    });
    return entry;
  }

  // The site the box starts from: only when no file is pasted.
  function boxSite() {
    return $("route-text").value.trim() ? "" : $("route-site").value.trim();
  }

  // The file the box answers from: the pasted one, else the site's as fetched ("" until then).
  function boxText() {
    const site = boxSite();
    if (!site) return $("route-text").value;
    return box.site && box.site.site === site && box.site.text !== null ? box.site.text : "";
  }

  // The domain full URLs are judged against: the one given, else the host of the site.
  function boxDomain() {
    const given = $("route-domain").value.trim();
    return given || (boxSite() ? origin(boxSite()).host : "");
  }

  function loadProgram() {
    const text = boxText();
    if (box.text === text) return box.pending;
    box.text = text;
    box.program = null;
    box.pending = api("matcher", { text }).then((answer) => {
      if (box.text === text) box.program = answer.program ? answer : { program: null, reason: answer.reason, errors: answer.errors, firstError: answer.firstError };
    }, (error) => {
      // Not asked again for this text (the box then asks /api/v1/lint, which shows the error),
      // unless the validator was only busy or rate-limited: then the next keystroke asks again.
      if (box.text !== text) return;
      box.program = { program: null, reason: error.message, error: error.code };
      if (error.code === "rate-limited" || error.code === "busy") box.text = null;
    });
    return box.pending;
  }

  function onFileEdited() {
    clearTimeout(box.fileTimer);
    boxState($("route-one").value.trim());
    box.fileTimer = setTimeout(() => { if ($("route-text").value.trim()) loadProgram().then(answerNow); }, 300);
  }

  // The route of one URL with the current program, or null when there is none (yet).
  function routeHere(url) {
    if (!box.program || !box.program.program || box.text !== boxText()) return null;
    const app = $("route-app").value.trim();
    return box.program.kind === "assetlinks" ? AASAMatcher.routeAndroid(box.program.program, url, app) : AASAMatcher.route(box.program.program, url, app);
  }

  // What the box answers from, in words: nothing yet, the site's file on its way or unreadable,
  // a file with errors, or a file to route.
  function boxState(url) {
    const state = $("route-one-state");
    const text = boxText().trim();
    const site = boxSite();
    let words = "";
    if (site) {
      const entry = box.site && box.site.site === site ? box.site : null;
      if (entry && entry.error) words = "The site's file could not be read (" + entry.error + "): the box has nothing to route.";
      else if (entry && entry.text !== null) words = url ? "Routed on the file " + origin(site).origin + " serves, fetched once." : "Type a URL or a path: it is routed on the file " + origin(site).origin + " serves.";
      else if (entry) words = "Fetching " + origin(site).origin + "/.well-known/apple-app-site-association…";
      else words = "Type a URL or a path: the box fetches the association file " + origin(site).origin + " serves, and routes on it.";
    } else if (!text) {
      words = "Paste a file above, or give a site, then type a URL or a path here: each keystroke is answered in the page.";
    } else if (!url) {
      words = "Type a URL or a path, e.g. /albums/1.";
    }
    const program = box.text === boxText() ? box.program : null;
    if (text && program && program.errors) {
      words = (words ? words + " " : "") + "The file has " + program.errors + (program.errors === 1 ? " error" : " errors") +
        (program.firstError ? " (" + program.firstError + ")" : "") + ": the answers follow what is still read of it; lint it in A file.";
    }
    state.textContent = words;
    state.className = "note" + ((text && program && program.errors) || (site && box.site && box.site.site === site && box.site.error) ? " invalid" : "");
  }

  function answerNow() {
    const url = $("route-one").value.trim();
    const answer = $("route-one-answer");
    const site = boxSite();
    if (url && site && !boxText()) {
      // Started from a host: its file first (once), then this answer.
      const entry = siteFile(site);
      boxState(url);
      answer.replaceChildren();
      delete answer.dataset.by;
      entry.pending.then(() => { if (box.site !== entry) return; if (boxText()) answerNow(); else boxState($("route-one").value.trim()); });
      return;
    }
    boxState(url);
    if (!url || !boxText().trim()) { answer.replaceChildren(); delete answer.dataset.by; return; }
    if (new TextEncoder().encode(url).length > 4096) {
      answer.replaceChildren(problem({ code: "too-large", message: "a URL is at most 4,096 bytes" }));
      return;
    }
    if (box.text !== boxText()) { loadProgram().then(answerNow); return; }
    if (!box.program) return; // the program is on its way; answerNow runs when it comes
    // With a domain, a full URL's host decides too (another host opens no app): the API answers.
    const route = boxDomain() && /:\/\//.test(url) ? null : routeHere(url);
    if (route) {
      answer.replaceChildren(routeLine(route));
      answer.dataset.by = "page";
    } else {
      askTheAPI(url);
    }
  }

  // For files without a program: /api/v1/lint with the one URL, a moment after typing stops.
  function askTheAPI(url) {
    clearTimeout(box.typingTimer);
    box.typingTimer = setTimeout(async () => {
      const serial = ++box.serial;
      const answer = $("route-one-answer");
      try {
        const body = { text: boxText(), urls: [url] };
        if ($("route-app").value.trim()) body.app = $("route-app").value.trim();
        if (boxDomain()) body.domain = boxDomain();
        const doc = await api("lint", body);
        if (serial !== box.serial) return;
        answer.replaceChildren(...(doc.routes || []).map(routeLine));
        answer.dataset.by = "api";
      } catch (error) {
        if (serial === box.serial) answer.replaceChildren(problem(error));
      }
    }, 120);
  }

  function onType() {
    box.serial += 1; // an answer still on its way from the API is stale now
    clearTimeout(box.typingTimer);
    answerNow();
  }

  // For the browser test that compares the page's answers with the API's
  // (Tests/AASAValidatorTests/Resources/matcher_agreement_test.py).
  window.aasaAsYouType = Object.freeze({
    load: () => loadProgram().then(() => box.program && box.program.program ? "page" : box.program && box.program.error ? "error " + box.program.error : "api"),
    route: routeHere,
  });

  // MARK: Export

  // Copies to the clipboard where the browser allows it (HTTPS or localhost); elsewhere (plain
  // HTTP on a team's network) the text is shown selected, and the page says to copy it by hand.
  async function copy(text, button, what) {
    const shown = $("command");
    shown.textContent = text;
    try {
      await navigator.clipboard.writeText(text);
      button.dataset.copied = "1";
      $("copy-status").textContent = what + " copied.";
    } catch (error) {
      button.dataset.copied = "0";
      const range = document.createRange();
      range.selectNodeContents(shown);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      $("copy-status").textContent = "The browser did not let the page copy (it does only over HTTPS or on localhost): "
        + what.toLowerCase() + " is selected below, copy it with Ctrl+C or ⌘C.";
    }
  }

  // The longest link the page offers to share: chat tools, mail and proxies cut or refuse URLs
  // past a few thousand characters (a 386 KB file made a 638,150-character link).
  const longestLink = 8000;

  function copyLink(button) {
    const link = location.href;
    if (link.length <= longestLink) { copy(link, button, "The link"); return; }
    button.dataset.copied = "0";
    $("command").textContent = "";
    $("copy-status").textContent = "This link holds the pasted text (" + link.length.toLocaleString("en") + " characters): too large to share. "
      + "Share a link that fetches it instead (Check a site, or a side of Diff from a site), or send the file with the command.";
  }

  function download() {
    if (!lastDocument) return;
    const blob = new Blob([JSON.stringify(lastDocument, null, 2) + "\n"], { type: "application/json" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    link.download = "aasa-result.json";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // MARK: Start

  function start() {
    for (const view of views) {
      $("form-" + view).addEventListener("submit", (event) => {
        event.preventDefault();
        const fragment = "#" + view + "?" + collect(view).toString();
        markRan(fragment);
        if (location.hash === fragment) onFragment(); else location.hash = fragment;
      });
    }
    for (const link of document.querySelectorAll("nav a")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        show(link.dataset.view);
        history.replaceState(null, "", "#" + link.dataset.view);
        $("result").hidden = true;
      });
    }
    $("file-upload").addEventListener("change", () => {
      const file = $("file-upload").files[0];
      if (!file) return;
      if (file.size > 1048576) { $("file-text").value = ""; $("result").hidden = false; $("result-body").replaceChildren(problem({ code: "too-large", message: "the file is over 1 MiB" })); return; }
      const reader = new FileReader();
      reader.onload = () => { $("file-text").value = String(reader.result); $("file-name").value = file.name; };
      reader.readAsText(file);
    });
    $("route-one").addEventListener("input", onType);
    $("platforms-manifest-upload").addEventListener("change", (event) => readUpload(event.target, $("platforms-manifest"), null));
    $("platforms-entitlements-upload").addEventListener("change", (event) => readUpload(event.target, null, "platforms"));
    $("apple-entitlements-upload").addEventListener("change", (event) => readUpload(event.target, $("apple-entitlements"), "apple"));
    $("android-assetlinks-upload").addEventListener("change", (event) => readUpload(event.target, $("android-assetlinks"), null));
    $("passkeys-entitlements-upload").addEventListener("change", (event) => readUpload(event.target, $("passkeys-entitlements"), "passkeys"));
    $("passkeys-manifest-upload").addEventListener("change", (event) => readUpload(event.target, $("passkeys-manifest"), null));
    $("android-manifest-upload").addEventListener("change", (event) => readUpload(event.target, $("android-manifest"), null));
    $("route-text").addEventListener("input", onFileEdited);
    $("route-app").addEventListener("input", onType);
    $("route-domain").addEventListener("input", onType);
    // A site is fetched once typing it stops, not for every letter of its name.
    $("route-site").addEventListener("input", () => {
      boxState($("route-one").value.trim());
      clearTimeout(box.siteTimer);
      box.siteTimer = setTimeout(onType, 600);
    });
    $("copy-command").addEventListener("click", (event) => copy(lastCommand, event.currentTarget, "The command"));
    $("copy-link").addEventListener("click", (event) => copyLink(event.currentTarget));
    $("token").addEventListener("input", keepToken);
    const token = storage() && storage().getItem(tokenKey);
    if (token) $("token").value = token;
    $("download-json").addEventListener("click", download);
    window.addEventListener("hashchange", onFragment);
    aboutLoaded = loadAbout();
    onFragment();
    boxState("");
    if ($("route-text").value.trim()) loadProgram().then(answerNow);
  }

  start();
})();
