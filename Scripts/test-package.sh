#!/usr/bin/env bash
# Tests a release archive as a user gets it: unpacked into an empty folder, with no toolchain on
# PATH and an empty environment, its binaries answer; on Linux, `ldd` lists no Swift library.
#
#   bash Scripts/test-package.sh dist/aasa-VERSION-linux-x86_64.tar.gz
set -euo pipefail
archive=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
empty=$(mktemp -d)
trap 'rm -rf "$empty"' EXIT
tar -C "$empty" -xzf "$archive"
dir=$(find "$empty" -mindepth 1 -maxdepth 1 -type d | head -1)
fail() { echo "test-package: $*" >&2; exit 1; }

for file in bin/aasa-lint bin/aasa-serve completions/bash/aasa-lint completions/zsh/_aasa-lint \
  completions/fish/aasa-lint.fish man/man1/aasa-lint.1 man/man1/aasa-serve.1 README.md RUNTIME.md; do
  [ -s "$dir/$file" ] || fail "the archive has no $file"
done

cp "$root/examples/site/.well-known/apple-app-site-association" "$empty/aasa.json"
cd "$empty"
version=$(env -i "$dir/bin/aasa-lint" --version)
[ -n "$version" ] || fail "aasa-lint --version printed nothing"
[ "$(env -i "$dir/bin/aasa-serve" --version)" = "$version" ] || fail "the two tools' versions differ"
routed=$(env -i "$dir/bin/aasa-lint" aasa.json /albums/1 --format tsv)
case "$routed" in
  "/albums/1	D3KQX62K1A.com.example.photoapp	match") ;;
  *) fail "aasa-lint routed /albums/1 as: $routed" ;;
esac
env -i "$dir/bin/aasa-lint" aasa.json >/dev/null || fail "aasa-lint found problems in the example"

if [ "$(uname -s)" = Linux ]; then
  for tool in aasa-lint aasa-serve; do
    libraries=$(ldd "$dir/bin/$tool")
    if echo "$libraries" | grep -Ei 'libswift|libFoundation|libdispatch|libBlocksRuntime|_FoundationICU'; then
      fail "$tool links a Swift library dynamically"
    fi
    if echo "$libraries" | grep -q 'not found'; then
      fail "$tool needs a library this machine lacks: $(echo "$libraries" | grep 'not found')"
    fi
    # Every library beyond the C and C++ runtimes must be one the README tells users to install,
    # by its Debian package name.
    for library in $(echo "$libraries" | awk '{print $1}' | sed 's/\.so.*//; s|.*/||'); do
      case "$library" in
      linux-vdso | ld-linux-* | libc | libm | libdl | libpthread | librt | libgcc_s | libstdc++) continue ;;
      libgumbo) package=libgumbo1 ;;
      libbrotlidec | libbrotlicommon) package=libbrotli1 ;;
      libz) package=zlib1g ;;
      # Foundation's XMLParser (manifests); ICU and lzma come with Debian's libxml2 package.
      libxml2 | libicuuc | libicudata | liblzma) package=libxml2 ;;
      # aasa-serve's HTTP/2 engine.
      libnghttp2) package=libnghttp2-14 ;;
      *) fail "$tool links $library, which the README's run-time list does not name" ;;
      esac
      grep -q "$package" "$root/README.md" || fail "README.md does not list $package ($library)"
    done
  done
fi
echo "test-package: $(basename "$archive") works unpacked, with an empty environment ($version)"
