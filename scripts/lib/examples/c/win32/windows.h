/*
 * A small declaration-only stand-in for <windows.h>, so that gcc can syntax-check the Windows and
 * WinCE examples on Linux (scripts/lib/examples/c/check.ts). It declares only what the examples
 * use, with the Win32 signatures of the Windows SDK headers (winbase.h, winuser.h, wingdi.h,
 * stringapiset.h). Handles are distinct pointer types as under STRICT. This is a syntax and type
 * check, not a port: nothing is linked.
 *
 * _WIN32_WCE selects the WinCE subset: the desktop-only functions below are not declared there, so
 * an example for WinCE that calls one fails. Without _WIN32_WCE (Windows desktop, Visual Studio
 * 2019/2022 with the default SDL checks), the C runtime functions that MSVC deprecates with
 * warning C4996 (an error under /sdl) are marked deprecated, which -Werror turns into an error too.
 */
#ifndef XL_WINDOWS_SHIM_H
#define XL_WINDOWS_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#ifndef UNICODE
#define UNICODE
#endif

#define WINAPI
#define CALLBACK
#define APIENTRY
#define TRUE 1
#define FALSE 0

typedef int BOOL, *LPBOOL;
typedef unsigned char BYTE;
typedef unsigned short WORD, ATOM;
typedef unsigned long DWORD, *LPDWORD;
typedef long LONG;
typedef unsigned int UINT;
typedef long long LONGLONG;
typedef unsigned long long ULONGLONG;
typedef intptr_t INT_PTR, LONG_PTR, LPARAM, LRESULT;
typedef uintptr_t UINT_PTR, ULONG_PTR, WPARAM, SIZE_T;
typedef void *HANDLE, *LPVOID, *HGDIOBJ;
typedef const void *LPCVOID;
typedef char CHAR, *LPSTR;
typedef const char *LPCSTR, *LPCCH;
typedef wchar_t WCHAR, *LPWSTR, TCHAR, *LPTSTR;
typedef const wchar_t *LPCWSTR, *LPCWCH, *LPCTSTR;

typedef struct HINSTANCE__ *HINSTANCE;
typedef HINSTANCE HMODULE;
typedef struct HWND__ *HWND;
typedef struct HDC__ *HDC;
typedef struct HBRUSH__ *HBRUSH;
typedef struct HMENU__ *HMENU;
typedef struct HICON__ *HICON;
typedef HICON HCURSOR;
typedef INT_PTR (WINAPI *FARPROC)(void);

typedef struct _SECURITY_ATTRIBUTES *LPSECURITY_ATTRIBUTES;
typedef struct _OVERLAPPED *LPOVERLAPPED;
typedef struct _CRITICAL_SECTION { void *opaque[5]; } CRITICAL_SECTION, *LPCRITICAL_SECTION;
typedef union _LARGE_INTEGER {
    struct { DWORD LowPart; LONG HighPart; } u;
    LONGLONG QuadPart;
} LARGE_INTEGER, *PLARGE_INTEGER;
typedef struct _SYSTEMTIME {
    WORD wYear, wMonth, wDayOfWeek, wDay, wHour, wMinute, wSecond, wMilliseconds;
} SYSTEMTIME, *LPSYSTEMTIME;
typedef struct tagRECT { LONG left, top, right, bottom; } RECT, *LPRECT;
typedef struct tagPOINT { LONG x, y; } POINT;
typedef struct tagMSG {
    HWND hwnd; UINT message; WPARAM wParam; LPARAM lParam; DWORD time; POINT pt;
} MSG, *LPMSG;
typedef struct tagPAINTSTRUCT {
    HDC hdc; BOOL fErase; RECT rcPaint; BOOL fRestore; BOOL fIncUpdate; BYTE rgbReserved[32];
} PAINTSTRUCT, *LPPAINTSTRUCT;
typedef LRESULT (CALLBACK *WNDPROC)(HWND, UINT, WPARAM, LPARAM);
typedef struct tagWNDCLASSW {
    UINT style; WNDPROC lpfnWndProc; int cbClsExtra; int cbWndExtra; HINSTANCE hInstance;
    HICON hIcon; HCURSOR hCursor; HBRUSH hbrBackground; LPCWSTR lpszMenuName; LPCWSTR lpszClassName;
} WNDCLASSW;
typedef void (CALLBACK *TIMERPROC)(HWND, UINT, UINT_PTR, DWORD);
typedef DWORD (WINAPI *LPTHREAD_START_ROUTINE)(LPVOID);

#define MAX_PATH 260
#define INFINITE 0xFFFFFFFF
#define WAIT_OBJECT_0 0x00000000L
#define WAIT_TIMEOUT 258L
#define WAIT_FAILED 0xFFFFFFFF
#define INVALID_HANDLE_VALUE ((HANDLE)(LONG_PTR)-1)
#define ERROR_ALREADY_EXISTS 183L
#define CREATE_SUSPENDED 0x00000004
#define CP_ACP 0
#define CP_UTF8 65001
#define GENERIC_READ 0x80000000L
#define GENERIC_WRITE 0x40000000L
#define FILE_SHARE_READ 0x00000001
#define FILE_SHARE_WRITE 0x00000002
#define OPEN_EXISTING 3
#define OPEN_ALWAYS 4
#define FILE_ATTRIBUTE_NORMAL 0x00000080
#define FILE_BEGIN 0
#define FILE_END 2
#define MB_OK 0x00000000L
#define MB_ICONERROR 0x00000010L
#define MB_ICONWARNING 0x00000030L
#define SM_CXSCREEN 0
#define SM_CYSCREEN 1
#define WHITE_BRUSH 0
#define DT_LEFT 0x00000000
#define DT_TOP 0x00000000
#define DT_WORDBREAK 0x00000010
#define WS_VISIBLE 0x10000000L
#define WS_OVERLAPPEDWINDOW 0x00CF0000L
#define CW_USEDEFAULT ((int)0x80000000)
#define SW_SHOW 5
#define WM_CREATE 0x0001
#define WM_DESTROY 0x0002
#define WM_PAINT 0x000F
#define WM_CLOSE 0x0010
#define WM_TIMER 0x0113
#define WM_LBUTTONUP 0x0202
#define WM_APP 0x8000

HANDLE WINAPI CreateEventW(LPSECURITY_ATTRIBUTES lpEventAttributes, BOOL bManualReset, BOOL bInitialState, LPCWSTR lpName);
BOOL WINAPI SetEvent(HANDLE hEvent);
BOOL WINAPI ResetEvent(HANDLE hEvent);
DWORD WINAPI WaitForSingleObject(HANDLE hHandle, DWORD dwMilliseconds);
DWORD WINAPI WaitForMultipleObjects(DWORD nCount, const HANDLE *lpHandles, BOOL bWaitAll, DWORD dwMilliseconds);
BOOL WINAPI CloseHandle(HANDLE hObject);
void WINAPI Sleep(DWORD dwMilliseconds);
DWORD WINAPI GetTickCount(void);
DWORD WINAPI GetLastError(void);
HANDLE WINAPI CreateThread(LPSECURITY_ATTRIBUTES lpThreadAttributes, SIZE_T dwStackSize, LPTHREAD_START_ROUTINE lpStartAddress, LPVOID lpParameter, DWORD dwCreationFlags, LPDWORD lpThreadId);
DWORD WINAPI ResumeThread(HANDLE hThread);
void WINAPI InitializeCriticalSection(LPCRITICAL_SECTION lpCriticalSection);
void WINAPI EnterCriticalSection(LPCRITICAL_SECTION lpCriticalSection);
void WINAPI LeaveCriticalSection(LPCRITICAL_SECTION lpCriticalSection);
void WINAPI DeleteCriticalSection(LPCRITICAL_SECTION lpCriticalSection);
LONG WINAPI InterlockedExchange(LONG volatile *Target, LONG Value);
LONG WINAPI InterlockedExchangeAdd(LONG volatile *Addend, LONG Value);
void WINAPI OutputDebugStringW(LPCWSTR lpOutputString);
void WINAPI GetLocalTime(LPSYSTEMTIME lpSystemTime);
DWORD WINAPI GetModuleFileNameW(HMODULE hModule, LPWSTR lpFilename, DWORD nSize);
HMODULE WINAPI LoadLibraryW(LPCWSTR lpLibFileName);
BOOL WINAPI FreeLibrary(HMODULE hLibModule);
int WINAPI MultiByteToWideChar(UINT CodePage, DWORD dwFlags, LPCCH lpMultiByteStr, int cbMultiByte, LPWSTR lpWideCharStr, int cchWideChar);
int WINAPI WideCharToMultiByte(UINT CodePage, DWORD dwFlags, LPCWCH lpWideCharStr, int cchWideChar, LPSTR lpMultiByteStr, int cbMultiByte, LPCCH lpDefaultChar, LPBOOL lpUsedDefaultChar);
HANDLE WINAPI CreateFileW(LPCWSTR lpFileName, DWORD dwDesiredAccess, DWORD dwShareMode, LPSECURITY_ATTRIBUTES lpSecurityAttributes, DWORD dwCreationDisposition, DWORD dwFlagsAndAttributes, HANDLE hTemplateFile);
BOOL WINAPI ReadFile(HANDLE hFile, LPVOID lpBuffer, DWORD nNumberOfBytesToRead, LPDWORD lpNumberOfBytesRead, LPOVERLAPPED lpOverlapped);
BOOL WINAPI WriteFile(HANDLE hFile, LPCVOID lpBuffer, DWORD nNumberOfBytesToWrite, LPDWORD lpNumberOfBytesWritten, LPOVERLAPPED lpOverlapped);

int WINAPI MessageBoxW(HWND hWnd, LPCWSTR lpText, LPCWSTR lpCaption, UINT uType);
BOOL WINAPI PostMessageW(HWND hWnd, UINT Msg, WPARAM wParam, LPARAM lParam);
UINT_PTR WINAPI SetTimer(HWND hWnd, UINT_PTR nIDEvent, UINT uElapse, TIMERPROC lpTimerFunc);
BOOL WINAPI KillTimer(HWND hWnd, UINT_PTR uIDEvent);
int WINAPI GetSystemMetrics(int nIndex);
BOOL WINAPI InvalidateRect(HWND hWnd, const RECT *lpRect, BOOL bErase);
BOOL WINAPI UpdateWindow(HWND hWnd);
BOOL WINAPI ShowWindow(HWND hWnd, int nCmdShow);
ATOM WINAPI RegisterClassW(const WNDCLASSW *lpWndClass);
HWND WINAPI CreateWindowExW(DWORD dwExStyle, LPCWSTR lpClassName, LPCWSTR lpWindowName, DWORD dwStyle, int X, int Y, int nWidth, int nHeight, HWND hWndParent, HMENU hMenu, HINSTANCE hInstance, LPVOID lpParam);
#define CreateWindowW(lpClassName, lpWindowName, dwStyle, x, y, nWidth, nHeight, hWndParent, hMenu, hInstance, lpParam) \
    CreateWindowExW(0L, lpClassName, lpWindowName, dwStyle, x, y, nWidth, nHeight, hWndParent, hMenu, hInstance, lpParam)
LRESULT WINAPI DefWindowProcW(HWND hWnd, UINT Msg, WPARAM wParam, LPARAM lParam);
BOOL WINAPI GetMessageW(LPMSG lpMsg, HWND hWnd, UINT wMsgFilterMin, UINT wMsgFilterMax);
BOOL WINAPI TranslateMessage(const MSG *lpMsg);
LRESULT WINAPI DispatchMessageW(const MSG *lpMsg);
void WINAPI PostQuitMessage(int nExitCode);
HDC WINAPI BeginPaint(HWND hWnd, LPPAINTSTRUCT lpPaint);
BOOL WINAPI EndPaint(HWND hWnd, const PAINTSTRUCT *lpPaint);
BOOL WINAPI GetClientRect(HWND hWnd, LPRECT lpRect);
int WINAPI DrawTextW(HDC hdc, LPCWSTR lpchText, int cchText, LPRECT lprc, UINT format);
HGDIOBJ WINAPI GetStockObject(int i);

#ifdef _WIN32_WCE
/* WinCE (coredll): wide-character only, GetProcAddress takes the export name as LPCWSTR. */
/* The CE runtime's swprintf is Microsoft's legacy form without a buffer size. */
#define swprintf xl_ce_swprintf
int xl_ce_swprintf(wchar_t *buffer, const wchar_t *format, ...);
BOOL WINAPI CeSetThreadPriority(HANDLE hThread, int nPriority);
FARPROC WINAPI GetProcAddressW(HMODULE hModule, LPCWSTR lpProcName);
#define GetProcAddress GetProcAddressW
#else
/* Windows desktop only (not in WinCE 6/7). */
typedef BOOL (WINAPI *PHANDLER_ROUTINE)(DWORD CtrlType);
#define CTRL_C_EVENT 0
#define CTRL_BREAK_EVENT 1
#define CTRL_CLOSE_EVENT 2
#define CTRL_LOGOFF_EVENT 5
#define CTRL_SHUTDOWN_EVENT 6
#define FILE_SHARE_DELETE 0x00000004
#define LOAD_LIBRARY_SEARCH_APPLICATION_DIR 0x00000200
#define LOAD_WITH_ALTERED_SEARCH_PATH 0x00000008
#define ERROR_INVALID_PARAMETER 87L
#define ERROR_MOD_NOT_FOUND 126L
BOOL WINAPI SetConsoleCtrlHandler(PHANDLER_ROUTINE HandlerRoutine, BOOL Add);
ULONGLONG WINAPI GetTickCount64(void);
BOOL WINAPI SetFilePointerEx(HANDLE hFile, LARGE_INTEGER liDistanceToMove, PLARGE_INTEGER lpNewFilePointer, DWORD dwMoveMethod);
HMODULE WINAPI LoadLibraryExW(LPCWSTR lpLibFileName, HANDLE hFile, DWORD dwFlags);
FARPROC WINAPI GetProcAddress(HMODULE hModule, LPCSTR lpProcName);
int wcscpy_s(wchar_t *dest, size_t destsz, const wchar_t *src);
int strcpy_s(char *dest, size_t destsz, const char *src);
int wcscat_s(wchar_t *dest, size_t destsz, const wchar_t *src);
int strncpy_s(char *dest, size_t destsz, const char *src, size_t count);
int sscanf_s(const char *buffer, const char *format, ...);
#define _TRUNCATE ((size_t)-1)
int strncat_s(char *dest, size_t destsz, const char *src, size_t count);
int wcsncat_s(wchar_t *dest, size_t destsz, const wchar_t *src, size_t count);

/* MSVC's C4996 ("This function or variable may be unsafe"), an error with /sdl (on by default in new projects). */
#define XL_C4996(alt) __attribute__((deprecated("MSVC C4996，新建项目默认的 /sdl 下是错误；改用 " alt)))
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
wchar_t *wcscpy(wchar_t *dest, const wchar_t *src) XL_C4996("wcscpy_s");
wchar_t *wcscat(wchar_t *dest, const wchar_t *src) XL_C4996("wcscat_s");
wchar_t *wcsncpy(wchar_t *dest, const wchar_t *src, size_t n) XL_C4996("wcsncpy_s");
char *strcpy(char *dest, const char *src) XL_C4996("strcpy_s");
char *strcat(char *dest, const char *src) XL_C4996("strcat_s");
char *strncpy(char *dest, const char *src, size_t n) XL_C4996("strncpy_s");
char *strncat(char *dest, const char *src, size_t n) XL_C4996("strncat_s");
wchar_t *wcsncat(wchar_t *dest, const wchar_t *src, size_t n) XL_C4996("wcsncat_s");
int vsprintf(char *str, const char *format, va_list ap) XL_C4996("vsprintf_s 或 vsnprintf");
int fscanf(FILE *stream, const char *format, ...) XL_C4996("fscanf_s");
int scanf(const char *format, ...) XL_C4996("scanf_s");
int swscanf(const wchar_t *str, const wchar_t *format, ...) XL_C4996("swscanf_s");
char *strerror(int errnum) XL_C4996("strerror_s");
wchar_t *wcstok(wchar_t *str, const wchar_t *delim, wchar_t **ptr) XL_C4996("wcstok_s");
struct tm *gmtime(const time_t *timep) XL_C4996("gmtime_s");
char *ctime(const time_t *timep) XL_C4996("ctime_s");
FILE *freopen(const char *pathname, const char *mode, FILE *stream) XL_C4996("freopen_s");
int fopen_s(FILE **pFile, const char *filename, const char *mode);
int _wfopen_s(FILE **pFile, const wchar_t *filename, const wchar_t *mode);
int sprintf(char *str, const char *format, ...) XL_C4996("sprintf_s 或 snprintf");
int sscanf(const char *str, const char *format, ...) XL_C4996("sscanf_s");
FILE *fopen(const char *pathname, const char *mode) XL_C4996("fopen_s");
char *getenv(const char *name) XL_C4996("_dupenv_s");
char *strtok(char *str, const char *delim) XL_C4996("strtok_s");
struct tm *localtime(const time_t *timep) XL_C4996("localtime_s");
size_t mbstowcs(wchar_t *dest, const char *src, size_t n) XL_C4996("mbstowcs_s");
size_t wcstombs(char *dest, const wchar_t *src, size_t n) XL_C4996("wcstombs_s");
int _snprintf(char *buffer, size_t count, const char *format, ...) XL_C4996("_snprintf_s 或 snprintf");
#endif

#endif /* XL_WINDOWS_SHIM_H */
