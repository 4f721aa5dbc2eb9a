// The values the Player runtime reads and writes: zts.h's zts_value, 16 bytes (payload, then tag) on every CPU, never
// QuickJS's JSValue. The core hands the gate zts_value arrays and converts them where QuickJS NaN-boxes its values
// (32-bit targets: ARMv7 Android, WebGL; native/core/host/value_cast.h), and the managed side reads the same 16 bytes
// (managed/ZTS.Shared/Native/JsValue.cs). So the Player runtime, which Il2Cpp compiles into a game with flags of its
// own, includes no QuickJS header and cannot disagree with the prebuilt core about a value's layout
// (docs/PLATFORMS.md "The Player on 32-bit CPUs").
#pragma once

#include "zts/zts.h"

#include <cstdint>
#include <cstring>

namespace zts_player
{

/// The tag as the core compares it ((int32_t)tag: a host may write it sign-extended or not).
inline int32_t tag_of(const zts_value &v)
{
    return static_cast<int32_t>(v.tag);
}

inline zts_value make_value(int32_t tag)
{
    zts_value v;
    v.u.bits = 0;
    v.tag = tag;
    return v;
}

inline zts_value make_undefined()
{
    return make_value(ZTS_TAG_UNDEFINED);
}

/// The exception marker: a JS exception is pending in the context.
inline zts_value make_exception()
{
    return make_value(ZTS_TAG_EXCEPTION);
}

inline zts_value make_int(int32_t i)
{
    zts_value v = make_value(ZTS_TAG_INT);
    v.u.int32 = i;
    return v;
}

inline zts_value make_bool(bool b)
{
    zts_value v = make_value(ZTS_TAG_BOOL);
    v.u.int32 = b ? 1 : 0;
    return v;
}

/// A number as QuickJS's JS_NewFloat64 makes one: an int when d is an integer in int32's range and not -0 (so that
/// a double result that is whole compares and indexes as the Editor's does), else a float64 (the core canonicalizes
/// NaN where it NaN-boxes).
inline zts_value make_number(double d)
{
    if (d >= INT32_MIN && d <= INT32_MAX) {
        auto i = static_cast<int32_t>(d);
        double back = i;
        if (std::memcmp(&back, &d, sizeof d) == 0) return make_int(i); // the bits: -0 stays a float64
    }
    zts_value v = make_value(ZTS_TAG_FLOAT64);
    v.u.float64 = d;
    return v;
}

/// A pointer value: a ref-counted QuickJS value's (ZTS_TAG_OBJECT) or one of ZTS's result tags.
inline zts_value make_ptr(int32_t tag, void *p)
{
    zts_value v = make_value(tag);
    v.u.ptr = p;
    return v;
}

} // namespace zts_player
