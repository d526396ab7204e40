import AASASigned
import AASAWellKnown

/// Everything a live check learned about one well-known file: the requirement lines, and the file
/// itself when one came back.
public struct ResourceCheck: Sendable {
  public var resource: WellKnownResource
  public var url: String
  public var requirements: [Requirement]
  /// The file as linted (the content of a signed file), when a 200 response carried one.
  public var lintedSource: [UInt8]?
  public var lint: WellKnownReport?
  public var signed: SignedAssociation?

  public init(
    resource: WellKnownResource, url: String, requirements: [Requirement] = [],
    lintedSource: [UInt8]? = nil, lint: WellKnownReport? = nil, signed: SignedAssociation? = nil
  ) {
    self.resource = resource
    self.url = url
    self.requirements = requirements
    self.lintedSource = lintedSource
    self.lint = lint
    self.signed = signed
  }

  /// The worst status among the lines.
  public var status: Requirement.Status { requirements.map(\.status).max() ?? .pass }
}
