// Routes a URL in the page with a matcher program: the rules aasa-lint compiled for a file,
// exported by POST /api/v1/matcher (docs/validator.md, "The matcher program"). The patterns are
// not read here: each is the Swift matcher's own automaton (variables, case folding and path
// normalization already in it), simulated as a set of states, so a URL costs time linear in its
// length whatever the pattern (no regular expressions, no backtracking). What this file does is
// the URL's side, step for step as Sources/AASA does it: the address bar's encoding
// (AddressBarEncoding), splitting (URLInput), percent-decoding (ComponentPercentDecoding), path
// normalization (PathNormalization), case folding (CaseFolding), query items (ParsedQuery).
// A browser test compares its answers with /api/v1/lint's on every example file.
"use strict";

(function () {
  const SLASH = 0x2f, STAR = 0x2a, PERCENT = 0x25;
  // Node kinds (MatcherProgram.NodeKind).
  const SCALAR = 0, ANY = 1, RANGES = 2, STAR_NODE = 3, SPLIT = 4, BRANCH = 5, LEADING_SLASH = 6, ACCEPT = 7;
  // What a path's expansion looked like just before a state (PatternAutomaton.Mode).
  const OTHER = 0, START_WITHOUT_SLASH = 1, START_AFTER_SLASH = 2, AFTER_SLASH = 3, AFTER_STAR = 4;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // MARK: The URL as a browser sends it

  const isC0 = (b) => b < 0x20 || b > 0x7e;
  const inFragmentSet = (b) => isC0(b) || b === 0x20 || b === 0x22 || b === 0x3c || b === 0x3e || b === 0x60;
  const inQuerySet = (b) => isC0(b) || b === 0x20 || b === 0x22 || b === 0x23 || b === 0x3c || b === 0x3e || b === 0x27;
  const inPathSet = (b) => (inQuerySet(b) && b !== 0x27) || b === 0x3f || b === 0x5e || b === 0x60 || b === 0x7b || b === 0x7d;
  const needsAttention = (b) => b <= 0x20 || b >= 0x7f || b === 0x22 || b === 0x3c || b === 0x3e || b === 0x60 ||
    b === 0x7b || b === 0x7d || b === 0x5e || b === 0x27;
  const HEX = "0123456789ABCDEF";

  function indexOf(bytes, byte, from, to) {
    for (let i = from; i < to; i++) if (bytes[i] === byte) return i;
    return -1;
  }

  function startsWith(bytes, at, to, text) {
    if (at + text.length > to) return false;
    for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  // AddressBarEncoding.encode, without turning a Unicode host into xn-- (the box routes without
  // a domain, so the host is never read).
  function addressBar(text) {
    const all = encoder.encode(text);
    if (!all.some(needsAttention)) return text;
    let first = all.findIndex((b) => b > 0x20);
    if (first < 0) first = all.length;
    let last = first;
    for (let i = all.length - 1; i >= first; i--) if (all[i] > 0x20) { last = i + 1; break; }
    const bytes = all.slice(first, last).filter((b) => b !== 0x09 && b !== 0x0a && b !== 0x0d);
    let hash = indexOf(bytes, 0x23, 0, bytes.length);
    if (hash < 0) hash = bytes.length;
    let mark = indexOf(bytes, 0x3f, 0, hash);
    if (mark < 0) mark = hash;
    const out = [];
    const put = (b, set) => {
      if (set(b)) out.push(0x25, HEX.charCodeAt(b >> 4), HEX.charCodeAt(b & 15));
      else out.push(b);
    };
    let pathStart = 0;
    const colon = indexOf(bytes, 0x3a, 0, mark);
    if (colon >= 0 && indexOf(bytes, SLASH, 0, colon) < 0 && startsWith(bytes, colon, mark, "://")) {
      const authorityStart = colon + 3;
      let authorityEnd = indexOf(bytes, SLASH, authorityStart, mark);
      if (authorityEnd < 0) authorityEnd = mark;
      for (let i = 0; i < authorityEnd; i++) out.push(bytes[i]);
      pathStart = authorityEnd;
    }
    for (let i = pathStart; i < mark; i++) put(bytes[i], inPathSet);
    if (mark < hash) {
      out.push(0x3f);
      for (let i = mark + 1; i < hash; i++) put(bytes[i], inQuerySet);
    }
    if (hash < bytes.length) {
      out.push(0x23);
      for (let i = hash + 1; i < bytes.length; i++) put(bytes[i], inFragmentSet);
    }
    return decoder.decode(new Uint8Array(out));
  }

  // URLInput: the path, and the query and fragment ("" when absent), of the sent text.
  function split(sent) {
    const bytes = encoder.encode(sent);
    let end = bytes.length;
    let hash = -1, mark = -1;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] === 0x23) { hash = i; break; }
      if (bytes[i] === 0x3f && mark < 0) mark = i;
    }
    let schemeColon = -1;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 0x3a) schemeColon = i;
      if (b === 0x3a || b === SLASH || b === 0x3f || b === 0x23) break;
    }
    const text = (from, to) => decoder.decode(bytes.subarray(from, to));
    let fragment = "", query = "";
    if (hash >= 0) { fragment = text(hash + 1, bytes.length); end = hash; }
    if (mark >= 0) { query = text(mark + 1, end); end = mark; }
    let pathStart = 0;
    if (schemeColon >= 0 && startsWith(bytes, schemeColon, end, "://")) {
      const slash = indexOf(bytes, SLASH, schemeColon + 3, end);
      pathStart = slash < 0 ? end : slash;
    }
    return { path: text(pathStart, end), query, fragment };
  }

  // MARK: A URL part as patterns compare it (PreparedText)

  function scalars(text) {
    const values = [];
    for (const character of text) values.push(character.codePointAt(0));
    return values;
  }

  const hexValue = (v) => v >= 0x30 && v <= 0x39 ? v - 0x30 : v >= 0x61 && v <= 0x66 ? v - 0x57 : v >= 0x41 && v <= 0x46 ? v - 0x37 : -1;

  function escapedByte(values, at) {
    if (at + 2 >= values.length || values[at] !== PERCENT) return -1;
    const high = hexValue(values[at + 1]), low = hexValue(values[at + 2]);
    return high < 0 || low < 0 ? -1 : high << 4 | low;
  }

  // ComponentPercentDecoding: escapes to UTF-8; what does not decode cleanly stays as written.
  function percentDecode(values) {
    if (!values.includes(PERCENT)) return values;
    const out = [];
    let i = 0;
    while (i < values.length) {
      const first = escapedByte(values, i);
      if (first < 0) { out.push(values[i]); i += 1; continue; }
      const length = first <= 0x7f ? 1 : first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 :
        first >= 0xf0 && first <= 0xf4 ? 4 : 0;
      let value = -1;
      if (length === 1) value = first;
      else if (length > 1) {
        value = first & (0xff >> (length + 1));
        for (let offset = 1; offset < length; offset++) {
          const byte = escapedByte(values, i + 3 * offset);
          if (byte < 0 || (byte & 0xc0) !== 0x80) { value = -1; break; }
          value = value << 6 | (byte & 0x3f);
        }
        const smallest = [0, 0, 0x80, 0x800, 0x10000][length];
        if (value >= 0 && (value < smallest || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))) value = -1;
      }
      if (value >= 0) { out.push(value); i += 3 * length; } else { out.push(values[i], values[i + 1], values[i + 2]); i += 3; }
    }
    return out;
  }

  // PathNormalization.normalize.
  function normalizePath(values) {
    if (values.length === 0) return [SLASH];
    if (values.length === 1) return values;
    const out = [];
    if (values[0] !== SLASH && values[0] !== STAR) out.push(SLASH);
    for (const v of values) if (!(v === SLASH && out[out.length - 1] === SLASH)) out.push(v);
    const last = out[out.length - 1];
    if (last !== SLASH && last !== STAR) out.push(SLASH);
    return out;
  }

  function single(text) {
    const values = scalars(text);
    return values.length === 1 ? values[0] : -1;
  }

  // CaseFolding.fold: ASCII by bit; others the lowercase of their uppercase when both are one
  // scalar (dotless i excepted), else their lowercase when it is one scalar.
  const foldCache = new Map();
  function fold(v) {
    if (v < 0x80) return v >= 0x41 && v <= 0x5a ? v | 0x20 : v;
    if (v === 0x131 || (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff) return v;
    let folded = foldCache.get(v);
    if (folded !== undefined) return folded;
    const character = String.fromCodePoint(v);
    let upper = single(character.toUpperCase());
    if (upper < 0) upper = v;
    folded = single(String.fromCodePoint(upper).toLowerCase());
    if (folded < 0) folded = single(character.toLowerCase());
    if (folded < 0) folded = v;
    foldCache.set(v, folded);
    return folded;
  }

  function prepare(text, isPath, percentEncoded, caseSensitive) {
    let values = scalars(text);
    if (!percentEncoded) values = percentDecode(values);
    if (isPath) values = normalizePath(values);
    if (!caseSensitive) values = values.map(fold);
    return values;
  }

  // MARK: Patterns (PatternAutomaton's simulation)

  function matches(pattern, text) {
    if (pattern === "all") return true;
    if (pattern === "none") return false;
    return simulate(pattern, text);
  }

  function simulate(automaton, text) {
    const nodes = automaton.nodes;
    const path = automaton.path;
    if (!automaton.marks || automaton.generation > 0x3fffffff) {
      automaton.marks = new Int32Array(nodes.length * 8);
      automaton.generation = 1;
    }
    const marks = automaton.marks;
    let generation = ++automaton.generation;
    let current = [];
    let next = [];
    const stack = [];
    let reachedFinalStar = false;

    function push(node, mode) {
      const state = node * 8 + mode;
      if (marks[state] !== generation) { marks[state] = generation; stack.push(state); }
    }

    // The state and everything reachable from it without consuming, keeping those that consume.
    function addClosure(start, startMode) {
      push(start, startMode);
      while (stack.length > 0) {
        const state = stack.pop();
        const node = nodes[state >> 3];
        const mode = state & 7;
        switch (node[0]) {
          case SPLIT:
            for (const target of node[1]) push(target, mode);
            continue;
          case SCALAR:
            if (path) {
              const isSlash = node[1] === SLASH;
              if (isSlash && (mode === START_AFTER_SLASH || mode === AFTER_SLASH)) push(node[2], AFTER_SLASH);
              const isStar = node[1] === STAR;
              if (mode === START_WITHOUT_SLASH && !isStar) continue;
              if (mode === START_AFTER_SLASH && isStar) continue;
            }
            break;
          case ANY: case RANGES: case BRANCH:
            if (path && mode === START_WITHOUT_SLASH) continue;
            break;
          case STAR_NODE:
            if (path && mode === START_AFTER_SLASH) continue;
            push(node[1], path ? AFTER_STAR : OTHER);
            if (nodes[node[1]][0] === ACCEPT) reachedFinalStar = true;
            break;
          default:
            break;
        }
        next.push(state);
      }
    }

    function swap() {
      current = next;
      next = [];
      generation = ++automaton.generation;
    }

    if (path && automaton.slash !== null && automaton.slash !== undefined) {
      addClosure(automaton.start, START_WITHOUT_SLASH);
      addClosure(automaton.slash, OTHER);
    } else {
      addClosure(automaton.start, OTHER);
    }
    swap();
    for (let offset = 0; offset < text.length; offset++) {
      if (reachedFinalStar) return true;
      const scalar = text[offset];
      for (const state of current) {
        const index = state >> 3;
        const node = nodes[index];
        const mode = state & 7;
        switch (node[0]) {
          case SCALAR:
            if (node[1] === scalar) addClosure(node[2], !path ? OTHER : scalar === SLASH ? AFTER_SLASH : scalar === STAR ? AFTER_STAR : OTHER);
            break;
          case ANY:
            addClosure(node[1], OTHER);
            break;
          case RANGES:
            if (node[1].some((range) => scalar >= range[0] && scalar <= range[1])) addClosure(node[2], OTHER);
            break;
          case STAR_NODE:
            addClosure(index, path ? AFTER_STAR : OTHER);
            break;
          case LEADING_SLASH:
            if (scalar === SLASH) addClosure(node[1], START_AFTER_SLASH);
            break;
          case ACCEPT:
            // The trailing `/` normalization adds after an expansion not ending in `/` or `*`.
            if (path && mode === OTHER && scalar === SLASH) addClosure(index, AFTER_SLASH);
            break;
          case BRANCH: {
            const keys = node[1];
            let low = 0, high = keys.length;
            while (low < high) {
              const middle = (low + high) >> 1;
              if (keys[middle] < scalar) low = middle + 1; else high = middle;
            }
            if (low < keys.length && keys[low] === scalar) addClosure(node[2][low], OTHER);
            break;
          }
          default:
            break;
        }
      }
      swap();
      if (current.length === 0) return false;
    }
    if (reachedFinalStar) return true;
    for (const state of current) {
      if (nodes[state >> 3][0] !== ACCEPT) continue;
      const mode = state & 7;
      if (!path || mode === START_AFTER_SLASH || mode === AFTER_SLASH || mode === AFTER_STAR) return true;
    }
    return false;
  }

  // MARK: Rules and routing (CompiledRule, Matcher.route)

  // A URL's parts, each form prepared once.
  function preparedURL(parts) {
    const forms = new Map();
    let items = null;
    return {
      form(part, percentEncoded, caseSensitive) {
        const key = part + (percentEncoded ? "e" : "d") + (caseSensitive ? "s" : "f");
        let form = forms.get(key);
        if (!form) {
          form = prepare(parts[part], part === "path", percentEncoded, caseSensitive);
          forms.set(key, form);
        }
        return form;
      },
      // ParsedQuery: items split at `&` and at their first `=`; no `=` is no value.
      items() {
        if (items) return items;
        items = [];
        if (parts.query !== "") {
          for (const item of parts.query.split("&")) {
            const equals = item.indexOf("=");
            items.push(equals < 0 ? { name: item, value: null } : { name: item.slice(0, equals), value: item.slice(equals + 1) });
          }
        }
        return items;
      },
    };
  }

  function itemName(item, percentEncoded) {
    if (percentEncoded || !item.name.includes("%")) return item.name;
    return String.fromCodePoint(...percentDecode(scalars(item.name)));
  }

  function ruleMatches(rule, url) {
    const { percentEncoded, caseSensitive } = rule;
    if (rule.path !== "all" && !matches(rule.path, url.form("path", percentEncoded, caseSensitive))) return false;
    if (rule.fragment !== "all" && !matches(rule.fragment, url.form("fragment", percentEncoded, caseSensitive))) return false;
    if (rule.query === null) return true;
    if (rule.query.whole) return matches(rule.query.whole, url.form("query", percentEncoded, caseSensitive));
    for (const [name, pattern] of rule.query.items) {
      if (pattern === "all") continue;
      let found = false;
      for (const item of url.items()) {
        if (itemName(item, percentEncoded) !== name) continue;
        found = true;
        if (!matches(pattern, prepare(item.value === null ? "" : item.value, false, percentEncoded, caseSensitive))) return false;
      }
      if (!found && !matches(pattern, prepare("", false, true, caseSensitive))) return false;
    }
    return true;
  }

  function written(rule) {
    if (rule.kind === "path") return rule.written;
    try { return JSON.parse(rule.written); } catch (error) { return rule.written; }
  }

  function verdict(app, rule) {
    if (!rule) return { app, verdict: "none", detail: null, component: null, rule: null };
    return {
      app, verdict: rule.exclude ? "blocked" : "match", detail: rule.detail, component: rule.index,
      rule: written(rule), ruleKind: rule.kind, caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded,
    };
  }

  // A route as `aasa-lint FILE URL [--app APP] --format json` writes it, without the near miss
  // ("closest") of `none` verdicts: {"input", "app", "verdicts": [...]}.
  function route(program, input, app) {
    const url = preparedURL(split(addressBar(input)));
    let verdicts = [];
    for (const entry of program.entries) {
      if (entry.apps.length === 0) continue;
      const deciding = entry.rules.find((rule) => ruleMatches(rule, url)) || null;
      for (const id of entry.apps) verdicts.push(verdict(id, deciding));
    }
    const opened = verdicts.find((one) => one.verdict === "match");
    if (app) {
      verdicts = verdicts.filter((one) => one.app === app);
      if (verdicts.length === 0) verdicts = [verdict(app, null)];
    }
    return { input, app: opened ? opened.app : null, verdicts };
  }

  // MARK: Android's dynamic rules (AndroidRouterProgram, AndroidRouter.route)

  const androidDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

  // AndroidURLParts.decode: %XX as UTF-8 bytes, `+` kept, a malformed escape as U+FFFD.
  function androidDecode(bytes, from, to) {
    if (indexOf(bytes, PERCENT, from, to) < 0) return androidDecoder.decode(bytes.subarray(from, to));
    const out = [];
    let i = from;
    while (i < to) {
      const b = bytes[i];
      if (b === PERCENT) {
        const high = i + 2 < to ? hexValue(bytes[i + 1]) : -1, low = i + 2 < to ? hexValue(bytes[i + 2]) : -1;
        if (high >= 0 && low >= 0) { out.push(high << 4 | low); i += 3; } else { out.push(0xef, 0xbf, 0xbd); i += 1; }
      } else { out.push(b); i += 1; }
    }
    return androidDecoder.decode(new Uint8Array(out));
  }

  // String.split(String) for one character, as AndroidURLParts.javaSplit: trailing empties dropped.
  function javaSplit(text, separator) {
    if (!text.includes(separator)) return [text];
    const pieces = text.split(separator);
    while (pieces.length > 0 && pieces[pieces.length - 1] === "") pieces.pop();
    return pieces;
  }

  // AndroidURLParts: the decoded path, query (null without `?`), its parameters and fragment.
  function androidParts(text) {
    const bytes = encoder.encode(text);
    let hash = indexOf(bytes, 0x23, 0, bytes.length);
    const end = hash < 0 ? bytes.length : hash;
    let mark = indexOf(bytes, 0x3f, 0, end);
    let pathEnd = mark < 0 ? end : mark, pathStart = 0;
    let colon = -1;
    for (let i = 0; i < pathEnd; i++) if (bytes[i] === 0x3a || bytes[i] === SLASH) { colon = i; break; }
    if (colon > 0 && bytes[colon] === 0x3a) {
      pathStart = colon + 1;
      if (startsWith(bytes, pathStart, pathEnd, "//")) {
        const slash = indexOf(bytes, SLASH, pathStart + 2, pathEnd);
        pathStart = slash < 0 ? pathEnd : slash;
      }
    }
    const query = mark < 0 ? null : androidDecode(bytes, mark + 1, end);
    let parameters = [];
    if (query !== null) {
      parameters = javaSplit(query, "&");
      if (parameters.length === 1) parameters = javaSplit(query, ";");
    }
    return { path: androidDecode(bytes, pathStart, pathEnd), query, parameters, fragment: hash < 0 ? null : androidDecode(bytes, hash + 1, bytes.length) };
  }

  // AndroidPattern.matchGlob: PatternMatcher's single forward pass, step for step.
  function matchGlob(p, t) {
    const pc = p.length, tc = t.length;
    if (pc === 0) return tc === 0;
    const unit = (i) => i < pc ? p.charCodeAt(i) : 0;
    let pi = 0, ti = 0, next = p.charCodeAt(0);
    while (pi < pc && ti < tc) {
      let current = next;
      next = unit(++pi);
      const escaped = current === 0x5c;
      if (escaped) { current = next; next = unit(++pi); }
      if (next === STAR) {
        if (!escaped && current === 0x2e) {
          if (pi >= pc - 1) return true;
          next = p.charCodeAt(++pi);
          if (next === 0x5c) next = unit(++pi);
          while (ti < tc && t.charCodeAt(ti) !== next) ti++;
          if (ti === tc) return false;
          next = unit(++pi);
          ti++;
        } else {
          while (ti < tc && t.charCodeAt(ti) === current) ti++;
          next = unit(++pi);
        }
      } else {
        if (current !== 0x2e && t.charCodeAt(ti) !== current) return false;
        ti++;
      }
    }
    if (pi >= pc && ti >= tc) return true;
    return pi === pc - 2 && p.charCodeAt(pi) === 0x2e && p.charCodeAt(pi + 1) === STAR;
  }

  function androidMatches(pattern, text) {
    const [kind, units] = pattern;
    return kind === 0 ? text === units : kind === 1 ? text.startsWith(units) : matchGlob(units, text);
  }

  // DynamicComponent.failedParts: the parts it constrains that the URL fails, in order.
  function failedParts(component, url) {
    const failed = [];
    if (component.path && !androidMatches(component.path, url.path)) failed.push("path");
    for (const [name, pattern] of component.query) {
      if (url.query === null || !url.parameters.some((parameter) => androidMatches(pattern, parameter))) failed.push("query parameter " + name);
    }
    if (component.fragment && (url.fragment === null || !androidMatches(component.fragment, url.fragment))) failed.push("fragment");
    return failed;
  }

  const hasFilter = (component) => component.path !== null || component.query.length > 0 || component.fragment !== null;

  // AndroidRouter's verdict for one app, as AndroidVerdictJSON writes it (with its reason).
  function androidVerdict(app, url) {
    const statement = "statement [" + app.statement + "]";
    const none = (reason) => ({ app: app.package, verdict: "none", statement: app.statement, component: null, rule: null, reason });
    if (app.rules === "none") return none(statement + " has no dynamic rules, so the manifest alone decides");
    if (!Array.isArray(app.rules)) return none("Android discards the dynamic rules of " + statement + " (" + app.rules.discarded + "), so the manifest alone decides");
    let closest = null, best = -1;
    for (const component of app.rules) {
      if (!hasFilter(component)) continue;
      const failed = failedParts(component, url);
      if (failed.length === 0) {
        return { app: app.package, verdict: component.exclude ? "excluded" : "open", statement: app.statement, component: component.index,
          rule: component.rule, reason: "the first matching component " + (component.exclude ? "excludes" : "opens") + " it" };
      }
      const count = (component.path ? 1 : 0) + component.query.length + (component.fragment ? 1 : 0);
      const score = (count - failed.length) / count;
      if (score > best) { best = score; closest = { component: component.index, rule: component.rule, failed, written: component.written }; }
    }
    let reason = "no component of " + statement + " matches, and Android excludes what nothing matches";
    if (closest) {
      const names = closest.failed;
      const described = names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names[names.length - 1] : names[0];
      reason += " (closest: component [" + closest.component + "] " + closest.written + ", which differs in the " + described + ")";
    }
    const verdict = { app: app.package, verdict: "excluded", statement: app.statement, component: null, rule: null, reason };
    if (closest) verdict.closest = { component: closest.component, rule: closest.rule, failed: closest.failed };
    return verdict;
  }

  // A route as `aasa-lint assetlinks.json URL [--app PACKAGE] --format json` writes it:
  // {"input", "apps": [...]}.
  function routeAndroid(program, input, app) {
    const url = androidParts(input);
    const verdicts = program.apps.filter((one) => !app || one.package === app).map((one) => androidVerdict(one, url));
    if (app && verdicts.length === 0) {
      verdicts.push({ app, verdict: "none", statement: null, component: null, rule: null, reason: "the file does not grant it App Links" });
    }
    return { input, apps: verdicts };
  }

  window.AASAMatcher = Object.freeze({ route, routeAndroid, addressBar, split, prepare, simulate });
})();
