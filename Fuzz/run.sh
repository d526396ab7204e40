#!/usr/bin/env bash
# Builds the libFuzzer targets (when their sources changed) and runs a campaign.
#
#   Fuzz/run.sh [TARGET|all] [SECONDS]      e.g. Fuzz/run.sh all 300
#   Fuzz/run.sh TARGET FILE...              replays inputs (a finding, a corpus file)
#   Fuzz/run.sh replay TARGET FILE...       times inputs on an uninstrumented build
#   Fuzz/run.sh build                       builds only
#
# The targets are listed in one table, `targets` below. Needs only the Swift toolchain (Linux,
# which ships libFuzzer). Everything built goes to Fuzz/.build/, crashes and timeouts to
# Fuzz/findings/TARGET/, logs to Fuzz/.build/logs/.
# After each campaign the corpus is replayed and every input that takes over 100 ms is listed.
# See docs/fuzzing.md.
set -euo pipefail
export LC_ALL=C

fuzz_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$fuzz_dir")
build="$fuzz_dir/.build"
findings="$fuzz_dir/findings"
# Every target, one a line: its name; how it is built (`swiftc`: library code, built here with
# swiftc; `linked`: code that needs the package's dependencies, built by SwiftPM from
# Fuzz/Linked); its source, under Fuzz/; and -max_len: the CLI's read limit (4 MiB) for one target
# per input format, 140 KB for the others, where they run many times faster. A new target is a
# line here, its seeds in make_seeds, its tokens in Fuzz/aasa.dict and a row in docs/fuzzing.md.
targets='
json-lint       swiftc  Targets/JSONLint.swift                4194304
match-explain   swiftc  Targets/MatchExplain.swift            140000
assetlinks      swiftc  Targets/AssetLinks.swift              4194304
patterns        swiftc  Targets/Patterns.swift                140000
routes          swiftc  Targets/Routes.swift                  4194304
applinks        swiftc  Targets/AppLinks.swift                4194304
applinks-depth  swiftc  Targets/AppLinksDepth.swift           140000
device          swiftc  Targets/Device.swift                  4194304
macho           swiftc  Targets/MachO.swift                   140000
dynamic-rules   swiftc  Targets/DynamicRules.swift            140000
manifest        swiftc  Targets/Manifest.swift                4194304
certificates    swiftc  Targets/Certificates.swift            4194304
binary-xml      swiftc  Targets/BinaryXML.swift               140000
server-request  linked  Linked/Sources/server-request         140000
http-date       linked  Linked/Sources/http-date              140000
body-decoding   linked  Linked/Sources/body-decoding          140000
signed-file     linked  Linked/Sources/signed-file            4194304
response-judge  linked  Linked/Sources/response-judge         140000
entitlements    linked  Linked/Sources/entitlements           4194304
live-numbers    linked  Linked/Sources/live-numbers           140000
client-hello    linked  Linked/Sources/client-hello           20000
'
all_targets=()
while read -r name _; do [[ -n $name ]] && all_targets+=("$name"); done <<<"$targets"
# target_field TARGET COLUMN: a column of the target's line (2 build, 3 source, 4 -max_len).
target_field() { awk -v target="$1" -v column="$2" '$1 == target { print $column }' <<<"$targets"; }
max_len_of() { target_field "$1" 4; }
is_linked() { [[ $(target_field "$1" 2) == linked ]]; }
source_of() {
  local source
  source=$(target_field "$1" 3)
  [[ -n $source ]] || return 1
  echo "$fuzz_dir/$source"
}

# Run politely: the campaign shares the machine.
nice_cmd=(nice -n "${FUZZ_NICE:-10}")
# The Swift backtracer would intercept the signals ASan and libFuzzer report crashes with.
export SWIFT_BACKTRACE=enable=no
# Leaks are not looked for: ASan's detect_leaks=0 here, and libFuzzer's -detect_leaks=0 on every
# run, without which libFuzzer runs every input twice whose run leaves more allocations than frees
# (Foundation's caches: the linked targets' inputs), and times both runs as one.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

check_toolchain() {
  command -v swiftc >/dev/null || { echo "run.sh: swiftc is not on PATH" >&2; exit 2; }
  local resource
  resource=$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift/clang/lib/linux
  if ! ls "$resource"/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
    echo "run.sh: this Swift toolchain has no libFuzzer ($resource); use a Linux toolchain" >&2
    exit 2
  fi
}

# Newer than $1, or $1 missing.
stale() {
  local output=$1
  shift
  [[ ! -e $output ]] && return 0
  [[ -n $(find "$@" -name '*.swift' -newer "$output" -print -quit) ]]
}

# -package-name: AASACore shares `package` declarations with the other library modules.
swift_flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name aasa)
# The replay build: no sanitizers and no coverage, to time inputs as the library really runs.
plain_flags=(-parse-as-library -O -package-name aasa)

# The library modules the targets link, in dependency order: each is Sources/MODULE.
modules=(AASACore AASA AASAAndroid AASAWellKnown AASARoutes AASAAppLinks AASADevice AASABuiltApp)
# AASAAppLinks imports CGumbo (Sources/CGumbo/module.modulemap) and links libgumbo (libgumbo-dev).
system_flags=(-I "$root/Sources/CGumbo" $(pkg-config --cflags-only-I gumbo 2>/dev/null | sed 's/-I/-Xcc -I/g'))

# build_module DIR MODULE FORCE FLAGS...: Sources/MODULE as DIR/libMODULE.a, when a source
# changed or FORCE is 1 (a module it imports was rebuilt). Sets `rebuilt` when it builds.
build_module() {
  local dir=$1 module=$2 force=$3 sources list
  shift 3
  mkdir -p "$dir"
  sources=$(cd "$root" && find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
  list="$dir/$module.sources.txt"
  if stale "$dir/lib$module.a" "$root/Sources/$module" \
    || [[ $sources != "$(cat "$list" 2>/dev/null)" ]] \
    || [[ $force == 1 ]]; then
    echo "run.sh: building Sources/$module into ${dir#"$root"/} (a minute or two)"
    rm -f "$dir/lib$module.a" "$dir/$module.swiftmodule"
    # Into a temporary name, so that a failed build never leaves a library behind.
    # shellcheck disable=SC2086
    (cd "$root" && "${nice_cmd[@]}" swiftc "$@" "${system_flags[@]}" -enable-testing -module-name "$module" -I "$dir" \
      -emit-module -emit-module-path "$dir/$module.swiftmodule" \
      -emit-library -static -o "$dir/lib$module.a.partial" $sources)
    mv "$dir/lib$module.a.partial" "$dir/lib$module.a"
    echo "$sources" >"$list"
    rebuilt=1
  fi
}

# build_library DIR FLAGS...: every module, in order.
build_library() {
  local dir=$1 module
  shift
  rebuilt=0
  for module in "${modules[@]}"; do build_module "$dir" "$module" "$rebuilt" "$@"; done
}

# The linker flags for every module, dependents first.
link_flags() {
  local index
  for ((index = ${#modules[@]} - 1; index >= 0; index--)); do echo "-l${modules[index]}"; done
  pkg-config --libs gumbo 2>/dev/null || echo "-lgumbo"
}

build_replay() {
  local target=$1 source binary
  source=$(source_of "$target")
  binary="$build/replay/$target"
  build_library "$build/plain" "${plain_flags[@]}"
  if stale "$binary" "$source" "$fuzz_dir/Support" "$fuzz_dir/Replay" \
    || [[ -n $(find "$build/plain" -name 'lib*.a' -newer "$binary" -print -quit) ]]; then
    mkdir -p "$build/replay"
    "${nice_cmd[@]}" swiftc "${plain_flags[@]}" -module-name "Replay_${target//-/_}" \
      "${system_flags[@]}" -I "$build/plain" -L "$build/plain" $(link_flags) \
      "$fuzz_dir"/Support/*.swift "$fuzz_dir"/Replay/*.swift "$source" -o "$binary"
  fi
}

# build_linked TARGET: one Fuzz/Linked product, every Swift module of it and of the package
# instrumented (the first build compiles SwiftNIO and BoringSSL: ten minutes or more). Linked by
# lld: ld.gold stops with an internal error on the instrumented objects' debug information.
build_linked() {
  local target=$1 scratch="$build/linked" sources list="$build/linked-sources.txt"
  mkdir -p "$build/bin"
  # SwiftPM plans a path dependency's targets once: a Swift file added to Sources/ since is not
  # compiled (`cannot find ... in scope`) until a manifest changes. Touch them when the list of
  # files changed.
  sources=$(cd "$root" && find Sources Fuzz/Linked/Sources -name '*.swift' | LC_ALL=C sort)
  if [[ $sources != "$(cat "$list" 2>/dev/null)" ]]; then
    touch "$root/Package.swift" "$fuzz_dir/Linked/Package.swift"
    echo "$sources" >"$list"
  fi
  echo "run.sh: building $target with SwiftPM (Fuzz/Linked)"
  # shellcheck disable=SC2086
  "${nice_cmd[@]}" swift build -c release --package-path "$fuzz_dir/Linked" --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -g -Xswiftc -use-ld=lld --product "$target" \
    2>&1 | { grep -v -e 'Cannot export local symbol' || true; } >&2
  cp "$(swift build -c release --package-path "$fuzz_dir/Linked" --scratch-path "$scratch" \
    --show-bin-path)/$target" "$build/bin/$target"
}

build_target() {
  local target=$1 source binary
  if is_linked "$target"; then
    build_linked "$target"
    return
  fi
  source=$(source_of "$target")
  binary="$build/bin/$target"
  mkdir -p "$build/bin"
  if stale "$binary" "$source" "$fuzz_dir/Support" || [[ -n $(find "$build/lib" -name 'lib*.a' -newer "$binary" -print -quit) ]]; then
    echo "run.sh: linking $target"
    # ld.gold warns about every ASan helper symbol; those lines are noise.
    "${nice_cmd[@]}" swiftc "${swift_flags[@]}" -module-name "Fuzz_${target//-/_}" \
      "${system_flags[@]}" -I "$build/lib" -L "$build/lib" $(link_flags) \
      "$fuzz_dir"/Support/*.swift "$source" -o "$binary" 2>&1 \
      | { grep -v -e 'Cannot export local symbol' || true; } >&2
    [[ -x $binary ]]
  fi
}

# make_signer: a P-256 key and a self-signed certificate made now (signer-key.pem and
# signer-cert.pem in Fuzz/.build/seeds), for seeds signed with `openssl cms -sign`; sets `key` and
# `cert`, or fails without openssl.
make_signer() {
  key="$build/seeds/signer-key.pem" cert="$build/seeds/signer-cert.pem"
  command -v openssl >/dev/null && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
    -nodes -subj /CN=example.com -days 2 -keyout "$key" -out "$cert" >/dev/null 2>&1
}

# The seed corpus: the committed seeds, the examples, and large hostile inputs made here (too
# big to commit, and cheap to make).
make_seeds() {
  local target=$1 seeds="$build/seeds/$1"
  rm -rf "$seeds"
  mkdir -p "$seeds"
  cp "$fuzz_dir/Seeds/$target"/* "$seeds/" 2>/dev/null || true
  local big=131072 limit=4194304 key cert
  rep() { # rep COUNT TEXT: TEXT repeated COUNT times
    local count=$1 text=$2
    head -c $((count * ${#text})) < <(yes -- "$text" | tr -d '\n')
  }
  case "$target" in
  json-lint | match-explain)
    for example in "$root"/examples/broken/*.json "$root/examples/site/.well-known/apple-app-site-association"; do
      cp "$example" "$seeds/example-$(basename "$example")"
    done
    ;;&
  json-lint)
    cp "$root/examples/site/.well-known/assetlinks.json" "$seeds/example-assetlinks.json"
    rep 600 '[' >"$seeds/deep-600"
    rep $big '[' >"$seeds/deep-128k"
    { rep 30000 '{"a":'; } >"$seeds/deep-objects"
    { printf '{"a":"'; rep $big 'x'; printf '"}'; } >"$seeds/long-string"
    { printf '['; rep 40000 '1,'; printf ']'; } >"$seeds/long-array"
    { printf '['; rep 40000 ','; printf ']'; } >"$seeds/commas"
    { printf '{'; rep 12000 '"a":1,'; printf '"a":1}'; } >"$seeds/duplicate-keys"
    { printf '{'; rep 10000 '“a”:‘b’,'; printf '}'; } >"$seeds/curly-quotes"
    { printf '['; rep 10000 '/*x*/1,'; printf '// y\n1]'; } >"$seeds/comments"
    { printf '["'; rep 20000 '\u00e9\ud83d\ude00'; printf '"]'; } >"$seeds/escapes"
    { rep $big ' '; printf '{}'; } >"$seeds/too-large"
    { printf '{"applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.app"],"components":['
      rep $((limit / 16)) '{"/":"/a/*"},'; printf '{"/":"/b"}]}]}}'; } | head -c $limit >"$seeds/read-limit"
    ;;
  match-explain)
    { printf '{"applinks":{"details":[{"appIDs":["A.b"],"components":['
      rep 300 '{"/":"*a*b*c*d*e*f*g*h*"},'
      printf '{"/":"/x"}]}]}}\0'
      rep 500 'ab'; printf '\n/'; rep 500 'a/'; printf '\n'
    } >"$seeds/many-stars"
    { printf '{"applinks":{"substitutionVariables":{"v":['
      rep 2000 '"*a?",'
      printf '"b"]},"details":[{"appIDs":["A.b","A.c"],"components":[{"/":"/$(v)$(v)$(v)/$(lang)_$(region)/*","?":{"q":"$(v)"},"#":"$(v)"}]}]}}\0'
      printf '/'; rep 1000 'a'; printf '/en_GB/x?q=b#b\n@example.com\nhttps://example.com/b/b?q=a\n'
    } >"$seeds/variables"
    { printf '{"applinks":{"details":['
      rep 1500 '{"appIDs":["A.b"],"paths":["NOT /a/*","/a/*"]},'
      printf '{"appIDs":["A.c"],"components":[{"/":"/a/*","exclude":true}]}]}}'
    } >"$seeds/many-details"
    ;;
  assetlinks)
    cp "$root/examples/site/.well-known/assetlinks.json" "$seeds/example-assetlinks.json"
    cp "$root/examples/broken/assetlinks-mistakes.json" "$seeds/example-assetlinks-mistakes.json"
    local statement='{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}},'
    { printf '['; rep 600 "$statement"; printf '{"include":"https://example.com/x.json"}]'; } >"$seeds/many-statements"
    { printf '[{"relation":['; rep 5000 '"delegate_permission/common.handle_all_urls",'
      printf '"x"],"target":{"namespace":"web","site":"https://example.com"}}]'; } >"$seeds/many-relations"
    { printf '['; rep $((limit / ${#statement} - 1)) "$statement"; printf '{}]'; } >"$seeds/read-limit"
    ;;
  routes)
    { printf '{"defaultRoute":{"class":"H"},"routes":{'; rep 2000 '":p/x":{"class":"C"},'
      printf '"z":{"class":"Z"}}}'; } >"$seeds/many-overlaps"
    { printf '{"routes":{"a/:v":{"class":"A","routeParameters":{"v":{"regex":"'; rep 300 '[a-z]'
      printf '$"}}}}}\0x://a/'; rep 4000 'a'; printf 'b\n'; } >"$seeds/long-regex"
    { printf '{"routes":{'; rep $((limit / 24)) '":p/x":{"class":"C"},'; printf '"z":{"class":"Z"}}}'; } \
      | head -c $limit >"$seeds/read-limit"
    ;;
  applinks)
    for example in "$root"/examples/applinks/*.html; do
      cp "$example" "$seeds/example-$(basename "$example")"
    done
    rep 3000 '<div>' >"$seeds/deep-3000"
    rep 5000 '<b id=x>' >"$seeds/formatting"
    { printf '<head>'; rep 4000 '<meta property="al:ios:url" content="a://">'; } >"$seeds/many-tags"
    { printf '<head>'; rep 2000 '<meta property="al:ios"><meta property="al:ios:url:x:y">'; } >"$seeds/many-groups"
    { rep 2000 '<table><td>'; } >"$seeds/tables"
    { printf '<head>'; rep $((limit / 48)) '<meta property="al:ios:url" content="a://">'; } \
      | head -c $limit >"$seeds/read-limit"
    ;;
  applinks-depth)
    # Every way the security review (S4-4) and its follow-up found to hide nesting, a few hundred
    # deep (the target parses only pages within the reader's limits), and markup the model has to
    # follow: formatting elements reconstructed and adopted, tables, selects, foreign content.
    for example in "$root"/examples/applinks/*.html; do
      cp "$example" "$seeds/example-$(basename "$example")"
    done
    { printf '<!-->'; rep 300 '<div>'; printf -- '-->'; } >"$seeds/comment-abrupt"
    { printf '<!--->'; rep 300 '<div>'; printf -- '-->'; } >"$seeds/comment-dash"
    { printf '<!-- x --!>'; rep 300 '<div>'; printf -- '-->'; } >"$seeds/comment-bang"
    { printf '<svg><title>'; rep 300 '<g>'; printf '</title></svg>'; } >"$seeds/svg-title"
    { printf '<svg><style>'; rep 300 '<g>'; printf '</style><desc><style>x</style></desc></svg>'; } >"$seeds/svg-style"
    rep 200 '<li><dd>' >"$seeds/list-items"
    { rep 100 '<optgroup><rt>'; printf '<select>'; rep 100 '<option><optgroup>'; } >"$seeds/options"
    rep 100 '<table><caption><td><p><tr>' >"$seeds/tables"
    { rep 100 '<b id=1><i><p>'; rep 100 '</p>x</b><a href=x><div></a>'; } >"$seeds/formatting"
    { printf '<select><style></select>'; rep 100 '<div>'; printf '</style>'; } >"$seeds/select-style"
    { printf '<script><!--<script></script>'; rep 100 '<div>'; printf '</script>'; } >"$seeds/script-escape"
    rep 100 '<div><span><table></div></span><form></form>' >"$seeds/blocked-end-tags"
    printf '<math><mi><annotation-xml encoding="text/html"><style><div></style><svg><foreignObject><p></math>' >"$seeds/foreign"
    printf '<head><noscript><link></noscript><template><tr><td><div></template><template><col><b>' >"$seeds/template"
    ;;
  server-request)
    printf 'GET\n/.well-known/apple-app-site-association\nIf-None-Match: "x", W/"y"\nAccept-Encoding: gzip;q=0.5\n' >"$seeds/conditional"
    printf 'GET\n/%%2e%%2e/%%c0%%ae/.git/config?x#y\nHost: Example.COM.:8443\n' >"$seeds/traversal"
    printf 'GET\n/.well-known/apple-app-site-association\nIf-Modified-Since: Sun, 06 Nov 292277026597 08:49:37 GMT\n' >"$seeds/hostile-date"
    # Every field the HTTP/1 handler reads, in odd cases, twice, and a body announced.
    printf 'HEAD\n/.well-known/assetlinks.json\nHOST: a.example\nhost: b.example\nUser-Agent: Bot\nIF-NONE-MATCH: "a"\nif-none-match: *\nIf-Modified-Since: Wed, 25 Nov 2026 10:00:00 GMT\nContent-Length: 12\nTransfer-Encoding: chunked\nx-other: 1\n' >"$seeds/fields"
    printf 'GET\n/\nPrefer-Html-Meta-Tags: al, al,og\n\0PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\4\0\0\0\0\0\0\0\5\1\0\0\0\1\202' >"$seeds/meta-tags-h2"
    # Two whole requests (the second on the site's AASA file, reset by the client) and a PING.
    printf 'GET\n/\n\0PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\4\0\0\0\0\0\0\0\16\1\5\0\0\0\1\202\207\204\001\011127.0.0.1\0\0\066\1\4\0\0\0\3\202\207\004\047/.well-known/apple-app-site-association\001\011127.0.0.1\0\0\4\3\0\0\0\0\3\0\0\0\10\0\0\10\6\0\0\0\0\0abcdefgh' >"$seeds/h2-requests"
    ;;
  client-hello)
    # A validation's hello (SNI and ALPN exactly acme-tls/1), and one with no extensions.
    printf '\x16\x03\x01\x00\x53\x01\x00\x00\x4f\x03\x03%032d\x00\x00\x02\x13\x01\x01\x00\x00\x24\x00\x00\x00\x0f\x00\x0d\x00\x00\x0aa.example.\x00\x10\x00\x0d\x00\x0b\x0aacme-tls/1' 0 >"$seeds/validation"
    printf '\x16\x03\x01\x00\x2d\x01\x00\x00\x29\x03\x03%032d\x00\x00\x02\x13\x01\x01\x00' 0 >"$seeds/bare"
    ;;
  http-date)
    # A form byte (0 the text as it is; 1-3 a year, 4 a day, 5 a clock, 6 an asctime day in an
    # otherwise valid date), then the text.
    printf '\x00Sun, 06 Nov 1994 08:49:37 GMT' >"$seeds/imf-fixdate"
    printf '\x00Sunday, 06-Nov-94 08:49:37 GMT' >"$seeds/rfc850"
    printf '\x00Sun Nov  6 08:49:37 1994' >"$seeds/asctime"
    printf '\x01292277026597' >"$seeds/year-overflow"
    printf '\x029223372036854775807' >"$seeds/rfc850-year-overflow"
    printf '\x03292277026597' >"$seeds/asctime-year-overflow"
    printf '\x01+0002025' >"$seeds/signed-year"
    printf '\x0408' >"$seeds/day"
    printf '\x0523:59:60' >"$seeds/leap-second"
    printf '\x00Fri, 31 Dec 9999 23:59:59 GMT' >"$seeds/last-date"
    ;;
  live-numbers)
    # A reader byte (0 Cache-Control NUL Age, 1 an address, 2 ports, 3 a duration), then text:
    # the security review's pairs (S4-5) and every notation of an internal address.
    printf '\x00max-age=9223372036854775807' >"$seeds/max-age-int-max"
    printf '\x00max-age=100\0-9223372036854775808' >"$seeds/age-int-min"
    printf '\x00max-age=-1\0005' >"$seeds/max-age-negative"
    printf '\x00max-age=9223372036854775807\0-1' >"$seeds/both"
    printf '\x00max-age=3600,public\0900' >"$seeds/apple"
    printf '\x00public, max-age=99999999999999999999999\0 2147483649 ' >"$seeds/huge"
    local address
    for address in 127.0.0.1 2130706433 0x7f.1 0177.0.0.1 127.1 '[::1]' '[::ffff:127.0.0.1]' \
      '::ffff:7f00:1' 169.254.169.254 100.64.0.1 '[fe80::1%25eth0]' '[fd00::1]' 127.0.0.%31 localhost.; do
      printf '\x01%s' "$address" >"$seeds/address-${address//[^a-z0-9]/_}"
    done
    printf '\x02example.com:443:[::1]:8443' >"$seeds/connect-to"
    printf '\x02example.com:99999999999999999999' >"$seeds/site-port"
    printf '\x03\x7f\xff\xff\xff\xff\xff\xff\xff' >"$seeds/duration-max"
    ;;
  body-decoding)
    { printf '\x01\x11'; printf 'aasa fuzz seed %.0s' $(seq 1 200) | gzip -c; } >"$seeds/gzip"
    { printf '\x05\x11'; printf '{"applinks":{}}' | gzip -c | gzip -c; } >"$seeds/gzip-twice"
    { printf '\x02\x11'; python3 -c 'import sys,zlib; sys.stdout.buffer.write(zlib.compress(b"x"*100000))'; } >"$seeds/deflate-bomb"
    ;;
  signed-file)
    cp "$root/examples/site/.well-known/apple-app-site-association" "$seeds/plain.json"
    if make_signer; then
      openssl cms -sign -nodetach -binary -outform DER -signer "$cert" -inkey "$key" \
        -in "$seeds/plain.json" -out "$seeds/signed.der" 2>/dev/null || true
      openssl cms -sign -nodetach -binary -outform PEM -signer "$cert" -inkey "$key" \
        -in "$seeds/plain.json" -out "$seeds/signed.pem" 2>/dev/null || true
      { head -c $((limit - 4096)) < <(yes '{"applinks":{}}' | tr -d '\n'); } >"$seeds/big.json"
      openssl cms -sign -nodetach -binary -outform DER -signer "$cert" -inkey "$key" \
        -in "$seeds/big.json" -out "$seeds/read-limit.der" 2>/dev/null || true
      rm -f "$seeds/big.json"
    fi
    ;;
  response-judge)
    # A byte of choices (resource 0 AASA, 1 legacy AASA, 2 assetlinks; 4 --app; 8 site; 16 more
    # than the cap), the status line and headers, NUL, the body.
    local aasa="$root/examples/site/.well-known/apple-app-site-association"
    local assetlinks="$root/examples/site/.well-known/assetlinks.json" json='Content-Type: application/json\n'
    { printf '\x0c200 OK\nContent-Type: application/json; charset=utf-8\n\0'; cat "$aasa"; } >"$seeds/aasa"
    { printf '\x01200 OK\n\0'; cat "$aasa"; } >"$seeds/legacy-no-type"
    { printf '\x0a200 OK\n'"$json"'\0'; cat "$assetlinks"; } >"$seeds/assetlinks"
    { printf '\x02200 OK\nContent-Type: text/plain\n\0'; cat "$assetlinks"; } >"$seeds/assetlinks-text"
    printf '\x00301 Moved Permanently\nLocation: https://www.example.com/.well-known/apple-app-site-association\n\0' >"$seeds/redirect"
    printf '\x02302 Found\n\0' >"$seeds/redirect-no-location"
    printf '\x01404 Not Found\nContent-Type: text/html\n\0<html>' >"$seeds/not-found"
    printf '\x00403 Forbidden\n\0' >"$seeds/forbidden"
    printf '\x00200 OK\nContent-Type: text/html\n\0<!DOCTYPE html><html><body>app</body></html>' >"$seeds/html"
    { printf '\x04200 OK\n'"$json"'Content-Encoding: gzip\n\0'; gzip -c "$aasa"; } >"$seeds/gzip"
    { printf '\x02200 OK\n'"$json"'Content-Encoding: gzip, deflate\n\0'
      gzip -c "$assetlinks" | python3 -c 'import sys,zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read()))'
    } >"$seeds/gzip-deflate"
    { printf '\x00200 OK\n'"$json"'Content-Encoding: deflate\n\0'
      python3 -c 'import sys,zlib; c=zlib.compressobj(wbits=-15); sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read())+c.flush())' <"$aasa"
    } >"$seeds/raw-deflate"
    { printf '\x00200 OK\n'"$json"'\0'; gzip -c "$aasa"; } >"$seeds/gzip-sent-as-is"
    { printf '\x00200 OK\n'"$json"'Content-Encoding: gzip\n\0'; rep 200000 '          ' | gzip -c; } >"$seeds/gzip-bomb"
    { printf '\x02200 OK\n'"$json"'Content-Encoding: x-gzip\n\0'; rep 150000 '          ' | gzip -c; } >"$seeds/assetlinks-bomb"
    { printf '\x12200 OK\n'"$json"'Content-Encoding: zstd\n\0[]'; } >"$seeds/over-cap-unknown-coding"
    { printf '\x10200 OK\n'"$json"'\0'; cat "$aasa"; } >"$seeds/over-cap"
    # Brotli, when the system's encoder library is there (no brotli module or tool is needed).
    python3 - "$aasa" >"$seeds/brotli.body" 2>/dev/null <<'PY' && { printf '\x00200 OK\n'"$json"'Content-Encoding: br\n\0'; cat "$seeds/brotli.body"; } >"$seeds/brotli"
import ctypes, ctypes.util, sys
library = ctypes.CDLL(ctypes.util.find_library("brotlienc"))
data = open(sys.argv[1], "rb").read()
size = ctypes.c_size_t(len(data) + 1024)
out = ctypes.create_string_buffer(size.value)
assert library.BrotliEncoderCompress(11, 22, 0, ctypes.c_size_t(len(data)), data, ctypes.byref(size), out)
sys.stdout.buffer.write(out.raw[: size.value])
PY
    rm -f "$seeds/brotli.body"
    if make_signer; then
      { printf '\x04200 OK\nContent-Type: application/pkcs7-mime\n\0'
        openssl cms -sign -nodetach -binary -outform DER -signer "$cert" -inkey "$key" -in "$aasa"
      } >"$seeds/signed" 2>/dev/null || rm -f "$seeds/signed"
      { printf '\x01200 OK\n\0'
        openssl cms -sign -nodetach -binary -outform PEM -signer "$cert" -inkey "$key" -in "$aasa"
      } >"$seeds/signed-pem" 2>/dev/null || rm -f "$seeds/signed-pem"
    fi
    ;;
  entitlements)
    # Real entitlements files, when the shared corpus is next to the clone (not committed here).
    local real
    for real in "$root/../shared/corpus/real-turn3/entitlements"/*.entitlements; do
      [[ -f $real ]] && cat "$real" >"$seeds/real-$(basename "$real")"
    done
    # Entitlements and profiles as Xcode and Apple write them (XML and binary property lists),
    # profiles also CMS-signed below, and one property list of the CLI's 4 MiB read limit.
    python3 - "$seeds" "$limit" <<'PY'
import plistlib, sys
seeds, limit = sys.argv[1], int(sys.argv[2])
team = "D3KQX62K1A"
app = {
    "application-identifier": f"{team}.com.example.photoapp",
    "com.apple.developer.team-identifier": team,
    "com.apple.developer.associated-domains": [
        "applinks:example.com", "applinks:*.example.com", "applinks:staging.example.com?mode=developer",
        "applinks:mdm.example.com?mode=managed", "webcredentials:auth.example.com",
        "activitycontinuation:example.com", "appclips:clip.example.com",
    ],
    "get-task-allow": False,
    "keychain-access-groups": [f"{team}.com.example.photoapp"],
    "aps-environment": "production",
}
def write(name, value, fmt=plistlib.FMT_XML):
    with open(f"{seeds}/{name}", "wb") as f:
        f.write(plistlib.dumps(value, fmt=fmt))
write("app.entitlements", app)
write("app-binary.entitlements", app, plistlib.FMT_BINARY)
write("debug.entitlements", {**app, "get-task-allow": True, "application-identifier": "W5R8T3N6PJ.com.example.photoapp"})
write("unicode.entitlements", {"com.apple.developer.associated-domains": ["applinks:bücher.example", "applinks:例え.テスト"]}, plistlib.FMT_BINARY)
write("not-an-array.entitlements", {"com.apple.developer.associated-domains": "applinks:example.com"})
write("mixed-array.entitlements", {"com.apple.developer.associated-domains": ["applinks:example.com", 7, True]})
def profile(domains, **extra):
    entitlements = {k: v for k, v in app.items() if k != "com.apple.developer.associated-domains"}
    if domains is not None:
        entitlements["com.apple.developer.associated-domains"] = domains
    value = {"Name": "Photo App Distribution", "TeamIdentifier": [team], "AppIDName": "Photo App",
             "Entitlements": entitlements, **extra}
    return value
write("profile-any.plist", profile("*"))
write("profile-list.plist", profile(["applinks:example.com"], ProvisionedDevices=["00008030-001A2D3E0C38802E"]))
write("profile-none.plist", profile(None, ProvisionsAllDevices=True))
development = profile("*", ProvisionedDevices=["00008101-000A1C2E3F60001E"] * 3)
development["Entitlements"]["get-task-allow"] = True
write("profile-development.plist", development, plistlib.FMT_BINARY)
# Arrays 20,000 deep, in a binary property list.
sys.setrecursionlimit(100000)
deep = []
for _ in range(20000):
    deep = [deep]
write("deep-binary.plist", {"com.apple.developer.associated-domains": deep}, plistlib.FMT_BINARY)
# A set, which plistlib does not write (and Foundation on Linux crashed on): {"k": {"a"}}.
objects = [b"\xd1\x01\x02", b"\x51k", b"\xc1\x03", b"\x51a"]
data, offsets = b"bplist00", []
for item in objects:
    offsets.append(len(data))
    data += item
table = len(data)
data += bytes(offsets) + bytes([0] * 6 + [1, 1]) + len(objects).to_bytes(8, "big")
data += (0).to_bytes(8, "big") + table.to_bytes(8, "big")
with open(f"{seeds}/set.bplist", "wb") as f:
    f.write(data)
# The read limit: as many domains as fit in 4 MiB.
entry = "<string>applinks:sub00000.example.com</string>\n"
head = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n<key>com.apple.developer.associated-domains</key>\n<array>\n'
tail = "</array>\n</dict>\n</plist>\n"
count = (limit - len(head) - len(tail)) // len(entry)
body = "".join(f"<string>applinks:sub{i:05d}.example.com</string>\n" for i in range(count))
with open(f"{seeds}/read-limit.entitlements", "w") as f:
    f.write(head + body + tail)
PY
    printf '{\n  "com.apple.developer.associated-domains" = ("applinks:example.com", "webcredentials:example.com");\n  "get-task-allow" = <*BN>;\n}\n' >"$seeds/old-style.entitlements"
    { printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n'; rep 100000 '<array>'; } >"$seeds/deep.plist"
    { printf '(\n'; rep 100000 '('; } >"$seeds/deep-old-style.plist"
    if make_signer; then
      local plist
      for plist in "$seeds"/profile-*.plist; do
        openssl cms -sign -nodetach -binary -outform DER -signer "$cert" -inkey "$key" -in "$plist" \
          -out "${plist%.plist}.mobileprovision" 2>/dev/null || true
      done
    fi
    ;;
  device)
    { printf '  com.example.app:\n    Domain verification state:\n'
      rep 20000 '      a.example.com: legacy_failure\n'; } >"$seeds/many-domains"
    { rep 3000 'Service: applinks App ID: A.b Domain: example.com Site/Fmwk Approval: denied '; } >"$seeds/flattened-records"
    { rep 4000 '{ s = applinks, a = A.b, d = example.com }: Pattern "/" matched. | '; } >"$seeds/verify-line"
    ;;
  dynamic-rules)
    printf '[{"/": "/products/*"}, {"/": "*", "exclude": true}]\0https://h/products/1\nhttps://h/x' >"$seeds/basic"
    { printf '['; rep 200 '{"/": "/a/*/b?c*.d", "?": {"q": "*x*"}, "#": "f*"},'; printf '{"/": "*"}]\0'
      printf 'https://h/'; rep 2000 'a/'; printf '?q='; rep 2000 'x'; } >"$seeds/many-globs"
    ;;
  manifest)
    for manifest in "$root"/examples/android/*.xml; do
      [[ -f $manifest ]] && cp "$manifest" "$seeds/example-$(basename "$manifest")"
    done
    { printf '<manifest><application><activity>'; rep 2000 '<intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW"/><data android:scheme="https" android:host="${host}"/></intent-filter>'
      printf '</activity></application></manifest>'; } >"$seeds/many-filters"
    { rep 3000 '<a>'; } >"$seeds/deep"
    ;;
  binary-xml)
    # The compiled manifest and resource table of each example manifest, built by aapt when it
    # is here (Debian's aapt and android-framework-res), as N, the manifest, the table.
    local framework=/usr/share/android-framework-res/framework-res.apk apk="$build/seeds/example.apk"
    if command -v aapt >/dev/null && [[ -f $framework ]]; then
      # And one whose hosts are @string references, resolved through its resources.arsc.
      local app="$build/seeds/strings-app"
      mkdir -p "$app/res/values"
      printf '<resources><string name="host">shop.example.com</string><string name="path">/p</string></resources>' >"$app/res/values/strings.xml"
      printf '%s\n' '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">' \
        '<application><activity android:name=".A"><intent-filter android:autoVerify="true">' \
        '<action android:name="android.intent.action.VIEW"/><category android:name="android.intent.category.BROWSABLE"/>' \
        '<data android:scheme="https" android:host="@string/host" android:pathPrefix="@string/path"/>' \
        '</intent-filter></activity></application></manifest>' >"$app/AndroidManifest.xml"
      for manifest in "$root"/examples/android/*.xml "$app/AndroidManifest.xml"; do
        [[ -f $manifest ]] || continue
        local resources=()
        [[ -d $(dirname "$manifest")/res ]] && resources=(-S "$(dirname "$manifest")/res")
        aapt package -f -M "$manifest" "${resources[@]}" -I "$framework" -F "$apk" >/dev/null 2>&1 || continue
        python3 - "$apk" "$seeds/aapt-$(basename "$(dirname "$manifest")")" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    manifest = z.read("AndroidManifest.xml")
    table = z.read("resources.arsc") if "resources.arsc" in z.namelist() else b""
open(sys.argv[2], "wb").write(len(manifest).to_bytes(2, "little") + manifest + table)
PY
      done
      rm -rf "$apk" "$app"
    fi
    ;;
  certificates)
    printf '\xfe\xed\xfe\xed\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00\x02\x00\x01a' >"$seeds/jks-header"
    printf 'Alias name: upload\nOwner: CN=x\n\t SHA256: 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5\n' >"$seeds/keytool"
    ;;
  patterns)
    { printf '\x00'; rep 40 '*a'; printf 'b\0'; rep 60000 'a'; } >"$seeds/stars"
    { printf '\x01'; rep 200 '$(lang)$(region)?'; printf '\0'; rep 1000 'enGBx'; } >"$seeds/builtins"
    { printf '\x14'; rep 100 '$(v)*'; printf '\0'; rep 20000 'ab'; printf '\0v='; rep 60 'a*b|'; printf '?'; } >"$seeds/custom"
    { printf '\x08'; rep 1000 '%2F*'; printf '\0'; rep 30000 '%2F'; } >"$seeds/percent"
    ;;
  esac
}

run_target() {
  local target=$1 seconds=$2
  build_target "$target"
  make_seeds "$target"
  local corpus="$build/corpus/$target" log="$build/logs/$target.log"
  mkdir -p "$corpus" "$findings/$target" "$build/logs"
  echo "run.sh: fuzzing $target for ${seconds}s (log: ${log#"$root"/})"
  local status=0
  (cd "$findings/$target" && "${nice_cmd[@]}" "$build/bin/$target" \
    -max_len="$(max_len_of "$target")" -timeout=2 -rss_limit_mb=2048 -detect_leaks=0 \
    -max_total_time="$seconds" \
    -dict="$fuzz_dir/aasa.dict" -artifact_prefix="$findings/$target/" -print_final_stats=1 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    "$corpus" "$build/seeds/$target") >"$log" 2>&1 || status=$?
  summarize "$target" "$log"
  report_slow_units "$target" "$corpus" "$build/seeds/$target"
  return $status
}

# Replays every corpus and seed input once and lists those over 100 ms: slowness that stays
# under libFuzzer's timeout goes unnoticed otherwise. Timed on the instrumented build, which is
# a few times slower than the real one: `run.sh replay TARGET FILE` times one uninstrumented.
report_slow_units() {
  local target=$1 times slow
  shift
  times=$(find "$@" -type f -print0 2>/dev/null \
    | xargs -0 -r -n 200 "$build/bin/$target" -timeout=30 -rss_limit_mb=2048 -detect_leaks=0 2>&1 \
    | sed -n 's/^Executed \(.*\) in \([0-9]*\) ms$/\2 \1/p')
  slow=$(echo "$times" | awk '$1 > 100' | sort -rn | head -20)
  if [[ -z $times ]]; then
    echo "$target: the corpus replay timed nothing (see $build/bin/$target FILE)"
  elif [[ -n $slow ]]; then
    echo "$target: SLOW inputs (ms, instrumented):"
    echo "$slow" | sed 's/^/  /'
  else
    echo "$target: all $(echo "$times" | wc -l) corpus inputs replay in under 100 ms (instrumented)"
  fi
}

summarize() {
  local target=$1 log=$2 last
  # Fork mode's progress lines: "#RUNS: cov: C ft: F corp: N exec/s: E oom/timeout/crash: ...".
  last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1 || true)
  echo "$target: ${last:-no progress line (see the log)}"
  # The children's messages are not kept in fork mode: replay each finding for its message.
  local artifact
  for artifact in "$findings/$target"/crash-* "$findings/$target"/timeout-* "$findings/$target"/oom-*; do
    [[ -f $artifact && $artifact != *.txt && ! -f $artifact.txt ]] || continue
    "$build/bin/$target" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 "$artifact" 2>&1 \
      | grep -E -m 3 'Fatal error|ERROR: AddressSanitizer|ERROR: libFuzzer|SUMMARY' >"$artifact.txt" || true
    if [[ ! -s $artifact.txt && $artifact == */timeout-* ]]; then
      echo "replays within 10 s: a slow input (over 2 s instrumented), not a hang" >"$artifact.txt"
    elif [[ ! -s $artifact.txt ]]; then
      echo "no longer fails on replay (fixed since?)" >"$artifact.txt"
    fi
    echo "$target: FINDING ${artifact#"$root"/}: $(head -1 "$artifact.txt" | cut -c1-300)"
  done
}

check_toolchain
what=${1:-all}
shift || true
if [[ $what == replay ]]; then
  target=${1:?"usage: run.sh replay TARGET FILE..."}
  shift
  source_of "$target" >/dev/null || { echo "run.sh: no target '$target'" >&2; exit 2; }
  if is_linked "$target"; then
    echo "run.sh: $target is built by SwiftPM and has no uninstrumented replay; time inputs" \
      "with: Fuzz/run.sh $target FILE..." >&2
    exit 2
  fi
  build_replay "$target"
  exec "$build/replay/$target" "$@"
fi
# The swiftc-built targets need the library modules; the SwiftPM-built ones do not.
needs_library=0
for target in "${all_targets[@]}"; do
  if [[ $what == all || $what == build || $what == "$target" ]] && ! is_linked "$target"; then
    needs_library=1
  fi
done
[[ $needs_library == 1 ]] && build_library "$build/lib" "${swift_flags[@]}"
case "$what" in
build)
  for target in "${all_targets[@]}"; do build_target "$target"; done
  ;;
all)
  seconds=${1:-300}
  status=0
  for target in "${all_targets[@]}"; do run_target "$target" "$seconds" || status=1; done
  exit $status
  ;;
*)
  source_of "$what" >/dev/null || { echo "run.sh: no target '$what' (${all_targets[*]} all build)" >&2; exit 2; }
  if [[ $# -gt 0 && ! $1 =~ ^[0-9]+$ ]]; then
    build_target "$what"
    exec "$build/bin/$what" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 "$@"
  fi
  run_target "$what" "${1:-300}"
  ;;
esac
