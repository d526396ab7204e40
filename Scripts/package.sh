#!/usr/bin/env bash
# Builds the release archive of aasa for this machine into dist/:
#
#   Linux: dist/aasa-VERSION-linux-ARCH.tar.gz, the Swift runtime and Foundation linked
#          statically, so the binaries run without a Swift toolchain;
#   macOS: dist/aasa-VERSION-macos-universal.tar.gz (arm64 and x86_64; the Swift runtime is the
#          system's, from macOS 13).
#
# Each archive holds bin/aasa-lint, bin/aasa-serve, shell completions (bash, zsh, fish), man
# pages, README.md and the run-time requirements (RUNTIME.md).
#
#   bash Scripts/package.sh            # build and package
#   SCRATCH=.build-dist bash ...       # the build folder (default .build-dist)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/AASACore/PackageVersion.swift)
scratch=${SCRATCH:-.build-dist}

case "$(uname -s)" in
  Linux)
    arch=$(uname -m)
    name="aasa-$version-linux-$arch"
    build=(swift build -c release --scratch-path "$scratch" --static-swift-stdlib)
    ;;
  Darwin)
    name="aasa-$version-macos-universal"
    build=(swift build -c release --scratch-path "$scratch" --arch arm64 --arch x86_64)
    ;;
  *)
    echo "package.sh: no archive recipe for $(uname -s)" >&2
    exit 2
    ;;
esac

echo "package.sh: building $name (release; the first build takes several minutes)" >&2
for product in aasa-lint aasa-serve; do
  "${build[@]}" --product "$product" >&2
done
bin=$("${build[@]}" --show-bin-path)

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
dir="$stage/$name"
mkdir -p "$dir/bin" "$dir/completions/bash" "$dir/completions/zsh" "$dir/completions/fish" \
  "$dir/man/man1"
cp "$bin/aasa-lint" "$bin/aasa-serve" "$dir/bin/"
strip "$dir/bin/aasa-lint" "$dir/bin/aasa-serve" 2>/dev/null || true

for tool in aasa-lint aasa-serve; do
  "$dir/bin/$tool" --generate-completion-script bash >"$dir/completions/bash/$tool"
  "$dir/bin/$tool" --generate-completion-script zsh >"$dir/completions/zsh/_$tool"
  "$dir/bin/$tool" --generate-completion-script fish >"$dir/completions/fish/$tool.fish"
  # A man page from the tool's own help: --help-hidden lists every option, with its discussion.
  {
    echo ".TH $(echo "$tool" | tr '[:lower:]' '[:upper:]') 1 \"\" \"aasa $version\" \"aasa\""
    echo ".SH NAME"
    echo "$tool"
    echo ".SH DESCRIPTION"
    echo ".nf"
    "$dir/bin/$tool" --help-hidden | sed -e 's/\\/\\\\/g' -e 's/^\./\\\&./'
    echo ".fi"
    echo ".SH SEE ALSO"
    echo "https://github.com/aasa/aasa"
  } >"$dir/man/man1/$tool.1"
done

cp README.md "$dir/"
[ -f LICENSE ] && cp LICENSE "$dir/"
cat >"$dir/RUNTIME.md" <<RUNTIME
# What aasa $version needs at run time

- Linux: glibc 2.31 or later, and the system libraries the binaries link dynamically:
  libgumbo (Debian/Ubuntu \`libgumbo1\` or \`libgumbo2\`), zlib (\`zlib1g\`), libbrotli
  (\`libbrotli1\`), libxml2 (\`libxml2\`, for Foundation's XML parser, which reads Android
  manifests), libnghttp2 (\`libnghttp2-14\`, aasa-serve's HTTP/2 engine), the C++ runtime every Debian and Ubuntu system has (\`libstdc++6\`), and the CA
  bundle (\`ca-certificates\`) for \`aasa-lint check\`. The Swift
  runtime and Foundation are linked in: no Swift toolchain is needed.
- macOS 13 or later, with Homebrew's \`gumbo-parser\`, \`brotli\` and \`libnghttp2\`.

Put \`bin/\` on PATH, e.g. \`sudo cp bin/* /usr/local/bin/\`. Completions are in \`completions/\`,
man pages in \`man/man1/\`.
RUNTIME

mkdir -p "$root/dist"
tar -C "$stage" -czf "$root/dist/$name.tar.gz" "$name"
echo "$root/dist/$name.tar.gz"
