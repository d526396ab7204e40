#!/usr/bin/env python3
"""A loopback HTTPS server for Benchmarks/chain/run.sh: presents CHAIN (leaf first) with KEY and
answers every GET from FOLDER (404 when there is no such file).

Usage: serve.py PORT CHAIN KEY FOLDER"""
import http.server
import os
import ssl
import sys

port, chain, key, folder = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *arguments, **keywords):
        super().__init__(*arguments, directory=folder, **keywords)

    def guess_type(self, path):
        return "application/json"

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(chain, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
