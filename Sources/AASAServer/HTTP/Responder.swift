import NIOHTTP1

/// Picks the answer to a request from a site snapshot. Pure: no I/O, no clock, no allocation
/// beyond decoding the path, so it is cheap on the event loop and easy to test.
public enum Responder {
  public static func answer(_ request: RequestSummary, site: SiteSnapshot) -> Answer {
    let isHead: Bool
    switch request.method {
    case .GET: isHead = false
    case .HEAD: isHead = true
    default: return Answer(response: .methodNotAllowed, includeBody: true)
    }
    let file: ServedFile
    // Fast path for the common case: the target is already a plain canonical path of a loaded
    // file. Sound because such a target decodes to itself and table keys are canonical.
    if RequestPath.isPlain(request.target), let found = site.files[request.target] {
      return answer(for: found, request, isHead: isHead)
    }
    switch RequestPath.resolve(request.target) {
    case .malformed:
      return Answer(response: .badRequest, includeBody: !isHead)
    case .hidden:
      return Answer(response: .notFound, includeBody: !isHead)
    case .site(let path):
      guard let found = site.file(at: path) else {
        // A link domain's fallback: only for paths of a rule, and only where no file is.
        if let links = site.links,
          let answer = links.answer(
            path: path, target: request.target, userAgent: request.userAgent, isHead: isHead)
        {
          return answer
        }
        return Answer(response: .notFound, includeBody: !isHead)
      }
      file = found
    }
    return answer(for: file, request, isHead: isHead)
  }

  private static func answer(for file: ServedFile, _ request: RequestSummary, isHead: Bool)
    -> Answer
  {
    var representation = file.identity
    if let header = request.preferHtmlMetaTags, let variant = file.metaTags,
      case let prefixes = MetaTagVariant.prefixes(in: header), !prefixes.isEmpty
    {
      representation = variant.representation(for: prefixes)
    } else if let gzip = file.gzip, !request.acceptEncoding.isEmpty,
      AcceptEncoding.acceptsGzip(request.acceptEncoding)
    {
      representation = gzip
    }
    if !request.ifNoneMatch.isEmpty || request.ifModifiedSince != nil,
      ConditionalRequest.isNotModified(
        ifNoneMatch: request.ifNoneMatch, ifModifiedSince: request.ifModifiedSince,
        etag: representation.etag, lastModified: file.lastModified)
    {
      return Answer(response: representation.notModified, includeBody: false)
    }
    return Answer(response: representation.ok, includeBody: !isHead)
  }
}
