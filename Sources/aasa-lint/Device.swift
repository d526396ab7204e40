import AASALint
import ArgumentParser

/// `aasa-lint device [FILE|-]`: pasted device output, explained per app and domain.
struct DeviceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "device",
    abstract:
      "Explain pasted device output: pm get-app-links, swcutil show/verify, swcd log lines.",
    discussion: """
      Reads what an Android device (adb shell pm get-app-links, pm verify-app-links, Play \
      services' verifier in logcat) or an Apple device (swcutil show, a sysdiagnose's \
      swcutil_show.txt, swcutil verify, swcd and dasd console lines) says about its app links, \
      as pasted: diff markers, quote markers, code fences, trailing notes and partial pastes are \
      fine. For each app and domain it prints the state, what it means, the likely causes in \
      order, and what to run next.

        adb shell pm get-app-links com.example.app | aasa-lint device
        aasa-lint device swcutil_show.txt --format json

      Exit status: 0 every domain opens the app, 1 one does not, 2 no device output found or a \
      usage error.
      """)

  @Argument(
    help: ArgumentHelp("The pasted output; - or none reads standard input.", valueName: "file"),
    completion: .file())
  var file: String = "-"

  @Option(help: "Output format: text (for people) or json (one object).")
  var format: FormatOption<DeviceRun> = .text

  @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
  var color: ColorChoice = .auto

  func run() throws {
    try ReportOutput.finish(
      try DeviceRun(input: file).run(), format: format.format, style: color.style)
  }
}
