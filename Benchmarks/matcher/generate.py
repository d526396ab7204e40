#!/usr/bin/env python3
"""Writes the matcher benchmark's data: three apple-app-site-association files (10, 100 and
1,000 rules) and one file of URLs, one per line. Deterministic: the same seed writes the same
bytes.

    python3 Benchmarks/matcher/generate.py --out Benchmarks/work [--urls 1000000] [--seed 2024]

The files describe a large retail site the way real ones look: a shop app (components), a stores
app (legacy `paths` with `NOT`), a magazine app (unicode slugs, `percentEncoded: false`) and a
help app (fragments). Rules: product and category prefixes, `*.pdf`-style suffix exclusions,
`?` wildcards (order numbers, gift cards), exclusions placed before the rules they carve out,
query dictionaries, whole-query strings, `$(lang)`, `$(region)` and custom variables, and
`defaults` at domain and app level.

The three files are nested: every rule of the 10-rule file is in the 100-rule file and every
rule of that is in the 1,000-rule file, in the same order. URLs are aimed at rules of all three
files alike (a third each), so every file sees matches, blocks and misses; the rest are misses
and near misses. Some URLs carry queries (tracking parameters) and fragments, some are full
`https://` URLs, some differ in case or have doubled slashes.
"""

import argparse
import json
import os
import random
import urllib.parse

SEED = 2024
RULE_COUNTS = (10, 100, 1000)

TEAM_A = "9JA89QQLNQ"
TEAM_B = "K7TQ2R3ZPX"
APPS = {
    "shop": [f"{TEAM_A}.com.northwind.shop", f"{TEAM_A}.com.northwind.shop.beta"],
    "stores": [f"{TEAM_A}.com.northwind.stores"],
    "magazine": [f"{TEAM_B}.com.northwind.magazine"],
    "help": [f"{TEAM_A}.com.northwind.help"],
}
# Share of the rules of each entry (the rest go to the shop).
SHARES = {"stores": 0.15, "magazine": 0.10, "help": 0.05}

ADJECTIVES = (
    "running trail outdoor indoor classic vintage organic wireless smart compact premium "
    "kids mens womens winter summer waterproof leather cotton wool linen bamboo steel "
    "ceramic glass cast-iron portable ergonomic modular electric acoustic digital studio "
    "travel garden kitchen office gaming camping cycling yoga hiking"
).split()
NOUNS = (
    "shoes jackets backpacks tents lamps chairs desks sofas rugs mugs kettles knives "
    "headphones speakers cameras lenses watches bikes helmets gloves socks shirts dresses "
    "jeans boots sandals blankets pillows towels plates bowls pans grills drills saws "
    "tablets laptops monitors keyboards mice chargers cables routers"
).split()
CITIES = (
    "london paris berlin madrid rome amsterdam vienna prague lisbon dublin oslo stockholm "
    "helsinki copenhagen warsaw zurich geneva milan munich hamburg lyon marseille seville "
    "porto krakow brno graz bergen malmo turku aarhus gdansk basel turin cologne nantes "
    "valencia bilbao bologna naples antwerp ghent utrecht rotterdam leeds bristol glasgow "
    "edinburgh cardiff belfast cork galway york bath oxford cambridge brighton"
).split()
TOPICS = (
    "style travel food design culture interviews guides trends care repair sustainability "
    "gear-tests recipes how-to events behind-the-scenes"
).split()
UNICODE_TOPICS = ["café", "größen", "über-uns", "été", "niño", "smörgåsbord", "crème", "façade"]
BRANDS = (
    "acme northwind contoso fabrikam tailspin wingtip litware adventure-works proseware "
    "fourth-coffee lucerne margies alpine-ski coho trey"
).split()
VARIABLES = {
    "locale": ["en-us", "en-gb", "fr-fr", "de-de", "es-es", "it-it", "ja-jp", "pt-br", "nl-nl", "sv-se"],
    "campaign": ["spring-*", "summer-sale", "black-friday", "cyber-monday", "holiday-*", "back-to-school"],
    "brand": BRANDS,
    "sortorder": ["price-asc", "price-desc", "newest", "rating", "relevance"],
    "size": ["xs", "s", "m", "l", "xl", "xxl"],
}
# Values the URL generator uses for the built-ins (all valid codes).
LANGS = ["en", "fr", "de", "es", "it", "ja", "nl", "sv", "pt", "zh", "ger", "fre"]
REGIONS = ["us", "gb", "fr", "de", "es", "it", "jp", "nl", "se", "br", "GB", "US", "DE"]
LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"


class Slugs:
    """Unique `adjective-noun` slugs in a seeded order."""

    def __init__(self, rng):
        self.pool = [f"{a}-{n}" for a in ADJECTIVES for n in NOUNS]
        rng.shuffle(self.pool)
        self.next = 0

    def take(self):
        slug = self.pool[self.next % len(self.pool)]
        round_ = self.next // len(self.pool)
        self.next += 1
        return slug if round_ == 0 else f"{slug}-{round_ + 1}"


def shop_groups(rng, slugs, count):
    """Rule groups for the shop entry: each group is a list of components kept together (an
    exclusion goes right before the rule it carves out)."""
    groups = []
    # Downloads never open the app, whatever their path: suffix exclusions first.
    fixed = [
        [{"/": "*.pdf", "exclude": True}],
        [{"/": "/account/*", "exclude": True, "caseSensitive": True}],
    ]
    kinds = [
        ("product", 24), ("product_excl", 10), ("category_lang", 4), ("category_locale", 4),
        ("order", 5), ("giftcard", 2), ("catalog_pdf", 5), ("search_query", 8), ("promo_query", 6),
        ("checkout_query", 3), ("reviews_fragment", 4), ("brand", 6), ("sku", 8), ("intl_region", 3),
        ("collection_size", 4), ("exact", 4),
    ]
    names = [k for k, _ in kinds]
    weights = [w for _, w in kinds]
    total = sum(len(g) for g in fixed)
    while total < count:
        kind = rng.choices(names, weights)[0]
        s = slugs.take()
        if kind == "product":
            g = [{"/": f"/products/{s}/*"}]
        elif kind == "product_excl":
            g = [
                {"/": f"/products/{s}/preview/*", "exclude": True, "caseSensitive": True,
                 "comment": "unreleased"},
                {"/": f"/products/{s}/*"},
            ]
        elif kind == "category_lang":
            g = [{"/": f"/$(lang)/c/{s}/*"}]
        elif kind == "category_locale":
            g = [{"/": f"/$(locale)/{s}/*"}]
        elif kind == "order":
            g = [{"/": f"/orders/{s}/????????", "caseSensitive": True}]
        elif kind == "giftcard":
            g = [{"/": f"/gift-cards/{s}/????-????-????"}]
        elif kind == "catalog_pdf":
            g = [
                {"/": f"/catalogs/{s}/*.pdf", "exclude": True},
                {"/": f"/catalogs/{s}/*"},
            ]
        elif kind == "search_query":
            g = [{"/": f"/search/{s}", "?": {"q": "?*", "sort": "$(sortorder)"}}]
        elif kind == "promo_query":
            g = [{"/": f"/promo/{s}/*", "?": {"utm_campaign": "$(campaign)"}}]
        elif kind == "checkout_query":
            g = [{"/": f"/checkout/{s}/*", "?": "step=?*"}]
        elif kind == "reviews_fragment":
            g = [{"/": f"/reviews/{s}/*", "#": "review-*"}]
        elif kind == "brand":
            g = [{"/": f"/brands/$(brand)/{s}/*"}]
        elif kind == "sku":
            g = [{"/": f"/p/{s}/$(digit)$(digit)$(digit)$(digit)*"}]
        elif kind == "intl_region":
            g = [{"/": f"/intl/$(region)/{s}/*"}]
        elif kind == "collection_size":
            g = [{"/": f"/collections/{s}/$(size)/*", "?": {"color": "*", "page": "$(digit)*"}}]
        else:
            g = [{"/": f"/deals/{s}"}]
        if total + len(g) > count:
            g = g[-1:]
        groups.append(g)
        total += len(g)
    return fixed + groups


def store_groups(rng, count):
    groups = []
    total = 0
    cities = list(CITIES)
    rng.shuffle(cities)
    n = 0
    while total < count:
        city = cities[n % len(cities)] + ("" if n < len(cities) else f"-{n // len(cities) + 1}")
        n += 1
        kind = rng.choice(["plain", "not", "events"])
        if kind == "plain":
            g = [f"/stores/{city}/*"]
        elif kind == "not":
            g = [f"NOT /stores/{city}/staff/*", f"/stores/{city}/*"]
        else:
            g = [f"/stores/{city}/events/????/*"]
        if total + len(g) > count:
            g = g[-1:]
        groups.append(g)
        total += len(g)
    return groups


def magazine_groups(rng, count):
    groups = []
    total = 0
    n = 0
    topics = list(TOPICS) + list(UNICODE_TOPICS)
    while total < count:
        topic = topics[n % len(topics)] + ("" if n < len(topics) else f"-{n // len(topics) + 1}")
        n += 1
        kind = rng.choice(["topic", "lang", "issue"])
        if kind == "topic":
            g = [{"/": f"/magazine/{topic}/*"}]
        elif kind == "lang":
            g = [{"/": f"/magazine/$(lang)/{topic}/*", "caseSensitive": False}]
        else:
            g = [{"/": f"/magazine/{topic}/issue-$(digit)$(digit)/*", "#": "*"}]
        groups.append(g)
        total += len(g)
    return groups


def help_groups(rng, count):
    groups = []
    total = 0
    n = 0
    while total < count:
        topic = TOPICS[n % len(TOPICS)] + ("" if n < len(TOPICS) else f"-{n // len(TOPICS) + 1}")
        n += 1
        if rng.random() < 0.5:
            g = [{"/": f"/help/{topic}", "#": "faq-?*"}]
        else:
            g = [{"/": f"/help/{topic}/*", "?": {"ref": "?*"}}]
        groups.append(g)
        total += len(g)
    return groups


def choose_tiers(rng, entries):
    """Nested subsets of the groups with exactly 10, 100 and 1,000 rules: returns, for each
    group (entry, index), the smallest tier it belongs to."""
    keys = [(e, i) for e in entries for i in range(len(entries[e]))]
    size = {k: len(entries[k[0]][k[1]]) for k in keys}
    tier = {}
    # Every entry has a rule in the smallest file; the shop's suffix exclusion too.
    forced = [("shop", 0), ("shop", 2), ("stores", 0), ("magazine", 0), ("help", 0)]
    order = forced + [k for k in rng.sample(keys, len(keys)) if k not in forced]
    chosen = 0
    for limit in RULE_COUNTS:
        for k in order:
            if k in tier:
                continue
            if chosen + size[k] <= limit:
                tier[k] = limit
                chosen += size[k]
            if chosen == limit:
                break
        assert chosen == limit, (limit, chosen)
    return tier


def build_files(seed):
    rng = random.Random(seed)
    largest = RULE_COUNTS[-1]
    counts = {name: round(largest * share) for name, share in SHARES.items()}
    counts["shop"] = largest - sum(counts.values())
    slugs = Slugs(rng)
    entries = {
        "shop": shop_groups(rng, slugs, counts["shop"]),
        "stores": store_groups(rng, counts["stores"]),
        "magazine": magazine_groups(rng, counts["magazine"]),
        "help": help_groups(rng, counts["help"]),
    }
    tier = choose_tiers(rng, entries)
    files = {}
    for limit in RULE_COUNTS:
        def rules(entry):
            return [r for i, g in enumerate(entries[entry]) if tier[(entry, i)] <= limit for r in g]

        details = [
            {"appIDs": APPS["shop"], "components": rules("shop")},
            {"appID": APPS["stores"][0], "paths": rules("stores")},
            {
                "appIDs": APPS["magazine"],
                "defaults": {"caseSensitive": True, "percentEncoded": False},
                "components": rules("magazine"),
            },
            {"appIDs": APPS["help"], "components": rules("help")},
        ]
        files[limit] = {
            "applinks": {
                "defaults": {"caseSensitive": False},
                "substitutionVariables": VARIABLES,
                "details": details,
            },
            "webcredentials": {"apps": [APPS["shop"][0]]},
        }
    return files


def write_aasa(document, path):
    """Compact but readable: one rule per line (a real file must stay under 128 KB)."""
    def dump(value):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    links = document["applinks"]
    lines = ['{"applinks":{', f'"defaults":{dump(links["defaults"])},']
    lines.append(f'"substitutionVariables":{dump(links["substitutionVariables"])},')
    lines.append('"details":[')
    for d, detail in enumerate(links["details"]):
        key = "components" if "components" in detail else "paths"
        head = {k: v for k, v in detail.items() if k != key}
        lines.append(dump(head)[:-1] + f',"{key}":[')
        rules = detail[key]
        for r, rule in enumerate(rules):
            lines.append("  " + dump(rule) + ("," if r + 1 < len(rules) else ""))
        lines.append("]}" + ("," if d + 1 < len(links["details"]) else ""))
    lines.append("]},")
    lines.append(f'"webcredentials":{dump(document["webcredentials"])}}}')
    data = ("\n".join(lines) + "\n").encode()
    assert json.loads(data) == document
    assert len(data) <= 131072, f"{path}: {len(data)} bytes, over Apple's 128 KB"
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


# --- URLs -------------------------------------------------------------------------------------

def word(rng):
    return rng.choice(NOUNS) if rng.random() < 0.5 else rng.choice(ADJECTIVES)


def fill(rng, pattern):
    """A concrete string matching `pattern` (wildcards, escapes and variables filled in)."""
    out = []
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            out.append(pattern[i + 1])
            i += 2
            continue
        if c == "$" and pattern.startswith("$(", i):
            close = pattern.index(")", i)
            name = pattern[i + 2:close]
            i = close + 1
            if name == "lang":
                out.append(rng.choice(LANGS))
            elif name == "region":
                out.append(rng.choice(REGIONS))
            elif name == "digit":
                out.append(rng.choice("0123456789"))
            elif name in VARIABLES:
                out.append(fill(rng, rng.choice(VARIABLES[name])))
            continue
        if c == "*":
            r = rng.random()
            if r < 0.15:
                pass
            elif r < 0.7:
                out.append(f"{word(rng)}-{rng.randrange(1000)}")
            else:
                out.append(f"{word(rng)}/{rng.randrange(100000)}")
        elif c == "?":
            out.append(rng.choice(LETTERS))
        else:
            out.append(c)
        i += 1
    return "".join(out)


def encode_path(path):
    return urllib.parse.quote(path, safe="/-_.~!$&'()*+,;=:@%")


TRACKING = ["utm_source=newsletter", "utm_medium=email", "gclid=Cj0KCQiA", "ref=home", "lang=en"]


def url_for_rule(rng, rule):
    """A URL aimed at `rule` (a component dict or a legacy path string)."""
    if isinstance(rule, str):
        pattern = rule[4:] if rule.startswith("NOT ") else rule
        path = encode_path(fill(rng, pattern))
        query = rng.choice(TRACKING) if rng.random() < 0.2 else None
        fragment = None
    else:
        path = encode_path(fill(rng, rule.get("/", "*")))
        q = rule.get("?")
        if isinstance(q, dict):
            items = [f"{name}={urllib.parse.quote(fill(rng, value), safe='-_.*')}" for name, value in q.items()]
            if rng.random() < 0.5:
                items.append(rng.choice(TRACKING))
            rng.shuffle(items)
            query = "&".join(items)
        elif isinstance(q, str):
            query = fill(rng, q)
        else:
            query = "&".join(rng.sample(TRACKING, rng.randrange(1, 3))) if rng.random() < 0.25 else None
        fragment = fill(rng, rule["#"]) if "#" in rule and rng.random() < 0.8 else None
    if path.endswith("/") and rng.random() < 0.5 and len(path) > 1:
        path = path[:-1]
    return path, query, fragment


MISS_PREFIXES = ["/about", "/careers", "/static/js", "/blog", "/cart", "/wishlist", "/products-old",
                 "/stores-finder", "/magazine-archive", "/api/v2", "/cdn-cgi", "/sitemap"]


def miss_url(rng):
    path = f"{rng.choice(MISS_PREFIXES)}/{word(rng)}-{rng.randrange(10000)}"
    if rng.random() < 0.3:
        path += f"/{rng.randrange(100)}.js"
    query = rng.choice(TRACKING) if rng.random() < 0.3 else None
    fragment = "top" if rng.random() < 0.05 else None
    return path, query, fragment


def near_miss(rng, rule):
    """A URL that resembles `rule` but should not (or may not) match it."""
    path, query, fragment = url_for_rule(rng, rule)
    r = rng.random()
    if r < 0.3:
        path = path.upper()
    elif r < 0.5:
        path = path.replace("/", "-", 2)
    elif r < 0.7:
        query = None
        fragment = None
    elif r < 0.85:
        path = path + "x"
    else:
        path = path.replace("/", "//", 1)
    return path, query, fragment


def quirk(rng, path, query, fragment):
    """The odd corners real traffic has: repeated or value-less query items, an encoded slash,
    lower-case hex escapes, an empty query or fragment, a path without a leading slash."""
    r = rng.randrange(7)
    if r == 0 and query:
        first = query.split("&")[0]
        query = f"{query}&{first.split('=')[0]}=other"
    elif r == 1:
        query = (query + "&" if query else "") + rng.choice(["q", "sort", "ref", "utm_campaign"])
    elif r == 2:
        path = path.rstrip("/") + "%2F" + word(rng)
    elif r == 3:
        path = path.replace("%C3", "%c3").replace("%A9", "%a9").replace("%B6", "%b6")
    elif r == 4:
        query = ""
    elif r == 5:
        fragment = ""
    else:
        path = path.lstrip("/")
    return path, query, fragment


def write_urls(files, count, seed, path):
    rng = random.Random(seed + 1)
    pools = {}
    for limit, document in files.items():
        rules = []
        for detail in document["applinks"]["details"]:
            for rule in detail.get("components", detail.get("paths", [])):
                rules.append(rule)
        positive = [r for r in rules if not (isinstance(r, str) and r.startswith("NOT ")) and not (
            isinstance(r, dict) and r.get("exclude"))]
        negative = [r for r in rules if r not in positive]
        pools[limit] = (rules, positive, negative)
    tiers = list(RULE_COUNTS)
    kinds = {"match": 0, "block": 0, "near": 0, "miss": 0}
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        buffer = []
        for n in range(count):
            rules, positive, negative = pools[rng.choice(tiers)]
            r = rng.random()
            if r < 0.55:
                kinds["match"] += 1
                parts = url_for_rule(rng, rng.choice(positive))
            elif r < 0.67:
                kinds["block"] += 1
                parts = url_for_rule(rng, rng.choice(negative))
            elif r < 0.82:
                kinds["near"] += 1
                parts = near_miss(rng, rng.choice(rules))
            else:
                kinds["miss"] += 1
                parts = miss_url(rng)
            p, query, fragment = parts
            if not p.startswith("/"):
                p = "/" + p
            if rng.random() < 0.04:
                p, query, fragment = quirk(rng, p, query, fragment)
            if rng.random() < 0.05:
                p = p.upper() if rng.random() < 0.5 else p.lower()
            line = p
            if query is not None:
                line += "?" + query
            if fragment is not None:
                line += "#" + fragment
            if rng.random() < 0.1 and line.startswith("/"):
                line = "https://shop.northwind.example" + line
            buffer.append(line)
            if len(buffer) >= 10000:
                out.write("\n".join(buffer) + "\n")
                buffer.clear()
        if buffer:
            out.write("\n".join(buffer) + "\n")
    return kinds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="Benchmarks/work")
    parser.add_argument("--urls", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    files = build_files(args.seed)
    for limit, document in files.items():
        target = os.path.join(args.out, f"aasa-{limit}.json")
        size = write_aasa(document, target)
        print(f"{target}: {limit} rules, {size} bytes")
    target = os.path.join(args.out, "urls.txt")
    kinds = write_urls(files, args.urls, args.seed, target)
    print(f"{target}: {args.urls} URLs aimed at: " + ", ".join(f"{k} {v}" for k, v in kinds.items()))


if __name__ == "__main__":
    main()
