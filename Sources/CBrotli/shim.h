// Debian's libbrotli-dev: the decoder decodes `Content-Encoding: br` bodies.
#include <brotli/decode.h>
