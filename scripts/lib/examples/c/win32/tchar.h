/* Declaration shim of <tchar.h> for the Windows/WinCE example checks (UNICODE build, as on WinCE). */
#ifndef XL_TCHAR_SHIM_H
#define XL_TCHAR_SHIM_H
#include <windows.h>
#define _T(x) L##x
#define _TEXT(x) L##x
#define _tcslen wcslen
#define _tcscpy wcscpy
#define _tcscat wcscat
#define _tcscmp wcscmp
#define _tcsrchr wcsrchr
#define _stprintf swprintf
#endif
