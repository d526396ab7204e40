#!/usr/bin/env python3
"""Writes the Android dynamic-rules benchmark's inputs into Benchmarks/work/android/:
assetlinks.json with 200 dynamic_app_link_components (one app, a large shop: product, category
and brand prefixes with exclusions before them, literal pages, globs with a lazy middle `*`,
query and fragment filters, a final catch-all exclude) and urls.txt with URLS URLs (seeded,
deterministic): a third aimed at prefixes, some at excluded paths, near misses, queries, encoded
paths, fragments and unknown paths."""
import json
import os
import random
import sys

seed = int(os.environ.get("SEED", "2024"))
count = int(os.environ.get("URLS", "1000000"))
rules = int(os.environ.get("RULES", "200"))
out = sys.argv[1] if len(sys.argv) > 1 else "Benchmarks/work/android"
os.makedirs(out, exist_ok=True)
rng = random.Random(seed)

words = ["shoes", "bags", "coats", "hats", "toys", "books", "garden", "kitchen", "sport", "audio",
         "camera", "phone", "watch", "beauty", "pets", "music", "games", "tools", "baby", "food"]
components = []
slugs = []
while len(components) < rules - 1:
    kind = len(components) % 8
    word = rng.choice(words) + str(len(components))
    slugs.append((kind, word))
    if kind == 0:
        components.append({"/": f"/{word}/sale/*", "exclude": True})
    elif kind == 1:
        components.append({"/": f"/{word}/*"})
    elif kind == 2:
        components.append({"/": f"/p/{word}/*/reviews", "exclude": True})
    elif kind == 3:
        components.append({"/": f"/p/{word}/*"})
    elif kind == 4:
        components.append({"/": f"/pages/{word}.html"})
    elif kind == 5:
        components.append({"/": f"/search/{word}", "?": {"q": "*", "utm_source": "mail*"}})
    elif kind == 6:
        components.append({"/": f"/help/{word}/*", "#": "section-*"})
    else:
        components.append({"/": f"/c/*/{word}/*.html"})
components.append({"/": "*", "exclude": True})

statement = {
    "relation": ["delegate_permission/common.handle_all_urls"],
    "target": {
        "namespace": "android_app",
        "package_name": "com.example.shop",
        "sha256_cert_fingerprints": [
            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
        ],
    },
    "relation_extensions": {
        "delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": components}
    },
}
with open(os.path.join(out, "assetlinks.json"), "w") as f:
    json.dump([statement], f, indent=1)

def url():
    kind, word = rng.choice(slugs)
    roll = rng.random()
    if roll < 0.08:
        path = f"/{word.upper()}/item"  # near miss: case
    elif roll < 0.15:
        path = f"/unknown/{rng.randint(1, 10**6)}"
    elif kind in (0, 1):
        path = f"/{word}/" + rng.choice([f"item-{rng.randint(1, 99999)}", f"sale/{rng.randint(1, 999)}", ""])
    elif kind in (2, 3):
        path = f"/p/{word}/{rng.randint(1, 99999)}" + rng.choice(["", "/reviews", "/reviews/2", "/x/reviews"])
    elif kind == 4:
        path = f"/pages/{word}.html" if rng.random() < 0.7 else f"/pages/{word}Xhtml"
    elif kind == 5:
        path = f"/search/{word}?q=" + rng.choice(["red", "a%26b", "x+y"]) + rng.choice(["", "&utm_source=mail", "&utm_source=mailing", ";utm_source=mail"])
    elif kind == 6:
        path = f"/help/{word}/faq" + rng.choice(["", "#section-2", "#top", "#"])
    else:
        path = f"/c/{rng.choice(words)}/{word}/" + rng.choice(["list.html", "v1.2/list.html", "a%2Fb.html"])
    if rng.random() < 0.2:
        path += ("&" if "?" in path else "?") + f"ref={rng.randint(1, 100)}"
    return "https://shop.example.com" + path if rng.random() < 0.5 else path

with open(os.path.join(out, "urls.txt"), "w") as f:
    for _ in range(count):
        f.write(url() + "\n")
print(f"{out}: {len(components)} components, {count} URLs")
