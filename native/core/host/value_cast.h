// zts_value <-> JSValue. zts_value is 16 bytes on every CPU (payload, then tag: docs/C_ABI.md), so the hosts' value
// layout (managed/ZTS.Shared/Native/JsValue.cs) is one for every Player. On 64-bit targets it is QuickJS's JSValue
// itself and the casts are copies the compiler removes; on 32-bit targets QuickJS NaN-boxes its values (JS_NAN_BOXING:
// a JSValue is one uint64_t, a float64 stored with its high word offset by JS_FLOAT64_TAG_ADDEND), and the casts
// convert (docs/PLATFORMS.md).
#pragma once

#include "quickjs.h"
#include "zts/zts.h"

#include <cstddef>
#include <cstring>
#include <vector>

namespace zts
{

static_assert(sizeof(zts_value) == 16 && offsetof(zts_value, tag) == 8, "zts_value: 8 bytes of payload, then the tag");
static_assert(ZTS_TAG_OBJECT == JS_TAG_OBJECT && ZTS_TAG_STRING == JS_TAG_STRING &&
                  ZTS_TAG_STRING_ROPE == JS_TAG_STRING_ROPE && ZTS_TAG_INT == JS_TAG_INT &&
                  ZTS_TAG_BOOL == JS_TAG_BOOL && ZTS_TAG_NULL == JS_TAG_NULL && ZTS_TAG_UNDEFINED == JS_TAG_UNDEFINED &&
                  ZTS_TAG_EXCEPTION == JS_TAG_EXCEPTION && ZTS_TAG_FLOAT64 == JS_TAG_FLOAT64,
              "zts tags must match QuickJS tags");

#ifndef JS_NAN_BOXING

static_assert(sizeof(zts_value) == sizeof(JSValue), "zts_value is JSValue on 64-bit targets");

/// zts_value and JSValue are the same 16 bytes here: the cast is the identity.
constexpr bool k_value_cast_is_identity = true;

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

#else // JS_NAN_BOXING

constexpr bool k_value_cast_is_identity = false;

// A NaN-boxed value's raw tag (its high word) is a QuickJS tag (JS_TAG_FIRST..JS_TAG_FLOAT64), a float64's high word
// less JS_FLOAT64_TAG_ADDEND, or one of the ZTS tags the hosts and the core exchange (ZTS_CALLBACK_ERROR_SENTINEL,
// ZTS_RESULT_*_TAG, ZTS_STRUCT_REF_TAG: 0xFFFF5A12..15). Those four are the raw tags of doubles whose high words are
// 0x7FF75A1C..1F, signalling NaNs, which QuickJS never stores (__JS_NewFloat64 turns every NaN into JS_NAN): so a raw
// tag in that range is a ZTS tag, never a number (NanBoxing_ZtsTags_NeverANumber pins it).
inline bool is_zts_tag(int32_t tag)
{
    return tag >= ZTS_CALLBACK_ERROR_SENTINEL && tag <= ZTS_STRUCT_REF_TAG;
}

inline JSValue to_js(zts_value v)
{
    int32_t tag = static_cast<int32_t>(v.tag); // QuickJS reads the tag as (int32_t)tag on 64-bit targets too
    if (tag == JS_TAG_FLOAT64) {
        return __JS_NewFloat64(nullptr, v.u.float64);
    }
    if (tag < 0 || is_zts_tag(tag)) {
        return JS_MKPTR(tag, v.u.ptr); // ref-counted values and the ZTS pointer tags
    }
    return JS_MKVAL(tag, v.u.int32); // int, bool, null, undefined, exception, short bigint (32-bit limbs here)
}

inline zts_value from_js(JSValue v)
{
    zts_value out;
    out.u.bits = 0;
    int32_t tag = JS_VALUE_GET_TAG(v);
    if (!is_zts_tag(tag) && JS_TAG_IS_FLOAT64(tag)) {
        out.u.float64 = JS_VALUE_GET_FLOAT64(v);
        out.tag = JS_TAG_FLOAT64;
        return out;
    }
    if (tag < 0 || is_zts_tag(tag)) {
        out.u.ptr = JS_VALUE_GET_PTR(v);
    } else {
        out.u.int32 = JS_VALUE_GET_INT(v);
    }
    out.tag = tag;
    return out;
}

#endif // JS_NAN_BOXING

/// A host's zts_value array seen as the JSValue array QuickJS takes: the array itself where the cast is the identity;
/// on NaN-boxing targets a converted copy, written back into the host's array by write_back() (values a callee
/// consumed or produced).
class JsArray
{
public:
    JsArray(zts_value *values, int32_t count) : values_(values), count_(count)
    {
        if constexpr (k_value_cast_is_identity) {
            js_ = reinterpret_cast<JSValue *>(values);
        } else {
            copy_.reserve(static_cast<size_t>(count));
            for (int32_t i = 0; i < count; i++) {
                copy_.push_back(to_js(values[i]));
            }
            js_ = copy_.data();
        }
    }
    JsArray(const JsArray &) = delete;
    JsArray &operator=(const JsArray &) = delete;

    JSValue *data() { return js_; }

    void write_back()
    {
        if constexpr (!k_value_cast_is_identity) {
            for (int32_t i = 0; i < count_; i++) {
                values_[i] = from_js(copy_[static_cast<size_t>(i)]);
            }
        }
    }

private:
    zts_value *values_;
    int32_t count_;
    JSValue *js_;
    std::vector<JSValue> copy_;
};

/// The tag of a zts_value as QuickJS and the core compare it ((int32_t)tag: hosts may write it sign-extended or not).
inline int32_t tag_of(const zts_value &v)
{
    return static_cast<int32_t>(v.tag);
}

} // namespace zts
