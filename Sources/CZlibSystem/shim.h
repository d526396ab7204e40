// zlib itself rather than a wrapper: decoding a gzip or deflate body must see Z_STREAM_END, stop at
// a size cap, and never spin on trailing bytes.
#include <zlib.h>
