/// What a fetched response's body is once its `Content-Encoding` is undone, up to a fetcher's
/// size limit: the steps Apple's and Google's fetchers take alike. The judges word each case for
/// their fetcher (``ResponseJudge/decode(_:as:)``, `decodeForAndroid`).
enum ResponseBody {
  /// `Content-Encoding` names a coding no fetcher decodes.
  case unknownCoding(ContentCoding.UnknownCoding)
  /// No coding: the body is as sent (the response may still have exceeded the fetch cap).
  case identity
  /// Encoded, and already over the cap as sent: not decoded.
  case overCapAsSent([ContentCoding])
  /// Encoded and decoded, up to the limit.
  case decoded([ContentCoding], DecodedBody)
  /// Encoded, but not as its codings say.
  case undecodable([ContentCoding], UndecodableBody)

  init(_ response: FetchedResource, limit: Int) {
    let codings: [ContentCoding]
    switch ContentCoding.parse(response.header("Content-Encoding") ?? "") {
    case .success(let parsed): codings = parsed
    case .failure(let unknown):
      self = .unknownCoding(unknown)
      return
    }
    if codings.isEmpty {
      self = .identity
    } else if response.exceededCap {
      self = .overCapAsSent(codings)
    } else {
      do {
        self = .decoded(
          codings, try BodyDecoder.decode(response.body, codings: codings, limit: limit))
      } catch {
        self = .undecodable(codings, error)
      }
    }
  }
}
