// zts_value <-> JSValue: the same 16 bytes (checked at compile time).
#pragma once

#include "quickjs.h"
#include "zts/zts.h"

#include <cstring>

namespace zts
{

static_assert(sizeof(zts_value) == sizeof(JSValue), "zts_value must match JSValue (64-bit, no NaN boxing)");
static_assert(ZTS_TAG_OBJECT == JS_TAG_OBJECT && ZTS_TAG_STRING == JS_TAG_STRING &&
                  ZTS_TAG_STRING_ROPE == JS_TAG_STRING_ROPE && ZTS_TAG_INT == JS_TAG_INT &&
                  ZTS_TAG_BOOL == JS_TAG_BOOL && ZTS_TAG_NULL == JS_TAG_NULL && ZTS_TAG_UNDEFINED == JS_TAG_UNDEFINED &&
                  ZTS_TAG_EXCEPTION == JS_TAG_EXCEPTION && ZTS_TAG_FLOAT64 == JS_TAG_FLOAT64,
              "zts tags must match QuickJS tags");

inline JSValue to_js(zts_value v)
{
    JSValue out;
    std::memcpy(&out, &v, sizeof out);
    return out;
}

inline zts_value from_js(JSValue v)
{
    zts_value out;
    std::memcpy(&out, &v, sizeof out);
    return out;
}

/// zts_value arrays are JSValue arrays.
inline JSValue *as_js_array(zts_value *argv)
{
    return reinterpret_cast<JSValue *>(argv);
}

} // namespace zts
