// Debian's libbrotli-dev: the decoder decodes `Content-Encoding: br` bodies; the encoder lets the
// tests make real brotli streams.
#include <brotli/decode.h>
#include <brotli/encode.h>
