/// Teaches ArgumentParser's bash completion about the default subcommand.
///
/// `aasa-lint FILE --format <TAB>` runs `lint` without naming it, but the generated script only
/// knows named subcommands: it offered subcommand names for every word, so file names stopped
/// completing and option values were never offered. The fix hands any other first word to
/// `lint`'s completion, and offers files as well as subcommands for the first word.
enum BashCompletion {
  /// The generated script with the fallback replaced; the script unchanged (and still usable)
  /// if a future ArgumentParser writes it differently.
  static func patch(_ script: String) -> String {
    let subcommands = "lint diff files check help"
    let original = """
          *)
              # Offer subcommand completions
              COMPREPLY+=($(compgen -W '\(subcommands)' -- "${cur}"))
              ;;
      """
    let replacement = """
          *)
              # Not a subcommand: the words belong to the default subcommand, lint.
              if [[ "${COMP_CWORD}" -eq 1 ]]; then
                  COMPREPLY+=($(compgen -W '\(subcommands)' -- "${cur}"))
              fi
              unparsed_words=("${subcommand}" "${unparsed_words[@]}")
              _aasa-lint_lint
              ;;
      """
    return script.replacing(original, with: replacement)
  }
}
