/// aasa-lint's version, as `--version` prints it and SARIF reports name the tool.
public enum ToolVersion {
  public static let current = "0.1.0"
}
