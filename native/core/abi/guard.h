// No C++ exception crosses the C ABI: every ZTS_API export is defined with a function-try-block whose handler is
// one of the ZTS_ABI_CATCH macros below, so the whole body - argument checks included - is guarded:
//
//     int32_t zts_thing(zts_domain *domain)
//     try {
//         ...
//     }
//     ZTS_ABI_CATCH
//
// The try costs nothing on the path that does not throw (table-based unwinding). The test
// AbiExports_Definitions_AllGuarded (tests/native/runtime/guard_rules_test.cpp) parses zts.h and native/core/abi
// and fails on an export defined any other way.
#pragma once

#include "zts/zts.h"

#include <new>

/// The handler of a status-returning export: an allocation failure is ZTS_ERR_OUT_OF_MEMORY, any other exception
/// ZTS_ERR_ARGUMENT.
#define ZTS_ABI_CATCH                                                                                                  \
    catch (const std::bad_alloc &)                                                                                     \
    {                                                                                                                  \
        return ZTS_ERR_OUT_OF_MEMORY;                                                                                  \
    }                                                                                                                  \
    catch (...)                                                                                                        \
    {                                                                                                                  \
        return ZTS_ERR_ARGUMENT;                                                                                       \
    }

/// The handler of an export whose result is not a status (a pointer, a count, an id): any exception returns
/// `value`, the result that already means "nothing" for that export.
#define ZTS_ABI_CATCH_RETURN(value)                                                                                    \
    catch (...)                                                                                                        \
    {                                                                                                                  \
        return value;                                                                                                  \
    }

/// The handler of a void export: the exception is dropped (the export's comment in zts.h says what is lost).
#define ZTS_ABI_CATCH_VOID                                                                                             \
    catch (...) {}
