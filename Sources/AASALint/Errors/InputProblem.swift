import AASACore
import AASALiveCheck
import AASASigned

/// An error that ends a run before it can answer: an input that cannot be read, or options that
/// contradict each other. Its description is the whole message, in words, so that every such
/// error reaches the user the same way: `aasa-lint: error: MESSAGE`, exit status 2.
package protocol InputProblem: Error, CustomStringConvertible {}

extension FileInput.ReadError: InputProblem {}
extension LineReader.OpenError: InputProblem {}
extension LineReader.LineTooLong: InputProblem {}
extension ExpectationTable.FormatError: InputProblem {}
extension SignedAssociation.UnreadableSignature: InputProblem {}
extension RemoteFile.FetchError: InputProblem {}
