// The brotli encoder, so that the tests make real `Content-Encoding: br` streams. Only test
// targets depend on it: the tools never encode brotli.
#include <brotli/encode.h>
