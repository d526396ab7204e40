#!/usr/bin/env python3
"""Fails on the patterns that build on Linux but break the macOS build (or the other way round).

aasa builds on Linux (Glibc, Musl) and macOS (Darwin). The C library's names and types differ
between them, so every call into it lives in one platform file per target (`Platform/System.swift`,
and `Tests/TestSupport/System.swift` for the tests), where `#if canImport(Darwin)` branches can
handle the differences. This check keeps it that way: it is run by `.ci/run`, so a Linux-only change
cannot land unnoticed.

    python3 Scripts/check-portability.py [--root DIR]

Exit status 0 when nothing is found, 1 with one `file:line: problem` line per finding.
"""
import argparse
import pathlib
import re
import sys

PLATFORM_FILES = re.compile(r"(^|/)(Platform/System\.swift|TestSupport/System\.swift)$")

RULES = [
    (re.compile(r"^\s*(@_exported\s+)?import\s+(Glibc|Musl|Darwin)\b"),
     "imports the C library outside the platform layer (Platform/System.swift)"),
    (re.compile(r"\b(Glibc|Musl|Darwin)\.[a-z_]"),
     "calls the C library by module name outside the platform layer"),
    (re.compile(r"\bSOCK_(STREAM|DGRAM|RAW)\.rawValue\b"),
     "SOCK_* is an enum on Glibc but an Int32 on Darwin: use the platform layer"),
    (re.compile(r"\bposix_spawn(_file_actions|attr)_t\(\)"),
     "posix_spawn types are structs on Glibc but optional pointers on Darwin: use the platform layer"),
    (re.compile(r"\bMSG_NOSIGNAL\b"),
     "MSG_NOSIGNAL does not exist on Darwin (SO_NOSIGPIPE does): use the platform layer"),
]

# Paths that exist on Debian but not on macOS; allowed inside Linux-guarded code only.
LINUX_PATHS = re.compile(
    r'"(/proc/[^"]*|/bin/true|/bin/false|/usr/bin/(zsh|h2load|nghttp|openssl|curl|python3|script)'
    r'|/etc/ssl/certs[^"]*|/usr/lib/x86_64-linux-gnu[^"]*|/usr/share/ca-certificates[^"]*)"')
# What a line says inside string literals is text, not code (a test may plant these patterns).
STRING_LITERAL = re.compile(r'#*"(?:[^"\\\n]|\\.)*"#*')
LINUX_GUARD = re.compile(r"os\(Linux\)|canImport\(Glibc\)|canImport\(Musl\)")


def findings(root: pathlib.Path):
    for path in sorted(root.rglob("*.swift")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith((".build", "Benchmarks/work")) or "/.build" in relative:
            continue
        if not relative.startswith(("Sources/", "Tests/", "Fuzz/", "Benchmarks/")):
            continue
        in_platform_layer = bool(PLATFORM_FILES.search(relative))
        text = path.read_text(errors="replace")
        # Tests that read /proc are enabled only where it exists (System.hasProcFileSystem).
        proc_guarded = "hasProcFileSystem" in text
        guards = []  # one entry per open #if: whether it (or its branch) is Linux-only
        for number, line in enumerate(text.splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith("#if"):
                guards.append(bool(LINUX_GUARD.search(stripped)) and "!" not in stripped)
            elif stripped.startswith(("#elseif", "#else")) and guards:
                guards[-1] = bool(LINUX_GUARD.search(stripped)) and "!" not in stripped
            elif stripped.startswith("#endif") and guards:
                guards.pop()
            if stripped.startswith("//"):
                continue
            if not in_platform_layer:
                code = STRING_LITERAL.sub('""', line)
                for pattern, problem in RULES:
                    if pattern.search(code):
                        yield f"{relative}:{number}: {problem}"
            linux_path = LINUX_PATHS.search(line)
            if linux_path and proc_guarded and linux_path.group(1).startswith("/proc/"):
                continue
            if linux_path and not any(guards):
                yield (f"{relative}:{number}: a path only Linux has, outside `#if os(Linux)`: "
                       "guard it, or find the tool on PATH")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent,
                        type=pathlib.Path, help="the package to check (default: this one)")
    arguments = parser.parse_args()
    found = list(findings(arguments.root))
    for line in found:
        print(line)
    if found:
        print(f"portability: {len(found)} finding(s); see Scripts/check-portability.py",
              file=sys.stderr)
        return 1
    print("portability: no findings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
