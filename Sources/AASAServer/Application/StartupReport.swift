import NIOCore

/// The lines printed once the socket is bound: where, what, and how to try it.
public enum StartupReport {
  public static func lines(
    configuration: ServerConfiguration, port: Int, tls: ListenerTLS?, content: SiteContent,
    adminPort: Int? = nil
  ) -> [String] {
    let scheme = tls == nil ? "http" : "https"
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    let base = "\(scheme)://\(host):\(port)"
    var lines = ["listening on \(base)"]
    if let tls {
      lines.append("TLS: \(tls.summary); ALPN h2, http/1.1")
    } else {
      lines.append(
        "plain HTTP, no TLS: run behind a load balancer that terminates TLS "
          + "(Apple and Google only fetch over HTTPS), or pass --tls-cert/--tls-key or --self-signed"
      )
    }
    let files: [ServedFile]
    switch content.listing {
    case .sites(let directory, let sites):
      lines.append("serving \(sites.count) site(s) from \(directory), by Host:")
      for site in sites { lines.append("  \(site.host) (\(site.files) file(s))") }
      if !sites.contains(where: { $0.host == HostFoldersReloader.fallbackName }) {
        lines.append(
          "other hosts get 421 (add \(directory)/\(HostFoldersReloader.fallbackName) to answer them)"
        )
      }
      lines.append(contentsOf: adminLine(configuration: configuration, adminPort: adminPort))
      let example =
        sites.first { $0.host != HostFoldersReloader.fallbackName }?.host ?? "example.com"
      lines.append(
        "try: curl -i \(tls?.curlTrustOption ?? "")--resolve \(example):\(port):127.0.0.1 "
          + "\(scheme)://\(example):\(port)\(SitePaths.appleAppSiteAssociation)")
      return lines
    case .files(let served):
      files = served
    }
    lines.append("serving \(files.count) file(s) from \(configuration.root):")
    for file in files {
      let note = WellKnownValidation.kind(of: file.path) != nil ? ", validated" : ""
      lines.append(
        "  \(file.path) (\(file.bytes.readableBytes) bytes, \(file.contentType)\(note))")
    }
    if files.contains(where: { $0.path == SitePaths.appleAppSiteAssociation })
      && !files.contains(where: { $0.path == SitePaths.legacyAppleAppSiteAssociation })
    {
      lines.append("  \(SitePaths.legacyAppleAppSiteAssociation) (same file, legacy location)")
    }
    if !files.contains(where: {
      $0.path == SitePaths.appleAppSiteAssociation
        || $0.path == SitePaths.legacyAppleAppSiteAssociation
    }) {
      lines.append(
        "no apple-app-site-association file: put one in \(configuration.root)/.well-known/")
    }
    lines.append(contentsOf: adminLine(configuration: configuration, adminPort: adminPort))
    // A wildcard address is not something to connect to; loopback reaches it.
    let curlHost =
      switch configuration.host {
      case "0.0.0.0", "::", "": "localhost"
      default: host
      }
    lines.append(
      "try: curl -i \(tls?.curlTrustOption ?? "")\(scheme)://\(curlHost):\(port)"
        + SitePaths.appleAppSiteAssociation)
    return lines
  }

  private static func adminLine(configuration: ServerConfiguration, adminPort: Int?) -> [String] {
    guard let admin = configuration.admin, let adminPort else { return [] }
    let adminHost = admin.host.contains(":") ? "[\(admin.host)]" : admin.host
    return ["admin on http://\(adminHost):\(adminPort) (/healthz, /readyz, /metrics)"]
  }
}
