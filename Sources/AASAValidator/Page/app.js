// The validator page (docs/validator.md). No framework and no external request: it talks only to
// its own /api/v1/. Every byte that came from a file, a site or the API is put in the page with
// textContent, never as markup. A view's inputs live in the URL fragment, so a result is a link
// and opening the link runs it again.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const views = ["check", "file", "route", "diff", "device", "platforms", "apple", "android"];
  // Each view's fragment parameters and the fields that hold them.
  const fields = {
    check: [["site", "check-site"], ["app", "check-app"], ["paths", "check-paths"], ["cdn", "check-cdn"]],
    file: [["text", "file-text"], ["name", "file-name"], ["domain", "file-domain"], ["urls", "file-urls"], ["grants", "file-grants"]],
    route: [["text", "route-text"], ["urls", "route-urls"], ["app", "route-app"]],
    diff: [["old", "diff-old"], ["oldsite", "diff-oldsite"], ["oldcdn", "diff-oldcdn"], ["new", "diff-new"], ["newsite", "diff-newsite"],
      ["newcdn", "diff-newcdn"], ["urls", "diff-urls"]],
    device: [["text", "device-text"]],
    platforms: [["urls", "platforms-urls"], ["site", "platforms-site"], ["aasa", "platforms-aasa"], ["assetlinks", "platforms-assetlinks"],
      ["domain", "platforms-domain"], ["app", "platforms-app"], ["package", "platforms-package"], ["fingerprint", "platforms-fingerprint"],
      ["manifest", "platforms-manifest"]],
    apple: [["entitlements", "apple-entitlements"], ["app", "apple-app"], ["paths", "apple-paths"], ["swcutil", "apple-swcutil"]],
    android: [["package", "android-package"], ["fingerprint", "android-fingerprint"], ["site", "android-site"],
      ["assetlinks", "android-assetlinks"], ["urls", "android-urls"], ["device", "android-device"]],
  };
  let lastDocument = null;
  let lastCommand = "";

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

  function quote(text) {
    return /^[A-Za-z0-9_./:@%+=,-]+$/.test(text) ? text : "'" + String(text).replace(/'/g, "'\\''") + "'";
  }

  // MARK: The API

  async function api(endpoint, body) {
    const headers = { "Content-Type": "application/json" };
    const token = $("token").value;
    if (token) headers.Authorization = "Bearer " + token;
    const response = await fetch("/api/v1/" + endpoint, {
      method: "POST", headers, body: JSON.stringify(body), credentials: "omit", cache: "no-store",
    });
    let json = null;
    try { json = await response.json(); } catch (error) { json = null; }
    if (!response.ok) {
      throw (json && json.error) || { code: "http-" + response.status, message: "the validator answered " + response.status, help: "" };
    }
    return json;
  }

  async function loadAbout() {
    try {
      const response = await fetch("/api/v1/about", { credentials: "omit", cache: "no-store" });
      const about = await response.json();
      if (response.status === 401 || about.token) $("token-row").hidden = false;
      if (about.fetch) $("policy").textContent = "Fetches: " + about.fetch.join("; ") + ". Version " + about.version + ".";
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

  function onFragment() {
    const { view, params } = readFragment();
    show(view);
    fill(view, params);
    if ([...params.keys()].length > 0) run(view, params);
  }

  // MARK: Running a view

  async function run(view, params) {
    const result = $("result");
    const body = $("result-body");
    result.hidden = false;
    body.replaceChildren(el("p", "note", "Working…"));
    $("command").textContent = "";
    try {
      let rendered;
      if (view === "check") rendered = await runCheck(params);
      else if (view === "file") rendered = await runFile(params);
      else if (view === "route") rendered = await runRoute(params);
      else if (view === "diff") rendered = await runDiff(params);
      else if (view === "device") rendered = await runDevice(params);
      else rendered = await { platforms: runPlatforms, apple: runApple, android: runAndroid }[view](params);
      body.replaceChildren(...rendered);
      result.scrollIntoView({ block: "start" });
    } catch (error) {
      lastDocument = { error };
      lastCommand = "";
      body.replaceChildren(problem(error));
    }
  }

  function problem(error) {
    const box = el("div", "problem");
    box.setAttribute("role", "alert");
    box.append(el("strong", "", error.code || "error"), document.createTextNode(": " + (error.message || String(error))));
    if (error.help) box.append(el("span", "help", error.help));
    return box;
  }

  async function runCheck(params) {
    const site = params.get("site") || "";
    const body = { site, paths: lines(params.get("paths")), cdn: params.get("cdn") === "1" };
    if (params.get("app")) body.app = params.get("app");
    const doc = await api("check", body);
    lastDocument = doc;
    const url = /:\/\//.test(site) ? site : "https://" + site.replace(/^applinks:/i, "").replace(/\?.*$/, "");
    lastCommand = ["aasa-lint", "check", quote(url)]
      .concat(body.app ? ["--app", quote(body.app)] : [])
      .concat(body.paths.flatMap((path) => ["--path", quote(path)]))
      .concat(body.cdn ? [] : ["--no-cdn"], ["--format", "json"]).join(" ");
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
    return out;
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
    lastCommand = ["aasa-lint", quote(body.name || "pasted.json")].concat(body.urls.map(quote))
      .concat(body.domain ? ["--domain", quote(body.domain)] : [])
      .concat(body.grants.flatMap((grant) => ["--grants", quote(grant)]), ["--format", "json"]).join(" ");
    return renderFile(doc, text);
  }

  function renderFile(doc, text) {
    const out = [];
    const summary = doc.summary || {};
    const head = el("p");
    head.append(badge(summary.errors ? "error" : summary.warnings ? "warning" : "pass"),
      document.createTextNode(" " + (doc.file || "") + " (" + (doc.kind || "?") + "): " + (summary.errors || 0) + " errors, " + (summary.warnings || 0) + " warnings"));
    out.push(head);
    const byLine = new Map();
    for (const finding of doc.diagnostics || []) {
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
    out.push(source);
    if ((doc.diagnostics || []).length) {
      out.push(el("h3", "", "Findings"));
      out.push(...doc.diagnostics.map(findingLine));
    }
    if ((doc.routes || []).length) {
      out.push(el("h3", "", "Routes"));
      out.push(...doc.routes.map(routeLine));
    }
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

  function ruleText(verdict) {
    const rule = typeof verdict.rule === "string" ? verdict.rule : JSON.stringify(verdict.rule);
    const where = verdict.detail === null || verdict.detail === undefined ? "" :
      "details[" + verdict.detail + "]." + (verdict.ruleKind === "path" ? "paths" : "components") + "[" + verdict.component + "] ";
    return where + rule;
  }

  function routeLine(route) {
    if (route.apps) return androidRouteLine(route);
    const line = el("div", "route");
    const verdicts = route.verdicts || [];
    const decided = verdicts.find((verdict) => verdict.verdict === "match") || verdicts.find((verdict) => verdict.verdict === "blocked");
    const outcome = route.app ? route.app : decided ? "blocked" : "none";
    line.append(el("code", "", route.input), document.createTextNode(" → "), badge(route.app ? "match" : outcome), document.createTextNode(" " + (route.app || "")));
    if (decided && decided.rule !== null && decided.rule !== undefined) {
      line.append(el("span", "rule", "decided by " + (decided.app ? decided.app + ": " : "") + ruleText(decided)));
    }
    for (const verdict of verdicts) {
      if (verdict === decided || verdict.rule === null || verdict.rule === undefined) continue;
      line.append(el("span", "rule", verdict.verdict + " for " + verdict.app + ": " + ruleText(verdict)));
    }
    return line;
  }

  // An assetlinks.json's route (`{"input", "apps"}`): each package's verdict, the deciding
  // statement and component, and the reason in the CLI's words.
  function androidRouteLine(route) {
    const line = el("div", "route");
    const decided = route.apps.find((one) => one.verdict === "open") || route.apps.find((one) => one.verdict === "excluded") || route.apps[0];
    line.append(el("code", "", route.input), document.createTextNode(" → "), badge(decided ? decided.verdict : "none"), document.createTextNode(" " + (decided ? decided.app : "no app")));
    for (const one of route.apps) {
      const rule = one.rule === null ? "" : "statement [" + one.statement + "] component [" + one.component + "] " + JSON.stringify(one.rule) + ": ";
      line.append(el("span", "rule", (one === decided ? "" : one.verdict + " for " + one.app + ": ") + rule + one.reason));
    }
    return line;
  }

  async function runRoute(params) {
    const body = { text: params.get("text") || "", urls: lines(params.get("urls")), name: "apple-app-site-association" };
    if (params.get("app")) body.app = params.get("app");
    const doc = await api("lint", body);
    lastDocument = doc;
    lastCommand = ["aasa-lint", "apple-app-site-association"].concat(body.urls.map(quote))
      .concat(body.app ? ["--app", quote(body.app)] : [], ["--format", "json"]).join(" ");
    const out = [];
    if ((doc.diagnostics || []).some((finding) => finding.severity === "error")) {
      out.push(el("p", "note", "The file has errors (see the File view); routes follow what Apple would still read."));
    }
    out.push(...(doc.routes || []).map(routeLine));
    if (!(doc.routes || []).length) out.push(el("p", "note", "Give URLs or paths to route."));
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

  // One side of a diff: Apple's CDN copy of a host, a site's file, or pasted text; and the shell
  // that gets the same file for `aasa-lint diff` (curl, as Apple's fetcher reads it).
  function diffSide(params, role) {
    const cdn = (params.get(role + "cdn") || "").trim(), site = (params.get(role + "site") || "").trim();
    if (cdn) {
      const file = role + "-cdn.json";
      return { body: { cdn }, file, fetch: "curl -s " + quote("https://app-site-association.cdn-apple.com/a/v1/" + origin(cdn).host) + " > " + file };
    }
    if (site) {
      const file = role + ".json";
      return { body: { site }, file, fetch: "curl -s " + quote(origin(site).origin + "/.well-known/apple-app-site-association") + " > " + file };
    }
    return { body: { text: params.get(role) || "", name: role + ".json" }, file: role + ".json", fetch: null };
  }

  async function runDiff(params) {
    const old = diffSide(params, "old"), now = diffSide(params, "new");
    const body = { old: old.body, new: now.body, urls: lines(params.get("urls")) };
    const doc = await api("diff", body);
    lastDocument = doc;
    const steps = [old.fetch, now.fetch].filter(Boolean);
    if (body.urls.length) steps.push("printf '%s\\n' " + body.urls.map(quote).join(" ") + " > urls.txt");
    steps.push(["aasa-lint", "diff", old.file, now.file].concat(body.urls.length ? ["--urls", "urls.txt"] : [], ["--format", "json"]).join(" "));
    lastCommand = steps.join(" &&\n");
    const out = [];
    out.push(el("p", "", doc.changed ? "Behaviour changed (" + doc.old + " → " + doc.new + ")" : "No change in behaviour (" + doc.old + " → " + doc.new + ")"));
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
    lastCommand = "aasa-lint device paste.txt --format json";
    return renderDeviceDocument(doc);
  }

  function renderDeviceDocument(doc) {
    const out = [el("p", "", "Read as " + doc.platform + " output")];
    for (const note of doc.notes || []) out.push(el("p", "note", note));
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
  const uploads = { platforms: null, apple: null };
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

  function verdictBadge(verdict) {
    const kind = verdict === "opens" ? "pass" : verdict === "unknown" ? "info" : "fail";
    const node = el("span", "badge " + kind, verdict);
    return node;
  }

  function androidSummary(android) {
    const parts = [];
    if (android.package) parts.push(android.package);
    if (android.hostVerified !== null && android.hostVerified !== undefined) parts.push(android.hostVerified ? "host verified" : "host not verified");
    if (android.granted !== null && android.granted !== undefined) parts.push(android.granted ? "granted" : "not granted");
    if (android.dynamicRule) parts.push("dynamic rules: " + android.dynamicRule);
    return parts.join(", ");
  }

  function platformLine(route) {
    const line = el("div", "route");
    line.append(el("code", "", route.url), document.createTextNode(" "), el("span", "badge " + (route.agree ? "agree" : "disagree"), route.agree ? "alike" : "differ"));
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

  function routeCommand(body) {
    const site = body.site ? (/:\/\//.test(body.site) ? body.site : "https://" + body.site) : "site";
    return ["aasa-lint", "route", "--site", quote(site)].concat(body.domain ? ["--domain", quote(body.domain)] : [], body.urls.map(quote))
      .concat(body.app ? ["--app", quote(body.app)] : [], body.package ? ["--package", quote(body.package)] : [],
        body.fingerprint ? ["--fingerprint", quote(body.fingerprint)] : [], body.manifest ? ["--manifest", "AndroidManifest.xml"] : [],
        body.entitlements ? ["--entitlements", quote(body.entitlements.name)] : [], ["--format", "json"]).join(" ");
  }

  async function runPlatforms(params) {
    const body = routeBody(params);
    if (params.get("manifest")) body.manifest = params.get("manifest");
    const entitlements = entitlementsOf("platforms", params, null);
    if (entitlements) body.entitlements = entitlements;
    const doc = await api("route", body);
    lastDocument = doc;
    lastCommand = routeCommand(body);
    return renderPlatforms(doc);
  }

  // The Apple and Android views ask up to two endpoints; Download JSON gives their documents by
  // endpoint, and the command copies one line per endpoint.
  async function gather(parts) {
    const out = [];
    const documents = {};
    const commands = [];
    for (const [title, endpoint, body, command, render] of parts) {
      out.push(el("h3", "", title));
      try {
        const doc = await api(endpoint, body);
        documents[endpoint] = doc;
        commands.push(command);
        out.push(...render(doc));
      } catch (error) {
        documents[endpoint] = { error };
        out.push(problem(error));
      }
    }
    if (!parts.length) throw { code: "bad-input", message: "nothing to ask", help: "fill in at least one of the fields" };
    lastDocument = parts.length === 1 ? documents[parts[0][1]] : documents;
    lastCommand = commands.join("\n");
    return out;
  }

  async function runApple(params) {
    const parts = [];
    const entitlements = entitlementsOf("apple", params, "entitlements");
    if (entitlements) {
      const body = { entitlements, paths: lines(params.get("paths")) };
      if (params.get("app")) body.app = params.get("app").trim();
      const command = ["aasa-lint", "check", "--entitlements", quote(entitlements.name)].concat(body.app ? ["--app", quote(body.app)] : [],
        body.paths.flatMap((path) => ["--path", quote(path)]), ["--no-cdn", "--format", "json"]).join(" ");
      parts.push(["The entitlements against each domain", "check", body, command, renderEntitlements]);
    }
    if ((params.get("swcutil") || "").trim()) {
      parts.push(["The device's swcutil output", "device", { text: params.get("swcutil") }, "aasa-lint device swcutil.txt --format json", renderDeviceDocument]);
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

  function assetLinksRouteLine(route) {
    const line = el("div", "route");
    line.append(el("code", "", route.input));
    for (const app of route.apps || []) {
      const verdict = el("span", "platform");
      verdict.append(el("strong", "", app.app), badge(app.verdict === "match" || app.verdict === "opens" ? "pass" : app.verdict), document.createTextNode(" " + (app.verdict || "")));
      line.append(verdict);
      if (app.reason) line.append(el("span", "detail", app.reason));
      if (app.rule !== null && app.rule !== undefined) line.append(el("span", "rule", "statement [" + app.statement + "] " + (typeof app.rule === "string" ? app.rule : JSON.stringify(app.rule))));
    }
    return line;
  }

  function renderAssetLinks(text) {
    return (doc) => {
      const out = renderFile(Object.assign({}, doc, { routes: [] }), text);
      if ((doc.routes || []).length) out.push(el("h3", "", "Dynamic rules per URL"), ...doc.routes.map(assetLinksRouteLine));
      return out;
    };
  }

  async function runAndroid(params) {
    const parts = [];
    const pkg = (params.get("package") || "").trim();
    const fingerprint = (params.get("fingerprint") || "").trim();
    const urls = lines(params.get("urls"));
    const text = params.get("assetlinks") || "";
    if (text.trim()) {
      const body = { text, name: "assetlinks.json", urls, grants: pkg && fingerprint ? [pkg + ":" + fingerprint] : [] };
      const command = ["aasa-lint", "assetlinks.json"].concat(urls.map(quote), body.grants.flatMap((grant) => ["--grants", quote(grant)]), ["--format", "json"]).join(" ");
      parts.push(["The assetlinks.json: grants and dynamic rules", "lint", body, command, renderAssetLinks(text)]);
    } else if ((params.get("site") || "").trim()) {
      const body = routeBody(params);
      delete body.app;
      // The grant is answered per URL: the site's root when no URL is given.
      if (!body.urls.length) body.urls = ["/"];
      parts.push(["The site's assetlinks.json for each URL", "route", body, routeCommand(body), renderPlatforms]);
    }
    if ((params.get("device") || "").trim()) {
      parts.push(["The device's pm get-app-links output", "device", { text: params.get("device") }, "aasa-lint device pm-get-app-links.txt --format json", renderDeviceDocument]);
    }
    return gather(parts);
  }

  // MARK: As you type

  // The single-URL box answers in the page on every keystroke, without a request: the file's
  // rules, compiled by aasa-lint's own matcher, come once per version of the file from
  // POST /api/v1/matcher (debounced while the file is edited), and matcher.js routes each typed
  // URL with them, as /api/v1/lint would (see docs/validator.md, "The matcher program"): an
  // association file's automata, or an assetlinks.json's dynamic rules. A file the program does
  // not cover (a route config) is asked of /api/v1/lint.
  const box = { text: null, program: null, pending: null, fileTimer: 0, typingTimer: 0, serial: 0 };

  function loadProgram() {
    const text = $("route-text").value;
    if (box.text === text) return box.pending;
    box.text = text;
    box.program = null;
    box.pending = api("matcher", { text }).then((answer) => {
      if (box.text === text) box.program = answer.program ? answer : { program: null, reason: answer.reason };
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
    box.fileTimer = setTimeout(() => { if ($("route-text").value.trim()) loadProgram().then(answerNow); }, 300);
  }

  // The route of one URL with the current program, or null when there is none (yet).
  function routeHere(url) {
    if (!box.program || !box.program.program || box.text !== $("route-text").value) return null;
    const app = $("route-app").value.trim();
    return box.program.kind === "assetlinks" ? AASAMatcher.routeAndroid(box.program.program, url, app) : AASAMatcher.route(box.program.program, url, app);
  }

  function answerNow() {
    const url = $("route-one").value.trim();
    const answer = $("route-one-answer");
    if (!url || !$("route-text").value.trim()) { answer.replaceChildren(); delete answer.dataset.by; return; }
    if (new TextEncoder().encode(url).length > 4096) {
      answer.replaceChildren(problem({ code: "too-large", message: "a URL is at most 4,096 bytes" }));
      return;
    }
    if (box.text !== $("route-text").value) { loadProgram().then(answerNow); return; }
    if (!box.program) return; // the program is on its way; answerNow runs when it comes
    const route = routeHere(url);
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
        const body = { text: $("route-text").value, urls: [url] };
        if ($("route-app").value.trim()) body.app = $("route-app").value.trim();
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

  async function copy(text, button) {
    $("command").textContent = text;
    try {
      await navigator.clipboard.writeText(text);
      button.dataset.copied = "1";
    } catch (error) {
      button.dataset.copied = "0";
    }
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
    $("route-text").addEventListener("input", onFileEdited);
    $("route-app").addEventListener("input", onType);
    $("copy-command").addEventListener("click", (event) => copy(lastCommand, event.currentTarget));
    $("copy-link").addEventListener("click", (event) => copy(location.href, event.currentTarget));
    $("download-json").addEventListener("click", download);
    window.addEventListener("hashchange", onFragment);
    loadAbout();
    onFragment();
  }

  start();
})();
