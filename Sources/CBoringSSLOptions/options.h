// The one BoringSSL setting aasa-serve needs that NIOSSL's `TLSConfiguration` does not offer:
// choosing the TLS 1.2 cipher suite by the server's order of preference rather than the
// client's (SSL_OP_CIPHER_SERVER_PREFERENCE). NIOSSL links its own copy of BoringSSL into every
// binary, with each symbol prefixed `CNIOBoringSSL_`; this declares the one function used, so
// that no header of NIOSSL's internal module is needed. See `ServerCipherOrder`.
#ifndef CBORINGSSL_OPTIONS_H
#define CBORINGSSL_OPTIONS_H

#include <stdint.h>

/// BoringSSL's `SSL_CTX_set_options`: sets `options` on a context, returns all its options.
uint32_t CNIOBoringSSL_SSL_CTX_set_options(void *context, uint32_t options);

/// BoringSSL's `SSL_OP_CIPHER_SERVER_PREFERENCE`.
#define CBORINGSSL_OP_CIPHER_SERVER_PREFERENCE 0x00400000u

#endif
