import Foundation
import Metrics

/// ACME's metrics, through swift-metrics (the server exports them on `/metrics`):
/// - `aasa_acme_orders_total{result}`: orders issued or failed;
/// - `aasa_acme_renewals_total{trigger}`: renewals by `ari`, `window` or `emergency`;
/// - `aasa_acme_challenges_served_total{type}`: validations answered (recorded by the server);
/// - `aasa_acme_ondemand_denied_total{reason}`: names not ordered on demand (`--acme-ask`);
/// - `aasa_certificate_expiry_timestamp_seconds{name}`: when each certificate expires, the only
///   expiry warning now that CAs send no mail.
public enum CertificateMetrics {
  public static func recordOrder(result: String) {
    Counter(label: "aasa_acme_orders_total", dimensions: [("result", result)]).increment()
  }

  public static func recordRenewal(trigger: String) {
    Counter(label: "aasa_acme_renewals_total", dimensions: [("trigger", trigger)]).increment()
  }

  public static func recordChallengeServed(type: ACMEChallengeType) {
    Counter(label: "aasa_acme_challenges_served_total", dimensions: [("type", type.rawValue)])
      .increment()
  }

  public static func recordOnDemandRefusal(reason: String) {
    Counter(label: "aasa_acme_ondemand_denied_total", dimensions: [("reason", reason)]).increment()
  }

  public static func recordExpiry(name: String, notAfter: Date) {
    Gauge(label: "aasa_certificate_expiry_timestamp_seconds", dimensions: [("name", name)])
      .record(notAfter.timeIntervalSince1970.rounded())
  }
}
