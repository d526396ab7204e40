#!/usr/bin/env python3
"""The straightforward implementation the benchmark compares with: Python, no compilation step.
For each URL: split and decode it with urllib, then for each component in file order rewrite
each pattern into PatternMatcher's glob syntax and match it with a direct port of AOSP's
PatternMatcher.matchGlobPattern, over UTF-16 code units. Prints the same TSV as
`aasa-lint FILE --urls URLS --format tsv`: URL, package or -, verdict.

    baseline.py assetlinks.json urls.txt [LIMIT]"""
import json
import sys
from urllib.parse import unquote

def utf16(text):
    data = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]

def match_glob(pattern, text):
    np, nm = len(pattern), len(text)
    if np == 0:
        return nm == 0
    ip = im = 0
    nxt = pattern[0]
    DOT, STAR, BS = ord("."), ord("*"), ord("\\")
    while ip < np and im < nm:
        c = nxt
        ip += 1
        nxt = pattern[ip] if ip < np else 0
        escaped = c == BS
        if escaped:
            c = nxt
            ip += 1
            nxt = pattern[ip] if ip < np else 0
        if nxt == STAR:
            if not escaped and c == DOT:
                if ip >= np - 1:
                    return True
                ip += 1
                nxt = pattern[ip]
                if nxt == BS:
                    ip += 1
                    nxt = pattern[ip] if ip < np else 0
                while im < nm and text[im] != nxt:
                    im += 1
                if im == nm:
                    return False
                ip += 1
                nxt = pattern[ip] if ip < np else 0
                im += 1
            else:
                while im < nm and text[im] == c:
                    im += 1
                ip += 1
                nxt = pattern[ip] if ip < np else 0
        else:
            if c != DOT and text[im] != c:
                return False
            im += 1
    if ip >= np and im >= nm:
        return True
    return ip == np - 2 and pattern[ip] == DOT and pattern[ip + 1] == STAR

def matches(expression, text):
    wildcards = expression.count("*") + expression.count("?")
    if wildcards == 0:
        return utf16(expression) == text
    if wildcards == 1 and expression.endswith("*"):
        prefix = utf16(expression[:-1])
        return text[:len(prefix)] == prefix
    rewritten = "".join({"*": ".*", "?": ".", ".": "\\.", "\\": "\\\\"}.get(ch, ch) for ch in expression)
    return match_glob(utf16(rewritten), text)

def parts(url):
    hash_at = url.find("#")
    fragment = url[hash_at + 1:] if hash_at >= 0 else None
    rest = url[:hash_at] if hash_at >= 0 else url
    q_at = rest.find("?")
    query = rest[q_at + 1:] if q_at >= 0 else None
    rest = rest[:q_at] if q_at >= 0 else rest
    if "://" in rest:
        after = rest.split("://", 1)[1]
        slash = after.find("/")
        rest = after[slash:] if slash >= 0 else ""
    decode = lambda s: unquote(s, errors="replace")
    path = utf16(decode(rest))
    params = None
    if query is not None:
        decoded = decode(query)
        pieces = java_split(decoded, "&")
        if len(pieces) == 1:
            pieces = java_split(decoded, ";")
        params = [utf16(p) for p in pieces]
    return path, params, (utf16(decode(fragment)) if fragment is not None else None)

def java_split(text, sep):
    if sep not in text:
        return [text]
    pieces = text.split(sep)
    while pieces and pieces[-1] == "":
        pieces.pop()
    return pieces

def decide(components, url):
    path, params, fragment = parts(url)
    for component in components:
        keys = [k for k in ("/", "?", "#") if k in component]
        if not keys:
            continue
        ok = True
        if "/" in component and not matches(component["/"], path):
            ok = False
        if ok and "?" in component:
            for name, value in component["?"].items():
                if params is None or not any(matches(f"{name}={value}", p) for p in params):
                    ok = False
                    break
        if ok and "#" in component:
            if fragment is None or not matches(component["#"], fragment):
                ok = False
        if ok:
            return "excluded" if component.get("exclude") is True else "open"
    return "excluded"

def main():
    statements = json.load(open(sys.argv[1]))
    statement = statements[0]
    package = statement["target"]["package_name"]
    components = statement["relation_extensions"]["delegate_permission/common.handle_all_urls"]["dynamic_app_link_components"]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else None
    out = []
    with open(sys.argv[2]) as f:
        for index, line in enumerate(f):
            if limit is not None and index >= limit:
                break
            url = line.rstrip("\n")
            out.append(f"{url}\t{package}\t{decide(components, url)}\n")
    sys.stdout.write("".join(out))

main()
