/// Teaches ArgumentParser's completion scripts about the default subcommand.
///
/// `aasa-lint FILE --format <TAB>` runs `lint` without naming it, but the generated scripts only
/// know named subcommands: they offered subcommand names for every word (bash) or nothing at all
/// (zsh), so file names stopped completing and option values were never offered. The fix hands
/// any other first word to `lint`'s completion, and offers files as well as subcommands for the
/// first word.
enum CompletionScript {
  /// The subcommands as the generated scripts list them, taken from the command itself so that a
  /// new subcommand needs no change here.
  static var subcommandNames: [String] {
    AASALintCommand.configuration.subcommands.map { $0._commandName } + ["help"]
  }

  private static var subcommands: String { subcommandNames.joined(separator: " ") }

  /// The generated script with the fallback added; the script unchanged (and still usable) if a
  /// future ArgumentParser writes it differently.
  static func patch(_ script: String) -> String {
    if script.hasPrefix("#!/bin/bash") { return patchBash(script) }
    if script.hasPrefix("#compdef") { return patchZsh(script) }
    return script
  }

  private static func patchBash(_ script: String) -> String {
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

  private static func patchZsh(_ script: String) -> String {
    let firstWord = """
              _describe -V subcommand subcommands && ret=0
              ;;
      """
    let firstWordAndFiles = """
              _describe -V subcommand subcommands && ret=0
              _files && ret=0
              ;;
      """
    let alternatives = subcommandNames.joined(separator: "|")
    let dispatch = """
              \(alternatives))
                  "_aasa-lint_${words[1]}" && ret=0
                  ;;
              esac
      """
    let dispatchWithDefault = """
              \(alternatives))
                  "_aasa-lint_${words[1]}" && ret=0
                  ;;
              *)
                  # Not a subcommand: the words belong to the default subcommand, lint.
                  words=(lint "${words[@]}")
                  (( CURRENT++ ))
                  _aasa-lint_lint && ret=0
                  ;;
              esac
      """
    return script.replacing(firstWord, with: firstWordAndFiles)
      .replacing(dispatch, with: dispatchWithDefault)
  }
}
