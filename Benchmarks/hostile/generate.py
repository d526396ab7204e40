#!/usr/bin/env python3
"""Writes the hostile inputs of issue 8 into a folder: files built to crash or stall a linter.

Usage: generate.py OUT_DIR

Each file is about 1 MB (the lint figure) or 128 KB (the routing figure, Apple's limit), plus a
50 MB file to refuse. Deterministic: the same files every run.
"""
import json
import os
import random
import sys

APP = "D3KQX62K1A.com.example.app"
MB = 1_000_000


def aasa(components, variables=None):
    applinks = {"details": [{"appIDs": [APP], "components": components}]}
    if variables is not None:
        applinks["substitutionVariables"] = variables
    return json.dumps({"applinks": applinks})


def fill(make, limit):
    """Calls make(i) until the items reach `limit` bytes of JSON."""
    items, size, i = [], 0, 0
    while size < limit:
        item = make(i)
        items.append(item)
        size += len(json.dumps(item)) + 2
        i += 1
    return items


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(2026)
    files = {
        "nested-arrays-20k.json": "[" * 20_000,
        "nested-arrays-1m.json": "[" * MB,
        "nested-objects-1m.json": '{"a":' * (MB // 5),
        "assetlinks-empty-statements-1m.json": "[" + ",".join(["{}"] * (MB // 3)) + "]",
        "slips-in-deep-arrays-1m.json": '{"applinks":{"details":' + "[" * 400
        + ",".join(["[1,]"] * (MB // 5)) + "]" * 400 + "}}",
        "prefix-rules-1m.json": aasa(fill(lambda i: {"/": "/p%d/*" % i}, MB)),
        "query-items-1m.json": aasa(
            [{"/": "/x", "?": {"k%d" % i: "v" for i in range(MB // 15)}}]),
        "variables-1m.json": aasa(
            [{"/": "/$(v7)/*"}], {"v%d" % i: ["a%d" % i] for i in range(MB // 22)}),
        "unknown-keys-1m.json": aasa(fill(lambda i: {"/": "/a", "k%d" % i: 1}, MB)),
        "lang-128k.json": aasa([{"/": "/" + "$(lang)" * 18_000}]),
        "lang-under-budget-128k.json": aasa(
            fill(lambda i: {"/": "/%d/$(lang)/$(lang)/$(region)/*" % i}, 125_000)),
        # A variable pattern with a long literal after a star (fuzz finding F4).
        "long-literal-variable-128k.json": aasa(
            [{"/": "/*" + "a" * 60_000 + "b$(region)"}]),
        "unindexed-rules-128k.json": aasa(
            fill(lambda i: {"/": "*%s*%s*y%d?" % (chr(97 + i % 26) * 3, "x" * (i % 7), i)},
                 125_000)),
    }
    for name, text in files.items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    with open(os.path.join(out, "huge-50m.json"), "wb") as f:
        f.truncate(50_000_000)
    alphabet = "abcxy/"
    paths = {
        "path-2k.txt": "/" + "".join(rng.choice(alphabet) for _ in range(2_047)),
        "path-lang.txt": "/" + "en" * 1_000 + "x",
        "path-a-100k.txt": "/" + "a" * 100_000 + "bGB",
        "path-100k.txt": "/" + "".join(rng.choice(alphabet) for _ in range(99_999)),
    }
    for name, text in paths.items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
