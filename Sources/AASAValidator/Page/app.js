// The validator page (docs/validator.md). No framework and no external request: it talks only to
// its own /api/v1/. Every byte that came from a file, a site or the API is put in the page with
// textContent, never as markup. A view's inputs live in the URL fragment, so a result is a link
// and opening the link runs it again.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const views = ["check", "file", "route", "diff", "device"];
  // Each view's fragment parameters and the fields that hold them.
  const fields = {
    check: [["site", "check-site"], ["app", "check-app"], ["paths", "check-paths"], ["cdn", "check-cdn"]],
    file: [["text", "file-text"], ["name", "file-name"], ["domain", "file-domain"], ["urls", "file-urls"], ["grants", "file-grants"]],
    route: [["text", "route-text"], ["urls", "route-urls"], ["app", "route-app"]],
    diff: [["old", "diff-old"], ["oldsite", "diff-oldsite"], ["new", "diff-new"], ["newsite", "diff-newsite"], ["urls", "diff-urls"]],
    device: [["text", "device-text"]],
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
  }

  function collect(view) {
    const params = new URLSearchParams();
    for (const [param, id] of fields[view]) {
      const input = $(id);
      if (input.type === "checkbox") { if (input.checked) params.set(param, "1"); }
      else if (input.value.trim()) params.set(param, input.value);
    }
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
      else rendered = await runDevice(params);
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

  async function runDiff(params) {
    const side = (role) => params.get(role + "site") ? { site: params.get(role + "site") } : { text: params.get(role) || "", name: role + ".json" };
    const body = { old: side("old"), new: side("new"), urls: lines(params.get("urls")) };
    const doc = await api("diff", body);
    lastDocument = doc;
    lastCommand = ["aasa-lint", "diff", "old.json", "new.json"].concat(body.urls.length ? ["--urls", "urls.txt"] : [], ["--format", "json"]).join(" ");
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

  // MARK: As you type

  // The single-URL box asks the API (a lint of the already-given file, no fetch, answered in a
  // few milliseconds) a moment after typing stops; see docs/validator.md.
  let typingTimer = 0;
  let typingSerial = 0;
  function onType() {
    clearTimeout(typingTimer);
    typingTimer = setTimeout(async () => {
      const serial = ++typingSerial;
      const url = $("route-one").value.trim();
      const answer = $("route-one-answer");
      if (!url || !$("route-text").value.trim()) { answer.textContent = ""; return; }
      try {
        const body = { text: $("route-text").value, urls: [url] };
        if ($("route-app").value.trim()) body.app = $("route-app").value.trim();
        const doc = await api("lint", body);
        if (serial !== typingSerial) return;
        answer.replaceChildren(...(doc.routes || []).map(routeLine));
      } catch (error) {
        if (serial === typingSerial) answer.replaceChildren(problem(error));
      }
    }, 120);
  }

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
    $("copy-command").addEventListener("click", (event) => copy(lastCommand, event.currentTarget));
    $("copy-link").addEventListener("click", (event) => copy(location.href, event.currentTarget));
    $("download-json").addEventListener("click", download);
    window.addEventListener("hashchange", onFragment);
    loadAbout();
    onFragment();
  }

  start();
})();
