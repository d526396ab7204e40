/// The version of aasa: what `aasa-lint --version` and `aasa-serve --version` print, SARIF reports
/// name the tool with, and the release archives are named after (`Scripts/package.sh` reads it
/// here). Both tools ship together, so they share one number.
public enum PackageVersion {
  public static let current = "0.1.0"
}
