import Logging
import NIOCore

/// The lines printed once the socket is bound: where, what, and how to try it.
public enum StartupReport {
  /// One line of the report: its text for people, and for a JSON log a message of its own with
  /// the values as fields, so that a collector reads `path` and `bytes` rather than parsing an
  /// indented listing.
  public struct Entry: Sendable {
    public var text: String
    public var message: String
    public var fields: Logger.Metadata

    init(_ text: String, message: String? = nil, fields: Logger.Metadata = [:]) {
      self.text = text
      self.message = message ?? text
      self.fields = fields
    }
  }

  /// The report as text lines.
  public static func lines(
    configuration: ServerConfiguration, port: Int, tls: ListenerTLS?, content: SiteContent,
    adminPort: Int? = nil
  ) -> [String] {
    entries(
      configuration: configuration, port: port, tls: tls, content: content, adminPort: adminPort
    ).map(\.text)
  }

  public static func entries(
    configuration: ServerConfiguration, port: Int, tls: ListenerTLS?, content: SiteContent,
    adminPort: Int? = nil
  ) -> [Entry] {
    let scheme = tls == nil ? "http" : "https"
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    let base = "\(scheme)://\(host):\(port)"
    var lines: [Entry] = [
      Entry("listening on \(base)", fields: ["url": .string(base)])
    ]
    if let tls {
      lines.append(Entry("TLS: \(tls.summary); ALPN h2, http/1.1"))
    } else {
      lines.append(
        Entry(
          "plain HTTP, no TLS: run behind a load balancer that terminates TLS "
            + "(Apple and Google only fetch over HTTPS), or pass --tls-cert/--tls-key or --self-signed"
        ))
    }
    let files: [ServedFile]
    switch content.listing {
    case .sites(let directory, let sites):
      lines.append(
        Entry(
          "serving \(sites.count) site(s) from \(directory), by Host:", message: "serving sites",
          fields: ["directory": .string(directory), "sites": .stringConvertible(sites.count)]))
      for site in sites {
        lines.append(
          Entry(
            "  \(site.host) (\(site.files) file(s))", message: "site",
            fields: ["host": .string(site.host), "files": .stringConvertible(site.files)]))
      }
      if !sites.contains(where: { $0.host == HostFoldersReloader.fallbackName }) {
        lines.append(
          Entry(
            "other hosts get 421 (add \(directory)/\(HostFoldersReloader.fallbackName) to answer them)"
          ))
      }
      lines.append(contentsOf: adminLine(configuration: configuration, adminPort: adminPort))
      let example =
        sites.first { $0.host != HostFoldersReloader.fallbackName }?.host ?? "example.com"
      lines.append(
        Entry(
          "try: curl -i \(tls?.curlTrustOption ?? "")--resolve \(example):\(port):127.0.0.1 "
            + "\(scheme)://\(example):\(port)\(SitePaths.appleAppSiteAssociation)"))
      return lines
    case .files(let served):
      files = served
    }
    lines.append(
      Entry(
        "serving \(files.count) file(s) from \(configuration.root):", message: "serving files",
        fields: ["root": .string(configuration.root), "files": .stringConvertible(files.count)]))
    for file in files {
      let validated = WellKnownValidation.kind(of: file.path) != nil
      lines.append(
        Entry(
          "  \(file.path) (\(file.bytes.readableBytes) bytes, \(file.contentType)\(validated ? ", validated" : ""))",
          message: "file",
          fields: [
            "path": .string(file.path), "bytes": .stringConvertible(file.bytes.readableBytes),
            "content_type": .string(file.contentType), "validated": .string("\(validated)"),
          ]))
    }
    if files.contains(where: { $0.path == SitePaths.appleAppSiteAssociation })
      && !files.contains(where: { $0.path == SitePaths.legacyAppleAppSiteAssociation })
    {
      lines.append(
        Entry(
          "  \(SitePaths.legacyAppleAppSiteAssociation) (same file, legacy location)",
          message: "file",
          fields: [
            "path": .string(SitePaths.legacyAppleAppSiteAssociation),
            "same_as": .string(SitePaths.appleAppSiteAssociation),
          ]))
    }
    if !files.contains(where: {
      $0.path == SitePaths.appleAppSiteAssociation
        || $0.path == SitePaths.legacyAppleAppSiteAssociation
    }) {
      lines.append(
        Entry(
          "no apple-app-site-association file: put one in \(configuration.root)/.well-known/"))
    }
    lines.append(contentsOf: adminLine(configuration: configuration, adminPort: adminPort))
    // A wildcard address is not something to connect to; loopback reaches it.
    let curlHost =
      switch configuration.host {
      case "0.0.0.0", "::", "": "localhost"
      default: host
      }
    lines.append(
      Entry(
        "try: curl -i \(tls?.curlTrustOption ?? "")\(scheme)://\(curlHost):\(port)"
          + SitePaths.appleAppSiteAssociation))
    return lines
  }

  private static func adminLine(configuration: ServerConfiguration, adminPort: Int?) -> [Entry] {
    guard let admin = configuration.admin, let adminPort else { return [] }
    let adminHost = admin.host.contains(":") ? "[\(admin.host)]" : admin.host
    return [Entry("admin on http://\(adminHost):\(adminPort) (/healthz, /readyz, /metrics)")]
  }
}
