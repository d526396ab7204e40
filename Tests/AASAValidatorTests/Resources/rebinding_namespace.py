#!/usr/bin/env python3
"""One resolution per fetch, through a rebinding DNS server (RebindingNamespaceTests).

Run only inside a private network and mount namespace of the test's own: loopback up, the
'public' addresses 192.0.2.10 and 192.0.2.20 (a documentation range, which the fetch policy
treats as public) and 169.254.169.254 on it, and /etc/resolv.conf bind-mounted to name
127.0.0.1 as the only server. The test's shell sets that up and then runs this script with one
argument, a JSON object: lint (the aasa-lint to run), ca (the authority file the validator
trusts), chain and key (the servers' certificate, signed by it, naming every host here), out
(the file to write the findings to), and cases: [{site, include, redirect}], the spellings to
ask for.

It runs three things:
  - a DNS server on 127.0.0.1:53 that answers the first A question for each name (compared
    without case or trailing dot) with its public address and every later one with 127.0.0.1
    or 169.254.169.254, and logs every question. A second resolution of a name is seen twice in
    the log and sends the connection to an address the policy refuses.
  - one TLS server on 0.0.0.0:443: every connection is logged with the local address it
    reached (so a connection to 127.0.0.1 or 169.254.169.254 is seen), its server name and the
    request. A site (s*.test) answers its apple-app-site-association with a redirect to the
    case's redirect URL (on a host the validator must never resolve: Apple's fetcher does not
    follow redirects), and its assetlinks.json with a list that includes the case's include
    URL; an include's host (i*.test) answers an empty list.
  - aasa-lint web on 127.0.0.1:7780, asked POST /api/v1/route for each case's site, each from
    its own source address (127.0.1.N), so that no per-client rate answers first.
The findings, as JSON: questions [{name, type}], connections [{local, sni, path, host}],
answers [{site, status, body}] and the validator's standard error, for the test to judge."""
import http.client
import json
import socket
import ssl
import struct
import subprocess
import sys
import threading
import time

config = json.loads(sys.argv[1])
lock = threading.Lock()
questions = []
connections = []
answered = {}


def key(name):
    return name.lower().rstrip(".")


def dns_server():
    server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    server.bind(("127.0.0.1", 53))
    while True:
        data, peer = server.recvfrom(2048)
        try:
            reply = dns_answer(data)
        except Exception:
            continue
        server.sendto(reply, peer)


def dns_answer(data):
    ident, _flags, _count = struct.unpack(">HHH", data[:6])
    labels, offset = [], 12
    while data[offset] != 0:
        length = data[offset]
        labels.append(data[offset + 1 : offset + 1 + length].decode("latin1"))
        offset += 1 + length
    offset += 1
    qtype, _qclass = struct.unpack(">HH", data[offset : offset + 4])
    question = data[12 : offset + 4]
    name = ".".join(labels)
    known = key(name).endswith(".test")
    addresses = []
    with lock:
        questions.append({"name": name, "type": qtype})
        if known and qtype == 1:
            count = answered.get(key(name), 0)
            answered[key(name)] = count + 1
            if count == 0:
                addresses = ["192.0.2.20" if key(name).startswith("i") else "192.0.2.10"]
            else:
                # The rebinding answer: loopback for odd cases, the cloud metadata address else.
                addresses = ["127.0.0.1" if count % 2 else "169.254.169.254"]
    # A name of this test with no AAAA record: NOERROR, no answer. Any other name: NXDOMAIN.
    header = struct.pack(">HHHHHH", ident, 0x8180 | (0 if known else 3), 1, len(addresses), 0, 0)
    body = question
    for address in addresses:
        body += b"\xc0\x0c" + struct.pack(">HHIH", 1, 1, 0, 4) + socket.inet_aton(address)
    return header + body


def site_case(host):
    for case in config["cases"]:
        if case["siteHost"] == host:
            return case
    return None


def tls_server():
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(config["chain"], config["key"])

    def remember_server_name(connection, name, _context):
        # Python gives the client's server name to this callback only: kept on the socket.
        connection.seen_name = name

    context.sni_callback = remember_server_name
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("0.0.0.0", 443))
    listener.listen(64)
    while True:
        raw, _peer = listener.accept()
        threading.Thread(target=serve, args=(context, raw), daemon=True).start()


def serve(context, raw):
    entry = {"local": raw.getsockname()[0], "sni": None, "path": None, "host": None}
    with lock:
        connections.append(entry)
    try:
        raw.settimeout(10)
        connection = context.wrap_socket(raw, server_side=True, do_handshake_on_connect=False)
        connection.do_handshake()
        entry["sni"] = getattr(connection, "seen_name", None)
        head = b""
        while b"\r\n\r\n" not in head and len(head) < 16384:
            piece = connection.recv(4096)
            if not piece:
                break
            head += piece
        lines = head.decode("latin1").split("\r\n")
        parts = lines[0].split(" ")
        entry["path"] = parts[1] if len(parts) > 1 else None
        for line in lines[1:]:
            if line.lower().startswith("host:"):
                entry["host"] = line[5:].strip()
        host = key((entry["host"] or "").rsplit(":", 1)[0])
        status, fields, body = 404, [("Content-Type", "text/plain")], b"not found"
        case = site_case(host)
        if case and entry["path"] == "/.well-known/apple-app-site-association":
            status, fields, body = 301, [("Location", case["redirect"])], b""
        elif case and entry["path"] == "/.well-known/assetlinks.json":
            status, fields = 200, [("Content-Type", "application/json")]
            body = json.dumps([{"include": case["include"]}]).encode()
        elif host.startswith("i") and entry["path"] == "/.well-known/assetlinks.json":
            status, fields, body = 200, [("Content-Type", "application/json")], b"[]"
        reply = f"HTTP/1.1 {status} X\r\nContent-Length: {len(body)}\r\nConnection: close\r\n"
        reply += "".join(f"{name}: {value}\r\n" for name, value in fields) + "\r\n"
        connection.sendall(reply.encode() + body)
        connection.close()
    except Exception as error:
        entry["error"] = type(error).__name__
        try:
            raw.close()
        except Exception:
            pass


def post(source, body):
    connection = http.client.HTTPConnection("127.0.0.1", 7780, timeout=60, source_address=(source, 0))
    connection.request("POST", "/api/v1/route", body=json.dumps(body), headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    text = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, text


def main():
    threading.Thread(target=dns_server, daemon=True).start()
    threading.Thread(target=tls_server, daemon=True).start()
    errors = open(config["out"] + ".web-stderr", "w")
    web = subprocess.Popen(
        [config["lint"], "web", "--listen", "127.0.0.1:7780", "--ca-file", config["ca"]],
        stdout=subprocess.DEVNULL, stderr=errors)
    answers = []
    try:
        for _ in range(300):
            try:
                probe = http.client.HTTPConnection("127.0.0.1", 7780, timeout=5)
                probe.request("GET", "/api/v1/about")
                probe.getresponse().read()
                break
            except OSError:
                time.sleep(0.1)
        for number, case in enumerate(config["cases"], start=1):
            status, text = post(
                f"127.0.1.{number}", {"site": case["site"], "urls": ["/x"], "package": "com.example.app"})
            answers.append({"site": case["site"], "status": status, "body": text})
    finally:
        web.terminate()
        try:
            web.wait(10)
        except subprocess.TimeoutExpired:
            web.kill()
        errors.close()
    with lock:
        findings = {
            "questions": questions,
            "connections": connections,
            "answers": answers,
            "validator": open(config["out"] + ".web-stderr").read(),
        }
    with open(config["out"], "w") as out:
        json.dump(findings, out)


main()
