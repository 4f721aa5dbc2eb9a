/* Stand-in for the Apple SDK's <malloc/malloc.h> in tests/unity/sdk_build.sh (no Apple SDK here): the one declaration
 * QuickJS uses from it under __APPLE__ (quickjs.c, js_def_malloc_usable_size), as the SDK declares it. */
#ifndef ZTS_STANDIN_MALLOC_MALLOC_H
#define ZTS_STANDIN_MALLOC_MALLOC_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
size_t malloc_size(const void *ptr);
#ifdef __cplusplus
}
#endif
#endif
