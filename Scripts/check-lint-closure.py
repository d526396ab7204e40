#!/usr/bin/env python3
"""Fails when `aasa-lint` would build the server: AASAServer, AASAACME or CNGHTTP2 in its closure.

`aasa-lint` is the command people install first and build from a fresh clone; the HTTP/2 server,
nghttp2 and the ACME client are `aasa-serve`'s. One dependency edge (the validator taking the
server's listener) once made `aasa-lint` build and link all three; the plain listeners now live in
AASAHosting. This check follows the targets' dependencies in Package.swift (what `swift package
describe` reports, transitively) from the executable target `aasa-lint`, and names the chain of
targets that reaches a forbidden one. It is run by `.ci/run`.

    python3 Scripts/check-lint-closure.py [--describe FILE]

`--describe FILE` reads `swift package describe --type json` output saved in FILE instead of asking
SwiftPM (which resolves the package first). Exit status 0 when the closure is clean, 1 with one line
per forbidden target reached, 2 when the description cannot be had.
"""
import argparse
import json
import pathlib
import subprocess
import sys

ROOT_TARGET = "aasa-lint"
FORBIDDEN = ("AASAServer", "AASAACME", "CNGHTTP2")


def describe(path):
    if path:
        return json.loads(pathlib.Path(path).read_text())
    root = pathlib.Path(__file__).resolve().parent.parent
    result = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=root, capture_output=True,
        text=True)
    if result.returncode != 0:
        sys.exit(f"swift package describe failed:\n{result.stderr.strip()}")
    # Resolution may print progress lines before the JSON document.
    text = result.stdout
    return json.loads(text[text.index("{"):])


def chains(targets, root):
    """The first path of target names from `root` to each target it reaches (breadth first)."""
    paths = {root: [root]}
    queue = [root]
    while queue:
        name = queue.pop(0)
        for dependency in targets.get(name, {}).get("target_dependencies", []):
            if dependency not in paths:
                paths[dependency] = paths[name] + [dependency]
                queue.append(dependency)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--describe", help="saved `swift package describe --type json` output")
    arguments = parser.parse_args()
    try:
        package = describe(arguments.describe)
    except (OSError, ValueError) as error:
        print(f"cannot read the package description: {error}", file=sys.stderr)
        return 2
    targets = {target["name"]: target for target in package.get("targets", [])}
    if ROOT_TARGET not in targets:
        print(f"the package has no target named {ROOT_TARGET}", file=sys.stderr)
        return 2
    reached = chains(targets, ROOT_TARGET)
    found = [name for name in FORBIDDEN if name in reached]
    for name in found:
        print(f"{ROOT_TARGET} depends on {name}: {' -> '.join(reached[name])}")
    if found:
        print("aasa-lint must build without the server: move what it needs below AASAServer "
              "(a plain listener is AASAHosting's)")
        return 1
    print(f"{ROOT_TARGET}: {len(reached) - 1} targets, none of {', '.join(FORBIDDEN)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
