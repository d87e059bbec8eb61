/*
 * Included first (gcc -include) when a Windows or WinCE example is syntax-checked on Linux:
 * the MSVC keywords the examples and triton.h use, as gcc understands them. The calling
 * conventions are empty because x86-64 gcc ignores them with a warning (an error under -Werror).
 */
#ifndef XL_WIN32_COMPAT_H
#define XL_WIN32_COMPAT_H
#define __declspec(x)
#define __cdecl
#define __stdcall
#define __int64 long long

/* Microsoft C runtime additions to <stdio.h> (declared there by MSVC and the WinCE CRT). */
#include <stddef.h>
/* _snprintf does not terminate a truncated string. */
int _snprintf(char *buffer, size_t count, const char *format, ...) __attribute__((format(printf, 3, 4)));
#endif
