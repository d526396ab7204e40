# aasa's two tools in a small image: aasa-lint (the default entry point) and aasa-serve.
#
#   docker build -t aasa .
#   docker run --rm -v "$PWD:/work:ro" -w /work aasa site/.well-known/apple-app-site-association
#   docker run --rm -p 443:8443 -v "$PWD/site:/site:ro" -v "$PWD/tls:/tls:ro" \
#     --entrypoint aasa-serve aasa --root /site --host 0.0.0.0 --port 8443 \
#     --tls-cert /tls/fullchain.pem --tls-key /tls/privkey.pem
#
# The build stage has the toolchain and the -dev packages; the runtime stage has only the shared
# libraries the binaries link (the Swift runtime and Foundation are linked in statically).

FROM swift:6.2-bookworm AS build
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    libgumbo-dev libbrotli-dev zlib1g-dev libxml2-dev libnghttp2-dev libssl-dev pkg-config \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product aasa-lint \
  && swift build -c release --static-swift-stdlib --product aasa-serve \
  && mkdir -p /out \
  && cp "$(swift build -c release --static-swift-stdlib --show-bin-path)/aasa-lint" \
    "$(swift build -c release --static-swift-stdlib --show-bin-path)/aasa-serve" /out/ \
  && strip /out/aasa-lint /out/aasa-serve

FROM debian:bookworm-slim
# What `ldd` lists for the two binaries beyond glibc: gumbo, brotli, zlib, libxml2 (Foundation's
# XML parser, for Android manifests), libnghttp2 (aasa-serve's HTTP/2 engine) and the C++ runtime
# (Scripts/test-package.sh checks the same list); and the CA bundle that `aasa-lint check` trusts.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    libgumbo1 libbrotli1 zlib1g libxml2 libnghttp2-14 libstdc++6 ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/aasa-lint /out/aasa-serve /usr/local/bin/
# An unprivileged user: aasa-serve listens above 1023 (publish 443 with -p 443:8443).
USER 65532:65532
WORKDIR /work
EXPOSE 8443 9090
ENTRYPOINT ["aasa-lint"]
CMD ["--help"]
