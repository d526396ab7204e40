// libnghttp2 for Swift, over the two API generations: 1.61.0 added `nghttp2_ssize` and the
// `...2` functions (mem_recv2, mem_send2, submit_response2, data_provider2) and deprecated the
// `ssize_t` ones; Debian 12 ships 1.52.0, which has only the old ones, Homebrew the new. The
// wrappers below give Swift one set of names and types for both.
#ifndef CNGHTTP2_SHIM_H
#define CNGHTTP2_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <nghttp2/nghttp2.h>

#define CNGHTTP2_HAS_SSIZE_API (NGHTTP2_VERSION_NUM >= 0x013d00)

/// Reads at most `length` bytes of a response body into `buffer`; returns how many, sets
/// NGHTTP2_DATA_FLAG_EOF in `*flags` at the end. A negative return is an nghttp2 error code.
typedef ptrdiff_t (*cngh_body_reader)(nghttp2_session *session, int32_t stream_id,
                                      uint8_t *buffer, size_t length, uint32_t *flags,
                                      nghttp2_data_source *source, void *user_data);

/// Feeds received bytes to the session; returns how many it consumed or a negative error code.
static inline ptrdiff_t cngh_mem_recv(nghttp2_session *session, const uint8_t *bytes,
                                      size_t count) {
#if CNGHTTP2_HAS_SSIZE_API
  return nghttp2_session_mem_recv2(session, bytes, count);
#else
  return nghttp2_session_mem_recv(session, bytes, count);
#endif
}

/// The next serialized bytes to send (valid until the next call), 0 when there are none, or a
/// negative error code.
static inline ptrdiff_t cngh_mem_send(nghttp2_session *session, const uint8_t **bytes) {
#if CNGHTTP2_HAS_SSIZE_API
  return nghttp2_session_mem_send2(session, bytes);
#else
  return nghttp2_session_mem_send(session, bytes);
#endif
}

/// Submits a response: the header fields, then a body that `reader` produces, or no body (the
/// HEADERS frame ends the stream) when `reader` is NULL.
static inline int cngh_submit_response(nghttp2_session *session, int32_t stream_id,
                                       const nghttp2_nv *fields, size_t count,
                                       cngh_body_reader reader) {
  if (reader == NULL) {
#if CNGHTTP2_HAS_SSIZE_API
    return nghttp2_submit_response2(session, stream_id, fields, count, NULL);
#else
    return nghttp2_submit_response(session, stream_id, fields, count, NULL);
#endif
  }
#if CNGHTTP2_HAS_SSIZE_API
  nghttp2_data_provider2 provider;
  provider.source.ptr = NULL;
  provider.read_callback = (nghttp2_data_source_read_callback2)reader;
  return nghttp2_submit_response2(session, stream_id, fields, count, &provider);
#else
  nghttp2_data_provider provider;
  provider.source.ptr = NULL;
  provider.read_callback = (nghttp2_data_source_read_callback)reader;
  return nghttp2_submit_response(session, stream_id, fields, count, &provider);
#endif
}

/// The flood limits this server sets explicitly: the rapid-reset limit (CVE-2023-44487, added in
/// 1.57.0 and backported by distributions, Debian 12's 1.52.0-1+deb12u1 among them) and the
/// CONTINUATION limit (CVE-2024-28182, 1.61.0, Debian's deb12u2). A library's version number
/// does not say whether it has the backports, so the two functions are declared weak here: with a
/// library that lacks them their addresses are NULL, and the server refuses to start with a
/// message that names them (`HTTP2SessionSetup.missingFloodLimits`), instead of running
/// unprotected.
extern void nghttp2_option_set_stream_reset_rate_limit(nghttp2_option *option, uint64_t burst,
                                                       uint64_t rate) __attribute__((weak));
extern void nghttp2_option_set_max_continuations(nghttp2_option *option, size_t val)
    __attribute__((weak));

/// Sets the rapid-reset limit; returns 0 when the library lacks it.
static inline int cngh_set_stream_reset_rate_limit(nghttp2_option *option, uint64_t burst,
                                                   uint64_t rate) {
  if (nghttp2_option_set_stream_reset_rate_limit == NULL) return 0;
  nghttp2_option_set_stream_reset_rate_limit(option, burst, rate);
  return 1;
}

/// Sets the CONTINUATION limit; returns 0 when the library lacks it.
static inline int cngh_set_max_continuations(nghttp2_option *option, size_t count) {
  if (nghttp2_option_set_max_continuations == NULL) return 0;
  nghttp2_option_set_max_continuations(option, count);
  return 1;
}

#endif
