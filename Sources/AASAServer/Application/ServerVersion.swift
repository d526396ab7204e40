/// What `aasa-serve --version` prints.
public enum ServerVersion {
  public static let current = "0.1.0"
}
