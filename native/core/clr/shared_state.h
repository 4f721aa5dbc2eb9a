// The JS values the CLR classes share across types, made once per domain: the "length" atom the array exotic
// compares, the gated toString of root prototypes, the enumerable iterator functions and the host bridge of
// their batched step, and the Table member-name atoms zts_atoms_intern hands out.
#pragma once

#include "quickjs.h"

#include <cstdint>
#include <vector>

namespace zts
{

/// What the CLR classes of one domain share; owned, freed by clear.
struct ClrShared {
    JSAtom length_atom = JS_ATOM_NULL;       ///< "length", compared by the C# array exotic's get hook
    JSValue object_to_string = JS_UNDEFINED; ///< gated `toString` of root prototypes (zts_object_set_to_string), or undefined
    /// [direct, via IEnumerable] [Symbol.iterator] functions of ZTS_TYPE_ENUMERABLE prototypes, made on first use
    /// (clr/enumerable_iterator.cpp).
    JSValue enumerable_iterators = JS_UNDEFINED;
    int32_t enumerator_step = -1;       ///< host bridge of the batched MoveNext + Current (-1: none; zts_domain_set_enumerator_step)
    std::vector<JSAtom> interned_atoms; ///< zts_atoms_intern's atoms (Table member names)

    /// A new atom of name (UTF-8), held until clear; JS_ATOM_NULL with an exception pending.
    JSAtom intern(JSContext *ctx, const char *name);
    /// Frees every value and atom (domain teardown, before the context).
    void clear(JSContext *ctx);
};

} // namespace zts
