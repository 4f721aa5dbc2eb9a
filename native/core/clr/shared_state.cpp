#include "clr/shared_state.h"

namespace zts
{

JSAtom ClrShared::intern(JSContext *ctx, const char *name)
{
    JSAtom atom = JS_NewAtom(ctx, name);
    if (atom != JS_ATOM_NULL) {
        interned_atoms.push_back(atom);
    }
    return atom;
}

void ClrShared::clear(JSContext *ctx)
{
    JS_FreeValue(ctx, object_to_string);
    object_to_string = JS_UNDEFINED;
    JS_FreeValue(ctx, enumerable_iterators);
    enumerable_iterators = JS_UNDEFINED;
    JS_FreeAtom(ctx, length_atom);
    length_atom = JS_ATOM_NULL;
    for (JSAtom atom : interned_atoms) {
        JS_FreeAtom(ctx, atom);
    }
    interned_atoms.clear();
}

} // namespace zts
