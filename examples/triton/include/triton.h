#ifndef TRITON_H
#define TRITON_H

#include <stddef.h>

#if defined(_WIN32) || defined(_WIN32_WCE)
#  if defined(TRITON_BUILD)
#    define TRITON_API __declspec(dllexport)
#  else
#    define TRITON_API __declspec(dllimport)
#  endif
#  define TRITON_CALL __cdecl
#else
#  define TRITON_API __attribute__((visibility("default")))
#  define TRITON_CALL
#endif

#if defined(_MSC_VER) && _MSC_VER < 1300
typedef __int64 triton_int64;
#else
typedef long long triton_int64;
#endif

#define TRITON_OK                  0
#define TRITON_ERR_PARAM          -1
#define TRITON_ERR_CONFIG         -2
#define TRITON_ERR_NOT_CONNECTED  -3
#define TRITON_ERR_TIMEOUT        -4
#define TRITON_ERR_AUTH           -5
#define TRITON_ERR_NETWORK        -6
#define TRITON_ERR_QUEUE_FULL     -7
#define TRITON_ERR_STATE          -8
#define TRITON_ERR_DEVICE         -9

#ifdef __cplusplus
extern "C" {
#endif

typedef struct triton_client *triton_handle;
typedef int (TRITON_CALL *triton_receive_cb)(const char *command_id, triton_int64 ts,
                                            const char *values_json, void *user_data);

TRITON_API int TRITON_CALL triton_init(const char *config_path, triton_handle *out);
TRITON_API int TRITON_CALL triton_connect(triton_handle h, int timeout_ms);
TRITON_API int TRITON_CALL triton_send(triton_handle h, const char *values_json);
TRITON_API int TRITON_CALL triton_set_receive_callback(triton_handle h, triton_receive_cb cb,
                                                      void *user_data);
TRITON_API int TRITON_CALL triton_close(triton_handle h);

#ifdef __cplusplus
}
#endif

#endif /* TRITON_H */
