/// The positions of each name's entries, by key (name and namespace): an array for HTML names
/// gumbo knows, a dictionary for the rest.
struct NestingPositions {
  private var html: [[Int]]
  private var other: [Int: [Int]] = [:]

  init(count: Int) { html = Array(repeating: [], count: count) }

  subscript(key: Int) -> [Int]? {
    if key & 3 == 0, key >> 2 < html.count {
      let list = html[key >> 2]
      return list.isEmpty ? nil : list
    }
    return other[key]
  }

  mutating func append(_ position: Int, at key: Int) {
    if key & 3 == 0, key >> 2 < html.count {
      html[key >> 2].append(position)
    } else {
      other[key, default: []].append(position)
    }
  }

  mutating func removeLast(at key: Int) {
    if key & 3 == 0, key >> 2 < html.count {
      html[key >> 2].removeLast()
    } else {
      other[key]?.removeLast()
    }
  }
}

enum NestingSpace: Int { case html = 0, svg = 1, math = 2 }

/// What an element is to the tree builder's rules, kept per element so that each category's
/// positions can be kept in a stack of its own.
struct NestingCategories: OptionSet {
  let rawValue: UInt16
  static let special = NestingCategories(rawValue: 1)
  static let specialExceptADP = NestingCategories(rawValue: 2)
  static let scope = NestingCategories(rawValue: 4)
  static let listScope = NestingCategories(rawValue: 8)
  static let buttonScope = NestingCategories(rawValue: 16)
  static let tableScope = NestingCategories(rawValue: 32)
  static let notOption = NestingCategories(rawValue: 64)
  static let heading = NestingCategories(rawValue: 128)
  static let htmlSpace = NestingCategories(rawValue: 256)
  static let mode = NestingCategories(rawValue: 512)
  static let marker = NestingCategories(rawValue: 1024)
}

enum NestingBytes {
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")
  static let bang = UInt8(ascii: "!")
  static let slash = UInt8(ascii: "/")
  static let dash = UInt8(ascii: "-")
  static let question = UInt8(ascii: "?")
  static let equals = UInt8(ascii: "=")
  static let quote = UInt8(ascii: "'")
  static let doubleQuote = UInt8(ascii: "\"")
  static let ampersand = UInt8(ascii: "&")

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// HTML5's whitespace in tags: tab, line feed, form feed, carriage return (a line feed once
  /// the input is normalised) and space.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }
}

/// Element names as small numbers: gumbo's own tag list, then names it does not know. In the HTML
/// namespace every unknown name is ``unknown`` (gumbo closes any of them with any unknown end
/// tag); foreign elements keep their own (gumbo compares their names).
enum NestingNames {
  /// Gumbo 0.10.1's tags (`src/tag.in`), in its order.
  static let gumboTags = [
    "html", "head", "title", "base", "link", "meta", "style", "script", "noscript", "template",
    "body", "article", "section", "nav", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup",
    "header", "footer", "address", "p", "hr", "pre", "blockquote", "ol", "ul", "li", "dl", "dt",
    "dd", "figure", "figcaption", "main", "div", "a", "em", "strong", "small", "s", "cite", "q",
    "dfn", "abbr", "data", "time", "code", "var", "samp", "kbd", "sub", "sup", "i", "b", "u",
    "mark", "ruby", "rt", "rp", "bdi", "bdo", "span", "br", "wbr", "ins", "del", "image", "img",
    "iframe", "embed", "object", "param", "video", "audio", "source", "track", "canvas", "map",
    "area", "math", "mi", "mo", "mn", "ms", "mtext", "mglyph", "malignmark", "annotation-xml",
    "svg", "foreignobject", "desc", "table", "caption", "colgroup", "col", "tbody", "thead",
    "tfoot", "tr", "td", "th", "form", "fieldset", "legend", "label", "input", "button", "select",
    "datalist", "optgroup", "option", "textarea", "keygen", "output", "progress", "meter",
    "details", "summary", "menu", "menuitem", "applet", "acronym", "bgsound", "dir", "frame",
    "frameset", "noframes", "isindex", "listing", "xmp", "nextid", "noembed", "plaintext", "rb",
    "strike", "basefont", "big", "blink", "center", "font", "marquee", "multicol", "nobr",
    "spacer", "tt", "rtc",
  ]

  /// A tag name as read (lower case): its first sixteen bytes packed, and the rest when longer.
  struct Key: Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0
    var rest: [UInt8]?

    mutating func append(_ byte: UInt8) {
      if count < 8 {
        low |= UInt64(byte) << UInt64(8 * count)
      } else if count < 16 {
        high |= UInt64(byte) << UInt64(8 * (count - 8))
      } else if rest == nil {
        rest = [byte]
      } else {
        rest!.append(byte)
      }
      count += 1
    }
  }

  static let known: [Key: Int] = {
    var table: [Key: Int] = [:]
    for (offset, name) in gumboTags.enumerated() {
      var key = Key()
      for byte in name.utf8 { key.append(byte) }
      table[key] = offset + 1
    }
    return table
  }()

  static let unknown = 0
  /// Foreign elements of names gumbo does not know get numbers from here on, per page.
  static let firstForeign = 1_000

  private static func id(_ name: String) -> Int {
    var key = Key()
    for byte in name.utf8 { key.append(byte) }
    return known[key] ?? unknown
  }

  static func key(_ name: Int, _ space: NestingSpace) -> Int {
    name &* 4 &+ space.rawValue
  }

  static let html = 1  // html
  static let head = 2  // head
  static let body = 11  // body
  static let title = 3  // title
  static let style = 7  // style
  static let script = 8  // script
  static let template = 10  // template
  static let p = 26  // p
  static let hr = 27  // hr
  static let li = 32  // li
  static let dd = 35  // dd
  static let dt = 34  // dt
  static let a = 40  // a
  static let nobr = 147  // nobr
  static let font = 144  // font
  static let br = 67  // br
  static let form = 106  // form
  static let button = 111  // button
  static let table = 96  // table
  static let caption = 97  // caption
  static let colgroup = 98  // colgroup
  static let col = 99  // col
  static let tbody = 100  // tbody
  static let thead = 101  // thead
  static let tfoot = 102  // tfoot
  static let tr = 103  // tr
  static let td = 104  // td
  static let th = 105  // th
  static let select = 112  // select
  static let option = 115  // option
  static let optgroup = 114  // optgroup
  static let input = 110  // input
  static let keygen = 117  // keygen
  static let textarea = 116  // textarea
  static let plaintext = 137  // plaintext
  static let frame = 129  // frame
  static let frameset = 130  // frameset
  static let isindex = 132  // isindex
  static let ruby = 61  // ruby
  static let rb = 138  // rb
  static let rtc = 150  // rtc
  static let rp = 63  // rp
  static let rt = 62  // rt
  static let math = 84  // math
  static let svg = 93  // svg
  static let mglyph = 90  // mglyph
  static let malignmark = 91  // malignmark
  static let annotationXML = 92  // annotation-xml
  static let headings = Flag.headings
  static let noscript = 9  // noscript
  static let applet = 125  // applet
  static let object = 75  // object
  static let marquee = 145  // marquee
  static let base = 4  // base
  static let basefont = 140  // basefont
  static let bgsound = 127  // bgsound
  static let link = 5  // link
  static let meta = 6  // meta
  static let noframes = 131  // noframes

  /// Which of the rules' lists each known name is on.
  struct Flag: OptionSet {
    let rawValue: UInt32
    static let headings = Flag(rawValue: 1 << 0)
    static let headContent = Flag(rawValue: 1 << 1)
    static let tableParts = Flag(rawValue: 1 << 2)
    static let tablePartsAndTable = Flag(rawValue: 1 << 3)
    static let tableContext = Flag(rawValue: 1 << 4)
    static let void = Flag(rawValue: 1 << 5)
    static let closesP = Flag(rawValue: 1 << 6)
    static let closedInScope = Flag(rawValue: 1 << 7)
    static let impliedEnd = Flag(rawValue: 1 << 8)
    static let specialHTML = Flag(rawValue: 1 << 9)
    static let mathTextIntegration = Flag(rawValue: 1 << 10)
    static let svgHTMLIntegration = Flag(rawValue: 1 << 11)
    static let foreignBreakout = Flag(rawValue: 1 << 12)
    static let defaultScopeHTML = Flag(rawValue: 1 << 13)
    static let modeSetting = Flag(rawValue: 1 << 14)
    static let markerNames = Flag(rawValue: 1 << 15)
    static let tableBodyContext = Flag(rawValue: 1 << 16)
    static let rowContext = Flag(rawValue: 1 << 17)
    static let formatting = Flag(rawValue: 1 << 18)
  }

  /// The flags of each name, by number (unknown and foreign-only names have none).
  static let flags: [Flag] = {
    var table = [Flag](repeating: [], count: gumboTags.count + 1)
    let lists: [(Flag, [String])] = [
      (.headings, ["h1", "h2", "h3", "h4", "h5", "h6"]),
      (
        .headContent,
        [
          "html", "head", "base", "basefont", "bgsound", "link", "menuitem", "meta", "title",
          "noscript", "noframes", "style", "script", "template",
        ]
      ),
      (.tableParts, ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"]),
      (.tablePartsAndTable, ["caption", "table", "tbody", "td", "tfoot", "th", "thead", "tr"]),
      (.tableContext, ["table", "template", "html"]),
      (
        .void,
        [
          "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image",
          "img", "input", "keygen", "link", "menuitem", "meta", "param", "source", "track", "wbr",
        ]
      ),
      (
        .closesP,
        [
          "address", "article", "aside", "blockquote", "center", "details", "dir", "div", "dl",
          "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main",
          "menu", "nav", "ol", "p", "pre", "section", "summary", "ul", "xmp",
        ]
      ),
      (
        .closedInScope,
        [
          "address", "article", "aside", "blockquote", "button", "center", "details", "dir", "div",
          "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main",
          "menu", "nav", "ol", "pre", "section", "summary", "ul", "applet", "marquee", "object",
        ]
      ),
      (.impliedEnd, ["dd", "dt", "li", "option", "optgroup", "p", "rb", "rp", "rt", "rtc"]),
      (
        .specialHTML,
        [
          "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound",
          "blockquote", "body", "br", "button", "caption", "center", "col", "colgroup", "menuitem",
          "dd", "details", "dir", "div", "dl", "dt", "embed", "fieldset", "figcaption", "figure",
          "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head",
          "header", "hgroup", "hr", "html", "iframe", "img", "input", "isindex", "keygen", "li",
          "link", "listing", "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript",
          "object", "ol", "p", "param", "plaintext", "pre", "script", "section", "select", "source",
          "style", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th",
          "thead", "title", "tr", "track", "ul", "wbr", "xmp",
        ]
      ),
      (.mathTextIntegration, ["mi", "mo", "mn", "ms", "mtext"]),
      (.svgHTMLIntegration, ["foreignobject", "desc", "title"]),
      (
        .foreignBreakout,
        [
          "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em",
          "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing",
          "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strong",
          "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
        ]
      ),
      (
        .defaultScopeHTML,
        ["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"]
      ),
      (
        .modeSetting,
        [
          "select", "td", "th", "tr", "tbody", "thead", "tfoot", "caption", "colgroup", "table",
          "template",
        ]
      ),
      (.markerNames, ["applet", "object", "marquee", "td", "th", "caption", "template"]),
      (.tableBodyContext, ["tbody", "thead", "tfoot", "template", "html"]),
      (.rowContext, ["tr", "template", "html"]),
      (
        .formatting,
        [
          "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong",
          "tt", "u",
        ]
      ),
    ]
    for (flag, names) in lists {
      for name in names { table[id(name)].insert(flag) }
    }
    return table
  }()

  enum RawText {
    case script
    case text([UInt8])
  }

  /// How the tokenizer reads an element's content once the parser inserts it as HTML.
  static let rawTexts: [RawText?] = {
    var table = [RawText?](repeating: nil, count: gumboTags.count + 1)
    table[script] = .script
    for name in ["style", "xmp", "iframe", "noembed", "noframes", "title", "textarea"] {
      table[id(name)] = .text(Array(name.utf8))
    }
    return table
  }()

  /// The categories of each known name in the HTML namespace.
  static let htmlCategories: [NestingCategories] = (0...gumboTags.count).map {
    categories($0, .html)
  }

  static func categories(_ name: Int, _ space: NestingSpace) -> NestingCategories {
    let flag = name < flags.count ? flags[name] : []
    var result: NestingCategories = []
    switch space {
    case .html:
      result.insert(.htmlSpace)
      if flag.contains(.specialHTML) {
        result.insert(.special)
        if name != id("address"), name != id("div"), name != p {
          result.insert(.specialExceptADP)
        }
      }
      if flag.contains(.defaultScopeHTML) { result.formUnion([.scope, .listScope, .buttonScope]) }
      if name == id("ol") || name == id("ul") { result.insert(.listScope) }
      if name == button { result.insert(.buttonScope) }
      if name == table || name == template || name == html { result.insert(.tableScope) }
      if name != option, name != optgroup { result.insert(.notOption) }
      if flag.contains(.headings) { result.insert(.heading) }
      if flag.contains(.modeSetting) { result.insert(.mode) }
      if flag.contains(.markerNames) { result.insert(.marker) }
    case .svg, .math:
      result.insert(.notOption)
      if flag.contains(.modeSetting) { result.insert(.mode) }
      let boundary =
        space == .math
        ? (flag.contains(.mathTextIntegration) || name == annotationXML)
        : flag.contains(.svgHTMLIntegration)
      if boundary { result.formUnion([.scope, .listScope, .buttonScope]) }
      // Gumbo's special list has these, not the SVG title.
      if boundary, space == .math || name != title {
        result.formUnion([.special, .specialExceptADP])
      }
    }
    return result
  }

  static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ literal: String) -> Bool {
    let utf8 = literal.utf8
    guard bytes.count == utf8.count else { return false }
    return zip(bytes, utf8).allSatisfy { NestingBytes.lowercased($0) == $1 }
  }
}
