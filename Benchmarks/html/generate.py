#!/usr/bin/env python3
"""Writes the hostile App Links pages of security review S4-4 into a folder, each filling the page
fetch limit (5 MiB): markup that hides its nesting from a guard, or makes gumbo's tree building
slow at a depth under the limit.

Usage: generate.py OUT_DIR

Deterministic: the same files every run. Each page is cut to whole repetitions of its unit.
"""
import os
import sys

LIMIT = 5 * 1024 * 1024


def fill(head, unit, tail=""):
    count = (LIMIT - len(head) - len(tail)) // len(unit)
    return head + unit * count + tail


DEEP = "<div>" * 3_990


def pages():
    yield "comment-bypass", fill("<!-->", "<div>", "-->")
    yield "comment-dash-bypass", fill("<!--->", "<div>", "-->")
    yield "comment-bang-bypass", fill("<!-- x --!>", "<div>", "-->")
    yield "svg-title", fill("<svg><title>", "<g>", "</title></svg>")
    yield "svg-style", fill("<svg><style>", "<g>", "</style></svg>")
    yield "list-items", fill("", "<li><dd>")
    yield "optgroups", fill("", "<optgroup>")
    yield "ruby-text", fill("", "<rt>")
    yield "svg-inputs", fill("<svg>", "<input>")
    yield "table-cells", fill("", "<table><td><p>")
    yield "divs", fill("", "<div>")
    # 3,990 deep (under the 4,000 limit), then one cheap token after another: each looks
    # through the whole stack.
    yield "deep-end-p", fill(DEEP, "</p>")
    yield "deep-end-li", fill(DEEP, "</li>")
    yield "deep-spans", fill(DEEP, "<span></span>")
    yield "deep-formatting", fill(DEEP, "<i></i>")
    yield "deep-text", fill(DEEP + "<b>", "x")
    # The same, stopped just under the work bound, and the rest of the page one comment: the
    # slowest page the estimate lets gumbo parse.
    yield "deep-end-p-under-bound", fill(DEEP + "</p>" * 58_000 + "<!--", "x", "-->")
    # 3,999 distinct formatting elements closed by </p>: every character reconstructs them all.
    yield "reconstruct", fill("<p>" + "".join("<b id=%d>" % i for i in range(3_999)) + "</p>",
                              "<p>x</p>")
    # Formatting elements left open: the adoption agency and Noah's Ark walk the list.
    yield "open-anchors", fill("", "<a href=x>")
    yield "open-formatting", fill("", "<b id=1><i id=2><u id=3></p>")
    # One tag of 700,000 attributes: gumbo compares each with those before it.
    yield "attributes", "<div" + "".join(" a%06d" % i for i in range((LIMIT - 6) // 8)) + ">"
    # <body> tags of distinct attributes, merged into the first body one by one.
    yield "body-attributes", "".join(
        "<body" + "".join(" b%03dx%03d" % (t, i) for i in range(500)) + ">"
        for t in range(LIMIT // (500 * 10 + 7)))
    # Markup on which gumbo 0.10 aborts (fuzzing.md, G1 and G2).
    yield "parser-abort-cdata", fill("<table><svg><foreignObject><![CDATA[x]]>", "x")
    yield "parser-abort-select", fill("<table><math><select><mo><select><tfoot>", "<td>x")
    # A plain page, for scale: 5 MiB of ordinary markup.
    yield "plain", fill(
        "<!doctype html><html><head><title>x</title>"
        '<meta property="al:ios:url" content="example://docs">'
        '<meta property="al:ios:app_store_id" content="284882215">'
        '<meta property="al:ios:app_name" content="Example"></head><body><main>',
        '<div class="item"><h2><a href="/x/y?z=1">Title of the thing</a></h2><p>Some text, '
        '<b>bold</b> and <i>italic</i> with <span class="c">spans</span>.</p><ul><li>first'
        '<li>second<li>third</ul><table><tr><td>1<td>2<tr><td>3<td>4</table>'
        '<img src="/a.png" alt="a"><br></div>',
        "</main></body></html>")


def main(out):
    os.makedirs(out, exist_ok=True)
    for name, text in pages():
        data = text.encode()
        assert len(data) <= LIMIT, (name, len(data))
        with open(os.path.join(out, name + ".html"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main(sys.argv[1])
