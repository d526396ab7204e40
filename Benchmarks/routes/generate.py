#!/usr/bin/env python3
"""Generates the route benchmark's data: a 200-route MobileDeepLinkingConfig.json and a list of
deep links, a deterministic mix of exact matches, trimmed fallbacks, regex and required failures,
unknown hosts and bare links.

    python3 Benchmarks/routes/generate.py --out Benchmarks/work --links 1000000 --seed 2024

No two routes can match the same link (each host has a literal route, a digits-only :id route and
longer routes under it), so any order of trying them gives the same answer: the baseline may use
Foundation's unordered dictionary and still agree with aasa-lint line for line.
"""
import argparse
import json
import os
import random

HOSTS = 50


def config():
    routes = {}
    for i in range(HOSTS):
        routes[f"s{i}/list"] = {"class": f"List{i}", "identifier": f"list{i}",
                                "routeParameters": {"utm": {}}}
        routes[f"s{i}/:id"] = {"class": f"Item{i}", "identifier": f"item{i}",
                               "handlers": ["logAnalytics"],
                               "routeParameters": {"id": {"regex": "^[0-9]+$"}, "utm": {}}}
        routes[f"s{i}/:id/reviews/:page"] = {
            "class": f"Reviews{i}", "identifier": f"reviews{i}",
            "routeParameters": {"id": {"regex": "^[0-9]+$"}, "page": {"regex": "^[0-9]{1,3}$"}}}
        routes[f"s{i}/:id/share"] = {
            "class": f"Share{i}", "identifier": f"share{i}",
            "handlers": ["authenticate", "logAnalytics"],
            "routeParameters": {"id": {"regex": "^[0-9]+$"}, "ref": {"required": "true"}}}
    return {"logging": False, "defaultRoute": {"class": "Home", "identifier": "home"},
            "routes": routes}


def link(rng):
    host = f"s{rng.randrange(HOSTS)}"
    item = rng.randrange(1, 10**6)
    kind = rng.random()
    if kind < 0.25:
        return f"mdlbench://{host}/{item}"
    if kind < 0.35:
        return f"mdlbench://{host}/list?utm=mail&x=1"
    if kind < 0.50:
        return f"mdlbench://{host}/{item}/reviews/{rng.randrange(1, 2000)}"
    if kind < 0.60:
        return f"mdlbench://{host}/{item}/share?ref=abc&utm=x"
    if kind < 0.68:
        return f"mdlbench://{host}/{item}/share"
    if kind < 0.78:
        return f"mdlbench://{host}/item{item}"
    if kind < 0.88:
        return f"mdlbench://{host}/{item}/more/segments/here/"
    if kind < 0.97:
        return f"mdlbench://unknown{rng.randrange(1000)}/a/b"
    return "mdlbench://"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--links", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "routes-200.json"), "w") as f:
        json.dump(config(), f, indent=2)
    rng = random.Random(args.seed)
    with open(os.path.join(args.out, "links.txt"), "w") as f:
        for _ in range(args.links):
            f.write(link(rng) + "\n")


if __name__ == "__main__":
    main()
