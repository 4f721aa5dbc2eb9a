#include "runtime/function_refs.h"

namespace zts
{

int32_t FunctionRefs::add(JSValue v)
{
    int32_t ref = free_head_;
    if (ref != 0) {
        free_head_ = slots_[ref].next;
        slots_[ref] = Slot{v, 0, true};
    } else {
        ref = static_cast<int32_t>(slots_.size());
        slots_.push_back(Slot{v, 0, true});
    }
    live_++;
    return ref;
}

bool FunctionRefs::release(JSContext *ctx, int32_t ref)
{
    if (get(ref) == nullptr) {
        return false;
    }
    JSValue v = slots_[ref].value;
    slots_[ref] = Slot{JS_UNDEFINED, free_head_, false};
    free_head_ = ref;
    live_--;
    JS_FreeValue(ctx, v); // last: a finalizer run from here sees a consistent table
    return true;
}

void FunctionRefs::clear(JSContext *ctx)
{
    for (int32_t ref = 1; ref < static_cast<int32_t>(slots_.size()); ref++) {
        release(ctx, ref);
    }
}

} // namespace zts
