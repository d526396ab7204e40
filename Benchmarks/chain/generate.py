#!/usr/bin/env python3
"""The security review's F2 input, for Benchmarks/chain/run.sh: N CAs (CA0..CA{N-1}, one P-256
key each), every one cross-signed by every other (N*(N-1) intermediates), a leaf for 127.0.0.1
issued by CA0, and an apple-app-site-association CMS-signed by the leaf with every intermediate
in the message. No path reaches a trusted root, so a search without bounds tries about
(N-1)!*e partial chains.

Usage: generate.py N OUTDIR  ->  OUTDIR/chain.pem (leaf first), OUTDIR/leaf.pem, OUTDIR/leaf.key,
OUTDIR/intermediates.pem, OUTDIR/root.pem (an unrelated root: the trust store of the check)."""
import datetime
import ipaddress
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

count, out = int(sys.argv[1]), sys.argv[2]
os.makedirs(out, exist_ok=True)
now = datetime.datetime.now(datetime.timezone.utc)


def name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def issue(subject, key, issuer, issuer_key, serial, authority):
    builder = (
        x509.CertificateBuilder()
        .subject_name(name(subject))
        .issuer_name(name(issuer))
        .public_key(key.public_key())
        .serial_number(serial)
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=30))
    )
    if authority:
        builder = builder.add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
    else:
        builder = builder.add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False
        ).add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def pem(certificate):
    return certificate.public_bytes(serialization.Encoding.PEM)


keys = [ec.generate_private_key(ec.SECP256R1()) for _ in range(count)]
leaf_key = ec.generate_private_key(ec.SECP256R1())
leaf = issue("127.0.0.1", leaf_key, "CA0", keys[0], 1, False)
intermediates = [
    issue(f"CA{subject}", keys[subject], f"CA{issuer}", keys[issuer], 100 + subject * count + issuer, True)
    for subject in range(count)
    for issuer in range(count)
    if issuer != subject
]
root_key = ec.generate_private_key(ec.SECP256R1())
root = issue("Unrelated Root", root_key, "Unrelated Root", root_key, 2, True)


def write(file, data):
    with open(os.path.join(out, file), "wb") as handle:
        handle.write(data)


write("chain.pem", pem(leaf) + b"".join(pem(c) for c in intermediates))
write("leaf.pem", pem(leaf))
write("intermediates.pem", b"".join(pem(c) for c in intermediates))
write("root.pem", pem(root))
write(
    "leaf.key",
    leaf_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ),
)
print(f"{len(intermediates)} intermediates")
