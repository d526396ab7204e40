import AASAACME
import Foundation
import Logging
import NIOCore

/// `--tls-dir`: loads every certificate, and keeps them current as renewal tools rewrite them in
/// place. A changed certificate (its chain, its key or both) is taken once both files have kept
/// the same size and times for the settle time, and only after it passes every check; a bad
/// renewal is logged and counted, and the old certificate keeps being served. A new table is
/// swapped into the store atomically: a handshake uses either the old or the new one.
public actor CertificateReloader: Reloading {
  public nonisolated let store: Swappable<CertificateTable>
  let folder: CertificateFolder
  let allowUntrusted: Bool
  let logger: Logger
  let placeholder: CertificateTable.Entry?
  private var loaded:
    [String: (entry: CertificateTable.Entry, fingerprint: CertificateFolder.Fingerprint)]
  /// Versions refused, so a bad renewal is reported once, not on every scan.
  private var refused: [String: CertificateFolder.Fingerprint]
  /// Changed certificates waiting to settle, and removed ones.
  private var settling: Settling<String, CertificateFolder.Fingerprint>

  /// What `load` found, for the start-up report.
  public struct InitialLoad: Sendable {
    public var reloader: CertificateReloader
    /// Requirements not met, served because of `--allow-untrusted-certificate`.
    public var warnings: [String]
    public var summary: String
  }

  /// Loads every certificate in the folder. One that fails its checks is logged and left out;
  /// start-up fails only when none is left and there is no `placeholder`.
  /// - Parameter placeholder: Served to names no certificate covers yet, and without SNI
  ///   (`--acme`, before the first certificate arrives); kept in every table.
  public static func load(
    directory: String, allowUntrusted: Bool, settleTime: TimeAmount, logger: Logger,
    placeholder: CertificateTable.Entry? = nil
  ) throws(StartupError) -> InitialLoad {
    let folder = CertificateFolder(directory: directory)
    var loaded:
      [String: (entry: CertificateTable.Entry, fingerprint: CertificateFolder.Fingerprint)] =
        [:]
    var refused: [String: CertificateFolder.Fingerprint] = [:]
    var warnings: [String] = []
    var errors: [String] = []
    for (name, found) in folder.scan().sorted(by: { $0.key < $1.key }) {
      do {
        let certificate = try CertificateLoader.load(found.pair, allowUntrusted: allowUntrusted)
        loaded[name] = (certificate.entry, found.fingerprint)
        warnings += certificate.warnings
      } catch {
        refused[name] = found.fingerprint
        errors.append(error.message)
        ServerMetrics.shared.recordCertificateReloadFailure()
        // One log line per problem, then the refusal (see `StartupError.lines`).
        for line in error.lines.dropLast() { logger.error("\(line)") }
        logger.error("not using the certificate \(name): \(error.lines.last ?? "")")
      }
    }
    guard !loaded.isEmpty || placeholder != nil else {
      let reason =
        errors.isEmpty
        ? "it holds no certificate (NAME.crt with NAME.key, or NAME/fullchain.pem with NAME/privkey.pem)"
        : "no certificate in it can be used"
      throw StartupError("cannot serve TLS from --tls-dir \(directory): \(reason)")
    }
    let table = makeTable(loaded.values.map(\.entry), placeholder: placeholder)
    let reloader = CertificateReloader(
      store: Swappable(table), folder: folder,
      allowUntrusted: allowUntrusted, settleTime: settleTime, logger: logger, loaded: loaded,
      refused: refused, placeholder: placeholder)
    return InitialLoad(
      reloader: reloader, warnings: warnings, summary: summary(of: table, directory))
  }

  private init(
    store: Swappable<CertificateTable>, folder: CertificateFolder, allowUntrusted: Bool,
    settleTime: TimeAmount, logger: Logger,
    loaded: [String: (entry: CertificateTable.Entry, fingerprint: CertificateFolder.Fingerprint)],
    refused: [String: CertificateFolder.Fingerprint], placeholder: CertificateTable.Entry?
  ) {
    self.placeholder = placeholder
    self.store = store
    self.folder = folder
    self.allowUntrusted = allowUntrusted
    self.settling = Settling(settleTime: settleTime)
    self.logger = logger
    self.loaded = loaded
    self.refused = refused
  }

  /// The table of `entries` and the placeholder; each certificate's expiry becomes
  /// `aasa_certificate_expiry_timestamp_seconds{name}`, since CAs send no expiry mail. A
  /// certificate of the folder named `default` takes the placeholder's place: the operator chose
  /// what clients without SNI, or with a name nobody has, get.
  static func makeTable(_ entries: [CertificateTable.Entry], placeholder: CertificateTable.Entry?)
    -> CertificateTable
  {
    for entry in entries {
      CertificateMetrics.recordExpiry(
        name: entry.name, notAfter: Date(timeIntervalSince1970: Double(entry.notValidAfter)))
    }
    let chosenDefault = entries.contains { $0.name == CertificateTable.defaultName }
    let placeholders = chosenDefault ? [] : (placeholder.map { [$0] } ?? [])
    return CertificateTable(entries: entries + placeholders)
  }

  static func summary(of table: CertificateTable, _ directory: String) -> String {
    let names = table.entries.map { entry in
      "\(entry.name) (\(entry.dnsNames.joined(separator: ", ")))"
    }
    return "\(table.entries.count) certificate(s) from \(directory), chosen by SNI: "
      + names.joined(separator: "; ") + "; without SNI or for other names: \(table.fallback.name)"
  }

  public func reload(force: Bool = false) async -> Bool {
    var changed = pass(force: force)
    for _ in 0..<5 where force && settling.isWaiting {
      try? await Task.sleep(for: .nanoseconds(settling.settleTime.nanoseconds))
      if pass(force: true) { changed = true }
    }
    return changed
  }

  /// Takes the certificate `name` that this process has just written to the folder, from its
  /// bytes, without waiting for a scan or the settle time (`--acme`: the manager hands each
  /// certificate it stores over, so it is served at once even with `--watch-interval 0`). It
  /// passes the same checks as one read from the folder; the files' current fingerprint is
  /// recorded, so the next scan sees nothing new. Returns whether the table changed.
  @discardableResult
  public func install(name: String, chainPEM: [UInt8], keyPEM: [UInt8]) -> Bool {
    guard let current = folder.scan()[name] else {
      logger.error("the new certificate \(name) is not in \(folder.directory): it is not used")
      return false
    }
    do {
      let certificate = try CertificateLoader.load(
        current.pair, chainPEM: chainPEM, keyPEM: keyPEM, allowUntrusted: allowUntrusted)
      for warning in certificate.warnings {
        logger.warning("\(warning); Apple's and Google's fetchers will refuse it")
      }
      let renewed = loaded[name] != nil
      loaded[name] = (certificate.entry, current.fingerprint)
      refused[name] = nil
      settling.dropChange(name)
      ServerMetrics.shared.recordCertificateReload()
      logger.info(
        "\(renewed ? "renewed" : "new") certificate \(name) for \(certificate.entry.dnsNames.joined(separator: ", ")) is in use"
      )
      store.replace(with: Self.makeTable(loaded.values.map(\.entry), placeholder: placeholder))
      return true
    } catch {
      refused[name] = current.fingerprint
      ServerMetrics.shared.recordCertificateReloadFailure()
      for line in error.lines.dropLast() { logger.error("\(line)") }
      logger.error("refusing the new certificate \(name): \(error.lines.last ?? "")")
      return false
    }
  }

  /// One scan: notes what changed, takes what has settled. Returns whether the table changed.
  private func pass(force: Bool) -> Bool {
    let found = folder.scan()
    let now = NIODeadline.now()
    var changed = false
    settling.dropChanges(notIn: { found[$0] != nil })
    for (name, current) in found.sorted(by: { $0.key < $1.key }) {
      settling.present(name)
      if loaded[name]?.fingerprint == current.fingerprint {
        settling.dropChange(name)
        continue
      }
      if !force && refused[name] == current.fingerprint { continue }
      guard settling.observe(name, as: current.fingerprint, at: now) else { continue }
      do {
        let certificate = try CertificateLoader.load(current.pair, allowUntrusted: allowUntrusted)
        for warning in certificate.warnings {
          logger.warning("\(warning); Apple's and Google's fetchers will refuse it")
        }
        let renewed = loaded[name] != nil
        loaded[name] = (certificate.entry, current.fingerprint)
        refused[name] = nil
        ServerMetrics.shared.recordCertificateReload()
        logger.info(
          "\(renewed ? "renewed" : "new") certificate \(name) for \(certificate.entry.dnsNames.joined(separator: ", ")) is in use"
        )
        changed = true
      } catch {
        refused[name] = current.fingerprint
        ServerMetrics.shared.recordCertificateReloadFailure()
        let keeping =
          loaded[name] == nil
          ? "it is not used" : "the previous certificate \(name) keeps being served"
        for line in error.lines.dropLast() { logger.error("\(line)") }
        logger.error(
          "refusing the new certificate \(name); \(keeping): \(error.lines.last ?? "")")
      }
    }
    for name in loaded.keys.sorted() where found[name] == nil {
      guard settling.missing(name, at: now) else { continue }
      guard loaded.count > 1 || placeholder != nil else {
        logger.error(
          "the certificate \(name) was removed, and it is the last one: it keeps being served")
        continue
      }
      loaded[name] = nil
      logger.warning("the certificate \(name) was removed: it is no longer served")
      changed = true
    }
    if changed {
      store.replace(
        with: Self.makeTable(loaded.values.map(\.entry), placeholder: placeholder))
    }
    return changed
  }
}
